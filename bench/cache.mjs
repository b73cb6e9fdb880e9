// `node bench/cache.mjs` (part of `npm run bench`): the cache on disk against its raw JSON, at 10,000
// events (the sharded events cache, as the extension writes it) and 100,000 resource health statuses
// (the health listing's file), each compressed by the extension's own codec (src/core/cache/cacheCodec.ts).
// Reports bytes, the ratio (goal: under 20 %, the bench exits 1 otherwise) and the time to compress
// and decompress (on the thread pool, not the extension host's thread); writes bench/results/cache.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { promisify } from 'node:util';
import { gunzip } from 'node:zlib';
import { loadOut, round, RESULTS, SMOKE } from './lib.mjs';

const { startSampleService, generateEvents, generateGuids } = loadOut('core/sample/index.js');
const { encodeShard, eventsByShard } = loadOut('core/cache/cacheShards.js');
const { healthSnapshotOf } = loadOut('core/cache/healthSnapshot.js');
const { encodeCacheText, decodeCacheBytes } = loadOut('core/cache/cacheCodec.js');
const { toStored } = loadOut('core/agent/source.js');

const EVENTS = Number(process.env.BENCH_CACHE_EVENTS ?? (SMOKE ? 1_000 : 10_000));
const STATUSES = Number(process.env.BENCH_CACHE_STATUSES ?? (SMOKE ? 5_000 : 100_000));
const GOAL_RATIO = 0.2;
const log = (line) => process.stderr.write(`[bench:cache] ${line}\n`);

/** Compresses each text as the extension writes it (one file each), then reads them back. */
async function measure(texts) {
  const raw = texts.reduce((n, t) => n + Buffer.byteLength(t), 0);
  const t0 = performance.now();
  const files = await Promise.all(texts.map((t) => encodeCacheText(t)));
  const encodeMs = performance.now() - t0;
  const t1 = performance.now();
  const back = await Promise.all(files.map((f) => decodeCacheBytes(f)));
  const decodeMs = performance.now() - t1;
  if (back.some((t, i) => t !== texts[i])) throw new Error('a file did not read back the same');
  const compressed = files.reduce((n, f) => n + f.length, 0);
  return { files: texts.length, rawBytes: raw, compressedBytes: compressed, ratio: compressed / raw, encodeMs: round(encodeMs, 0), decodeMs: round(decodeMs, 0) };
}

async function eventsCache() {
  log(`${EVENTS} events`);
  const subscriptionIds = generateGuids(31, 20);
  const events = generateEvents({ count: EVENTS, seed: 31, now: Date.now(), subscriptionIds, maxSubscriptionsPerEvent: 3 });
  // Each event as the store holds it: one copy per subscription it concerns.
  const stored = events.flatMap((g) => g.subscriptionIds.flatMap((id) => toStored(id, [g.event])));
  if (stored.length === 0) throw new Error('no generated event has a tracking id');
  return measure(eventsByShard(stored).map((shard) => encodeShard(shard)));
}

async function healthCache() {
  // The sample estate has about 8.6 resources per subscription.
  const subscriptions = Math.ceil(STATUSES / 8);
  log(`${STATUSES} statuses (${subscriptions} sample subscriptions)`);
  const service = await startSampleService({ seed: 37, events: 100, subscriptions, maxSubscriptionsPerEvent: 20 });
  try {
    const statuses = service.subscriptionIds.flatMap((id) => service.estate.statuses(id)).slice(0, STATUSES);
    if (statuses.length < STATUSES) throw new Error(`the sample estate has ${statuses.length} statuses, fewer than ${STATUSES}`);
    const snapshot = healthSnapshotOf(statuses, { subscriptions: service.subscriptionIds, fullAt: Date.now(), startedAt: Date.now() }, Date.now());
    return { statuses: statuses.length, ...(await measure([JSON.stringify(snapshot)])) };
  } finally {
    await service.close();
  }
}

/**
 * A first-screen-sized file (about 290 KB of JSON) read back while the host's loop is busy, as at
 * activation (5 ms tasks back to back): the codec (inline up to 1 MiB, else one chunk sized from the
 * trailer) against zlib's default 16 KiB chunks, each of which waits for a turn of the loop. Median of 7.
 */
async function busyLoopRead(text) {
  const bytes = await encodeCacheText(text);
  const defaultChunks = promisify(gunzip);
  const time = async (read) => {
    const ms = [];
    for (let i = 0; i < 7; i++) {
      let busy = true;
      const spin = () => {
        if (!busy) return;
        const t = performance.now();
        while (performance.now() - t < 5);
        setImmediate(spin);
      };
      setImmediate(spin);
      const t0 = performance.now();
      await read();
      ms.push(performance.now() - t0);
      busy = false;
      await new Promise((r) => setTimeout(r, 20));
    }
    return round(ms.sort((a, b) => a - b)[3], 1);
  };
  return { bytes: Buffer.byteLength(text), codecMs: await time(() => decodeCacheBytes(bytes)), defaultChunksMs: await time(() => defaultChunks(bytes)) };
}

const events = await eventsCache();
const health = await healthCache();
const screenSized = await (async () => {
  const subscriptionIds = generateGuids(41, 3);
  const stored = generateEvents({ count: 400, seed: 41, now: Date.now(), subscriptionIds }).flatMap((g) => g.subscriptionIds.flatMap((id) => toStored(id, [g.event])));
  // About the size of the first screen at 10,000 events (288 KB in the first-paint bench).
  let n = stored.length;
  let text = encodeShard(stored);
  while (Buffer.byteLength(text) > 300_000 && n > 1) {
    n = Math.floor(n * 0.9);
    text = encodeShard(stored.slice(0, n));
  }
  return busyLoopRead(text);
})();
const pct = (r) => `${round(r * 100, 1)} %`;
const mb = (b) => `${round(b / 2 ** 20, 1)} MiB`;
console.log(`Cache on disk (gzip level 6, node:zlib on the thread pool), goal < ${pct(GOAL_RATIO)} of the raw JSON`);
console.log(`events cache, ${EVENTS} events (${events.files} shards): ${mb(events.rawBytes)} JSON -> ${mb(events.compressedBytes)} (${pct(events.ratio)}); compress ${events.encodeMs} ms, read back ${events.decodeMs} ms`);
console.log(`health cache, ${health.statuses} statuses: ${mb(health.rawBytes)} JSON -> ${mb(health.compressedBytes)} (${pct(health.ratio)}); compress ${health.encodeMs} ms, read back ${health.decodeMs} ms`);
console.log(`first-screen-sized file (${round(screenSized.bytes / 1024, 0)} KiB JSON) read back with the host's loop busy (5 ms tasks): ${screenSized.codecMs} ms by the codec (inline up to 1 MiB), ${screenSized.defaultChunksMs} ms on the pool in zlib's 16 KiB chunks (median of 7)`);
mkdirSync(RESULTS, { recursive: true });
writeFileSync(join(RESULTS, 'cache.json'), `${JSON.stringify({ at: new Date().toISOString(), node: process.version, cpus: os.cpus().length, load: os.loadavg(), goalRatio: GOAL_RATIO, events: { count: EVENTS, ...events }, health, screenSized }, null, 2)}\n`);
const over = [events, health].filter((r) => r.ratio >= GOAL_RATIO);
if (over.length > 0) {
  console.error(`[bench:cache] ${over.length} cache(s) at or above ${pct(GOAL_RATIO)} of the raw JSON`);
  process.exitCode = 1;
}

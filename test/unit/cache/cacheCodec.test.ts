/**
 * The cache files are gzip (issue 32 item 6): a realistic shard is under 20 % of its JSON, it reads
 * back the same, a file an earlier version wrote (plain JSON, test/fixtures/cache) is still read after
 * an update, and a torn or oversized file is refused (the cache is then dropped, never half-read).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { chunkFor, decodeCacheBytes, encodeCacheText, INLINE_INFLATE_MAX_BYTES, isCompressed, MAX_CHUNK_BYTES, MIN_CHUNK_BYTES, statedSize } from '../../../src/core/cache/cacheCodec';
import { decodeShard, encodeShard } from '../../../src/core/cache/cacheShards';
import { readHealthSnapshot } from '../../../src/core/cache/healthSnapshot';
import { toStored } from '../../../src/core/agent/source';
import type { HealthEvent } from '../../../src/core/model/schemas';
import { generateEvents, generateGuids } from '../../../src/core/sample/index';

const FIXTURES = join(__dirname, '..', '..', '..', '..', 'test', 'fixtures', 'cache');

describe('cache files compressed (gzip)', () => {
  it('a shard of 300 sample events is under 20 % of its JSON and reads back the same', async () => {
    const subscriptionIds = generateGuids(9, 3);
    // As the store holds them: one copy per subscription each event concerns.
    const generated = generateEvents({ count: 300, seed: 9, now: Date.parse('2026-12-01T00:00:00Z'), subscriptionIds });
    const stored = generated.flatMap((g) => g.subscriptionIds.flatMap((id) => toStored(id, [JSON.parse(JSON.stringify(g.event)) as HealthEvent])));
    assert.ok(stored.length >= 300);
    const text = encodeShard(stored);
    const bytes = await encodeCacheText(text);
    assert.ok(isCompressed(bytes));
    const ratio = bytes.length / Buffer.byteLength(text);
    assert.ok(ratio < 0.2, `compressed to ${(ratio * 100).toFixed(1)} % of the JSON`);
    assert.equal(await decodeCacheBytes(bytes), text);
  });

  // A user updates the extension: the cache the previous version wrote is plain JSON.
  it('reads files in the format written before compression (plain JSON): a shard and the health listing', async () => {
    const shard = decodeShard(await decodeCacheBytes(readFileSync(join(FIXTURES, 'shard-plain-json.json'))));
    assert.equal(shard?.length, 3);
    const health = readHealthSnapshot(JSON.parse(await decodeCacheBytes(readFileSync(join(FIXTURES, 'health-plain-json.json')))));
    assert.equal(health?.statuses.length, 1);
    assert.equal(health?.statuses[0]?.properties?.availabilityState, 'Degraded');
  });

  // A crash or a full disk mid-write leaves half a file.
  it('a torn compressed file is refused, not read in part', async () => {
    const bytes = await encodeCacheText(JSON.stringify({ big: 'x'.repeat(10_000), more: [1, 2, 3] }));
    await assert.rejects(decodeCacheBytes(bytes.subarray(0, Math.floor(bytes.length / 2))));
  });

  // One thread-pool job per output chunk, each handed back through the extension host's busy loop at start.
  it('a file is read back in one chunk sized from its gzip trailer, within the bounds (a file lying about its size reserves at most the ceiling)', async () => {
    const text = JSON.stringify({ rows: 'r'.repeat(300_000) });
    const bytes = await encodeCacheText(text);
    assert.equal(statedSize(bytes), Buffer.byteLength(text));
    assert.equal(chunkFor(statedSize(bytes)), Buffer.byteLength(text));
    assert.equal(chunkFor(MIN_CHUNK_BYTES - 1), MIN_CHUNK_BYTES);
    assert.equal(chunkFor(MIN_CHUNK_BYTES), MIN_CHUNK_BYTES);
    assert.equal(chunkFor(MAX_CHUNK_BYTES), MAX_CHUNK_BYTES);
    assert.equal(chunkFor(MAX_CHUNK_BYTES + 1), MAX_CHUNK_BYTES);
    assert.equal(statedSize(bytes.subarray(0, 17)), 0, 'shorter than any gzip file: no size');
    // A trailer claiming 4 GiB: the file is refused by zlib's length check, not read with a 4 GiB buffer.
    const lying = Buffer.from(bytes);
    lying.writeUInt32LE(0xffffffff, lying.length - 4);
    assert.equal(statedSize(lying), 0xffffffff);
    await assert.rejects(decodeCacheBytes(lying));
    // A file larger than a chunk reads back whole over several chunks.
    const big = 'x'.repeat(MAX_CHUNK_BYTES * 2 + 5);
    assert.equal(await decodeCacheBytes(await encodeCacheText(big)), big);
  });

  // The first screen is inflated on the calling thread (no wait for the pool), the shards on the pool.
  it('a file up to the inline size reads back the same on either side of it; one whose trailer claims less than it holds is refused, not read in part', async () => {
    for (const size of [INLINE_INFLATE_MAX_BYTES, INLINE_INFLATE_MAX_BYTES + 1]) {
      const text = 'y'.repeat(size);
      const bytes = await encodeCacheText(text);
      assert.equal(statedSize(bytes), size);
      assert.equal(await decodeCacheBytes(bytes), text);
    }
    // A trailer saying 10 bytes over 2 MiB of text: the inline read stops at its limit and the pool's read is checked by zlib (length check).
    const text = 'z'.repeat(2 * INLINE_INFLATE_MAX_BYTES);
    const lying = Buffer.from(await encodeCacheText(text));
    lying.writeUInt32LE(10, lying.length - 4);
    await assert.rejects(decodeCacheBytes(lying), 'a file whose trailer lies is refused, not read in part');
  });

  it('a file that decompresses past the limit is refused; one exactly at it is read', async () => {
    const text = 'a'.repeat(1000);
    const bytes = gzipSync(text);
    assert.equal(await decodeCacheBytes(bytes, 1000), text);
    await assert.rejects(decodeCacheBytes(bytes, 999));
  });
});

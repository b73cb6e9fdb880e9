// `npm run bench`: side-by-side benchmarks against the sample service over loopback.
// Each contender runs in a fresh child process; the sample service runs in this process.
// Prints a table and writes bench/results/latest.json. See BENCHMARKS.md for definitions.
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdirSync, mkdtempSync, readdirSync, rmSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { performance } from 'node:perf_hooks';
import { loadOut, median, round, root, runChild, RESULTS, SMOKE } from './lib.mjs';

// From the sample service's public index: its modules move (generateGuids left generator.js when it was split).
const { startSampleService, generateEvents, generateGuids } = loadOut('core/sample/index.js');

const LATENCY_MS = 20;
const START = '2000-01-01T00:00:00Z';
// The guide: a benchmark reports the median of at least 5 runs, with min and max.
const RUNS = Number(process.env.BENCH_RUNS ?? (SMOKE ? 1 : 5));

// a. Paging
const PAGING = { events: SMOKE ? 500 : 5000, pageSize: 100, latencyMs: LATENCY_MS };
// b. Throttled fan-out
const FAN = {
  subscriptions: 20,
  pagesPerSubscription: 5,
  pageSize: 20,
  latencyMs: LATENCY_MS,
  primaryLimit: 60,
  windowSeconds: Number(process.env.BENCH_WINDOW_SECONDS ?? (SMOKE ? 3 : 30)),
  maxConcurrent: 15,
  pointsPerMinute: 150,
};
// Each fan-out run takes about 30 s (the quota's window); BENCH_FANOUT_RUNS=1 for a quick look.
const FAN_RUNS = Number(process.env.BENCH_FANOUT_RUNS ?? RUNS);

const log = (line) => process.stderr.write(`[bench] ${line}\n`);

/**
 * Each child gets its own instance of the sample service (same seed, same events): the service
 * keeps seed 001's 900 points per minute per endpoint, and five runs of every contender back to
 * back would otherwise run into the minute the previous contender used.
 */
async function withPagingService(sub, token, fn) {
  const service = await startSampleService({ events: PAGING.events, subscriptionIds: [sub], pageSize: PAGING.pageSize, latencyMs: PAGING.latencyMs, token, seed: 11 });
  const env = { BENCH_URL: service.url, BENCH_TOKEN: token, BENCH_SUB: sub, BENCH_START: START, BENCH_RUNS: String(RUNS), BENCH_EXPECTED: String(PAGING.events) };
  try {
    const result = await fn(env);
    const s = service.stats;
    return { ...result, serverRequests: s.requests, limited: s.primaryLimited + s.secondaryLimited + s.armThrottled };
  } finally {
    await service.close();
  }
}

async function paging() {
  const sub = generateGuids(4242, 1)[0];
  const token = randomBytes(24).toString('base64url');
  log('paging: reference round trips');
  const ref = await withPagingService(sub, token, (env) => runChild('paging-child.mjs', ['reference'], env));
  const rows = [];
  // BENCH_PAGING=ours,fetch runs only those contenders (quick before/after comparisons).
  const names = process.env.BENCH_PAGING?.split(',') ?? ['ours', 'azure', 'fetch'];
  for (const name of names) {
    log(`paging: ${name}`);
    const r = await withPagingService(sub, token, (env) => runChild('paging-child.mjs', [name], env));
    rows.push({
      ...r,
      // One warm-up listing and RUNS timed ones.
      requestsPerListing: (r.serverRequests - (r.referenceRequests ?? 0)) / (RUNS + 1),
      ratio: r.wallMs / (ref.pages * ref.rttMedianMs),
      ratioToSumOfRtts: r.wallMs / ref.sumOfRttsMs,
    });
  }
  log('paging: validation cost');
  const validation = await withPagingService(sub, token, (env) => runChild('paging-child.mjs', ['validation'], env));
  return { settings: PAGING, reference: ref, contenders: rows, validation };
}

function fanOutEvents(subs) {
  return subs.flatMap((id, i) =>
    generateEvents({ count: FAN.pagesPerSubscription * FAN.pageSize, seed: 100 + i, now: Date.now(), subscriptionIds: [id] }),
  );
}

/** The least completion time the primary quota allows for this fan-out (see BENCHMARKS.md). */
function quotaMinimumMs(rttMs) {
  const roundsPerWindow = Math.floor(FAN.primaryLimit / FAN.subscriptions);
  const windows = Math.ceil(FAN.pagesPerSubscription / roundsPerWindow);
  const tailRounds = FAN.pagesPerSubscription - roundsPerWindow * (windows - 1);
  return { windows, tailRounds, ms: (windows - 1) * FAN.windowSeconds * 1000 + tailRounds * rttMs };
}

async function fanOut() {
  const subs = generateGuids(777, FAN.subscriptions);
  const events = fanOutEvents(subs);
  const token = randomBytes(24).toString('base64url');
  const common = { eventsOverride: events, pageSize: FAN.pageSize, latencyMs: FAN.latencyMs, token };
  const env = {
    BENCH_TOKEN: token,
    BENCH_SUBS: subs.join(','),
    BENCH_START: START,
    BENCH_MAX_CONCURRENCY: String(FAN.maxConcurrent),
    BENCH_POINTS: String(FAN.pointsPerMinute),
  };

  // Reference round trip of one page of this size, on an instance without tight limits.
  const refService = await startSampleService(common);
  let ref;
  try {
    ref = await runChild('paging-child.mjs', ['reference'], {
      BENCH_URL: refService.url, BENCH_TOKEN: token, BENCH_SUB: subs[0], BENCH_START: START, BENCH_RUNS: '4',
    });
  } finally {
    await refService.close();
  }
  const minimum = quotaMinimumMs(ref.rttMedianMs);

  // One fresh service and child per run (each run starts on a full quota); limit counts are summed.
  const rows = [];
  for (const name of ['ours', 'octokit']) {
    const runs = [];
    for (let i = 0; i < FAN_RUNS; i++) {
      log(`fan-out: ${name}, run ${i + 1} of ${FAN_RUNS} (about ${FAN.windowSeconds} s or more)`);
      const service = await startSampleService({
        ...common,
        rateLimits: { primaryLimit: FAN.primaryLimit, windowSeconds: FAN.windowSeconds, maxConcurrent: FAN.maxConcurrent, pointsPerMinute: FAN.pointsPerMinute },
      });
      try {
        const r = await runChild('fanout-child.mjs', [name], { ...env, BENCH_URL: service.url }, []);
        const s = service.stats;
        runs.push({ ...r, serverRequests: s.requests, limitExceeded: s.primaryLimited + s.secondaryLimited, requestsBeforeReset: s.requestsBeforeReset, peakInFlight: s.peakInFlight });
      } finally {
        await service.close();
      }
    }
    const walls = runs.map((r) => r.wallMs);
    rows.push({
      contender: name,
      runs: runs.length,
      wallMs: median(walls),
      wallMinMs: Math.min(...walls),
      wallMaxMs: Math.max(...walls),
      ratio: median(walls) / minimum.ms,
      serverRequests: median(runs.map((r) => r.serverRequests)),
      limitExceeded: runs.reduce((n, r) => n + r.limitExceeded, 0),
      requestsBeforeReset: runs.reduce((n, r) => n + r.requestsBeforeReset, 0),
      events: median(runs.map((r) => r.events)),
      failures: runs.flatMap((r) => r.failures),
      perRun: runs,
    });
  }
  return { settings: FAN, totalRequests: FAN.subscriptions * FAN.pagesPerSubscription, referenceRttMs: ref.rttMedianMs, minimum, contenders: rows };
}

/**
 * Bundle sizes. The bundles are built here, into a temporary directory, by
 * `node scripts/build.mjs --production --outdir <tmp>` itself (same code, same lazy split):
 * dist/ is shared with watch and dev builds that may rewrite it at any moment.
 */
async function extension() {
  // Outside the repository, so lint and git never see the minified files.
  const outDir = mkdtempSync(join(os.tmpdir(), 'service-health-bench-'));
  execFileSync(process.execPath, ['scripts/build.mjs', '--production', '--outdir', outDir], { cwd: root, stdio: 'inherit' });
  const file = (path) => {
    const bytes = readFileSync(path);
    return { bytes: statSync(path).size, gzipBytes: gzipSync(bytes, { level: 9 }).length };
  };
  // Every bundle next to extension.js is one it loads on first use (scripts/build.mjs, LAZY).
  const lazy = Object.fromEntries(
    readdirSync(outDir)
      .filter((f) => f.endsWith('.js') && f !== 'extension.js' && f !== 'cli.js')
      .sort()
      .map((f) => [f, file(join(outDir, f))]),
  );
  const sizes = { extensionJs: file(join(outDir, 'extension.js')), lazy, cliJs: file(join(outDir, 'cli.js')), webviewJs: file(join(outDir, 'webview', 'details.js')) };
  rmSync(outDir, { recursive: true, force: true });
  return { build: 'node scripts/build.mjs --production', goalExtensionJsBytes: 400 * 1024, ...sizes };
}

function machine() {
  let commit = 'unknown';
  try {
    commit = execFileSync('git', ['rev-parse', '--short', 'HEAD'], { cwd: root }).toString().trim();
  } catch {
    // not a git checkout
  }
  const cpus = os.cpus();
  return { date: new Date().toISOString(), node: process.version, platform: `${os.platform()} ${os.release()} ${os.arch()}`, cpus: cpus.length, cpuModel: cpus[0]?.model ?? 'unknown', memoryGiB: round(os.totalmem() / 2 ** 30, 1), commit };
}

const pad = (s, n) => String(s).padEnd(n);
const mb = (b) => `${round(b / 2 ** 20, 1)} MiB`;
const span = (min, max) => `${round(min, 0)}-${round(max, 0)}`;
const kb = (b) => (b === undefined ? 'n/a' : `${round(b / 1024, 1)} KiB`);

/** The paging table's lines. */
function pagingLines(p) {
  const lines = [];
  lines.push(`Paging: ${p.settings.events} events, ${p.reference.pages} pages of ${p.settings.pageSize}, ${p.settings.latencyMs} ms latency; reference RTT median ${round(p.reference.rttMedianMs)} ms, sum of RTTs ${round(p.reference.sumOfRttsMs, 0)} ms`);
  const ref = p.reference;
  lines.push(`(median of ${ref.runs} runs, min-max in brackets; sum of RTTs [${span(ref.sumOfRttsMinMs, ref.sumOfRttsMaxMs)}])`);
  lines.push(`${pad('contender', 28)}${pad('wall ms', 18)}${pad('x RTT', 8)}${pad('x sum', 8)}${pad('x paired sum', 22)}${pad('CPU ms', 18)}${pad('peak heap', 12)}requests`);
  const names = { ours: 'HealthEventsApi+Throttled', azure: '@azure/arm-resourcehealth', fetch: 'plain fetch loop' };
  for (const r of p.contenders) {
    const wall = `${round(r.wallMs, 0)} [${span(r.wallMinMs, r.wallMaxMs)}]`;
    const cpu = `${round(r.cpuMs, 0)} [${span(r.cpuMinMs, r.cpuMaxMs)}]`;
    const limited = r.limited ? ` (${r.limited} limited)` : '';
    const paired = `${round(r.pairedRatio, 3)} [${round(r.pairedRatioMin, 3)}-${round(r.pairedRatioMax, 3)}]`;
    lines.push(`${pad(names[r.contender], 28)}${pad(wall, 18)}${pad(round(r.ratio, 3), 8)}${pad(round(r.ratioToSumOfRtts, 3), 8)}${pad(paired, 22)}${pad(cpu, 18)}${pad(mb(r.peakHeapBytes), 12)}${round(r.requestsPerListing, 1)}${limited}`);
  }
  lines.push(`validation: ${round(p.validation.clientMsPer1000, 2)} ms per 1,000 events (goal <= 5; zod parse of the same pages: ${round(p.validation.zodMsPer1000, 2)} ms; JSON.parse: ${round(p.validation.jsonParseMsPer1000, 2)} ms)`);
  return lines;
}

function printPaging(p, out) {
  out.write(`${pagingLines(p).join('\n')}\n`);
}

function fanOutLines(f) {
  const lines = [];
  lines.push(`Fan-out: ${f.settings.subscriptions} subscriptions x ${f.settings.pagesPerSubscription} pages, primary ${f.settings.primaryLimit}/${f.settings.windowSeconds} s, secondary ${f.settings.maxConcurrent} concurrent, ${f.settings.pointsPerMinute} points/min; quota minimum ${round(f.minimum.ms, 0)} ms`);
  lines.push(`(median of ${f.contenders[0]?.runs} runs, min-max in brackets; limited and before reset: summed over the runs)`);
  lines.push(`${pad('contender', 28)}${pad('limited', 9)}${pad('before reset', 14)}${pad('wall ms', 22)}${pad('ratio', 8)}${pad('requests', 10)}events`);
  const fnames = { ours: 'HealthEventsApi+Throttled', octokit: '@octokit/core+throttling' };
  for (const r of f.contenders) {
    const wall = `${round(r.wallMs, 0)} [${span(r.wallMinMs, r.wallMaxMs)}]`;
    lines.push(`${pad(fnames[r.contender], 28)}${pad(r.limitExceeded, 9)}${pad(r.requestsBeforeReset, 14)}${pad(wall, 22)}${pad(round(r.ratio, 3), 8)}${pad(r.serverRequests, 10)}${r.events}${r.failures.length ? ` (${r.failures.length} failed)` : ''}`);
  }
  return lines;
}

function printTable(result) {
  const lines = pagingLines(result.paging);
  lines.push('', ...fanOutLines(result.fanOut));
  const e = result.extension;
  lines.push('');
  const lazyText = Object.entries(e.lazy ?? {}).map(([name, f]) => `${name} ${kb(f.bytes)}`).join(', ');
  lines.push(`Extension bundle (minified): extension.js ${kb(e.extensionJs?.bytes)} (goal <= ${kb(e.goalExtensionJsBytes)}; gzip ${kb(e.extensionJs?.gzipBytes)}); loaded on first use: ${lazyText}; cli.js ${kb(e.cliJs?.bytes)}, webview ${kb(e.webviewJs?.bytes)}`);
  lines.push('Activation, first paint and webview render: the extension table below (node bench/extension.mjs)');
  process.stdout.write(`${lines.join('\n')}\n`);
}

const t0 = performance.now();
const result = { machine: machine(), command: 'npm run bench' };
// BENCH_ONLY=extension measures only the bundles (a quick check of the build figures).
if (process.env.BENCH_ONLY === 'extension') {
  process.stdout.write(`${JSON.stringify(await extension(), null, 2)}\n`);
  process.exit(0);
}
// BENCH_ONLY=paging runs only the paging contenders (prints the paging table, writes no results file).
if (process.env.BENCH_ONLY === 'paging') {
  result.paging = await paging();
  printPaging(result.paging, process.stdout);
  process.exit(0);
}
// BENCH_ONLY=fanout runs only the fan-out contenders (prints their table, writes no results file).
if (process.env.BENCH_ONLY === 'fanout') {
  process.stdout.write(`${fanOutLines(await fanOut()).join('\n')}\n`);
  process.exit(0);
}
result.paging = await paging();
result.fanOut = await fanOut();
result.extension = await extension();
result.totalSeconds = round((performance.now() - t0) / 1000, 1);
mkdirSync(RESULTS, { recursive: true });
writeFileSync(join(RESULTS, 'latest.json'), `${JSON.stringify(result, null, 2)}\n`);
printTable(result);
log(`done in ${result.totalSeconds} s; wrote ${join(RESULTS, 'latest.json')}`);

// `node bench/first-paint.mjs`: first paint of the Events view from the cache in the real web
// workbench (Playwright; see test/harness/firstPaint.ts), for 1,000 and 10,000 events, 5 samples
// each (SERVICE_HEALTH_FIRST_PAINT_RUNS). SERVICE_HEALTH_FIRST_PAINT_FORMATS=gzip,plain takes that many
// samples of each cache format in turn in one run (A B B A …): the cache as written (gzip) and the same files
// uncompressed, as the version before compression wrote them; the table then gives the ratio of the
// medians, which a loaded machine moves far less than the figures themselves.
// Writes bench/results/first-paint.json and prints a table.
// Needs `npm run compile && npm run build` first.
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESULTS } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'out', 'test', 'harness', 'firstPaint.js');
for (const needed of [entry, join(root, 'dist', 'extension.js')]) {
  if (!existsSync(needed)) {
    console.error(`${needed} is missing: run \`npm run compile && npm run build\` first.`);
    process.exit(1);
  }
}
const { measureFirstPaint } = createRequire(import.meta.url)(entry);
const runs = Number(process.env.SERVICE_HEALTH_FIRST_PAINT_RUNS ?? 5);
const sizes = (process.env.SERVICE_HEALTH_FIRST_PAINT_EVENTS ?? '1000,10000').split(',').map(Number);
const formats = (process.env.SERVICE_HEALTH_FIRST_PAINT_FORMATS ?? 'gzip').split(',').map((f) => f.trim());
if (formats.length === 0 || formats.some((f) => f !== 'gzip' && f !== 'plain')) {
  console.error('SERVICE_HEALTH_FIRST_PAINT_FORMATS lists gzip and/or plain, comma-separated.');
  process.exit(1);
}
const GOAL_MS = 1000;

const stats = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], runs: sorted.length };
};

const results = [];
let code = 0;
const loadAtStart = os.loadavg();
for (const events of sizes) {
  try {
    const r = await measureFirstPaint({ root, events, runs, formats, log: (line) => console.error(line) });
    const byFormat = Object.fromEntries(formats.map((f) => [f, stats(r.samples.filter((s) => s.format === f).map((s) => s.ms))]));
    results.push({ ...r, stats: byFormat[formats[0]], byFormat });
  } catch (err) {
    console.error(`[first-paint] ${events} events failed: ${err instanceof Error ? err.stack : String(err)}`);
    code = 1;
  }
}
const out = { date: new Date().toISOString(), loadAverage: os.loadavg(), loadAtStart, formats, goalMs: GOAL_MS, results };
mkdirSync(RESULTS, { recursive: true });
writeFileSync(join(RESULTS, 'first-paint.json'), `${JSON.stringify(out, null, 2)}\n`);
const load = (l) => l.map((x) => x.toFixed(2)).join(', ');
console.log(`\nFirst paint from the cache (view opening -> first event row in the workbench DOM), ms; load average ${load(loadAtStart)} at the start, ${load(os.loadavg())} at the end`);
console.log('events  cache   median     min     max  runs  goal     requests received by then (max)');
for (const r of results) {
  for (const f of formats) {
    const s = r.byFormat[f];
    const requests = Math.max(...r.samples.filter((x) => x.format === f).map((x) => x.requestsAtPaint));
    console.log(`${String(r.events).padEnd(8)}${f.padEnd(6)}${s.median.toFixed(0).padStart(8)}${s.min.toFixed(0).padStart(8)}${s.max.toFixed(0).padStart(8)}${String(s.runs).padStart(6)}  <${GOAL_MS}  ${requests} (none answered: the service waits 20 s)`);
  }
  if (r.byFormat.gzip && r.byFormat.plain) {
    console.log(`${String(r.events).padEnd(8)}gzip / plain, ratio of the medians: ${(r.byFormat.gzip.median / r.byFormat.plain.median).toFixed(2)}`);
  }
}
process.stdout.write('', () => process.exit(code));

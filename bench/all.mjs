// `npm run bench` and `npm run bench:smoke` (`node bench/all.mjs [--smoke]`): every bench, one after
// the other, each in its own Node process; exits non-zero when any fails (after running the rest).
// --smoke runs each once at small sizes (BENCH_SMOKE=1 plus the knobs below), writing its figures to a
// temporary folder, so CI proves every bench still runs. Adding a bench is one line in BENCHES.
// Needs `npm run compile && npm run build` first (the npm scripts do it).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { root } from './lib.mjs';

/** script, Node flags, and the small sizes it runs at under --smoke (besides BENCH_SMOKE=1). */
export const BENCHES = [
  { script: 'run.mjs', smoke: { BENCH_PAGING: 'ours,fetch' } },
  { script: 'extension.mjs', smoke: { SERVICE_HEALTH_ACTIVATION_RUNS: '1' } },
  { script: 'first-paint.mjs', smoke: { SERVICE_HEALTH_FIRST_PAINT_RUNS: '1', SERVICE_HEALTH_FIRST_PAINT_EVENTS: '1000' } },
  { script: 'resourceGraph.mjs', smoke: { BENCH_GRAPH_SUBSCRIPTIONS: '50', BENCH_GRAPH_EVENTS: '50', BENCH_GRAPH_RUNS: '1' } },
  { script: 'availability.mjs', smoke: { BENCH_AVAILABILITY_SUBSCRIPTIONS: '60', BENCH_AVAILABILITY_EVENTS: '50', BENCH_AVAILABILITY_RUNS: '1' } },
  { script: 'quotaStatusBar.mjs', node: ['--expose-gc'], smoke: { BENCH_QUOTA_SUBSCRIPTIONS: '50', BENCH_QUOTA_RUNS: '1', BENCH_QUOTA_BEFORE_RUNS: '1' } },
  { script: 'infra.mjs', smoke: { BENCH_RUNS: '1' } },
  { script: 'cache.mjs' },
  { script: 'estate.mjs', smoke: { BENCH_ESTATE_SUBSCRIPTIONS: '50', BENCH_RUNS: '1' } },
];

const smoke = process.argv.includes('--smoke');
const only = process.argv.find((a) => a.startsWith('--only='))?.slice('--only='.length).split(',');
const results = smoke ? mkdtempSync(join(tmpdir(), 'service-health-bench-smoke-')) : undefined;
const failed = [];
const started = performance.now();
for (const bench of BENCHES.filter((b) => !only || only.includes(b.script))) {
  const t0 = performance.now();
  process.stderr.write(`[bench] ${bench.script}${smoke ? ' (smoke)' : ''}\n`);
  const env = smoke ? { ...process.env, BENCH_SMOKE: '1', BENCH_RESULTS_DIR: results, ...bench.smoke } : process.env;
  const run = spawnSync(process.execPath, [...(bench.node ?? []), join(root, 'bench', bench.script)], { cwd: root, env, stdio: 'inherit' });
  const seconds = ((performance.now() - t0) / 1000).toFixed(1);
  if (run.status !== 0) {
    failed.push(bench.script);
    process.stderr.write(`[bench] ${bench.script} FAILED (exit ${run.status ?? run.signal}) after ${seconds} s\n`);
  } else {
    process.stderr.write(`[bench] ${bench.script} passed in ${seconds} s\n`);
  }
}
if (results) rmSync(results, { recursive: true, force: true });
const total = ((performance.now() - started) / 1000).toFixed(1);
process.stderr.write(failed.length > 0 ? `[bench] ${failed.length} failed: ${failed.join(', ')} (${total} s)\n` : `[bench] all passed in ${total} s\n`);
process.exitCode = failed.length > 0 ? 1 : 0;

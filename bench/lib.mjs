// Helpers shared by the benchmark runner and its child processes (plain Node, no dependencies).
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { clearInterval, setInterval } from 'node:timers';
import v8 from 'node:v8';

export const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const require = createRequire(import.meta.url);
/** Where benches write their figures; npm run bench:smoke points it at a temporary folder (smoke figures are no figures). */
export const RESULTS = process.env.BENCH_RESULTS_DIR ?? join(root, 'bench', 'results');
/** npm run bench:smoke: each bench runs once at small sizes, to prove it still runs (bench/all.mjs). */
export const SMOKE = process.env.BENCH_SMOKE === '1';

/** Loads a module compiled by `tsc` (out/src/...). */
export function loadOut(path) {
  return require(join(root, 'out', 'src', path));
}

export function median(values) {
  const s = [...values].sort((a, b) => a - b);
  if (s.length === 0) return NaN;
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

export const sum = (values) => values.reduce((a, b) => a + b, 0);

/** Samples V8's used heap every `everyMs` until stopped; returns the peak in bytes. */
export function heapSampler(everyMs = 5) {
  let peak = v8.getHeapStatistics().used_heap_size;
  const timer = setInterval(() => {
    const used = v8.getHeapStatistics().used_heap_size;
    if (used > peak) peak = used;
  }, everyMs);
  return {
    stop() {
      clearInterval(timer);
      const used = v8.getHeapStatistics().used_heap_size;
      return Math.max(peak, used);
    },
  };
}

/** Runs a child Node process and returns the JSON object it prints on its last stdout line. */
export function runChild(script, args, env = {}, nodeArgs = ['--expose-gc']) {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [...nodeArgs, join(root, 'bench', script), ...args], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    let err = '';
    child.stdout.on('data', (c) => (out += c));
    child.stderr.on('data', (c) => (err += c));
    child.on('error', reject);
    child.on('close', (code) => {
      const last = out.trim().split('\n').pop() ?? '';
      try {
        const parsed = JSON.parse(last);
        if (code !== 0 || parsed.error) {
          reject(new Error(`${script} ${args.join(' ')} failed (exit ${code}): ${parsed.error ?? ''}\n${err}`));
        } else {
          resolve(parsed);
        }
      } catch {
        reject(new Error(`${script} ${args.join(' ')} printed no result (exit ${code}):\n${out}\n${err}`));
      }
    });
  });
}

/** Prints a result line for the parent and exits. */
export function report(result) {
  process.stdout.write(`${JSON.stringify(result)}\n`);
}

export const round = (n, digits = 2) => (Number.isFinite(n) ? Math.round(n * 10 ** digits) / 10 ** digits : n);

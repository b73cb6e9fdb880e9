/**
 * Checks that a function's running time grows linearly with its input, without a time limit
 * that a slow or busy machine could miss.
 *
 * Why not "1 MB in under N ms": that flakes on a loaded CI runner and passes a quadratic
 * function on a fast one. Why not "10x the input takes at most k x 10 the time": tried first;
 * linear but allocation-heavy code measured anywhere from 10x to 70x from 100 KB to 1 MB on the
 * same run (garbage collection and cache effects), too close to the quadratic 100x.
 *
 * Instead each size (10 KB, 100 KB, 1 MB) is compared with a yardstick measured on the same
 * machine, in the same process: one regex replace with a callback for every character, plainly
 * linear and heavier per character than any function tested here (they measured 0.1x to 1.5x of
 * it). The function may take up to 10 times the yardstick, plus 20 ms for timer noise. A
 * quadratic function at 100 KB takes seconds (about 200 times the yardstick) and at 1 MB
 * minutes, so it fails at 10 KB or 100 KB, before a 1 MB input could hang the suite. Each
 * measurement is the fastest of three runs, so one garbage-collection pause cannot fail a step.
 */
import assert from 'node:assert/strict';

const SIZES = [10_000, 100_000, 1_000_000] as const;
const FACTOR = 10;
const NOISE_MS = 20;

function fastestMs(run: () => void): number {
  let best = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 3; i++) {
    const start = process.hrtime.bigint();
    run();
    best = Math.min(best, Number(process.hrtime.bigint() - start) / 1e6);
  }
  return best;
}

const yardsticks = new Map<number, number>();

/** Time of the yardstick at `size` characters, measured once per run. */
function yardstickMs(size: number): number {
  let ms = yardsticks.get(size);
  if (ms === undefined) {
    const text = repeatTo('<a> x', size);
    ms = fastestMs(() => text.replace(/[\s\S]/g, (c) => c));
    yardsticks.set(size, ms);
  }
  return ms;
}

/** Runs `fn(make(size))` for each size; fails at the first size where it is far slower than linear. */
export function assertLinearTime<T>(make: (size: number) => T, fn: (input: T) => unknown): void {
  for (const size of SIZES) {
    const input = make(size);
    const ms = fastestMs(() => fn(input));
    const yardstick = yardstickMs(size);
    assert.ok(
      ms <= FACTOR * yardstick + NOISE_MS,
      `${size} characters took ${ms.toFixed(1)} ms, more than ${FACTOR} x the ${yardstick.toFixed(1)} ms of ` +
        `one linear pass over as many characters (+${NOISE_MS} ms): the time grows faster than the input`,
    );
  }
}

/** `unit` repeated until the text is `size` characters long. */
export function repeatTo(unit: string, size: number): string {
  return unit.repeat(Math.ceil(size / unit.length)).slice(0, size);
}

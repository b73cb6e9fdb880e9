/**
 * List helpers that never spread a list into call arguments: V8 gives a call about 125,000
 * arguments at most, so `push(...xs)` or `Math.max(...xs)` over an estate's statuses or a table's
 * rows throws "Maximum call stack size exceeded" (review M6). The lint rule in eslint.config.mjs keeps it so.
 */

/** Appends every item of `items` to `into`, in order; returns `into`. */
export function append<T>(into: T[], items: Iterable<T>): T[] {
  for (const item of items) {
    into.push(item);
  }
  return into;
}

/** The largest of `start` and the values. */
export function maxOf(start: number, values: Iterable<number>): number {
  let max = start;
  for (const v of values) {
    if (v > max) max = v;
  }
  return max;
}

/** The smallest of `start` and the values. */
export function minOf(start: number, values: Iterable<number>): number {
  let min = start;
  for (const v of values) {
    if (v < min) min = v;
  }
  return min;
}

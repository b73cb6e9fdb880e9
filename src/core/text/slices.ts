/**
 * Work over a large list (100,000 statuses, a 60,000-row incident) in slices that yield to the
 * event loop, so the extension host never blocks longer than a slice (issue 32: no block over
 * 50 ms). A slice ends when it has run its budget; each item runs whole, so items must be small.
 * A newer refresh supersedes an older one: `superseded` is asked after each yield.
 */

/** Time one slice may run before it yields: well under the 50 ms goal, so a slow item or a loaded machine still fits. */
export const SLICE_BUDGET_MS = 10;

export interface SliceOptions {
  /** Milliseconds a slice may run; default SLICE_BUDGET_MS. 0 or less: a yield before every item. */
  readonly budgetMs?: number;
  /** The clock, in milliseconds; tests pass a fake one. */
  readonly now?: () => number;
  /** Hands the thread back to the event loop; default setImmediate (timers, I/O and messages run first). */
  readonly yieldNow?: () => Promise<void>;
  /** True when a newer piece of work replaced this one: the work stops at its next yield. */
  readonly superseded?: () => boolean;
}

// Node's setImmediate (after pending I/O); a webview (which bundles core/health/order.ts) has only setTimeout.
const nodeImmediate = (globalThis as { setImmediate?: (run: () => void) => unknown }).setImmediate;
const immediate = (): Promise<void> => new Promise((resolve) => (nodeImmediate ? nodeImmediate(resolve) : setTimeout(resolve, 0)));

/** Paces one piece of work (possibly several passes) into slices: `due()` after each item, `next()` when due. */
export class Slicer {
  private readonly budget: number;
  private readonly now: () => number;
  private readonly yieldNow: () => Promise<void>;
  private readonly superseded: () => boolean;
  private started: number;
  private yields = 0;

  constructor(options: SliceOptions = {}) {
    this.budget = options.budgetMs ?? SLICE_BUDGET_MS;
    this.now = options.now ?? (() => performance.now());
    this.yieldNow = options.yieldNow ?? immediate;
    this.superseded = options.superseded ?? (() => false);
    this.started = this.now();
  }

  /** Times this work yielded, for tests and logs. */
  get yielded(): number {
    return this.yields;
  }

  /** Whether the current slice has run its budget. */
  due(): boolean {
    return this.now() - this.started >= this.budget;
  }

  /** Yields to the event loop and starts a new slice; false when the work was superseded meanwhile (stop). */
  async next(): Promise<boolean> {
    this.yields++;
    await this.yieldNow();
    this.started = this.now();
    return !this.superseded();
  }

  /** Yields only when the slice is due; false when superseded (stop). */
  async pace(): Promise<boolean> {
    return this.due() ? this.next() : !this.superseded();
  }
}

/**
 * Calls `each` on every item in order, yielding whenever a slice has run its budget. Resolves true
 * when every item was done, false when the work was superseded (the items after that one are not).
 */
export async function eachInSlices<T>(items: Iterable<T>, each: (item: T) => void, slicer: Slicer = new Slicer()): Promise<boolean> {
  for (const item of items) {
    if (slicer.due() && !(await slicer.next())) {
      return false;
    }
    each(item);
  }
  return true;
}

/** Items merged between clock checks while sorting (a check per item would cost more than the merge). */
const MERGE_CHECK = 256;
/** Items sorted by Array.prototype.sort in one piece before the pieces are merged. */
const SORT_RUN = 1024;

/**
 * `[...items].sort(compare)` in slices that yield: runs of SORT_RUN sorted whole, then merged
 * pairwise, taking from the left on ties, so the order is the same stable order as Array.sort's.
 * Undefined when superseded.
 */
export async function sortInSlices<T>(items: readonly T[], compare: (a: T, b: T) => number, slicer: Slicer = new Slicer()): Promise<T[] | undefined> {
  let from = items.slice();
  for (let lo = 0; lo < from.length; lo += SORT_RUN) {
    if (slicer.due() && !(await slicer.next())) return undefined;
    const run = from.slice(lo, lo + SORT_RUN).sort(compare);
    for (let i = 0; i < run.length; i++) from[lo + i] = run[i] as T;
  }
  let to = new Array<T>(from.length);
  for (let width = SORT_RUN; width < from.length; width *= 2) {
    for (let lo = 0; lo < from.length; lo += 2 * width) {
      const mid = Math.min(lo + width, from.length);
      const hi = Math.min(lo + 2 * width, from.length);
      let i = lo;
      let j = mid;
      for (let k = lo; k < hi; k++) {
        if (k % MERGE_CHECK === 0 && slicer.due() && !(await slicer.next())) return undefined;
        if (i < mid && (j >= hi || compare(from[i] as T, from[j] as T) <= 0)) to[k] = from[i++] as T;
        else to[k] = from[j++] as T;
      }
    }
    [from, to] = [to, from];
  }
  return from;
}

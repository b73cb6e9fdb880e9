/** Knows when the Events tree has drawn what it holds. Why: docs/architecture.md#tree-painttracker */

/** Longest wait for the tree (a hidden view never asks for more). */
const MAX_WAIT_MS = 2_000;
/**
 * How long VS Code may go without asking for an expected group's rows before it counts as drawn: a
 * group the user folded earlier is not asked for (VS Code keeps that state), and on a busy machine
 * the children of a group come a few hundred milliseconds after it.
 */
const CHILDREN_WAIT_MS = 1_000;
/**
 * The view that activated the extension reports itself visible only after activation, when the
 * cached rows may already be read: a hidden view gets this long to show before it counts as drawn.
 */
const SHOWN_WAIT_MS = 500;
/**
 * How long the workbench gets to put the rows on screen once VS Code has them, before the full
 * cache read (hundreds of milliseconds of CPU at 10,000 events) and the first refresh start. On 2
 * cores the rows were on screen some 400 ms after the last ones were served, and a cache read
 * started at once pushed that past a second.
 */
const DRAW_SETTLE_MS = 1_000;

type State = 'stale' | 'rootServed' | 'painted';

/** The timer functions it uses (tests pass a fake clock). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

/** What it needs of the tree view: whether it is shown, and a call when it becomes shown. */
export interface ShownView {
  readonly visible: boolean;
  onDidShow(listener: () => void): { dispose(): void };
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class PaintTracker {
  private state: State = 'stale';
  private waiters: Array<() => void> = [];
  private childrenTimer: unknown;
  /** Expanded groups whose children VS Code has not asked for yet. */
  private pending = new Set<string>();

  constructor(private readonly timers: Timers = realTimers) {}

  /** The tree's data changed: what is on screen is stale until VS Code asks again. */
  changed(): void {
    this.state = 'stale';
  }

  /**
   * VS Code asked for rows: the top rows (`parent` undefined) or a group's children. `expanded` are
   * the ids of the groups among them that start expanded, whose rows VS Code asks for next: the
   * tree is drawn once every expanded group down to the event rows has been served.
   */
  served(parent: string | undefined, expanded: readonly string[]): void {
    if (parent === undefined) {
      this.pending = new Set(expanded);
      this.state = 'rootServed';
    } else {
      if (this.state !== 'rootServed' || !this.pending.delete(parent)) {
        return;
      }
      for (const id of expanded) this.pending.add(id);
    }
    this.timers.clearTimeout(this.childrenTimer);
    if (this.pending.size === 0) {
      this.painted();
      return;
    }
    this.childrenTimer = this.timers.setTimeout(() => this.state === 'rootServed' && this.painted(), CHILDREN_WAIT_MS);
  }

  /** Resolves once the current data has been served, or after MAX_WAIT_MS at most. */
  next(): Promise<void> {
    if (this.state === 'painted') {
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        this.timers.clearTimeout(timer);
        resolve();
      };
      const timer = this.timers.setTimeout(done, MAX_WAIT_MS);
      this.waiters.push(done);
    });
  }

  /**
   * Resolves once the rows are on screen as far as the extension can tell: served (see next), then
   * DRAW_SETTLE_MS for the workbench to draw them. A hidden view that does not show within
   * SHOWN_WAIT_MS (the extension started for a command or a chat question) resolves then.
   */
  drawn(view: ShownView): Promise<void> {
    const served = view.visible
      ? this.next()
      : new Promise<boolean>((resolve) => {
          const settle = (shown: boolean): void => {
            this.timers.clearTimeout(timer);
            subscription.dispose();
            resolve(shown);
          };
          const timer = this.timers.setTimeout(() => settle(false), SHOWN_WAIT_MS);
          const subscription = view.onDidShow(() => settle(true));
        }).then((shown) => (shown ? this.next() : undefined));
    return served.then(() => (view.visible ? new Promise<void>((resolve) => this.timers.setTimeout(resolve, DRAW_SETTLE_MS)) : undefined));
  }

  dispose(): void {
    this.timers.clearTimeout(this.childrenTimer);
    this.painted();
  }

  private painted(): void {
    this.state = 'painted';
    this.timers.clearTimeout(this.childrenTimer);
    for (const w of this.waiters.splice(0)) w();
  }
}

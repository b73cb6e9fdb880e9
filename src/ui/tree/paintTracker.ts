/**
 * Knows when the Events tree has drawn what it holds: after a change, VS Code asks for the top rows
 * and then for the children of the expanded groups. The first refresh waits for that when cached
 * events were restored, so the cached tree shows before any network request and its drawing does
 * not queue behind parsing the first pages.
 */

/** Longest wait for the tree (a hidden view or all groups collapsed never ask for more). */
const MAX_WAIT_MS = 2_000;
/** After the top rows, how long collapsed groups (which ask for nothing more) may keep it waiting. */
const CHILDREN_WAIT_MS = 300;

type State = 'stale' | 'rootServed' | 'painted';

/** The timer functions it uses (tests pass a fake clock). */
export interface Timers {
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const realTimers: Timers = {
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

export class PaintTracker {
  private state: State = 'stale';
  private waiters: Array<() => void> = [];
  private childrenTimer: unknown;

  constructor(private readonly timers: Timers = realTimers) {}

  /** The tree's data changed: what is on screen is stale until VS Code asks again. */
  changed(): void {
    this.state = 'stale';
  }

  /** VS Code asked for rows: the top rows (`root`), or a group's children. */
  served(root: boolean, hasGroups: boolean): void {
    if (root) {
      if (!hasGroups) {
        this.painted();
        return;
      }
      this.state = 'rootServed';
      this.timers.clearTimeout(this.childrenTimer);
      this.childrenTimer = this.timers.setTimeout(() => this.state === 'rootServed' && this.painted(), CHILDREN_WAIT_MS);
    } else if (this.state === 'rootServed') {
      this.painted();
    }
  }

  /** Resolves once the current data has been drawn, or after MAX_WAIT_MS at most. */
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

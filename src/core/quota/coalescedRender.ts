/**
 * Coalesces "something changed" calls into at most one run per interval, always from a timer:
 * quota changes arrive from inside undici's header callback, which must stay cheap. VS Code-free,
 * with injectable timers so the interval is tested on a fake clock.
 */

/** At most one status-bar render per this many ms (issue 21: 1,000 subscriptions, 2,000 buckets). */
export const QUOTA_RENDER_INTERVAL_MS = 250;

export interface RenderTimers {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export const realRenderTimers: RenderTimers = {
  now: () => Date.now(),
  setTimeout: (fn, ms) => setTimeout(fn, ms),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

export class CoalescedRender {
  private pending: unknown;
  private lastRunAt: number | undefined;
  private disposed = false;

  constructor(
    private readonly run: () => void,
    private readonly timers: RenderTimers = realRenderTimers,
    private readonly intervalMs = QUOTA_RENDER_INTERVAL_MS,
  ) {}

  /** Asks for a run: never runs now, at once on the next tick when idle, else `intervalMs` after the last run. */
  request(): void {
    if (this.disposed || this.pending !== undefined) {
      return;
    }
    const now = this.timers.now();
    const delay = this.lastRunAt === undefined ? 0 : Math.max(0, this.lastRunAt + this.intervalMs - now);
    this.pending = this.timers.setTimeout(() => this.fire(), delay);
  }

  private fire(): void {
    this.pending = undefined;
    if (this.disposed) {
      return;
    }
    this.lastRunAt = this.timers.now();
    this.run();
  }

  dispose(): void {
    this.disposed = true;
    if (this.pending !== undefined) {
      this.timers.clearTimeout(this.pending);
      this.pending = undefined;
    }
  }
}

import type { Clock } from '../../../src/core/http/types';

interface Sleeper {
  readonly at: number;
  readonly ms: number;
  readonly resolve: () => void;
}

/**
 * Virtual time for tests. `sleep` only resolves when time is advanced: by `advance(ms)`, or,
 * with `autoAdvance`, by jumping straight to the earliest sleeper once the event loop has had
 * a few real milliseconds to settle (so loopback I/O in flight normally finishes first).
 * Every requested sleep is recorded in `sleeps` (durations in ms).
 */
export class FakeClock implements Clock {
  private t: number;
  private readonly sleepers: Sleeper[] = [];
  private tick: NodeJS.Timeout | undefined;
  readonly sleeps: number[] = [];

  constructor(
    start = Date.UTC(2025, 0, 1, 12, 0, 0),
    private readonly autoAdvance = true,
  ) {
    this.t = start;
  }

  now(): number {
    return this.t;
  }

  sleep(ms: number, signal?: AbortSignal): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      this.sleeps.push(ms);
      const sleeper: Sleeper = {
        at: this.t + Math.max(0, ms),
        ms,
        resolve: () => {
          signal?.removeEventListener('abort', onAbort);
          resolve();
        },
      };
      const onAbort = (): void => {
        const i = this.sleepers.indexOf(sleeper);
        if (i >= 0) {
          this.sleepers.splice(i, 1);
        }
        reject(signal?.reason);
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.sleepers.push(sleeper);
      this.schedule();
    });
  }

  /** Moves time forward, waking every sleeper that falls due, in order. */
  advance(ms: number): void {
    const target = this.t + ms;
    for (;;) {
      const next = this.earliest();
      if (!next || next.at > target) {
        break;
      }
      this.t = Math.max(this.t, next.at);
      this.wake(next);
    }
    this.t = target;
  }

  get pendingSleeps(): number {
    return this.sleepers.length;
  }

  /** Sleeps that were not aborted, i.e. waits actually taken or still pending. */
  private earliest(): Sleeper | undefined {
    let best: Sleeper | undefined;
    for (const s of this.sleepers) {
      if (!best || s.at < best.at) {
        best = s;
      }
    }
    return best;
  }

  private wake(s: Sleeper): void {
    this.sleepers.splice(this.sleepers.indexOf(s), 1);
    s.resolve();
  }

  private schedule(): void {
    if (!this.autoAdvance || this.tick) {
      return;
    }
    this.tick = setTimeout(() => {
      this.tick = undefined;
      const next = this.earliest();
      if (next) {
        this.t = Math.max(this.t, next.at);
        for (const s of this.sleepers.filter((x) => x.at <= this.t)) {
          this.wake(s);
        }
      }
      if (this.sleepers.length > 0) {
        this.schedule();
      }
    }, 5);
  }
}

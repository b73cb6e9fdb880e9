import type { Clock } from '../../../src/core/http/types';

interface Sleeper {
  readonly at: number;
  readonly ms: number;
  readonly resolve: () => void;
}

/** One turn of the event loop: lets promise chains and already-arrived I/O callbacks run. */
export const turn = (): Promise<void> => new Promise<void>((resolve) => setImmediate(resolve));

/**
 * Lets the loop run `turns` times (no timer, no real wait): long enough for loopback requests the
 * client has already decided to send to arrive. Checks that nothing more was sent rest on it;
 * each such test also ends with an exact count, which a late extra request would break.
 */
export async function quiet(turns = 30): Promise<void> {
  for (let i = 0; i < turns; i++) await turn();
}

/**
 * Virtual time for tests. Time moves only when the test moves it (`advance`, `tick`,
 * `runUntil`); a `sleep` never resolves by itself. Every requested sleep is recorded in
 * `sleeps` (durations in ms).
 */
export class FakeClock implements Clock {
  private t: number;
  private readonly sleepers: Sleeper[] = [];
  private readonly sleepWaiters: Array<() => void> = [];
  readonly sleeps: number[] = [];

  /** `_manual` is accepted for older call sites: the clock never advances by itself either way. */
  constructor(start = Date.UTC(2025, 0, 1, 12, 0, 0), _manual?: boolean) {
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
      for (const w of this.sleepWaiters.splice(0)) w();
    });
  }

  /**
   * Moves time forward synchronously, waking every sleeper already pending that falls due, in
   * order. Sleeps that woken code starts afterwards are not reached: use `tick` for those.
   */
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

  /**
   * Moves time forward by `ms`, one due sleeper at a time, letting woken code run (a turn of the
   * event loop) before the next, so sleeps it starts within the span are woken too.
   */
  async tick(ms: number): Promise<void> {
    const target = this.t + ms;
    await turn();
    for (let next = this.earliest(); next && next.at <= target; next = this.earliest()) {
      this.t = Math.max(this.t, next.at);
      this.wake(next);
      await turn();
    }
    this.t = target;
    await turn();
  }

  /**
   * Resolves once the code under test is waiting on this clock (immediately if it already is),
   * with the time until the earliest wait ends. Driven by the code's own `sleep` call, never by
   * real time.
   */
  async nextSleep(): Promise<number> {
    while (this.sleepers.length === 0) {
      await new Promise<void>((resolve) => this.sleepWaiters.push(resolve));
    }
    return (this.earliest()?.at ?? this.t) - this.t;
  }

  /**
   * Runs `work` to its end, jumping time to each wait it takes as soon as it takes it. Only for
   * work whose waits are never raced against I/O still in flight (one request at a time):
   * virtual time jumps the moment a wait starts.
   */
  async runUntil<T>(work: Promise<T>): Promise<T> {
    let settled = false;
    const done = work.then(
      () => { settled = true; },
      () => { settled = true; },
    );
    while (!settled) {
      const waiting = this.nextSleep().then(() => 'sleep' as const);
      if ((await Promise.race([done.then(() => 'done' as const), waiting])) === 'sleep' && !settled) {
        await this.tick((this.earliest()?.at ?? this.t) - this.t);
      }
    }
    return work;
  }

  get pendingSleeps(): number {
    return this.sleepers.length;
  }

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
}

import { RateLimitError } from './errors';
import type { QuotaTracker } from './quota';
import type { Clock, HttpMethod } from './types';

/** What one send costs and which buckets it draws from. */
export interface Ticket {
  readonly points: number;
  readonly buckets: readonly string[];
  /** Seed 001 GET /rate_limit: skips primary holds and primary pauses, not secondary ones. */
  readonly exempt: boolean;
}

export type PauseKind = 'primary' | 'secondary';

export interface ThrottleOptions {
  readonly clock: Clock;
  readonly quota: QuotaTracker;
  readonly maxConcurrency: number;
  readonly pointsPerMinute: number;
  /** Extra wait after a reset time, for clock skew between us and the service. */
  readonly safetyMarginMs: number;
  /** A hold longer than this fails fast with RateLimitError instead of waiting. */
  readonly maxWaitMs: number;
  /** How long an ARM token bucket seen at 0 is held: it refills at >= 10 tokens/s. */
  readonly tokenBucketRefillMs: number;
}

/** Releases the slot taken by `acquire`; `notCounted` when the request never reached the service. */
export type Release = (notCounted?: boolean) => void;

interface Waiter {
  readonly ticket: Ticket;
  readonly resolve: (release: Release) => void;
  readonly reject: (error: unknown) => void;
  readonly cleanup: () => void;
}

const WINDOW_MS = 60_000;

/** Seed 001 points: GET/HEAD/OPTIONS cost 1, POST/PATCH/PUT/DELETE cost 5. */
export function pointsFor(method: HttpMethod): number {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? 1 : 5;
}

/**
 * The proactive half of rate limiting: a FIFO queue that lets a request go only when
 * (1) the queue is not paused, (2) none of its buckets is known to be empty before its reset,
 * (3) fewer than maxConcurrency are in flight, and (4) the points of the last 60 s plus its own
 * stay within pointsPerMinute. Holds wake on a single clock.sleep timer or on state changes.
 */
export class Throttle {
  private readonly queue: Waiter[] = [];
  private inFlight = 0;
  private readonly sent: { at: number; points: number }[] = [];
  /** Sends per bucket since its last snapshot, so N queued requests cannot all spend the last unit. */
  private readonly sentSinceSnapshot = new Map<string, number>();
  /** Requests per bucket sent and not yet answered. */
  private readonly inFlightPerBucket = new Map<string, number>();
  /** Primary and secondary pauses are separate: `GET /rate_limit` may pass the first, never the second. */
  private readonly pauses = new Map<PauseKind, { until: number; reason: string }>();
  private timerAt: number | undefined;
  private timerCancel: AbortController | undefined;
  private closed = false;

  constructor(private readonly o: ThrottleOptions) {}

  get inFlightCount(): number {
    return this.inFlight;
  }

  acquire(ticket: Ticket, signal?: AbortSignal): Promise<Release> {
    return new Promise<Release>((resolve, reject) => {
      if (signal?.aborted) {
        reject(signal.reason);
        return;
      }
      const onAbort = (): void => {
        const i = this.queue.indexOf(waiter);
        if (i >= 0) {
          this.queue.splice(i, 1);
        }
        reject(signal?.reason);
        this.pump();
      };
      const waiter: Waiter = {
        ticket,
        resolve,
        reject,
        cleanup: () => signal?.removeEventListener('abort', onAbort),
      };
      signal?.addEventListener('abort', onAbort, { once: true });
      this.queue.push(waiter);
      this.pump();
    });
  }

  /** Pauses the whole queue until `until` (extends, never shortens, a running pause of that kind). */
  pause(until: number, reason: string, kind: PauseKind): void {
    const current = this.pauses.get(kind);
    if (current !== undefined && current.until >= until) {
      return;
    }
    this.pauses.set(kind, { until, reason });
    this.publishPause();
    this.pump();
  }

  /**
   * New snapshots arrived for these buckets. The `remaining` they report may not count the
   * requests still in flight (sent before, answered after), so those stay counted against it:
   * forgetting them let up to maxConcurrency requests overshoot an exhausted window. The
   * request whose response carried them (`answered`, still holding its slot) is counted in them.
   */
  snapshotsUpdated(buckets: readonly string[], answered?: Ticket): void {
    for (const b of buckets) {
      const own = answered && !answered.exempt && answered.buckets.includes(b) ? 1 : 0;
      const pending = (this.inFlightPerBucket.get(b) ?? 0) - own;
      if (pending > 0) {
        this.sentSinceSnapshot.set(b, pending);
      } else {
        this.sentSinceSnapshot.delete(b);
      }
    }
    this.pump();
  }

  /** Rejects everything still waiting; used by close(). */
  close(reason: unknown): void {
    this.closed = true;
    this.timerCancel?.abort();
    for (const w of this.queue.splice(0)) {
      w.cleanup();
      w.reject(reason);
    }
  }

  pump(): void {
    if (this.closed) {
      return;
    }
    const now = this.o.clock.now();
    let ended = false;
    for (const [kind, p] of this.pauses) {
      if (p.until <= now) {
        this.pauses.delete(kind);
        ended = true;
      }
    }
    if (ended) {
      this.publishPause();
    }
    // A point leaves our window a safety margin after 60 s: the service's minute starts when the
    // request arrives (later than we sent it), so leaving exactly at 60 s overshoots its budget
    // by the requests whose predecessors travelled slower (seen with 1,000 subscriptions).
    while (this.sent.length > 0 && (this.sent[0]?.at ?? 0) <= now - WINDOW_MS - this.o.safetyMarginMs) {
      this.sent.shift();
    }

    let wakeAt: number | undefined;
    const wake = (at: number): void => {
      wakeAt = wakeAt === undefined ? at : Math.min(wakeAt, at);
    };

    for (let i = 0; i < this.queue.length; ) {
      const w = this.queue[i];
      if (w === undefined) {
        break;
      }
      const hold = this.holdUntil(w.ticket, now);
      if (hold !== undefined) {
        if (hold.definite && hold.until - now > this.o.maxWaitMs) {
          // Leaves the queue first: whatever happens next, this request is settled.
          this.queue.splice(i, 1);
          w.cleanup();
          w.reject(new RateLimitError({ resetAt: hold.until, retries: 0, ...(hold.resource ? { resource: hold.resource } : {}) }));
          continue;
        }
        wake(hold.until);
        i++;
        continue; // other requests may draw on other buckets
      }
      if (this.inFlight >= this.o.maxConcurrency) {
        break; // a release will pump again
      }
      const windowPoints = this.sent.reduce((sum, s) => sum + s.points, 0);
      if (windowPoints > 0 && windowPoints + w.ticket.points > this.o.pointsPerMinute) {
        // FIFO: later (cheaper) requests must not starve this one.
        wake(this.pointsFreeAt(w.ticket.points, now));
        break;
      }
      this.queue.splice(i, 1);
      w.cleanup();
      this.grant(w, now);
    }

    if (wakeAt !== undefined) {
      this.scheduleWake(wakeAt, now);
    }
  }

  /** The quota state shows the later of the running pauses, with its reason. */
  private publishPause(): void {
    let latest: { until: number; reason: string } | undefined;
    for (const p of this.pauses.values()) {
      if (latest === undefined || p.until > latest.until) {
        latest = p;
      }
    }
    this.o.quota.setPause(latest?.until, latest?.reason);
  }

  private grant(w: Waiter, now: number): void {
    this.inFlight++;
    this.sent.push({ at: now, points: w.ticket.points });
    if (!w.ticket.exempt) {
      for (const b of w.ticket.buckets) {
        this.sentSinceSnapshot.set(b, (this.sentSinceSnapshot.get(b) ?? 0) + 1);
        this.inFlightPerBucket.set(b, (this.inFlightPerBucket.get(b) ?? 0) + 1);
      }
    }
    let released = false;
    w.resolve((notCounted) => {
      if (released) {
        return;
      }
      released = true;
      this.inFlight--;
      if (!w.ticket.exempt) {
        for (const b of w.ticket.buckets) {
          decrement(this.inFlightPerBucket, b);
          if (notCounted) {
            decrement(this.sentSinceSnapshot, b);
          }
        }
      }
      this.pump();
    });
  }

  /** Why this ticket must wait and until when; `definite` when the service itself said so. */
  private holdUntil(t: Ticket, now: number): { until: number; definite: boolean; resource?: string } | undefined {
    const secondary = this.pauses.get('secondary');
    const primary = t.exempt ? undefined : this.pauses.get('primary');
    const pausedUntil = Math.max(secondary?.until ?? 0, primary?.until ?? 0);
    if (pausedUntil > now) {
      return { until: pausedUntil, definite: true };
    }
    if (t.exempt) {
      return undefined;
    }
    let result: { until: number; definite: boolean; resource?: string } | undefined;
    for (const b of t.buckets) {
      const snap = this.o.quota.bucket(b);
      if (!snap) {
        continue;
      }
      let until: number | undefined;
      let definite = false;
      if (snap.resetAt !== undefined) {
        const left = snap.remaining - (this.sentSinceSnapshot.get(b) ?? 0);
        const liftAt = snap.resetAt + this.o.safetyMarginMs;
        if (left <= 0 && now < liftAt) {
          until = liftAt;
          definite = snap.remaining <= 0;
        }
      } else if (snap.remaining <= 0) {
        // A token bucket (ARM) at 0: it refills within about a second.
        const liftAt = snap.observedAt + this.o.tokenBucketRefillMs;
        if (now < liftAt) {
          until = liftAt;
        }
      }
      if (until !== undefined && (result === undefined || until > result.until)) {
        result = { until, definite, resource: b };
      }
    }
    return result;
  }

  private pointsFreeAt(points: number, now: number): number {
    let over = this.sent.reduce((sum, s) => sum + s.points, 0) + points - this.o.pointsPerMinute;
    for (const s of this.sent) {
      over -= s.points;
      if (over <= 0) {
        return s.at + WINDOW_MS + this.o.safetyMarginMs;
      }
    }
    return now + WINDOW_MS + this.o.safetyMarginMs;
  }

  private scheduleWake(at: number, now: number): void {
    if (this.timerAt !== undefined && this.timerAt <= at) {
      return;
    }
    this.timerCancel?.abort();
    const cancel = new AbortController();
    this.timerCancel = cancel;
    this.timerAt = at;
    this.o.clock.sleep(Math.max(1, at - now), cancel.signal).then(
      () => {
        if (this.timerCancel === cancel) {
          this.timerAt = undefined;
          this.timerCancel = undefined;
        }
        this.pump();
      },
      () => undefined,
    );
  }
}

function decrement(counts: Map<string, number>, key: string): void {
  const n = counts.get(key) ?? 0;
  if (n > 1) {
    counts.set(key, n - 1);
  } else {
    counts.delete(key);
  }
}

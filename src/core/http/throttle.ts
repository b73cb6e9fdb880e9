import { RateLimitError } from './errors';
import { PointsWindow, WINDOW_MS } from './pointsWindow';
import type { QuotaTracker } from './quota';
import { MAX_ACCEPTED_WAIT_MS } from './rateLimitHeaders';
import { SendLedger, type SendOutcome } from './sendLedger';
import type { RateLimitFamily } from './serviceRules';
import type { Clock, HttpMethod } from './types';

/** What one send costs and which buckets it draws from. */
export interface Ticket {
  /** Seed 001 points this send costs; 0 for a request no points budget applies to (ARM). */
  readonly points: number;
  readonly buckets: readonly string[];
  /** Seed 001 GET /rate_limit: skips primary holds and primary pauses, not secondary ones. */
  readonly exempt: boolean;
  /** Whose rules it follows: a pause one service asked for never holds another's requests. */
  readonly family: RateLimitFamily;
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
  /** An ARM token bucket with nothing left for us (and none of our requests to it out) is probed with one request this long after it was seen. Why: docs/architecture.md#http-throttle-1 */
  readonly tokenBucketRefillMs: number;
}

/**
 * Releases the slot taken by `acquire`, saying how the send ended (default: answered);
 * 'unused': nothing was sent (a pause began before it could be), so it spent nothing.
 */
export type Release = (outcome?: SendOutcome | 'unused') => void;

/** Why a ticket waits: until a time, or (`until` Infinity) until an answer to a request in flight. */
interface Hold {
  readonly until: number;
  /** The service itself said so (a pause, or a bucket it reported empty until its reset). */
  readonly definite: boolean;
  readonly resource?: string;
}

interface Waiter {
  readonly ticket: Ticket;
  readonly resolve: (release: Release) => void;
  readonly reject: (error: unknown) => void;
  cleanup: () => void;
}

/** Seed 001 points: GET/HEAD/OPTIONS cost 1, POST/PATCH/PUT/DELETE cost 5. */
export function pointsFor(method: HttpMethod): number {
  return method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? 1 : 5;
}

/** The proactive half of rate limiting. Why: docs/architecture.md#http-throttle-2 */
export class Throttle {
  private readonly queue: Waiter[] = [];
  private inFlight = 0;
  private readonly window: PointsWindow;
  private readonly ledger = new SendLedger();
  /** Each granted slot's send number per bucket, so its answer's snapshot is charged correctly. */
  private readonly grants = new WeakMap<Release, ReadonlyMap<string, number>>();
  /**
   * Per service family, primary and secondary pauses are separate: `GET /rate_limit` may pass the
   * first, never the second. Keyed `family:kind`.
   */
  private readonly pauses = new Map<string, { until: number; reason: string }>();
  private timerAt: number | undefined;
  private timerCancel: AbortController | undefined;
  private closed = false;

  constructor(private readonly o: ThrottleOptions) {
    this.window = new PointsWindow(o.pointsPerMinute, o.safetyMarginMs);
  }

  get inFlightCount(): number {
    return this.inFlight;
  }

  /** `first`: ahead of the queue, for a request that had its turn and gave it back unused. */
  acquire(ticket: Ticket, signal?: AbortSignal, first = false): Promise<Release> {
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
      const waiter: Waiter = { ticket, resolve, reject, cleanup: () => undefined };
      if (first) {
        this.queue.unshift(waiter);
      } else {
        this.queue.push(waiter);
      }
      this.pump();
      // Most requests are granted at once: only one that waits listens for its abort (adding and
      // removing a listener on an EventTarget costs more than the rest of a grant).
      if (signal && this.queue.includes(waiter)) {
        waiter.cleanup = () => signal.removeEventListener('abort', onAbort);
        signal.addEventListener('abort', onAbort, { once: true });
      }
    });
  }

  /**
   * Whether a pause now stands in this ticket's way: asked at the moment of sending, since one
   * may have begun while the granted request awaited something else (its token).
   */
  pausedFor(ticket: Ticket): boolean {
    return this.pausedUntil(ticket) > this.o.clock.now();
  }

  /** The end of the pauses that apply to this ticket (0 when none). */
  private pausedUntil(t: Ticket): number {
    const secondary = this.pauses.get(`${t.family}:secondary`);
    const primary = t.exempt ? undefined : this.pauses.get(`${t.family}:primary`);
    return Math.max(secondary?.until ?? 0, primary?.until ?? 0);
  }

  /**
   * Pauses one family's requests until `until` (extends, never shortens, a running pause of that
   * kind): an ARM 429 never holds GitHub-style requests, nor the reverse.
   */
  pause(until: number, reason: string, kind: PauseKind, family: RateLimitFamily): void {
    const key = `${family}:${kind}`;
    const current = this.pauses.get(key);
    if (current !== undefined && current.until >= until) {
      return;
    }
    this.pauses.set(key, { until, reason });
    this.publishPause();
    this.pump();
  }

  /**
   * New snapshots arrived for these buckets, carried by the answer to the slot `answered` (still
   * held), or by a `GET /rate_limit` body when undefined. Our sends they cannot have counted stay
   * charged against them: forgetting them let up to maxConcurrency requests overshoot.
   */
  snapshotsUpdated(buckets: readonly string[], answered?: Release): void {
    const seqs = answered ? this.grants.get(answered) : undefined;
    for (const b of buckets) {
      this.ledger.snapshot(b, seqs?.get(b));
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
    this.window.prune(now);

    /** A points ticket is waiting for the minute: later points tickets queue behind it (FIFO). */
    let windowFull = false;
    let wakeAt: number | undefined;
    const wake = (at: number): void => {
      wakeAt = wakeAt === undefined ? at : Math.min(wakeAt, at);
    };

    for (let i = 0; i < this.queue.length; ) {
      const w = this.queue[i];
      if (w === undefined) {
        break;
      }
      if (windowFull && w.ticket.points > 0) {
        i++; // behind a points ticket that waits for the minute (FIFO), whatever else holds it
        continue;
      }
      const hold = this.holdUntil(w.ticket, now);
      if (hold !== undefined) {
        if (hold.definite && hold.until - now > this.o.maxWaitMs) {
          // Leaves the queue first: whatever happens next, this request is settled.
          this.queue.splice(i, 1);
          w.cleanup();
          const farOff = hold.until - now > MAX_ACCEPTED_WAIT_MS;
          w.reject(new RateLimitError({ resetAt: hold.until, retries: 0, farOff, ...(hold.resource ? { resource: hold.resource } : {}) }));
          continue;
        }
        if (Number.isFinite(hold.until)) {
          wake(hold.until);
        }
        i++;
        continue; // other requests may draw on other buckets
      }
      if (this.inFlight >= this.o.maxConcurrency) {
        break; // a release will pump again
      }
      if (w.ticket.points > 0 && !this.window.fits(w.ticket.points)) {
        // FIFO among points tickets: later (cheaper) ones must not starve this one. A ticket
        // with no points (ARM) still goes: another service's budget never paces it.
        windowFull = true;
        const freeAt = this.window.freeAt(w.ticket.points);
        if (freeAt !== undefined) {
          wake(freeAt);
        }
        i++;
        continue;
      }
      this.queue.splice(i, 1);
      w.cleanup();
      this.grant(w);
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

  private grant(w: Waiter): void {
    this.inFlight++;
    const leave = w.ticket.points > 0 ? this.window.add(w.ticket.points) : undefined;
    const seqs = new Map<string, number>();
    if (!w.ticket.exempt) {
      for (const b of w.ticket.buckets) {
        seqs.set(b, this.ledger.send(b));
      }
    }
    let released = false;
    const release: Release = (outcome = 'answered') => {
      if (released) {
        return;
      }
      released = true;
      this.inFlight--;
      const now = this.o.clock.now();
      // Unused points leave the minute at once; the others a minute after their end.
      leave?.(outcome === 'answered' || outcome === 'unused', outcome === 'unused' ? now - WINDOW_MS : now);
      for (const [b, seq] of seqs) {
        this.ledger.settle(b, seq, outcome === 'unused' ? 'notReached' : outcome);
      }
      this.pump();
    };
    this.grants.set(release, seqs);
    w.resolve(release);
  }

  /** Why this ticket must wait and until when; `definite` when the service itself said so. */
  private holdUntil(t: Ticket, now: number): Hold | undefined {
    const pausedUntil = this.pausedUntil(t);
    if (pausedUntil > now) {
      return { until: pausedUntil, definite: true };
    }
    if (t.exempt) {
      return undefined;
    }
    let result: Hold | undefined;
    for (const b of t.buckets) {
      const hold = this.bucketHold(b, now);
      if (hold !== undefined && (result === undefined || hold.until > result.until)) {
        result = hold;
      }
    }
    return result;
  }

  private bucketHold(b: string, now: number): Hold | undefined {
    const snap = this.o.quota.bucket(b);
    if (!snap) {
      // Nothing known yet: one request finds out, the others wait for its headers.
      return this.ledger.awaitingFirstAnswer(b) ? { until: Infinity, definite: false, resource: b } : undefined;
    }
    const left = snap.remaining - this.ledger.unaccounted(b);
    if (left > 0) {
      return undefined;
    }
    if (snap.resetAt !== undefined) {
      const liftAt = snap.resetAt + this.o.safetyMarginMs;
      const saidEmpty = snap.remaining <= 0;
      // A window: nothing comes back before its reset (+ margin for skew). Past a day, only the
      // service's own 0 is waited for (and refused at once, see pump), not our estimate.
      if (now < liftAt && (saidEmpty || liftAt - now <= MAX_ACCEPTED_WAIT_MS)) {
        return { until: liftAt, definite: saidEmpty, resource: b };
      }
      // Else one request at a time finds out: for that estimate, and for a 0 whose reset looks
      // past (the service's clock may be behind ours, with no Date to say by how much).
      return (saidEmpty || now < liftAt) && this.ledger.inFlight(b) > 0 ? { until: Infinity, definite: false, resource: b } : undefined;
    }
    // A token bucket (ARM): it refills, at a rate no header states. An answer still due tells
    // us more; with none due, one request goes after the refill interval to find out.
    if (this.ledger.inFlight(b) > 0) {
      return { until: Infinity, definite: false, resource: b };
    }
    const probeAt = snap.observedAt + this.o.tokenBucketRefillMs;
    return now < probeAt ? { until: probeAt, definite: false, resource: b } : undefined;
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

/** Rate limits of the sample service. Why: docs/architecture.md#sample-ratelimiter */
import type { RateLimitFamily } from '../http/serviceRules';

export interface RateLimitOptions {
  /** Primary limit: requests per window (seed 001: 5,000 per hour for a user token). */
  readonly primaryLimit?: number;
  readonly windowSeconds?: number;
  /** Seed 001 allows 403 or 429; GitHub mostly sends 403. */
  readonly primaryStatus?: 403 | 429;
  /** Secondary: concurrent requests in flight (seed 001: 100). */
  readonly maxConcurrent?: number;
  /** Secondary: points per minute per endpoint (seed 001: 900 for REST). */
  readonly pointsPerMinute?: number;
  readonly getPoints?: number;
  readonly postPoints?: number;
  readonly secondaryStatus?: 403 | 429;
  /** retry-after sent when the concurrency limit trips (the seed gives no value). */
  readonly concurrencyRetryAfterSeconds?: number;
  /** ARM subscription token buckets (ARM's current throttling: 250 reads, 25/s refill). */
  readonly armReadsCapacity?: number;
  readonly armReadsRefillPerSecond?: number;
  readonly armWritesCapacity?: number;
  readonly armWritesRefillPerSecond?: number;
}

/** Counters the server exposes; benchmarks read them to judge a client's manners. */
export interface LimitCounters {
  primaryLimited: number;
  secondaryLimited: number;
  armThrottled: number;
  /** Requests that arrived before the reset / retry-after time a limited response had announced. */
  requestsBeforeReset: number;
}

export interface WindowStatus {
  readonly limit: number;
  readonly remaining: number;
  readonly used: number;
  /** UTC epoch seconds. */
  readonly reset: number;
}

export type ArmBucketName = 'reads' | 'writes';

export interface AdmitRequest {
  readonly method: string;
  /** Endpoint key for points-per-minute (one budget per endpoint, as seed 001 says). */
  readonly endpoint: string;
  readonly countsPrimary: boolean;
  /** Whose rules apply: seed 001's points per minute count GitHub-style requests only. */
  readonly family: RateLimitFamily;
  readonly armBucket?: ArmBucketName;
  /**
   * Whose ARM bucket it draws from: the subscription in the path (ARM keeps one bucket per
   * subscription and principal), or undefined for tenant-scope requests (one shared bucket).
   */
  readonly armScope?: string;
  /** Requests in flight including this one. */
  readonly inFlight: number;
}

/** What is left in the ARM bucket a request drew on, and which scope that bucket belongs to. */
export interface ArmRemainingReport {
  readonly bucket: ArmBucketName;
  readonly scope: 'subscription' | 'tenant';
  readonly remaining: number;
}

export type Admission =
  | { readonly ok: true; readonly armRemaining?: ArmRemainingReport }
  | {
      readonly ok: false;
      readonly kind: 'primary' | 'secondary' | 'arm';
      readonly status: number;
      readonly code: string;
      readonly message: string;
      readonly retryAfterSeconds?: number;
      readonly armRemaining?: ArmRemainingReport;
    };

class TokenBucket {
  private tokens: number;
  private last: number;
  constructor(
    private readonly capacity: number,
    private readonly refillPerSecond: number,
    now: number,
  ) {
    this.tokens = capacity;
    this.last = now;
  }
  private refill(now: number): void {
    const elapsed = Math.max(0, now - this.last) / 1000;
    this.tokens = Math.min(this.capacity, this.tokens + elapsed * this.refillPerSecond);
    this.last = now;
  }
  take(now: number): { ok: boolean; remaining: number; retryAfterSeconds: number } {
    this.refill(now);
    if (this.tokens < 1) {
      const wait = this.refillPerSecond > 0 ? Math.ceil((1 - this.tokens) / this.refillPerSecond) : 60;
      return { ok: false, remaining: 0, retryAfterSeconds: Math.max(1, wait) };
    }
    this.tokens -= 1;
    return { ok: true, remaining: Math.floor(this.tokens), retryAfterSeconds: 0 };
  }
}

export class SampleRateLimiter {
  private readonly primaryLimit: number;
  private readonly windowMs: number;
  private used = 0;
  private windowEnd: number | undefined;
  private readonly points = new Map<string, { start: number; points: number }>();
  /** ARM token buckets per `kind/scope` (scope: lower-cased subscription id or 'tenant'), made on first use. */
  private readonly buckets = new Map<string, TokenBucket>();
  /** Latest reset / retry time announced in a limited response (epoch ms). */
  private announcedUntil = 0;

  constructor(
    private readonly options: RateLimitOptions,
    private readonly now: () => number,
    readonly counters: LimitCounters,
  ) {
    this.primaryLimit = options.primaryLimit ?? 5000;
    this.windowMs = (options.windowSeconds ?? 3600) * 1000;
  }

  private bucket(kind: ArmBucketName, scope: string | undefined, now: number): TokenBucket {
    const key = `${kind}/${scope?.toLowerCase() ?? 'tenant'}`;
    let b = this.buckets.get(key);
    if (!b) {
      b =
        kind === 'reads'
          ? new TokenBucket(this.options.armReadsCapacity ?? 250, this.options.armReadsRefillPerSecond ?? 25, now)
          : new TokenBucket(this.options.armWritesCapacity ?? 200, this.options.armWritesRefillPerSecond ?? 10, now);
      this.buckets.set(key, b);
    }
    return b;
  }

  /** The window opens with the first request after the previous one ended (as GitHub does). */
  private roll(now: number): number {
    if (this.windowEnd === undefined || now >= this.windowEnd) {
      this.used = 0;
      this.windowEnd = now + this.windowMs;
    }
    return this.windowEnd;
  }

  primaryStatus(): WindowStatus {
    const end = this.roll(this.now());
    return {
      limit: this.primaryLimit,
      remaining: Math.max(0, this.primaryLimit - this.used),
      used: this.used,
      reset: Math.ceil(end / 1000),
    };
  }

  /** The seed-001 headers every response carries. */
  headers(): Record<string, string> {
    const s = this.primaryStatus();
    return {
      'x-ratelimit-limit': String(s.limit),
      'x-ratelimit-remaining': String(s.remaining),
      'x-ratelimit-used': String(s.used),
      'x-ratelimit-reset': String(s.reset),
      'x-ratelimit-resource': 'core',
    };
  }

  admit(req: AdmitRequest): Admission {
    const now = this.now();
    if (now < this.announcedUntil) {
      this.counters.requestsBeforeReset++;
    }
    const secondaryStatus = this.options.secondaryStatus ?? 403;
    const maxConcurrent = this.options.maxConcurrent ?? 100;
    if (req.inFlight > maxConcurrent) {
      const retry = this.options.concurrencyRetryAfterSeconds ?? 1;
      return this.secondary(now, secondaryStatus, retry, `more than ${maxConcurrent} concurrent requests`);
    }
    const cost = req.method === 'GET' || req.method === 'HEAD' || req.method === 'OPTIONS' ? (this.options.getPoints ?? 1) : (this.options.postPoints ?? 5);
    const perMinute = this.options.pointsPerMinute ?? 900;
    let slot: { start: number; points: number } | undefined;
    if (req.family === 'github') {
      slot = this.points.get(req.endpoint);
      if (!slot || now >= slot.start + 60_000) {
        slot = { start: now, points: 0 };
        this.points.set(req.endpoint, slot);
      }
      if (slot.points + cost > perMinute) {
        const retry = Math.max(1, Math.ceil((slot.start + 60_000 - now) / 1000));
        return this.secondary(now, secondaryStatus, retry, `more than ${perMinute} points per minute to this endpoint`);
      }
    }
    if (req.countsPrimary) {
      const end = this.roll(now);
      if (this.used >= this.primaryLimit) {
        this.counters.primaryLimited++;
        this.announcedUntil = Math.max(this.announcedUntil, end);
        return {
          ok: false,
          kind: 'primary',
          status: this.options.primaryStatus ?? 403,
          code: 'RateLimitExceeded',
          message: `API rate limit exceeded for this token. The limit of ${this.primaryLimit} requests resets at ${new Date(end).toISOString()}; wait until then.`,
        };
      }
    }
    let armRemaining: ArmRemainingReport | undefined;
    if (req.armBucket) {
      const taken = this.bucket(req.armBucket, req.armScope, now).take(now);
      const scope = req.armScope === undefined ? 'tenant' : 'subscription';
      armRemaining = { bucket: req.armBucket, scope, remaining: taken.remaining };
      if (!taken.ok) {
        this.counters.armThrottled++;
        this.announcedUntil = Math.max(this.announcedUntil, now + taken.retryAfterSeconds * 1000);
        return {
          ok: false,
          kind: 'arm',
          status: 429,
          code: scope === 'tenant' ? 'TenantRequestsThrottled' : 'SubscriptionRequestsThrottled',
          message: `Number of ${req.armBucket} requests for this ${scope} exceeded the limit. Retry after ${taken.retryAfterSeconds} seconds.`,
          retryAfterSeconds: taken.retryAfterSeconds,
          armRemaining,
        };
      }
    }
    if (slot) {
      slot.points += cost;
    }
    if (req.countsPrimary) {
      this.used++;
    }
    return armRemaining ? { ok: true, armRemaining } : { ok: true };
  }

  private secondary(now: number, status: number, retryAfterSeconds: number, why: string): Admission {
    this.counters.secondaryLimited++;
    this.announcedUntil = Math.max(this.announcedUntil, now + retryAfterSeconds * 1000);
    return {
      ok: false,
      kind: 'secondary',
      status,
      code: 'SecondaryRateLimitExceeded',
      message: `You have exceeded a secondary rate limit (${why}). Wait ${retryAfterSeconds} seconds before retrying.`,
      retryAfterSeconds,
    };
  }
}

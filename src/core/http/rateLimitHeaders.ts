/**
 * Reads rate-limit headers liberally: a missing or garbage value is ignored (never thrown),
 * so an odd proxy or a new header format cannot break a request.
 */

/** Seed 001 `x-ratelimit-*` headers of one response. */
export interface PrimaryRateLimit {
  /**
   * `x-ratelimit-resource`; when absent, the category the request path names (`/search/…` is
   * search) or 'unknown': guessing 'core' would hold every other request on someone else's limit.
   */
  readonly resource: string;
  readonly limit?: number;
  readonly remaining?: number;
  readonly used?: number;
  /** `x-ratelimit-reset` converted from the service's epoch seconds to our clock's epoch ms (skew applied). */
  readonly resetAt?: number;
}

/** One of ARM's `x-ms-ratelimit-remaining-*` counters (a token bucket: no reset time). */
export interface ArmRemaining {
  /** e.g. 'subscription-reads', 'tenant-writes', 'subscription-global-reads'. */
  readonly bucket: string;
  readonly remaining: number;
}

/** One entry of `x-ms-ratelimit-remaining-resource`, e.g. `Microsoft.Compute/HighCostGet3Min;107`. */
export interface ArmResourcePolicy {
  readonly policy: string;
  readonly remaining: number;
}

/**
 * Azure Resource Graph's per-user quota: `x-ms-user-quota-remaining` (queries left) and
 * `x-ms-user-quota-resets-after` (hh:mm:ss until the window resets, e.g. 15 per 5 s).
 */
export interface UserQuota {
  readonly remaining: number;
  /** Our clock's epoch ms when the window resets, when the header was readable. */
  readonly resetAt?: number;
}

/** The bucket Resource Graph's user quota is recorded under (status bar, throttle). */
export const RESOURCE_GRAPH_BUCKET = 'resource-graph';

export interface RateLimitHeaders {
  /** Present when any x-ratelimit-* header carried a usable value. */
  readonly primary?: PrimaryRateLimit;
  /** Present when `x-ms-user-quota-remaining` carried a count (Resource Graph responses). */
  readonly userQuota?: UserQuota;
  /** `retry-after` as a delay in ms from `now` (never negative). */
  readonly retryAfterMs?: number;
  readonly arm: readonly ArmRemaining[];
  readonly armResource: readonly ArmResourcePolicy[];
}

type HeaderBag = Readonly<Record<string, string | undefined>>;

export interface ParseContext {
  /** The service's clock minus ours (from `Date` headers); service times are shifted by it. */
  readonly skewMs?: number;
  /** The resource the request path names, used when `x-ratelimit-resource` is absent. */
  readonly pathResource?: string;
}

/** The latest instant a JavaScript Date can hold; anything past it is garbage, not a time. */
export const MAX_DATE_MS = 8.64e15;

/**
 * The longest wait the client will take for the service (a day). A reset or retry-after further
 * away is kept, not dropped: it means "do not come back soon", and the request fails at once
 * saying until when, rather than retrying after the one-minute fallback against that word.
 * Only values no Date can hold (past MAX_DATE_MS) are garbage and ignored.
 */
export const MAX_ACCEPTED_WAIT_MS = 24 * 3_600_000;

/** ARM header suffix -> bucket name. */
export const ARM_BUCKET_HEADERS: ReadonlyArray<readonly [header: string, bucket: string]> = [
  ['x-ms-ratelimit-remaining-subscription-reads', 'subscription-reads'],
  ['x-ms-ratelimit-remaining-subscription-writes', 'subscription-writes'],
  ['x-ms-ratelimit-remaining-subscription-deletes', 'subscription-deletes'],
  ['x-ms-ratelimit-remaining-tenant-reads', 'tenant-reads'],
  ['x-ms-ratelimit-remaining-tenant-writes', 'tenant-writes'],
  ['x-ms-ratelimit-remaining-tenant-deletes', 'tenant-deletes'],
  ['x-ms-ratelimit-remaining-subscription-global-reads', 'subscription-global-reads'],
  ['x-ms-ratelimit-remaining-subscription-global-writes', 'subscription-global-writes'],
  ['x-ms-ratelimit-remaining-subscription-global-deletes', 'subscription-global-deletes'],
];

const UNSIGNED_INT = /^\s*(\d{1,15})\s*$/;
const UNSIGNED_DECIMAL = /^\s*(\d{1,15}(?:\.\d+)?)\s*$/;

/** A non-negative integer, or undefined for anything else. */
export function parseCount(value: string | undefined): number | undefined {
  if (value === undefined) {
    return undefined;
  }
  const m = UNSIGNED_INT.exec(value);
  return m?.[1] === undefined ? undefined : Number(m[1]);
}

/**
 * `retry-after` as a delay in ms: delta-seconds (decimals accepted, being liberal) or an
 * HTTP-date (RFC 9110), which we only trust when it names a month, so `Date.parse` cannot
 * turn something like "1 2" into a date. A date in the past means "now" (0).
 */
export function parseRetryAfter(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined) {
    return undefined;
  }
  const seconds = UNSIGNED_DECIMAL.exec(value);
  if (seconds?.[1] !== undefined) {
    return Math.round(Number(seconds[1]) * 1000);
  }
  if (!/\b(jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec)[a-z]*\b/i.test(value) || !/\d{1,2}:\d{2}:\d{2}/.test(value)) {
    return undefined;
  }
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - nowMs);
}

/** `x-ratelimit-reset` (epoch seconds) as epoch ms, or undefined when no Date could hold it. */
export function parseResetSeconds(value: string | undefined): number | undefined {
  const seconds = parseCount(value);
  return seconds === undefined || seconds * 1000 > MAX_DATE_MS ? undefined : seconds * 1000;
}

/**
 * The service clock's offset from ours, from a response's `Date` header (RFC 9110 IMF-fixdate,
 * one-second resolution) read at `nowMs`. Offsets beyond a day are not skew but a broken clock
 * or a stale cached response, and are ignored.
 */
export function parseServerSkew(value: string | undefined, nowMs: number): number | undefined {
  if (value === undefined || !/\d{1,2}:\d{2}:\d{2}/.test(value)) {
    return undefined;
  }
  const at = Date.parse(value);
  if (Number.isNaN(at)) {
    return undefined;
  }
  const skew = at - nowMs;
  return Math.abs(skew) <= 24 * 3_600_000 ? skew : undefined;
}

/**
 * `x-ms-user-quota-resets-after` as ms: `hh:mm:ss` (hours may exceed 23; fractional seconds
 * accepted, being liberal). Anything else is undefined.
 */
export function parseResetsAfter(value: string | undefined): number | undefined {
  const m = value === undefined ? null : /^\s*(\d{1,3}):([0-5]\d):([0-5]\d(?:\.\d+)?)\s*$/.exec(value);
  if (!m) {
    return undefined;
  }
  // At most 999:59:59, so always a time: a wait past a day is the service's word, see MAX_ACCEPTED_WAIT_MS.
  return Math.round((Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3])) * 1000);
}

/** `Microsoft.Compute/HighCostGet3Min;107,Microsoft.Compute/HighCostGet30Min;799` -> entries. */
export function parseArmResourceRemaining(value: string | undefined): ArmResourcePolicy[] {
  if (value === undefined) {
    return [];
  }
  const out: ArmResourcePolicy[] = [];
  for (const part of value.split(',')) {
    const sep = part.lastIndexOf(';');
    if (sep <= 0) {
      continue;
    }
    const policy = part.slice(0, sep).trim();
    const remaining = parseCount(part.slice(sep + 1));
    if (policy !== '' && remaining !== undefined) {
      out.push({ policy, remaining });
    }
  }
  return out;
}

/** Parses every rate-limit header this client understands. Never throws. */
export function parseRateLimitHeaders(headers: HeaderBag, nowMs: number, context: ParseContext = {}): RateLimitHeaders {
  const skew = context.skewMs ?? 0;
  const limit = parseCount(headers['x-ratelimit-limit']);
  const remaining = parseCount(headers['x-ratelimit-remaining']);
  const used = parseCount(headers['x-ratelimit-used']);
  const serverReset = parseResetSeconds(headers['x-ratelimit-reset']);
  const resetAt = serverReset === undefined ? undefined : serverReset - skew;
  const resourceRaw = headers['x-ratelimit-resource']?.trim();
  const resource = resourceRaw && /^[\w.-]{1,64}$/.test(resourceRaw) ? resourceRaw : (context.pathResource ?? 'unknown');

  let primary: PrimaryRateLimit | undefined;
  if (limit !== undefined || remaining !== undefined || used !== undefined || resetAt !== undefined) {
    primary = {
      resource,
      ...(limit !== undefined ? { limit } : {}),
      ...(remaining !== undefined ? { remaining } : {}),
      ...(used !== undefined ? { used } : {}),
      ...(resetAt !== undefined ? { resetAt } : {}),
    };
  }

  const arm: ArmRemaining[] = [];
  for (const [header, bucket] of ARM_BUCKET_HEADERS) {
    const value = parseCount(headers[header]);
    if (value !== undefined) {
      arm.push({ bucket, remaining: value });
    }
  }

  const userRemaining = parseCount(headers['x-ms-user-quota-remaining']);
  const resetsAfter = parseResetsAfter(headers['x-ms-user-quota-resets-after']);
  const userQuota: UserQuota | undefined =
    userRemaining === undefined ? undefined : { remaining: userRemaining, ...(resetsAfter !== undefined ? { resetAt: nowMs + resetsAfter } : {}) };

  // An HTTP-date in retry-after is on the service's clock too.
  const retryAfterParsed = parseRetryAfter(headers['retry-after'], nowMs + skew);
  const retryAfterMs = retryAfterParsed !== undefined && nowMs + retryAfterParsed <= MAX_DATE_MS ? retryAfterParsed : undefined;
  return {
    ...(primary ? { primary } : {}),
    ...(userQuota ? { userQuota } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    arm,
    armResource: parseArmResourceRemaining(headers['x-ms-ratelimit-remaining-resource']),
  };
}

/** ARM's documented default token buckets, since its responses tell no limit. Why: docs/architecture.md#http-ratelimitheaders */
export function inferredArmLimit(bucket: string): number | undefined {
  const base = bucket.endsWith('-reads') ? 250 : bucket.endsWith('-writes') || bucket.endsWith('-deletes') ? 200 : undefined;
  if (base === undefined) {
    return undefined;
  }
  return bucket.includes('-global-') ? base * 15 : base;
}

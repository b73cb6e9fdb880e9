/**
 * Reads rate-limit headers liberally: a missing or garbage value is ignored (never thrown),
 * so an odd proxy or a new header format cannot break a request.
 */

/** Seed 001 `x-ratelimit-*` headers of one response. */
export interface PrimaryRateLimit {
  /** `x-ratelimit-resource`; 'core' when absent (seed 001: core covers all non-search REST). */
  readonly resource: string;
  readonly limit?: number;
  readonly remaining?: number;
  readonly used?: number;
  /** `x-ratelimit-reset` converted from epoch seconds to epoch ms. */
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

export interface RateLimitHeaders {
  /** Present when any x-ratelimit-* header carried a usable value. */
  readonly primary?: PrimaryRateLimit;
  /** `retry-after` as a delay in ms from `now` (never negative). */
  readonly retryAfterMs?: number;
  readonly arm: readonly ArmRemaining[];
  readonly armResource: readonly ArmResourcePolicy[];
}

type HeaderBag = Readonly<Record<string, string | undefined>>;

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
export function parseRateLimitHeaders(headers: HeaderBag, nowMs: number): RateLimitHeaders {
  const limit = parseCount(headers['x-ratelimit-limit']);
  const remaining = parseCount(headers['x-ratelimit-remaining']);
  const used = parseCount(headers['x-ratelimit-used']);
  const resetSeconds = parseCount(headers['x-ratelimit-reset']);
  const resourceRaw = headers['x-ratelimit-resource']?.trim();
  const resource = resourceRaw && /^[\w.-]{1,64}$/.test(resourceRaw) ? resourceRaw : 'core';

  let primary: PrimaryRateLimit | undefined;
  if (limit !== undefined || remaining !== undefined || used !== undefined || resetSeconds !== undefined) {
    primary = {
      resource,
      ...(limit !== undefined ? { limit } : {}),
      ...(remaining !== undefined ? { remaining } : {}),
      ...(used !== undefined ? { used } : {}),
      ...(resetSeconds !== undefined ? { resetAt: resetSeconds * 1000 } : {}),
    };
  }

  const arm: ArmRemaining[] = [];
  for (const [header, bucket] of ARM_BUCKET_HEADERS) {
    const value = parseCount(headers[header]);
    if (value !== undefined) {
      arm.push({ bucket, remaining: value });
    }
  }

  const retryAfterMs = parseRetryAfter(headers['retry-after'], nowMs);
  return {
    ...(primary ? { primary } : {}),
    ...(retryAfterMs !== undefined ? { retryAfterMs } : {}),
    arm,
    armResource: parseArmResourceRemaining(headers['x-ms-ratelimit-remaining-resource']),
  };
}

/**
 * ARM sends no limit. Its token buckets hold 250 reads / 200 writes / 200 deletes per
 * principal (refilled 25/s, 10/s, 10/s); the global (cross-region) buckets are 15x that.
 * These are documented ARM defaults, not told by the response, so callers use them only to
 * draw a gauge and drop them when a response shows more remaining than this (the older
 * hourly ARM limits went up to 12,000).
 */
export function inferredArmLimit(bucket: string): number | undefined {
  const base = bucket.endsWith('-reads') ? 250 : bucket.endsWith('-writes') || bucket.endsWith('-deletes') ? 200 : undefined;
  if (base === undefined) {
    return undefined;
  }
  return bucket.includes('-global-') ? base * 15 : base;
}

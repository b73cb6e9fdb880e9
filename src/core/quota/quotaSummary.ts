/**
 * Turns the client's quota state into what people read: one short status-bar text, a severity,
 * and detail rows. VS Code-free so the status bar, the chat participant and the CLI share it.
 */
import type { QuotaSnapshot, QuotaState } from '../http/types';
import { formatCount } from '../text/numbers';

export type QuotaSeverity = 'ok' | 'low' | 'exhausted';

export interface QuotaSummary {
  /** The bucket shown: the most constrained one; absent when only a pause is known (a 429 without quota headers). */
  readonly bucket?: QuotaSnapshot;
  readonly severity: QuotaSeverity;
  /** e.g. "4,812/5,000", "249 left", "0/5,000 · resets in 12:03". No icon. */
  readonly text: string;
  /** Epoch ms of the next moment the text changes by itself (a countdown), if any. */
  readonly countdownUntil?: number;
}

/** Below this share of the limit the quota counts as low (seed 001 gives no threshold: our choice). */
export const LOW_QUOTA_RATIO = 0.1;
/** Without a known limit (ARM token buckets send only "remaining"), this many left counts as low. */
export const LOW_QUOTA_ABSOLUTE = 25;


/** "m:ss" below an hour, "h:mm:ss" above; never negative. */
export function formatCountdown(ms: number): string {
  const total = Math.max(0, Math.ceil(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const ss = String(seconds).padStart(2, '0');
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, '0')}:${ss}` : `${minutes}:${ss}`;
}

/** Share of the bucket left, or undefined without a limit. */
export function remainingRatio(bucket: QuotaSnapshot): number | undefined {
  return bucket.limit && bucket.limit > 0 ? bucket.remaining / bucket.limit : undefined;
}

/** True when the bucket's window has reset since it was observed, so its numbers are outdated. */
function isExpired(bucket: QuotaSnapshot, now: number): boolean {
  return bucket.resetAt !== undefined && bucket.resetAt <= now;
}

export function severityOf(bucket: QuotaSnapshot, now: number): QuotaSeverity {
  if (isExpired(bucket, now)) {
    return 'ok';
  }
  if (bucket.remaining <= 0) {
    return 'exhausted';
  }
  const ratio = remainingRatio(bucket);
  const low = ratio !== undefined ? ratio < LOW_QUOTA_RATIO : bucket.remaining < LOW_QUOTA_ABSOLUTE;
  return low ? 'low' : 'ok';
}

/**
 * The bucket worth showing. A low or exhausted one first (the most constrained: lowest share
 * left, then fewest left). While all are fine, an hourly window (it has a reset time) wins over
 * an ARM token bucket: "244/250" that refills 25 per second tells people nothing, while
 * "4,812/5,000 until 13:00" does.
 */
export function pickBucket(buckets: Iterable<QuotaSnapshot>, now: number): QuotaSnapshot | undefined {
  const rank = (b: QuotaSnapshot): number[] => {
    const severity = severityOf(b, now);
    const weight = severity === 'exhausted' ? 0 : severity === 'low' ? 1 : 2;
    const windowed = severity === 'ok' && b.resetAt === undefined ? 1 : 0;
    return [weight, windowed, remainingRatio(b) ?? 1, b.remaining];
  };
  let best: QuotaSnapshot | undefined;
  let bestRank: number[] | undefined;
  for (const bucket of buckets) {
    const r = rank(bucket);
    if (!bestRank || isBefore(r, bestRank)) {
      best = bucket;
      bestRank = r;
    }
  }
  return best;
}

/**
 * Most constrained first: exhausted, then low, then fine; within that the smallest share left
 * (where the limit is known), then the fewest left. A share, not a count, because the buckets
 * differ in size: 200 of 5,000 left is nearer to running out than 240 of ARM's 250.
 */
export function constraintRank(bucket: QuotaSnapshot, now: number): number[] {
  const severity = severityOf(bucket, now);
  return [severity === 'exhausted' ? 0 : severity === 'low' ? 1 : 2, remainingRatio(bucket) ?? 1, bucket.remaining];
}

export function isBefore(a: readonly number[], b: readonly number[]): boolean {
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    if (x !== y) {
      return x < y;
    }
  }
  return false;
}

export function summarizeQuota(state: QuotaState, now: number): QuotaSummary | undefined {
  const bucket = pickBucket(state.buckets.values(), now);
  if (!bucket) {
    // A wait with no quota headers seen yet is still shown: long waits are never silent.
    if (state.pausedUntil !== undefined && state.pausedUntil > now) {
      return { severity: 'exhausted', text: `waiting ${formatCountdown(state.pausedUntil - now)}`, countdownUntil: state.pausedUntil };
    }
    return undefined;
  }
  const expired = isExpired(bucket, now);
  const remaining = expired && bucket.limit !== undefined ? bucket.limit : bucket.remaining;
  let severity = severityOf(bucket, now);
  let text = bucket.limit !== undefined ? `${formatCount(remaining)}/${formatCount(bucket.limit)}` : `${formatCount(remaining)} left`;
  let countdownUntil: number | undefined;
  if (severity !== 'ok' && bucket.resetAt !== undefined) {
    text += ` · resets in ${formatCountdown(bucket.resetAt - now)}`;
    countdownUntil = bucket.resetAt;
  }
  if (state.pausedUntil !== undefined && state.pausedUntil > now) {
    severity = 'exhausted';
    text += ` · waiting ${formatCountdown(state.pausedUntil - now)}`;
    countdownUntil = Math.min(countdownUntil ?? Number.POSITIVE_INFINITY, state.pausedUntil);
  }
  return countdownUntil === undefined ? { bucket, severity, text } : { bucket, severity, text, countdownUntil };
}

export interface QuotaRow {
  readonly resource: string;
  readonly remaining: string;
  readonly used: string;
  readonly limit: string;
  readonly reset: string;
  readonly source: QuotaSnapshot['source'];
}

/** One row per bucket for tooltips, the quota details list and the chat participant. */
export function quotaRows(state: QuotaState, now: number): QuotaRow[] {
  return [...state.buckets.values()]
    .sort((a, b) => a.resource.localeCompare(b.resource))
    .map((b) => ({
      resource: b.resource,
      remaining: formatCount(b.remaining),
      used: b.used !== undefined ? formatCount(b.used) : '—',
      limit: b.limit !== undefined ? formatCount(b.limit) : '—',
      reset:
        b.resetAt === undefined
          ? 'refills continuously'
          : b.resetAt <= now
            ? 'already reset'
            : `${new Date(b.resetAt).toISOString().replace('.000Z', 'Z')} (in ${formatCountdown(b.resetAt - now)})`,
      source: b.source,
    }));
}

/** A plain-words answer, e.g. for "how much quota do I have left?". */
export function describeQuota(state: QuotaState, now: number): string {
  const summary = summarizeQuota(state, now);
  if (!summary) {
    return 'No quota information yet: the service reports it with the first response, so refresh the events first.';
  }
  const { bucket } = summary;
  if (!bucket) {
    return `No quota information yet, and requests are paused for ${formatCountdown((state.pausedUntil ?? now) - now)}${state.pauseReason ? ` (${state.pauseReason})` : ''}.`;
  }
  const left =
    bucket.limit !== undefined
      ? `${formatCount(bucket.remaining)} of ${formatCount(bucket.limit)} requests left`
      : `${formatCount(bucket.remaining)} requests left`;
  const reset =
    bucket.resetAt !== undefined && bucket.resetAt > now
      ? `; the window resets in ${formatCountdown(bucket.resetAt - now)}`
      : bucket.resetAt === undefined
        ? '; this bucket refills continuously'
        : '';
  const paused =
    state.pausedUntil !== undefined && state.pausedUntil > now
      ? ` Requests are paused for ${formatCountdown(state.pausedUntil - now)}${state.pauseReason ? ` (${state.pauseReason})` : ''}.`
      : '';
  return `${left} on "${bucket.resource}"${reset}.${paused}`;
}

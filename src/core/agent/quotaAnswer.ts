/**
 * get_rate_limit's answer: the buckets that matter (lowest remaining first), a bounded number of
 * them, with how many more there are. The service's own `/rate_limit` body is read into the same
 * rows, never passed through: its categories are the service's to add, without bound. VS Code-free.
 */
import type { QuotaSnapshot, QuotaState } from '../http/types';
import type { RateLimitStatus } from '../model/schemas';
import { describeQuota, quotaRows } from '../quota/quotaSummary';
import { mostConstrained } from '../quota/quotaTooltip';
import type { RateLimitReading } from './source';

/** Buckets shown in one answer; the rest are counted. */
export const QUOTA_BUCKETS_SHOWN = 10;

function iso(ms: number): string {
  return new Date(ms).toISOString();
}

/** The `/rate_limit` categories as buckets, for the ones the response headers have not reported. */
function statusBuckets(status: RateLimitStatus | undefined, now: number): QuotaSnapshot[] {
  if (!status) return [];
  return Object.entries(status.resources).map(([resource, w]) => ({
    resource,
    limit: w.limit,
    remaining: w.remaining,
    ...(typeof w.used === 'number' ? { used: w.used } : {}),
    resetAt: w.reset * 1000,
    observedAt: now,
    source: 'rate_limit' as const,
  }));
}

export function quotaAnswer(reading: RateLimitReading, now: number): Record<string, unknown> {
  const quota = reading.quota;
  const merged = new Map<string, QuotaSnapshot>();
  for (const b of statusBuckets(reading.status, now)) merged.set(b.resource, b);
  // What the headers said is the latest word on a bucket.
  for (const b of quota?.buckets.values() ?? []) merged.set(b.resource, b);
  // The status bar's own order (constraintRank), so the tooltip and the answer name the same buckets.
  const shown = mostConstrained(merged.values(), now, QUOTA_BUCKETS_SHOWN);
  const state: QuotaState = { buckets: new Map(shown.map((b) => [b.resource, b])), requestsSent: quota?.requestsSent ?? 0 };
  const rows = new Map(quotaRows(state, now).map((r) => [r.resource, r]));
  const summaryState: QuotaState | undefined = quota ?? (merged.size > 0 ? { buckets: merged, requestsSent: 0 } : undefined);
  return {
    summary: summaryState ? describeQuota(summaryState, now) : 'No quota information yet: the service reports it with the first response.',
    bucketCount: merged.size,
    buckets: shown.map((b) => rows.get(b.resource)),
    ...(merged.size > shown.length ? { moreBuckets: `and ${merged.size - shown.length} more, each with at least as much left as those shown` } : {}),
    ...(quota?.pausedUntil !== undefined && quota.pausedUntil > now ? { pausedUntil: iso(quota.pausedUntil), pauseReason: quota.pauseReason } : {}),
    requestsSent: quota?.requestsSent ?? 0,
  };
}

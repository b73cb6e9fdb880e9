/**
 * How often auto-refresh runs given the remaining API quota. Pure and VS Code-free.
 * Low quota stretches the interval (x2 below 20% of the limit, x4 below 5%) so the extension
 * never spends the user's last requests on background polling; a paused client waits it out.
 */
import type { QuotaState } from '../http/types';

export function quotaStretchFactor(quota: QuotaState | undefined): number {
  if (!quota) {
    return 1;
  }
  let lowest = 1;
  for (const bucket of quota.buckets.values()) {
    // Buckets without a known limit (ARM token buckets send only "remaining") cannot be judged as a share.
    if (bucket.limit !== undefined && bucket.limit > 0) {
      lowest = Math.min(lowest, bucket.remaining / bucket.limit);
    }
  }
  if (lowest < 0.05) {
    return 4;
  }
  if (lowest < 0.2) {
    return 2;
  }
  return 1;
}

/** Milliseconds until the next automatic refresh, or undefined when auto-refresh is off. */
export function nextRefreshDelay(intervalMinutes: number, quota: QuotaState | undefined, now: number): number | undefined {
  if (!Number.isFinite(intervalMinutes) || intervalMinutes <= 0) {
    return undefined;
  }
  const base = intervalMinutes * 60_000 * quotaStretchFactor(quota);
  const pausedFor = quota?.pausedUntil !== undefined ? Math.max(0, quota.pausedUntil - now) : 0;
  return Math.max(base, pausedFor);
}

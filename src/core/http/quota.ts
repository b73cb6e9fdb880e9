import type { RateLimitStatus } from '../model/schemas';
import { inferredArmLimit, RESOURCE_GRAPH_BUCKET, type RateLimitHeaders } from './rateLimitHeaders';
import type { QuotaSnapshot, QuotaState } from './types';

/** ARM's subscription buckets belong to one subscription: their key names it. */
export function armBucketKey(bucket: string, subscription: string | undefined): string {
  return subscription !== undefined && bucket.startsWith('subscription-') ? `${bucket}/${subscription}` : bucket;
}

export interface Disposable {
  dispose(): void;
}

/**
 * Latest quota snapshot per bucket, the whole-queue pause, and a send counter. Changes update
 * the buckets in place and tell listeners that something changed; the immutable QuotaState is
 * built only when someone reads `current` (once per change at most). Copying the whole map on
 * every answer cost O(buckets) per response: about 0.6 s per refresh of 1,000 subscriptions.
 */
export class QuotaTracker {
  private readonly buckets = new Map<string, QuotaSnapshot>();
  private requestsSent = 0;
  private pause: { readonly until: number; readonly reason?: string } | undefined;
  private snapshot: QuotaState | undefined;
  private readonly listeners = new Set<() => void>();

  get current(): QuotaState {
    this.snapshot ??= {
      buckets: new Map(this.buckets),
      requestsSent: this.requestsSent,
      ...(this.pause ? { pausedUntil: this.pause.until, ...(this.pause.reason ? { pauseReason: this.pause.reason } : {}) } : {}),
    };
    return this.snapshot;
  }

  /** Listeners learn that the state changed; they read `current` when (and if) they need it. */
  onDidChange(listener: () => void): Disposable {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  bucket(name: string): QuotaSnapshot | undefined {
    return this.buckets.get(name);
  }

  countSend(): void {
    this.requestsSent++;
    this.changed();
  }

  setPause(until: number | undefined, reason?: string): void {
    this.pause = until === undefined ? undefined : { until, ...(reason ? { reason } : {}) };
    this.changed();
  }

  /**
   * Records what one response's headers say; returns the names of the buckets it touched.
   * `subscription` is the one the request was for, which ARM's subscription buckets belong to.
   */
  recordHeaders(parsed: RateLimitHeaders, now: number, subscription?: string): string[] {
    const snapshots: QuotaSnapshot[] = [];
    const p = parsed.primary;
    // A bucket is only worth recording when we know what is left in it.
    if (p?.remaining !== undefined) {
      snapshots.push({
        resource: p.resource,
        remaining: p.remaining,
        ...(p.limit !== undefined ? { limit: p.limit } : {}),
        ...(p.used !== undefined ? { used: p.used } : {}),
        ...(p.resetAt !== undefined ? { resetAt: p.resetAt } : {}),
        observedAt: now,
        source: 'headers',
      });
    }
    const u = parsed.userQuota;
    if (u) {
      // Resource Graph names no limit; its documented default is 15 queries per 5 s.
      snapshots.push({ resource: RESOURCE_GRAPH_BUCKET, remaining: u.remaining, ...(u.resetAt !== undefined ? { resetAt: u.resetAt } : {}), observedAt: now, source: 'headers' });
    }
    for (const a of parsed.arm) {
      // ARM token buckets have no reset and no limit header; see inferredArmLimit.
      const limit = inferredArmLimit(a.bucket);
      snapshots.push({
        resource: armBucketKey(a.bucket, subscription),
        remaining: a.remaining,
        ...(limit !== undefined && a.remaining <= limit ? { limit } : {}),
        observedAt: now,
        source: 'headers',
      });
    }
    for (const r of parsed.armResource) {
      snapshots.push({ resource: r.policy, remaining: r.remaining, observedAt: now, source: 'headers' });
    }
    this.putAll(snapshots);
    return snapshots.map((s) => s.resource);
  }

  /**
   * Feeds a `GET /rate_limit` body (seed 001); `rate` is only used when `resources.core` is
   * missing. Its reset times are on the service's clock, `skewMs` ahead of ours.
   */
  applyRateLimitStatus(status: RateLimitStatus, now: number, skewMs = 0): string[] {
    const entries = Object.entries(status.resources);
    if (status.rate && !('core' in status.resources)) {
      entries.push(['core', status.rate]);
    }
    const snapshots: QuotaSnapshot[] = entries.map(([resource, w]) => ({
      resource,
      limit: w.limit,
      remaining: w.remaining,
      ...(typeof w.used === 'number' ? { used: w.used } : {}),
      resetAt: w.reset * 1000 - skewMs,
      observedAt: now,
      source: 'rate_limit',
    }));
    this.putAll(snapshots);
    return snapshots.map((s) => s.resource);
  }

  private putAll(snapshots: readonly QuotaSnapshot[]): void {
    if (snapshots.length === 0) {
      return;
    }
    for (const snap of snapshots) {
      this.buckets.set(snap.resource, snap);
    }
    this.changed();
  }

  private changed(): void {
    this.snapshot = undefined;
    for (const listener of [...this.listeners]) {
      try {
        listener();
      } catch {
        // A faulty listener must not break requests.
      }
    }
  }
}

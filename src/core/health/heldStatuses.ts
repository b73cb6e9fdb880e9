/**
 * What the Resources view holds once loaded, without VS Code: the statuses by subscription, the
 * error rows, and which subscriptions' statuses are only the cache's (unknown, not current, until
 * listed again; a failed listing turns them into an error row). Why: docs/architecture.md#health-healthload
 */
import type { SubscriptionStatuses } from '../api/availabilityApi';
import { resourceIdOf, subscriptionOfResource, type AvailabilityStatus } from '../model/availability';
import { errorText } from '../text/errorText';
import { ResourceHealthStore } from './healthStore';
import type { HealthBaseline, HealthRow } from './healthRows';

export interface SubscriptionError {
  readonly subscriptionId: string;
  readonly message: string;
}

/** The cached listing as core/cache reads it back (its CachedHealth). */
export interface RestoredListing {
  readonly statuses: readonly AvailabilityStatus[];
  readonly listing: { readonly subscriptions: readonly string[] };
}

export class HeldStatuses {
  readonly store = new ResourceHealthStore();
  /** Subscriptions (lower case) whose statuses held are the cache's: not listed since they were restored. */
  private readonly cached = new Set<string>();
  private errorRows: SubscriptionError[] = [];
  private listed: readonly string[] = [];

  /** The subscriptions that failed in the last listing, one error row each. */
  get errors(): readonly SubscriptionError[] {
    return this.errorRows;
  }

  /** Every subscription the statuses were listed (or cached) for, answered or failed. */
  get subscriptions(): readonly string[] {
    return this.listed;
  }

  /** True while any statuses held are the cache's. */
  get fromCache(): boolean {
    return this.cached.size > 0;
  }

  /** True while this subscription's statuses are the cache's (restored, not listed since). */
  isFromCache(subscriptionId: string): boolean {
    return this.cached.has(subscriptionId.toLowerCase());
  }

  /** Holds the cache's statuses instead of anything held, every subscription of them marked as the cache's. */
  restore(cached: RestoredListing): void {
    this.clear();
    for (const [subscriptionId, statuses] of bySubscription(cached.statuses)) {
      this.store.merge(subscriptionId, statuses);
      this.cached.add(subscriptionId);
    }
    for (const subscriptionId of cached.listing.subscriptions) {
      this.cached.add(subscriptionId.toLowerCase());
    }
    this.listed = cached.listing.subscriptions;
  }

  /**
   * Puts a listing in: a failed subscription's statuses go (its row says why), a full listing
   * replaces, changes only are merged; each listed subscription is current from now on, and those
   * not listed are dropped. Each costs what was listed, not what is held. Returns the rows that
   * turned Unavailable or Degraded against `baseline`.
   */
  apply(results: readonly SubscriptionStatuses[], changesOnly: ReadonlySet<string>, baseline: HealthBaseline): HealthRow[] {
    const errors: SubscriptionError[] = [];
    const turned: HealthRow[] = [];
    const ids = results.map((r) => r.subscriptionId);
    this.store.keepOnly(ids);
    const keep = new Set(ids.map((id) => id.toLowerCase()));
    for (const key of [...this.cached]) {
      if (!keep.has(key)) this.cached.delete(key);
    }
    for (const r of results) {
      const key = r.subscriptionId.toLowerCase();
      this.cached.delete(key);
      if (r.error) {
        this.store.remove(r.subscriptionId);
        errors.push({ subscriptionId: r.subscriptionId, message: errorText(r.error) });
      } else if (changesOnly.has(key)) {
        this.store.merge(r.subscriptionId, r.statuses);
        for (const row of baseline.merge(r.subscriptionId, r.statuses)) turned.push(row);
      } else {
        this.store.replace(r.subscriptionId, r.statuses);
        for (const row of baseline.update(r.subscriptionId, r.statuses)) turned.push(row);
      }
    }
    this.errorRows = errors;
    this.listed = ids;
    return turned;
  }

  clear(): void {
    this.store.clear();
    this.cached.clear();
    this.errorRows = [];
    this.listed = [];
  }
}

/** Statuses by the subscription their resource id names, lower case (one pass). */
function bySubscription(statuses: readonly AvailabilityStatus[]): Map<string, AvailabilityStatus[]> {
  const out = new Map<string, AvailabilityStatus[]>();
  for (const status of statuses) {
    const key = subscriptionOfResource(resourceIdOf(status) ?? '')?.toLowerCase() ?? '';
    const list = out.get(key) ?? [];
    list.push(status);
    out.set(key, list);
  }
  return out;
}

/**
 * What the Resources view holds once loaded, without VS Code: the statuses by subscription, the
 * error rows, and which subscriptions' statuses are only the cache's (unknown, not current, until
 * listed again; a failed listing turns them into an error row). Why: docs/architecture.md#health-healthload
 */
import type { SubscriptionStatuses } from '../api/availabilityApi';
import { resourceIdOf, subscriptionOfResource, type AvailabilityStatus } from '../model/availability';
import { Slicer } from '../text/slices';
import { applyListing } from './healthApply';
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
   * Puts a listing in, in slices that yield (healthApply.ts): failed subscriptions become error rows,
   * a full listing replaces, changes only merge, and every listed subscription is current from now
   * on. Returns the rows that turned Unavailable or Degraded; undefined when a newer listing
   * superseded it (that listing finishes the job).
   */
  async apply(results: readonly SubscriptionStatuses[], changesOnly: ReadonlySet<string>, baseline: HealthBaseline, slicer: Slicer = new Slicer()): Promise<HealthRow[] | undefined> {
    const applied = await applyListing(this.store, baseline, results, changesOnly, slicer);
    if (!applied) {
      return undefined;
    }
    // Every listed subscription is current now (failed ones are error rows); those not listed were dropped.
    this.cached.clear();
    this.errorRows = applied.errors;
    this.listed = results.map((r) => r.subscriptionId);
    return applied.turned;
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

/**
 * Where the resource health tools read statuses from, so a model paging through an answer costs no
 * new listing: the statuses the Resources view holds when they cover the question (VS Code), else
 * one listing (Resource Graph from the threshold on) kept for a few minutes. Why: docs/architecture.md#agent-availabilitysource
 */
import type { AvailabilityApi, SubscriptionStatuses } from '../api/availabilityApi';
import { listAvailability } from '../api/availabilityListing';
import type { ResourceGraphApi } from '../api/resourceGraphApi';
import { resourceIdOf, subscriptionOfResource, type AvailabilityStatus } from '../model/availability';

/** A listing is reused this long: long enough to page through an answer, short enough to stay current. */
export const LISTING_KEPT_MS = 3 * 60_000;

/** What the Resources view holds: the statuses, the subscriptions it listed and those that failed. */
export interface HeldHealth {
  readonly statuses: readonly AvailabilityStatus[];
  /** Every subscription the held listing asked for (answered or failed). */
  readonly subscriptions: readonly string[];
  readonly errors: readonly { readonly subscriptionId: string; readonly message: string }[];
  /** Restored from the cache and not listed since: not current, so never an answer. */
  readonly fromCache?: boolean;
}

/** The held statuses per asked subscription; undefined when they do not cover every asked subscription. */
export function heldAvailability(held: HeldHealth | undefined, asked: readonly string[]): SubscriptionStatuses[] | undefined {
  if (!held || held.fromCache) return undefined;
  const listed = new Set(held.subscriptions.map((s) => s.toLowerCase()));
  if (asked.length === 0 || !asked.every((s) => listed.has(s.toLowerCase()))) return undefined;
  const bySubscription = new Map<string, AvailabilityStatus[]>(asked.map((s) => [s.toLowerCase(), []]));
  for (const status of held.statuses) {
    bySubscription.get(subscriptionOfResource(resourceIdOf(status) ?? '')?.toLowerCase() ?? '')?.push(status);
  }
  const failed = new Map(held.errors.map((e) => [e.subscriptionId.toLowerCase(), e.message]));
  return asked.map((subscriptionId) => {
    const message = failed.get(subscriptionId.toLowerCase());
    const statuses = bySubscription.get(subscriptionId.toLowerCase()) ?? [];
    return message === undefined ? { subscriptionId, statuses } : { subscriptionId, statuses, error: new Error(message) };
  });
}

/** One listing per set of subscriptions, kept LISTING_KEPT_MS on the given clock; a failed listing is not kept. */
export class KeptListings<T> {
  private readonly kept = new Map<string, { at: number; value: Promise<T> }>();

  constructor(private readonly now: () => number, private readonly keptMs = LISTING_KEPT_MS) {}

  get(subscriptionIds: readonly string[], list: () => Promise<T>): Promise<T> {
    const key = [...new Set(subscriptionIds.map((s) => s.toLowerCase()))].sort().join(',');
    const now = this.now();
    for (const [k, entry] of this.kept) {
      if (now - entry.at >= this.keptMs) this.kept.delete(k);
    }
    const found = this.kept.get(key);
    if (found) return found.value;
    const value = list();
    this.kept.set(key, { at: now, value });
    value.catch(() => {
      if (this.kept.get(key)?.value === value) this.kept.delete(key);
    });
    return value;
  }
}

export interface ListingSourceOptions {
  readonly api: Pick<AvailabilityApi, 'listForSubscriptions'>;
  /** Resource Graph; without it every subscription is listed on its own. */
  readonly graph?: Pick<ResourceGraphApi, 'batches' | 'listAvailabilityBatch' | 'subscriptionsInScope'>;
  /** Subscriptions from which Resource Graph is used (0 never). */
  readonly threshold: () => number;
  readonly now: () => number;
}

/** listAvailability for the tools: Resource Graph above the threshold, each listing kept a few minutes. */
export function keptAvailabilityListing(o: ListingSourceOptions): (subscriptionIds: readonly string[], signal?: AbortSignal) => Promise<SubscriptionStatuses[]> {
  const kept = new KeptListings<SubscriptionStatuses[]>(o.now);
  return (subscriptionIds, signal) =>
    kept.get(subscriptionIds, async () => {
      if (!o.graph) return o.api.listForSubscriptions(subscriptionIds, signal ? { signal } : {});
      const outcome = await listAvailability({ api: o.api, graph: o.graph, threshold: o.threshold(), ...(signal ? { signal } : {}) }, subscriptionIds);
      return outcome.results;
    });
}

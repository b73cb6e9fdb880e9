/**
 * A resource health listing put into the Resources view's store and its notifications' baseline,
 * one subscription at a time in slices that yield (issue 32: 100,000 statuses in one task blocked
 * the extension host 0.8 s). The view (ui/resources/resourceHealthView.ts) and bench/estate.mjs
 * both run this, so the bench measures what the product does.
 */
import type { SubscriptionStatuses } from '../api/availabilityApi';
import { errorText } from '../text/errorText';
import { Slicer } from '../text/slices';
import type { HealthBaseline, HealthRow } from './healthRows';
import type { ResourceHealthStore } from './healthStore';

export interface AppliedListing {
  /** The subscriptions that failed, each with its one-sentence error. */
  readonly errors: { subscriptionId: string; message: string }[];
  /** The rows that turned Unavailable or Degraded since the previous listing. */
  readonly turned: HealthRow[];
}

/**
 * Puts a listing into the store: subscriptions not listed and failed ones are forgotten (a failed
 * one's row says why), a full listing replaces, changes only (`changesOnly`, lower case) are
 * merged; each costs what was listed. Then builds the view's flat list in slices too. Undefined
 * when superseded (a newer listing or a sign-out).
 */
export async function applyListing(
  store: ResourceHealthStore,
  baseline: HealthBaseline,
  results: readonly SubscriptionStatuses[],
  changesOnly: ReadonlySet<string>,
  slicer: Slicer = new Slicer(),
): Promise<AppliedListing | undefined> {
  const listed = new Set(results.map((r) => r.subscriptionId.toLowerCase()));
  for (const held of store.subscriptions()) {
    if (!listed.has(held)) {
      if (!(await slicer.pace())) return undefined;
      store.remove(held);
    }
  }
  const errors: { subscriptionId: string; message: string }[] = [];
  const turned: HealthRow[] = [];
  for (const r of results) {
    if (!(await slicer.pace())) return undefined;
    if (r.error) {
      store.remove(r.subscriptionId);
      errors.push({ subscriptionId: r.subscriptionId, message: errorText(r.error) });
    } else if (changesOnly.has(r.subscriptionId.toLowerCase())) {
      store.merge(r.subscriptionId, r.statuses);
      for (const row of baseline.merge(r.subscriptionId, r.statuses)) turned.push(row);
    } else {
      store.replace(r.subscriptionId, r.statuses);
      for (const row of baseline.update(r.subscriptionId, r.statuses)) turned.push(row);
    }
  }
  return (await store.settle(slicer)) ? { errors, turned } : undefined;
}

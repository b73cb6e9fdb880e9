/** Availability of many subscriptions: Resource Graph from a threshold on, per subscription below it or when it fails. Why: docs/architecture.md#api-availabilitylisting */
import type { AvailabilityApi, SubscriptionStatuses } from './availabilityApi';
import { ApiError } from './errors';
import type { ListingRoute } from './resourceGraphListing';
import { NOT_IN_SCOPE_CODE } from './resourceGraphListing';
import type { ResourceGraphApi } from './resourceGraphApi';
import { ImpactedIndex } from './impactedIndex';
import { errorText } from '../text/errorText';
import { append } from '../text/lists';
import { Slicer } from '../text/slices';

/** serviceHealth.resourceGraphThreshold's default, and the MCP server's: from 10 subscriptions on, Resource Graph. */
export const DEFAULT_RESOURCE_GRAPH_THRESHOLD = 10;

export interface AvailabilityListingOptions {
  readonly api: Pick<AvailabilityApi, 'listForSubscriptions'>;
  readonly graph: Pick<ResourceGraphApi, 'batches' | 'listAvailabilityBatch' | 'subscriptionsInScope'>;
  /** Subscriptions from which Resource Graph is used (serviceHealth.resourceGraphThreshold); 0 or less never. */
  readonly threshold: number;
  /** Through Resource Graph, ask only for statuses changed at or after this time (see core/health/healthLoad.ts). */
  readonly since?: Date;
  readonly signal?: AbortSignal;
  readonly log?: (line: string) => void;
}

export interface AvailabilityOutcome {
  readonly results: SubscriptionStatuses[];
  readonly via: ListingRoute;
  /** Why Resource Graph was not (fully) used, one sentence; undefined when it answered all or was not tried. */
  readonly fallbackReason?: string;
  /** The subscriptions Resource Graph left out: their health is unknown, never "all healthy". */
  readonly leftOut: string[];
  readonly skippedRows: number;
  /** The subscriptions whose `statuses` are only the changes since `since` (merge them into those held); the others are in full. */
  readonly changesOnly: string[];
}

/** The error of a subscription Resource Graph left out: named, and never read as healthy. */
export function leftOutError(): ApiError {
  return new ApiError(
    'Resource Graph left this subscription out, as it does for subscriptions your account cannot read, so the health of its resources is unknown, not healthy; ask an administrator for at least the Reader role, or pick another subscription.',
    { status: 403, code: NOT_IN_SCOPE_CODE, operation: 'listAvailabilityStatuses' },
  );
}

/**
 * A batch's rows per subscription, with the left-out ones (no rows and out of scope) carrying
 * leftOutError. Asking for changes only, no rows may be "nothing changed" or "access revoked":
 * the scope query (one per batch) tells them apart, so a dropped subscription never keeps its old health.
 */
async function graphBatch(o: AvailabilityListingOptions, batch: readonly string[]): Promise<{ results: SubscriptionStatuses[]; skipped: number }> {
  const found = await o.graph.listAvailabilityBatch(batch, o.signal, o.since);
  const silent = [...found.bySubscription.values()].some((rows) => rows.length === 0);
  const inScope = silent ? await o.graph.subscriptionsInScope(batch, o.signal) : new Set<string>();
  const results = [...found.bySubscription].map(([subscriptionId, statuses]) =>
    statuses.length > 0 || inScope.has(subscriptionId) ? { subscriptionId, statuses } : { subscriptionId, statuses, error: leftOutError() },
  );
  return { results, skipped: found.skipped };
}

export async function listAvailability(o: AvailabilityListingOptions, subscriptionIds: readonly string[]): Promise<AvailabilityOutcome> {
  const unique = [...new Set(subscriptionIds)];
  if (o.threshold <= 0 || unique.length < o.threshold) {
    return { results: await o.api.listForSubscriptions(unique, { signal: o.signal }), via: 'subscriptions', leftOut: [], skippedRows: 0, changesOnly: [] };
  }
  const changesOnly: string[] = [];
  const byId = new Map<string, SubscriptionStatuses>();
  const batches = o.graph.batches(unique);
  let graphBatches = 0;
  let skippedRows = 0;
  let reason: string | undefined;
  await Promise.all(
    batches.map(async (batch) => {
      try {
        const { results, skipped } = await graphBatch(o, batch);
        graphBatches++;
        skippedRows += skipped;
        if (o.since !== undefined) {
          append(changesOnly, batch);
        }
        results.forEach((r) => byId.set(r.subscriptionId, r));
      } catch (error) {
        if (o.signal?.aborted) {
          throw error;
        }
        reason ??= `Resource Graph could not list resource health (${errorText(error)}); listed each subscription instead.`;
        o.log?.(`Resource Graph: a batch of ${batch.length} subscription(s) failed (${errorText(error)}); listing them one by one.`);
        (await o.api.listForSubscriptions(batch, { signal: o.signal })).forEach((r) => byId.set(r.subscriptionId, r));
      }
    }),
  );
  const results = unique.map((id) => byId.get(id) ?? { subscriptionId: id, statuses: [] });
  return {
    results,
    via: graphBatches === batches.length ? 'resourceGraph' : graphBatches === 0 ? 'subscriptions' : 'mixed',
    leftOut: results.filter((r) => r.error instanceof ApiError && r.error.code === NOT_IN_SCOPE_CODE).map((r) => r.subscriptionId),
    skippedRows,
    changesOnly,
    ...(reason !== undefined ? { fallbackReason: reason } : {}),
  };
}

/**
 * Every event's impacted resources across the subscriptions, indexed by incident then subscription,
 * and the subscriptions left out. The rows are indexed in slices that yield (issue 32: a 60,000-row
 * incident in one pass blocked the thread 0.24 s); an abort stops it at the next slice.
 */
export async function impactedResourcesByEvent(
  graph: Pick<ResourceGraphApi, 'batches' | 'listImpactedResourcesBatch' | 'subscriptionsInScope'>,
  subscriptionIds: readonly string[],
  signal?: AbortSignal,
  index: ImpactedIndex = new ImpactedIndex(),
  slicer: Slicer = new Slicer(),
): Promise<{ byEvent: ImpactedIndex; leftOut: string[] }> {
  const leftOut: string[] = [];
  for (const batch of graph.batches(subscriptionIds)) {
    const found = await graph.listImpactedResourcesBatch(batch, signal);
    const silent = [...found.bySubscription].filter(([, rows]) => rows.length === 0).map(([id]) => id);
    const inScope = silent.length > 0 ? await graph.subscriptionsInScope(batch, signal) : new Set<string>();
    append(leftOut, silent.filter((id) => !inScope.has(id)));
    for (const [subscriptionId, rows] of found.bySubscription) {
      for (const row of rows) {
        if (slicer.due()) {
          await slicer.next();
          signal?.throwIfAborted();
        }
        index.add(row.trackingId, subscriptionId, row.resource);
      }
    }
  }
  return { byEvent: index, leftOut };
}

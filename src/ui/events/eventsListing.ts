/** One refresh's requests and its log line, for the events controller (see EventsController.load). */
import type { EventsStore, RefreshOutcome, SubscriptionFetchResult } from '../../core/events/eventsStore';
import type { Connection } from '../connection/connectionManager';
import type { EventsRoute } from './eventsRoute';
import { append } from '../../core/text/lists';

/** Subscriptions that share a start time go in one call (usually all of them). */
export function groupByStart(store: EventsStore, subscriptionIds: readonly string[], windowStart: number, full: boolean): Map<number, string[]> {
  const byStart = new Map<number, string[]>();
  for (const id of subscriptionIds) {
    const start = store.planQueryStart(id, windowStart, { full });
    byStart.set(start, [...(byStart.get(start) ?? []), id]);
  }
  return byStart;
}

/** Lists every group of subscriptions from its start time, each result tagged with that time. */
export async function listGroups(route: EventsRoute, connection: Connection, byStart: ReadonlyMap<number, string[]>, signal: AbortSignal): Promise<SubscriptionFetchResult[]> {
  const results: SubscriptionFetchResult[] = [];
  await Promise.all(
    [...byStart].map(async ([start, ids]) => {
      const listed = await route.list(connection, ids, { queryStartTime: new Date(start), signal });
      append(results, listed.map((r) => ({ ...r, queryStartTime: start })));
    }),
  );
  return results;
}

/** The log line of a finished refresh. */
export function refreshSummary(subscriptions: number, results: readonly SubscriptionFetchResult[], held: number, outcome: RefreshOutcome): string {
  const loaded = results.filter((r) => !r.error).reduce((n, r) => n + r.events.length, 0);
  return (
    `Refreshed ${subscriptions} subscription(s): ${loaded} event(s) received, ${held} held` +
    (outcome.failures.length > 0 ? `, ${outcome.failures.length} failed` : '') +
    (outcome.skipped > 0 ? `, ${outcome.skipped} without a tracking id skipped` : '') +
    '.'
  );
}

/** A failed load as one sentence: the API layer's errors already are one; `fallback` (translated by the caller) for the rest. */
export function loadFailureText(error: unknown, fallback = 'Loading events failed; try Refresh again.'): string {
  return error instanceof Error && error.message ? error.message : fallback;
}

/** The selection as the refresh queue compares it: ids are case-insensitive, their order does not matter. */
export function selectionScope(ids: readonly string[]): string {
  return ids.map((id) => id.toLowerCase()).sort().join(',');
}

/**
 * One way of counting. The service lists the same incident (same tracking id) once per affected
 * subscription; the tree, the view badge, notifications, filter notes and query previews all count
 * incidents, so three copies of one outage are one everywhere.
 */
import type { ImpactedCount } from '../query/queryFacts';
import { isActive, type StoredEvent } from './eventFacts';

/** The incident key of a tracking id: tracking ids compare case-insensitively. */
export function incidentKey(trackingId: string): string {
  return trackingId.toUpperCase();
}

/** Number of distinct incidents among the events (copies for several subscriptions count once). */
export function countIncidents(events: Iterable<Pick<StoredEvent, 'trackingId'>>): number {
  const keys = new Set<string>();
  for (const e of events) {
    keys.add(incidentKey(e.trackingId));
  }
  return keys.size;
}

/** The first copy of each incident, in listing order. */
export function firstCopies<T extends Pick<StoredEvent, 'trackingId'>>(events: Iterable<T>): T[] {
  const byKey = new Map<string, T>();
  for (const e of events) {
    const key = incidentKey(e.trackingId);
    if (!byKey.has(key)) {
      byKey.set(key, e);
    }
  }
  return [...byKey.values()];
}

/** How many active incidents are asked for their impacted resources at once (one request per subscription copy). */
export const MAX_EVENTS_ASKED = 10;

/**
 * The active incidents to ask about (`@health which of my resources are affected?`, a query
 * reading impacted resources), in the held (priority) order, at most `max`; those already known to
 * affect none are skipped. `active` counts every candidate, for "asked N of M".
 */
export function eventsToAsk(events: readonly StoredEvent[], impactedCount: ImpactedCount | undefined, max = MAX_EVENTS_ASKED): { asked: StoredEvent[]; active: number } {
  const active = firstCopies(events.filter((e) => isActive(e.event) && impactedCount?.(e.event) !== 0));
  return { asked: active.slice(0, Math.max(1, max)), active: active.length };
}

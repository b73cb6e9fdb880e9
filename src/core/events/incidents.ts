/**
 * One way of counting. The service lists the same incident (same tracking id) once per affected
 * subscription; the tree, the view badge, notifications, filter notes and query previews all count
 * incidents, so three copies of one outage are one everywhere.
 */
import type { StoredEvent } from './eventFacts';

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


import { parseServiceTime, trackingIdOf, type HealthEvent } from '../model/eventModel';
import type { SortKey } from './types';

type Comparator = (a: HealthEvent, b: HealthEvent) => number;

/** Present values first; then ascending or descending. */
function by(read: (e: HealthEvent) => number | undefined, direction: 1 | -1): Comparator {
  return (a, b) => {
    const x = read(a);
    const y = read(b);
    if (x === undefined || y === undefined) return x === y ? 0 : x === undefined ? 1 : -1;
    return (x - y) * direction;
  };
}

const priority = by((e) => e.properties?.priority ?? undefined, 1);
const lastUpdate = by((e) => parseServiceTime(e.properties?.lastUpdateTime), -1);
const impactStart = by((e) => parseServiceTime(e.properties?.impactStartTime), 1);
const trackingId: Comparator = (a, b) => (trackingIdOf(a) ?? '').localeCompare(trackingIdOf(b) ?? '');

const ORDERS: Record<SortKey, readonly Comparator[]> = {
  // Seed: priority 0 is the highest; newest first among equals.
  priority: [priority, lastUpdate, trackingId],
  lastUpdate: [lastUpdate, priority, trackingId],
  // Chronological, like a calendar: the soonest (planned) impact first.
  impactStart: [impactStart, priority, trackingId],
};

/**
 * Returns a sorted copy. Missing values sort last; ties end on the tracking id so the order is
 * the same on every refresh.
 */
export function sortEvents(events: readonly HealthEvent[], sort: SortKey = 'priority'): HealthEvent[] {
  const comparators = ORDERS[sort] ?? ORDERS.priority;
  return [...events].sort((a, b) => {
    for (const compare of comparators) {
      const c = compare(a, b);
      if (c !== 0) return c;
    }
    return 0;
  });
}

/**
 * Impacted resources listed through Resource Graph, indexed once per listing by incident (tracking
 * id, upper case) then subscription (lower case): each held event copy takes its own list by two
 * lookups. Rows are pushed, never copied (review H4: an array copy per row and a filter per event
 * copy took 21 s for a 60,000-row incident, precisely while a large outage is on).
 */
import type { ImpactedResource } from '../model/eventResources';

export class ImpactedIndex {
  private readonly byIncident = new Map<string, Map<string, ImpactedResource[]>>();
  private rows = 0;

  /** Called once per row added and once per lookup: tests count the work. */
  constructor(private readonly visit: () => void = () => undefined) {}

  add(trackingId: string, subscriptionId: string, resource: ImpactedResource): void {
    this.visit();
    const incident = trackingId.toUpperCase();
    let bySubscription = this.byIncident.get(incident);
    if (!bySubscription) {
      bySubscription = new Map();
      this.byIncident.set(incident, bySubscription);
    }
    const key = subscriptionId.toLowerCase();
    const list = bySubscription.get(key);
    if (list) {
      list.push(resource);
    } else {
      bySubscription.set(key, [resource]);
    }
    this.rows++;
  }

  /** The incident's resources in one subscription (the rows of that event copy); empty when none. */
  of(trackingId: string, subscriptionId: string): ImpactedResource[] {
    this.visit();
    // The list itself, not a copy: the store keeps it as the event copy's rows.
    return this.byIncident.get(trackingId.toUpperCase())?.get(subscriptionId.toLowerCase()) ?? [];
  }

  /** Incidents with at least one resource. */
  get incidents(): number {
    return this.byIncident.size;
  }

  /** Rows held, over every incident and subscription. */
  get size(): number {
    return this.rows;
  }

  /** Every (incident, subscription, resource), for tests and logs. */
  *entries(): IterableIterator<{ trackingId: string; subscriptionId: string; resource: ImpactedResource }> {
    for (const [trackingId, bySubscription] of this.byIncident) {
      for (const [subscriptionId, list] of bySubscription) {
        for (const resource of list) yield { trackingId, subscriptionId, resource };
      }
    }
  }
}

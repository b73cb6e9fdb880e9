/**
 * The current health of resources by ARM id, for rows that name a resource elsewhere (an event's
 * impacted resources in the tree and the details panel), and the merge of an incremental listing
 * into the statuses held. A resource no status names has no health here: unknown, never "healthy".
 */
import { healthTime, occurredTimeOf, resourceIdOf, stateOf, type AvailabilityStatus } from '../model/availability';

export interface ResourceHealthMark {
  /** The state as received (Available, Unavailable, Degraded, Unknown, or a later one). */
  readonly state: string;
  /** When the state began (ms), when known. */
  readonly since?: number;
  readonly summary?: string;
}

export class HealthIndex {
  private readonly byId = new Map<string, ResourceHealthMark>();

  constructor(statuses: readonly AvailabilityStatus[]) {
    for (const status of statuses) {
      const id = resourceIdOf(status);
      const state = stateOf(status);
      // A status without a state is an impacting event of a history, not the resource's current health.
      if (id && state) {
        const since = healthTime(occurredTimeOf(status));
        const summary = status.properties?.summary ?? undefined;
        this.byId.set(id.toLowerCase(), { state, ...(since !== undefined ? { since } : {}), ...(summary ? { summary } : {}) });
      }
    }
  }

  get size(): number {
    return this.byId.size;
  }

  /** The resource's health; undefined when no status names it (not listed, its subscription failed or was left out). */
  of(resourceId: string | undefined): ResourceHealthMark | undefined {
    return resourceId ? this.byId.get(resourceId.trim().toLowerCase()) : undefined;
  }
}

/** The statuses held with the changed ones in place of those of the same resource (ARM ids compare case-insensitively), new ones after. */
export function mergeStatuses(held: readonly AvailabilityStatus[], changed: readonly AvailabilityStatus[]): AvailabilityStatus[] {
  const key = (s: AvailabilityStatus): string | undefined => resourceIdOf(s)?.toLowerCase();
  const byId = new Map<string, AvailabilityStatus>();
  for (const s of changed) {
    const k = key(s);
    if (k) {
      byId.set(k, s);
    }
  }
  const merged = held.map((s) => {
    const k = key(s);
    const next = k ? byId.get(k) : undefined;
    if (k && next) {
      byId.delete(k);
      return next;
    }
    return s;
  });
  return [...merged, ...byId.values()];
}

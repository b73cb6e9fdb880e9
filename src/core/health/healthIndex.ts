/**
 * The current health of resources by ARM id, for rows that name a resource elsewhere (an event's
 * impacted resources in the tree and the details panel); the Resources view holds its statuses in
 * core/health/healthStore.ts. A resource no status names has no health here: unknown, never "healthy".
 */
import { healthTime, occurredTimeOf, resourceIdOf, stateOf, type AvailabilityStatus } from '../model/availability';

export interface ResourceHealthMark {
  /** The state as received (Available, Unavailable, Degraded, Unknown, or a later one). */
  readonly state: string;
  /** When the state began (ms), when known. */
  readonly since?: number;
  readonly summary?: string;
}

/** A status's health mark; undefined without a state (an impacting event of a history, not the resource's current health). */
export function resourceHealthMarkOf(status: AvailabilityStatus): ResourceHealthMark | undefined {
  const state = stateOf(status);
  if (!state) {
    return undefined;
  }
  const since = healthTime(occurredTimeOf(status));
  const summary = status.properties?.summary ?? undefined;
  return { state, ...(since !== undefined ? { since } : {}), ...(summary ? { summary } : {}) };
}

export class HealthIndex {
  private readonly byId = new Map<string, ResourceHealthMark>();

  constructor(statuses: readonly AvailabilityStatus[]) {
    for (const status of statuses) {
      const id = resourceIdOf(status);
      const mark = resourceHealthMarkOf(status);
      if (id && mark) {
        this.byId.set(id.toLowerCase(), mark);
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

/** The sample estate, built per subscription on first use and kept (the events never change). */
import type { AvailabilityStatus } from '../model/availability';
import { subKey, type EventStore } from './eventStore';
import { estateResources, type EstateResource } from './estateResources';
import { currentStatus, statusHistory } from './estateStatuses';
import { error, param } from './replies';
import type { Reply } from './types';

export class SampleEstate {
  private readonly resources = new Map<string, { list: EstateResource[]; byId: Map<string, EstateResource>; statuses: AvailabilityStatus[] }>();

  /** `now`: the time statuses are reported at (the service's start, so answers are stable). */
  constructor(
    private readonly store: EventStore,
    private readonly seed: number,
    private readonly now: number,
  ) {}

  /** Whether the service serves this subscription. */
  serves(subscriptionId: string): boolean {
    return this.store.bySubscription.has(subKey(subscriptionId));
  }

  private of(subscriptionId: string) {
    const key = subKey(subscriptionId);
    let entry = this.resources.get(key);
    if (!entry) {
      const list = estateResources(this.store, subscriptionId, this.seed);
      entry = { list, byId: new Map(list.map((r) => [r.id.toLowerCase(), r])), statuses: list.map((r) => currentStatus(r, this.seed, this.now)) };
      this.resources.set(key, entry);
    }
    return entry;
  }

  /** The current status of every resource of the subscription, in a stable order. */
  statuses(subscriptionId: string): readonly AvailabilityStatus[] {
    return this.serves(subscriptionId) ? this.of(subscriptionId).statuses : [];
  }

  resourcesOf(subscriptionId: string): readonly EstateResource[] {
    return this.serves(subscriptionId) ? this.of(subscriptionId).list : [];
  }

  /** The resource with this id (any case), or the 404 ARM would send. */
  find(resourceId: string): EstateResource | Reply {
    const subscriptionId = /^\/subscriptions\/([^/]+)\//i.exec(resourceId)?.[1] ?? '';
    if (!this.serves(subscriptionId)) {
      return error(404, 'SubscriptionNotFound', `The subscription '${subscriptionId}' could not be found.`, 'Check the subscription id and that your account can access it.');
    }
    const found = this.of(subscriptionId).byId.get(resourceId.toLowerCase());
    return found ?? error(404, 'ResourceNotFound', `The Resource '${resourceId.split('/').slice(-3).join('/')}' was not found.`, 'It may have been deleted or moved.');
  }

  current(resource: EstateResource): AvailabilityStatus {
    return currentStatus(resource, this.seed, this.now);
  }

  history(resource: EstateResource): AvailabilityStatus[] {
    return statusHistory(resource, this.seed, this.now);
  }
}

/** Whether the request asked for the recommended actions (`$expand=recommendedactions`, any case). */
export function expandsActions(url: URL): boolean {
  return (param(url, '$expand') ?? '').toLowerCase().split(',').some((s) => s.trim() === 'recommendedactions');
}

/** A status as sent: the recommended actions only when asked for, as ARM does. */
export function asSent(status: AvailabilityStatus, withActions: boolean): AvailabilityStatus {
  if (withActions || !status.properties?.recommendedActions) {
    return status;
  }
  const properties = { ...status.properties };
  delete properties.recommendedActions;
  return { ...status, properties };
}

/** The resource id of a `{resourceId}/providers/…` path, its segments decoded; undefined when a segment is not valid percent-encoding. */
export function decodedResourceId(encodedPath: string): string | undefined {
  try {
    return encodedPath.split('/').map(decodeURIComponent).join('/');
  } catch {
    return undefined;
  }
}

/**
 * The events the sample service holds, indexed per subscription (newest first by lastUpdateTime,
 * ties by tracking id, so paging is stable), and the list view of one event for one subscription.
 */
import { parseServiceTime, type HealthEvent } from '../model/schemas';
import { eventIdFor } from './eventVocabulary';
import type { GeneratedEvent } from './generator';
import { checkApiVersion, error, EVENTS_API_VERSIONS } from './replies';
import type { Reply } from './types';

export interface IndexedEvent {
  readonly gen: GeneratedEvent;
  readonly updatedMs: number;
  readonly name: string;
}

export interface EventStore {
  readonly events: readonly GeneratedEvent[];
  /** Per lower-cased subscription id: its events, newest first. */
  readonly bySubscription: ReadonlyMap<string, readonly IndexedEvent[]>;
}

export const subKey = (id: string): string => id.toLowerCase();

export function indexEvents(events: readonly GeneratedEvent[], subscriptionIds: readonly string[]): EventStore {
  const bySubscription = new Map<string, IndexedEvent[]>();
  for (const id of subscriptionIds) {
    bySubscription.set(subKey(id), []);
  }
  for (const gen of events) {
    const indexed = { gen, updatedMs: parseServiceTime(gen.event.properties?.lastUpdateTime) ?? 0, name: gen.event.name ?? '' };
    for (const id of gen.subscriptionIds) {
      bySubscription.get(subKey(id))?.push(indexed);
    }
  }
  for (const list of bySubscription.values()) {
    list.sort((a, b) => b.updatedMs - a.updatedMs || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
  return { events, bySubscription };
}

/** The list view of an event for one subscription: id names that subscription; sensitive text hidden. */
export function eventView(gen: GeneratedEvent, subscriptionId: string, hideSensitive: boolean): HealthEvent {
  const e = gen.event;
  const name = e.name ?? '';
  const view: HealthEvent = { ...e, id: eventIdFor(subscriptionId, name) };
  const props = e.properties;
  if (!hideSensitive || !props?.isEventSensitive) {
    return view;
  }
  const hidden = { ...props };
  delete hidden.description;
  delete hidden.summary;
  hidden.impact = props.impact?.map((i) => ({
    ...i,
    impactedRegions: i.impactedRegions?.map((r) => {
      const region = { ...r };
      delete region.updates;
      return region;
    }),
  }));
  return { ...view, properties: hidden };
}

/** The api-version check and subscription lookup every subscription-scope event operation starts with. */
export function eventsOf(store: EventStore, url: URL, subscriptionId: string): { list: readonly IndexedEvent[] } | { reply: Reply } {
  const bad = checkApiVersion(url, EVENTS_API_VERSIONS);
  if (bad) {
    return { reply: bad };
  }
  const list = store.bySubscription.get(subKey(subscriptionId));
  return list
    ? { list }
    : { reply: error(404, 'SubscriptionNotFound', `The subscription '${subscriptionId}' could not be found.`, 'Check the subscription id and that your account can access it.') };
}

export const eventNotFound = (trackingId: string, subscriptionId: string): Reply =>
  error(404, 'EventNotFound', `The event '${trackingId}' was not found in subscription '${subscriptionId}'.`, 'Refresh the event list; the event may have expired.');

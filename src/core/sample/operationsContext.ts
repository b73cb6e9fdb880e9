/** What the routes in eventOperations.ts need from the server, built over the event store. */
import type { EventOperationsContext } from './eventOperations';
import { eventNotFound, eventsOf, eventView, type EventStore } from './eventStore';
import { parseQueryStartTime } from './queryTime';
import { checkApiVersion, DEFAULT_WINDOW_MS, error, EVENTS_API_VERSIONS, invalidQueryStartTime, param } from './replies';
import type { SampleKnobs } from './types';

export function operationsContext(input: {
  readonly seed: number;
  readonly knobs: SampleKnobs;
  readonly store: EventStore;
  readonly now: () => number;
  readonly origin: () => string;
}): EventOperationsContext {
  const { store, now } = input;
  return {
    seed: input.seed,
    knobs: input.knobs,
    events: store.events,
    now,
    origin: input.origin,
    error,
    checkApiVersion: (url) => checkApiVersion(url, EVENTS_API_VERSIONS),
    findEvent: (url, subscriptionId, trackingId) => {
      const found = eventsOf(store, url, subscriptionId);
      if ('reply' in found) {
        return found;
      }
      const item = found.list.find((i) => i.name.toUpperCase() === trackingId.toUpperCase());
      return item ? { gen: item.gen } : { reply: eventNotFound(trackingId, subscriptionId) };
    },
    view: (gen, subscriptionId) =>
      subscriptionId !== undefined
        ? eventView(gen, subscriptionId, true)
        : { ...eventView(gen, '', true), id: `/providers/Microsoft.ResourceHealth/events/${gen.event.name ?? ''}` },
    windowStart: (url) => {
      const raw = param(url, 'queryStartTime');
      if (raw === undefined || raw.trim() === '') {
        return now() - DEFAULT_WINDOW_MS;
      }
      return parseQueryStartTime(raw) ?? invalidQueryStartTime(raw);
    },
  };
}

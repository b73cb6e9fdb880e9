/** POST /subscriptions/{id}/providers/Microsoft.ResourceHealth/events/{trackingId}/fetchEventDetails: the full event, sensitive text included. */
import { eventNotFound, eventsOf, eventView, type EventStore } from './eventStore';
import { forbidden } from './replies';
import type { Reply, SampleKnobs } from './types';

export function fetchDetails(store: EventStore, knobs: SampleKnobs, url: URL, subscriptionId: string, trackingId: string): Reply {
  const found = eventsOf(store, url, subscriptionId);
  if ('reply' in found) {
    return found.reply;
  }
  if (knobs.denyFetchEventDetails) {
    return forbidden(subscriptionId);
  }
  const wanted = decodeURIComponent(trackingId).toUpperCase();
  const item = found.list.find((i) => i.name.toUpperCase() === wanted);
  if (!item) {
    return eventNotFound(trackingId, subscriptionId);
  }
  return { status: 200, body: eventView(item.gen, subscriptionId, false), shape: 'event' };
}

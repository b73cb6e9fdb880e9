/** The events store as the cache saves it (a versioned snapshot), and its restore. */
import type * as z from 'zod';
import type { EventsStore, SubscriptionState } from '../events/eventsStore';
import type { HealthEvent } from '../model/eventModel';
import { validation } from '../model/validation';
import { CACHE_VERSION } from './cacheVersion';
import type { snapshotSchema, snapshotStateSchema } from './snapshotSchema';

export { CACHE_VERSION } from './cacheVersion';

export type EventsStoreSnapshot = Omit<z.infer<typeof snapshotSchema>, 'events'> & {
  readonly events: readonly { readonly subscriptionId: string; readonly event: unknown }[];
};

/** The store's content as a snapshot of this cache version, saved now (the store's clock). */
export function snapshotOf(store: EventsStore): EventsStoreSnapshot {
  const { takenAt, ...content } = store.content();
  return { version: CACHE_VERSION, savedAt: takenAt, ...content };
}

/**
 * Restores a snapshot written by {@link snapshotOf}. Returns false (and changes nothing) for an
 * unreadable or other-version snapshot; single malformed events are skipped. `checked`: every
 * event already passed `cachedEvent` of the validation bundle (a reader that checks piecemeal, not all at once).
 */
export function restoreSnapshot(store: EventsStore, json: unknown, options: { checked?: boolean } = {}): boolean {
  // The checks (zod) load here, with the first cache restored, not when the extension starts.
  const { snapshotSchema: schema, cachedEvent } = validation();
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    return false;
  }
  const snap = parsed.data;
  const subscriptions = Object.fromEntries(Object.entries(snap.subscriptions).map(([id, state]) => [id, stripUndefined(state)]));
  const events = snap.events.flatMap((item) => {
    const cached = options.checked ? (item as { subscriptionId: string; event: HealthEvent }) : cachedEvent(item);
    return cached ? [cached] : [];
  });
  store.load({ subscriptions, events, seen: snap.seen, notifiedIssues: snap.notifiedIssues, notifiedActions: snap.notifiedActions }, snap.savedAt);
  return true;
}

function stripUndefined(state: z.infer<typeof snapshotStateSchema>): SubscriptionState {
  return Object.fromEntries(Object.entries(state).filter(([, v]) => v !== undefined)) as SubscriptionState;
}

/**
 * The events that touch one resource: those its status links to (serviceImpactingEvents) and the
 * held events whose impacted resources (as far as loaded) include it. Active ones only; the
 * resource health panel lists them, each opening its event details.
 */
import { isActive, titleOf, type StoredEvent } from './eventFacts';
import { incidentKey } from './incidents';
import { linkedTrackingIds, type AvailabilityStatus } from '../model/availability';

export interface ResourceEvent {
  readonly trackingId: string;
  /** The held copy to open; undefined when the status links to an event not in the list. */
  readonly subscriptionId?: string;
  readonly title: string;
  /** Why it is listed: the status names it, the event lists the resource among its impacted ones, or both. */
  readonly via: 'status' | 'impacted' | 'both';
}

/** The impacted resource ids loaded for an incident's copies; undefined when not loaded (nothing is requested). */
export type ImpactedIds = (copies: readonly StoredEvent[]) => readonly string[] | undefined;

/** Active events touching `resourceId`, status-linked ones first, each incident once (its first held copy). */
export function eventsForResource(resourceId: string, status: AvailabilityStatus | undefined, events: readonly StoredEvent[], impactedIds: ImpactedIds): ResourceEvent[] {
  const wanted = resourceId.trim().toLowerCase();
  const byIncident = new Map<string, StoredEvent[]>();
  for (const e of events) {
    const key = incidentKey(e.trackingId);
    byIncident.set(key, [...(byIncident.get(key) ?? []), e]);
  }
  const out = new Map<string, ResourceEvent>();
  const linked = status?.properties?.serviceImpactingEvents ?? [];
  for (const id of status ? linkedTrackingIds(status) : []) {
    const copies = byIncident.get(incidentKey(id));
    const held = copies?.[0];
    const link = linked.find((l) => (l.trackingId ?? l.correlationId)?.trim() === id);
    // A link the status itself calls resolved is not active; a held event decides by its own status.
    if (held ? !isActive(held.event) : /^resolved$/i.test(link?.status?.value?.trim() ?? '')) {
      continue;
    }
    const title = held ? titleOf(held.event) : link?.incidentProperties?.title?.trim() || id;
    out.set(incidentKey(id), { trackingId: held?.trackingId ?? id, ...(held ? { subscriptionId: held.subscriptionId } : {}), title, via: 'status' });
  }
  for (const [key, copies] of byIncident) {
    const first = copies[0];
    if (!first || !isActive(first.event)) {
      continue;
    }
    const ids = impactedIds(copies);
    if (!ids?.some((id) => id.trim().toLowerCase() === wanted)) {
      continue;
    }
    const known = out.get(key);
    out.set(key, known ? { ...known, via: 'both' } : { trackingId: first.trackingId, subscriptionId: first.subscriptionId, title: titleOf(first.event), via: 'impacted' });
  }
  return [...out.values()];
}

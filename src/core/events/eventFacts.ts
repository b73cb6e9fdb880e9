/**
 * Small, pure readings of a health event that the store, grouping, filter and UI all share.
 * Everything tolerates missing fields: the seed marks no property as required.
 */
import { parseServiceTime, trackingIdOf, type HealthEvent } from '../model/eventModel';

/** The tag the seed defines for "action may be required by the user". */
export const ACTION_RECOMMENDED_TAG = 'Action Recommended';

/** Where an event came from: one subscription's listing. */
export interface EventRef {
  readonly subscriptionId: string;
  readonly trackingId: string;
}

/** One event as listed for one subscription. */
export interface StoredEvent {
  readonly subscriptionId: string;
  readonly trackingId: string;
  readonly event: HealthEvent;
}

/**
 * Stable identity of an event within a subscription. The same incident is listed once per
 * affected subscription with the same tracking id, so the key carries both.
 */
export function eventKey(subscriptionId: string, trackingId: string): string {
  return `${subscriptionId.toLowerCase()}/${trackingId}`;
}

/** Tracking id, falling back to the ARM id (an event with neither cannot be kept). */
export function trackingIdOrUndefined(event: HealthEvent): string | undefined {
  const id = trackingIdOf(event);
  return id && id.length > 0 ? id : undefined;
}

export function eventTypeOf(event: HealthEvent): string | undefined {
  return event.properties?.eventType ?? undefined;
}

export function statusOf(event: HealthEvent): string | undefined {
  return event.properties?.status ?? undefined;
}

export function isActive(event: HealthEvent): boolean {
  return statusOf(event) === 'Active';
}

export function isActiveServiceIssue(event: HealthEvent): boolean {
  return eventTypeOf(event) === 'ServiceIssue' && isActive(event);
}

/** Tags compare case-insensitively: the seed gives no complete tag list or casing rule. */
export function hasTag(event: HealthEvent, tag: string): boolean {
  const wanted = tag.toLowerCase();
  return (event.properties?.eventTags ?? []).some((t) => t.toLowerCase() === wanted);
}

export function isActionRecommended(event: HealthEvent): boolean {
  return hasTag(event, ACTION_RECOMMENDED_TAG);
}

/** Epoch ms of the last update, or undefined when missing or unreadable. */
export function lastUpdateOf(event: HealthEvent): number | undefined {
  return parseServiceTime(event.properties?.lastUpdateTime);
}

/** Priority 0..23 (0 highest); a missing or out-of-range value sorts after every real one. */
export function priorityOf(event: HealthEvent): number {
  const p = event.properties?.priority;
  return typeof p === 'number' && Number.isFinite(p) && p >= 0 ? p : Number.MAX_SAFE_INTEGER;
}

export function titleOf(event: HealthEvent): string {
  const props = event.properties;
  return props?.title?.trim() || props?.header?.trim() || trackingIdOf(event) || 'Untitled event';
}

/** Impacted service names, de-duplicated, in listing order. */
export function servicesOf(event: HealthEvent): string[] {
  const names = (event.properties?.impact ?? [])
    .map((i) => i.impactedService?.trim())
    .filter((s): s is string => !!s);
  return [...new Set(names)];
}

/** Impacted region names over all services, de-duplicated, in listing order. */
export function regionsOf(event: HealthEvent): string[] {
  const names: string[] = [];
  for (const impact of event.properties?.impact ?? []) {
    for (const region of impact.impactedRegions ?? []) {
      const name = region.impactedRegion?.trim();
      if (name) {
        names.push(name);
      }
    }
  }
  return [...new Set(names)];
}

/** Orders events: priority (0 first), then most recently updated, then title, then id. */
export function compareEvents(a: StoredEvent, b: StoredEvent): number {
  const byPriority = priorityOf(a.event) - priorityOf(b.event);
  if (byPriority !== 0) {
    return byPriority;
  }
  const ta = lastUpdateOf(a.event) ?? Number.NEGATIVE_INFINITY;
  const tb = lastUpdateOf(b.event) ?? Number.NEGATIVE_INFINITY;
  if (ta !== tb) {
    return tb > ta ? 1 : -1;
  }
  const byTitle = titleOf(a.event).localeCompare(titleOf(b.event));
  if (byTitle !== 0) {
    return byTitle;
  }
  return eventKey(a.subscriptionId, a.trackingId).localeCompare(eventKey(b.subscriptionId, b.trackingId));
}

/** "3h ago" style text for tree descriptions; future times (clock skew) read as "just now". */
export function relativeTime(epochMs: number, now: number): string {
  const seconds = Math.max(0, Math.round((now - epochMs) / 1000));
  if (seconds < 60) {
    return 'just now';
  }
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) {
    return `${minutes}m ago`;
  }
  const hours = Math.floor(minutes / 60);
  if (hours < 48) {
    return `${hours}h ago`;
  }
  const days = Math.floor(hours / 24);
  if (days < 60) {
    return `${days}d ago`;
  }
  return `${Math.floor(days / 30)}mo ago`;
}

/**
 * The pieces of the agent tools' answers, each bounded whatever the estate: an event's facts
 * (subscriptions counted past a few), its text (clipped, latest updates), a resource, the failed
 * subscriptions (counted past a few). VS Code-free.
 */
import { eventTimeline } from '../chat/timeline';
import { htmlToText } from '../text/htmlText';
import { eventTypeOf, lastUpdateOf, regionsOf, servicesOf, statusOf, titleOf, type StoredEvent } from '../events/eventFacts';
import { resourceGroupOf, resourceNameOf, type ImpactedResource } from '../model/eventResources';
import { parseShownTime, type HealthEvent } from '../model/schemas';
import { subscriptionNameOr, type SubscriptionNamer } from '../subscriptions/names';
import { SUBSCRIPTIONS_PER_EVENT } from './inputs';
import type { SubscriptionFailure } from './source';

const MAX_TEXT = 2_000;
const MAX_UPDATES = 10;
const MAX_TAGS = 5;
const MAX_SERVICES = 5;
const MAX_REGIONS = 10;
const MAX_UPDATE_REGIONS = 10;
/** A failure's sentence in an event list (where pages of events share the budget with it). */
const FAILURE_TEXT_SHORT = 200;
/** A failure's sentence where it is the point (resource health): a 403's reason and what to do, ARM's message included. */
export const FAILURE_TEXT = 800;
/** Failed subscriptions named in one answer; the rest are counted. */
export const FAILURES_SHOWN = 3;

export function clip(text: string, max = MAX_TEXT): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

export function iso(ms: number | undefined): string | undefined {
  return ms === undefined ? undefined : new Date(ms).toISOString();
}

/** At most `max` items, and how many were left out ("and N more") when any were. */
function capped<T>(items: readonly T[], max: number): { items: T[]; more?: string } {
  return items.length > max ? { items: items.slice(0, max), more: `and ${items.length - max} more` } : { items: [...items] };
}

/** The subscriptions that failed: counted, the first few named with their (clipped) reason. */
export function failuresOf(failures: readonly SubscriptionFailure[], name: SubscriptionNamer, maxText = FAILURE_TEXT_SHORT): Record<string, unknown> {
  if (failures.length === 0) return {};
  const { items, more } = capped(failures, FAILURES_SHOWN);
  return {
    failedSubscriptionCount: failures.length,
    failedSubscriptions: items.map((f) => ({ subscriptionId: f.subscriptionId, ...nameField(f.subscriptionId, name), message: clip(f.message, maxText) })),
    ...(more ? { moreFailedSubscriptions: `${more} failed` } : {}),
  };
}

/** `subscriptionName` when one is known: answers name subscriptions, ids stay for the tools' inputs. */
export function nameField(id: string, name: SubscriptionNamer): { subscriptionName?: string } {
  const known = name(id);
  return known ? { subscriptionName: known } : {};
}

/** Said once per answer where an event names only some of its subscriptions. */
export const SUBSCRIPTIONS_NOTE = `Each event names at most ${SUBSCRIPTIONS_PER_EVENT} of its subscriptions (subscriptionCount has the total); get_health_event with includeSubscriptionIds lists them all.`;

/**
 * The subscriptions of one event: counted, with the ids (and names) of `shown` of them (the
 * first few by default); the ids are what the tools take as input.
 */
export function subscriptionsField(subscriptions: readonly string[], shown: readonly string[] | undefined, name: SubscriptionNamer): Record<string, unknown> {
  shown ??= subscriptions.slice(0, SUBSCRIPTIONS_PER_EVENT);
  const named = shown.some((id) => name(id) !== undefined);
  return {
    subscriptionCount: subscriptions.length,
    subscriptions: shown,
    // Parallel to `subscriptions`: the name, else the id.
    ...(named ? { subscriptionNames: shown.map((id) => subscriptionNameOr(id, name)) } : {}),
  };
}

/** The listing facts of one incident: what a list result shows per event. */
export function eventSummary(stored: StoredEvent, subscriptions: readonly string[], name: SubscriptionNamer, shown?: readonly string[]): Record<string, unknown> {
  const p = stored.event.properties;
  const tags = capped((p?.eventTags ?? []).map((t) => clip(t, 40)), MAX_TAGS);
  const services = capped(servicesOf(stored.event).map((s) => clip(s, 80)), MAX_SERVICES);
  const regions = capped(regionsOf(stored.event).map((r) => clip(r, 40)), MAX_REGIONS);
  return {
    trackingId: stored.trackingId,
    title: clip(titleOf(stored.event), 200),
    type: eventTypeOf(stored.event),
    ...(p?.eventSubType ? { subType: p.eventSubType } : {}),
    status: statusOf(stored.event),
    ...(p?.eventLevel ? { level: p.eventLevel } : {}),
    services: services.items,
    ...(services.more ? { moreServices: services.more } : {}),
    regions: regions.items,
    ...(regions.more ? { moreRegions: regions.more } : {}),
    ...(p?.impactStartTime ? { impactStart: iso(parseShownTime(p.impactStartTime)) } : {}),
    ...(p?.impactMitigationTime ? { impactMitigated: iso(parseShownTime(p.impactMitigationTime)) } : {}),
    lastUpdate: iso(lastUpdateOf(stored.event)),
    ...(tags.items.length > 0 ? { tags: tags.items } : {}),
    ...(tags.more ? { moreTags: tags.more } : {}),
    ...(p?.isEventSensitive ? { isSensitive: true } : {}),
    ...subscriptionsField(subscriptions, shown, name),
  };
}

/** Summary, description and the latest updates (newest first), each clipped. */
export function eventText(event: HealthEvent): Record<string, unknown> {
  const p = event.properties;
  const updates = eventTimeline(event).reverse();
  const summary = htmlToText(p?.summary);
  const description = htmlToText(p?.description);
  return {
    ...(summary ? { summary: clip(summary) } : {}),
    ...(description && description !== summary ? { description: clip(description) } : {}),
    updates: updates.slice(0, MAX_UPDATES).map((u) => ({ at: iso(u.at), regions: capped(u.regions, MAX_UPDATE_REGIONS).items, text: clip(u.text, 800) })),
    ...(updates.length > MAX_UPDATES ? { olderUpdates: updates.length - MAX_UPDATES } : {}),
  };
}

export function resourceSummary(resource: ImpactedResource, subscriptionId: string, subscriptionName: SubscriptionNamer): { name?: string; resourceGroup?: string; [key: string]: unknown } {
  const p = resource.properties;
  const name = resourceNameOf(resource);
  const group = resourceGroupOf(resource);
  return {
    ...(name ? { name } : {}),
    ...(p?.targetResourceType ? { type: p.targetResourceType } : {}),
    ...(group ? { resourceGroup: group } : {}),
    ...(p?.targetRegion ? { region: p.targetRegion } : {}),
    ...(p?.status ? { status: p.status } : {}),
    ...(p?.targetResourceId ? { id: p.targetResourceId } : {}),
    subscriptionId,
    ...nameField(subscriptionId, subscriptionName),
  };
}

/**
 * The small half of the events cache: what the tree, the filter and the query language read of
 * each event, without the long texts (description, region updates, links, FAQs), with an
 * incident's identical copies (one per subscription) stored once. The tree is drawn from it on
 * start; the full cache, which can be a hundred times larger, is read after that. VS Code-free.
 */
import type { HealthEvent, Impact } from '../model/schemas';
import { CACHE_VERSION, type EventsStoreSnapshot } from './eventsStore';

export const PREVIEW_VERSION = 1;

/** Event properties the rows, filters and queries read (see eventFacts, grouping, rowText, query/predicate). */
const KEPT_PROPERTIES = [
  'eventType',
  'eventSubType',
  'eventSource',
  'status',
  'title',
  'summary',
  'header',
  'level',
  'eventLevel',
  'priority',
  'lastUpdateTime',
  'impactStartTime',
  'impactMitigationTime',
  'isEventSensitive',
  'isHIR',
  'eventTags',
] as const;

/** One incident as listed (identically but for the ARM id) for one or more subscriptions. */
export interface PreviewEntry {
  readonly subscriptionIds: readonly string[];
  readonly event: HealthEvent;
}

export interface EventsPreview {
  readonly preview: typeof PREVIEW_VERSION;
  /** The full snapshot's `savedAt`: the pair belongs together. */
  readonly savedAt: number;
  readonly subscriptions: EventsStoreSnapshot['subscriptions'];
  readonly entries: readonly PreviewEntry[];
  readonly seen: readonly string[];
  readonly notifiedIssues: readonly string[];
  readonly notifiedActions: readonly string[];
}

/** The row-relevant part of an event; region updates keep only their tags (the query's `tag:`). */
export function previewOf(event: HealthEvent): HealthEvent {
  const props = event.properties;
  const out: HealthEvent = event.name ? { name: event.name } : { id: event.id };
  if (!props) {
    return out;
  }
  const kept: Record<string, unknown> = {};
  for (const key of KEPT_PROPERTIES) {
    const value = props[key];
    if (value !== undefined) {
      kept[key] = value;
    }
  }
  if (props.impact) {
    kept.impact = props.impact.map(previewImpact);
  }
  return { ...out, properties: kept as HealthEvent['properties'] };
}

function previewImpact(impact: Impact): Impact {
  return {
    impactedService: impact.impactedService,
    impactedServiceGuid: impact.impactedServiceGuid,
    impactedRegions: impact.impactedRegions?.map((r) => {
      const tagged = (r.updates ?? []).filter((u) => (u.eventTags ?? []).length > 0).map((u) => ({ eventTags: u.eventTags }));
      return { impactedRegion: r.impactedRegion, status: r.status, lastUpdateTime: r.lastUpdateTime, ...(tagged.length > 0 ? { updates: tagged } : {}) };
    }),
  };
}

/** The preview of a full snapshot: copies whose previews are equal become one entry. */
export function previewSnapshot(snapshot: EventsStoreSnapshot): EventsPreview {
  const byContent = new Map<string, { subscriptionIds: string[]; event: HealthEvent }>();
  for (const item of snapshot.events) {
    const event = previewOf(item.event as HealthEvent);
    const key = JSON.stringify(event);
    const entry = byContent.get(key);
    if (entry) {
      entry.subscriptionIds.push(item.subscriptionId);
    } else {
      byContent.set(key, { subscriptionIds: [item.subscriptionId], event });
    }
  }
  return {
    preview: PREVIEW_VERSION,
    savedAt: snapshot.savedAt,
    subscriptions: snapshot.subscriptions,
    entries: [...byContent.values()],
    seen: snapshot.seen,
    notifiedIssues: snapshot.notifiedIssues,
    notifiedActions: snapshot.notifiedActions,
  };
}

/**
 * A preview read back as a store snapshot (every copy its own event again), for
 * EventsStore.restore, which validates it; undefined when it is not a preview of this version.
 */
export function snapshotOfPreview(json: unknown): EventsStoreSnapshot | undefined {
  const p = json as Partial<EventsPreview> | null;
  if (typeof p !== 'object' || p === null || p.preview !== PREVIEW_VERSION || !Array.isArray(p.entries)) {
    return undefined;
  }
  const events: { subscriptionId: string; event: unknown }[] = [];
  for (const entry of p.entries as unknown[]) {
    const e = entry as Partial<PreviewEntry> | null;
    if (typeof e !== 'object' || e === null || !Array.isArray(e.subscriptionIds)) {
      return undefined;
    }
    for (const subscriptionId of e.subscriptionIds as unknown[]) {
      if (typeof subscriptionId !== 'string') {
        return undefined;
      }
      events.push({ subscriptionId, event: e.event });
    }
  }
  return {
    version: CACHE_VERSION,
    savedAt: p.savedAt as number,
    subscriptions: p.subscriptions as EventsStoreSnapshot['subscriptions'],
    events,
    seen: p.seen as string[],
    notifiedIssues: p.notifiedIssues as string[],
    notifiedActions: p.notifiedActions as string[],
  };
}

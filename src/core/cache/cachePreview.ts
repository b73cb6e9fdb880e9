/**
 * What the tree, the filter and the query language read of an event, without the long texts
 * (description, region updates, links, FAQs): the cached first screen (see firstScreen) holds
 * events in this form. VS Code-free.
 */
import type { HealthEvent, Impact } from '../model/schemas';

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

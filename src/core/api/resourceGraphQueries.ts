/**
 * The Resource Graph queries this client sends (KQL over the ServiceHealthResources table) and
 * the mapping of their rows to the events API's model. The sample service recognises exactly
 * these texts, so a change here needs the same change in src/core/sample/resourceGraph.ts.
 */
import type { AvailabilityStatus } from '../model/availability';
import type { HealthEvent } from '../model/eventModel';
import type { ImpactedResource } from '../model/eventResources';
import { validation } from '../model/validation';
import type { GraphRow } from './resourceGraphSchemas';

/** Events updated at or after `start`, newest first per subscription (as the events list). */
export function eventsQuery(start: Date): string {
  return [
    'ServiceHealthResources',
    "| where type =~ 'microsoft.resourcehealth/events'",
    `| where todatetime(properties.LastUpdateTime) >= datetime(${start.toISOString()})`,
    '| project id, name, type, location, subscriptionId, properties',
    '| order by subscriptionId asc, todatetime(properties.LastUpdateTime) desc, name asc',
  ].join('\n');
}

/**
 * The subscriptions of a batch the caller can read: Resource Graph answers a query only for
 * those, leaving the others out without an error, so a subscription absent here has "no
 * access", not "no events".
 */
export const SUBSCRIPTIONS_IN_SCOPE_QUERY = [
  'ResourceContainers',
  "| where type =~ 'microsoft.resources/subscriptions'",
  '| project id, subscriptionId',
].join('\n');

/** The events list's `type` (seed 000), which Resource Graph spells in lower case without the slash. */
const EVENT_TYPE = '/providers/Microsoft.ResourceHealth/events';

export type { GraphRow } from './resourceGraphSchemas';

/** `Impact` → `impact`, deeply: ServiceHealthResources names event properties in PascalCase. */
export function camelKeys(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(camelKeys);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.charAt(0).toLowerCase() + k.slice(1), camelKeys(v)]));
  }
  return value;
}

/** An event row as the events list would have sent it; undefined when it is not a valid event. */
export function eventFromRow(row: GraphRow): HealthEvent | undefined {
  const parsed = validation().eventSchema.safeParse({
    id: row.id,
    ...(row.name != null ? { name: row.name } : {}),
    type: EVENT_TYPE,
    ...(row.location != null ? { location: row.location } : {}),
    ...(row.properties != null ? { properties: camelKeys(row.properties) } : {}),
  });
  return parsed.success ? parsed.data : undefined;
}

/**
 * HealthResources: the current availability status of every resource of the batch; with `since`,
 * only those whose state changed at or after it (`occurredTime`, as Resource Graph spells it).
 */
export function availabilityQuery(since?: Date): string {
  return [
    'HealthResources',
    "| where type =~ 'microsoft.resourcehealth/availabilitystatuses'",
    ...(since ? [`| where todatetime(properties.occurredTime) >= datetime(${since.toISOString()})`] : []),
    '| project id, name, type, location, subscriptionId, properties',
    '| order by subscriptionId asc, id asc',
  ].join('\n');
}

/** ServiceHealthResources: every event's impacted resources in the batch (one query instead of one listing per event). */
export const IMPACTED_RESOURCES_QUERY = [
  'ServiceHealthResources',
  "| where type =~ 'microsoft.resourcehealth/events/impactedresources'",
  '| project id, name, type, subscriptionId, properties',
  '| order by subscriptionId asc, id asc',
].join('\n');

/** An availability status row as the availability API would have sent it; undefined when it is not a valid one. */
export function statusFromRow(row: GraphRow): AvailabilityStatus | undefined {
  const parsed = validation().availabilityStatusSchema.safeParse({
    id: row.id,
    ...(row.name != null ? { name: row.name } : {}),
    type: 'Microsoft.ResourceHealth/AvailabilityStatuses',
    ...(row.location != null ? { location: row.location } : {}),
    ...(row.properties != null ? { properties: camelKeys(row.properties) } : {}),
  });
  return parsed.success ? parsed.data : undefined;
}

/** An impacted resource row and the tracking id of its event (from its id, `…/events/{trackingId}/impactedResources/{name}`). */
export interface ImpactedRow {
  readonly trackingId: string;
  readonly resource: ImpactedResource;
}

export function impactedFromRow(row: GraphRow): ImpactedRow | undefined {
  const trackingId = /\/events\/([^/]+)\/impactedresources\//i.exec(row.id)?.[1];
  const parsed = validation().impactedResourceSchema.safeParse({
    id: row.id,
    ...(row.name != null ? { name: row.name } : {}),
    type: 'Microsoft.ResourceHealth/events/impactedResources',
    ...(row.properties != null ? { properties: camelKeys(row.properties) } : {}),
  });
  return trackingId && parsed.success ? { trackingId, resource: parsed.data } : undefined;
}

/** The availability statuses of the sample estate: current and history, consistent with its incidents. Why: docs/architecture.md#sample-estate */
import type { AvailabilityStatus, ServiceImpactingEvent } from '../model/availability';
import type { HealthEvent } from '../model/schemas';
import type { EstateResource } from './estateResources';
import { mulberry32 } from './seededRandom';
import { hashString } from './impactedResources';
import { maxOf } from '../text/lists';

const PROVIDER = '/providers/Microsoft.ResourceHealth/availabilityStatuses';
export const STATUS_TYPE = 'Microsoft.ResourceHealth/AvailabilityStatuses';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** The placeholder ARM sends for "no time" (DateTime.MinValue, without a zone). */
const NO_TIME = '0001-01-01T00:00:00';

const iso = (ms: number): string => new Date(ms).toISOString();
/** Some times come without a zone, as some resource providers send them. */
const zoneless = (ms: number): string => iso(ms).slice(0, 19);

function linkOf(event: HealthEvent): ServiceImpactingEvent {
  const p = event.properties;
  const impact = p?.impact?.[0];
  return {
    eventStartTime: p?.impactStartTime ?? null,
    eventStatusLastModifiedTime: p?.lastUpdateTime ?? null,
    correlationId: event.name ?? null,
    trackingId: event.name ?? null,
    status: { value: p?.status ?? 'Active' },
    incidentProperties: { title: p?.title ?? null, service: impact?.impactedService ?? null, region: impact?.impactedRegions?.[0]?.impactedRegion ?? null, incidentType: 'Incident' },
  };
}

const RESOURCE_BLADE = { action: 'To check the resource and restart it if needed, open the resource blade', actionUrl: '<#ResourceBlade>', actionUrlText: 'open the resource blade' };
const SUPPORT = { action: 'If you are experiencing problems you believe are caused by Azure, contact support', actionUrl: '<#SupportCase>', actionUrlText: 'contact support' };
const DIAGNOSE = { action: 'Run the troubleshooter in Diagnose and solve problems', actionUrl: '<#DiagnoseAndSolve>', actionUrlText: 'Diagnose and solve problems' };

function status(resource: EstateResource, name: string, properties: NonNullable<AvailabilityStatus['properties']>): AvailabilityStatus {
  return { id: `${resource.id}${PROVIDER}/${name}`, name, type: STATUS_TYPE, location: resource.location, properties };
}

function impactedStatus(resource: EstateResource, rng: () => number, now: number): AvailabilityStatus {
  const starts = resource.incidents.map((e) => Date.parse(e.properties?.impactStartTime ?? '') || now - HOUR);
  const since = maxOf(-Infinity, starts);
  const severe = resource.incidents.some((e) => e.properties?.eventLevel === 'Critical' || e.properties?.eventLevel === 'Error');
  const state = severe && rng() < 0.7 ? 'Unavailable' : 'Degraded';
  const title = resource.incidents[0]?.properties?.title ?? 'an Azure service incident';
  return status(resource, 'current', {
    availabilityState: state,
    title: state,
    summary: `We're sorry, this resource is ${state.toLowerCase()} because of an Azure service incident.`,
    detailedStatus: `Impacted by: ${title}`,
    reasonType: 'Unplanned',
    context: 'Platform Initiated',
    category: 'Unplanned',
    reasonChronicity: 'Persistent',
    healthEventType: 'Downtime',
    occuredTime: iso(since),
    rootCauseAttributionTime: iso(since + 4 * 60_000),
    ...(rng() < 0.5 ? { resolutionETA: iso(Math.max(now, since) + Math.ceil(rng() * 6) * HOUR) } : {}),
    reportedTime: iso(now),
    recommendedActions: rng() < 0.3 ? [RESOURCE_BLADE, DIAGNOSE, SUPPORT] : [RESOURCE_BLADE, SUPPORT],
    serviceImpactingEvents: resource.incidents.map(linkOf),
  });
}

function quietStatus(resource: EstateResource, rng: () => number, now: number): AvailabilityStatus {
  if (rng() < 0.12) {
    return status(resource, 'current', {
      availabilityState: 'Unknown',
      title: 'Unknown',
      summary: 'We are currently unable to determine the health of this resource.',
      occuredTime: rng() < 0.5 ? NO_TIME : iso(now - Math.ceil(rng() * 12) * HOUR),
      reportedTime: iso(now),
    });
  }
  const since = now - Math.ceil(rng() * 20) * DAY;
  const resolved = rng() < 0.25 ? now - Math.ceil(rng() * 3) * DAY : undefined;
  return status(resource, 'current', {
    availabilityState: 'Available',
    title: 'Available',
    summary: 'There aren\'t any known Azure platform problems affecting this resource.',
    occuredTime: rng() < 0.2 ? zoneless(resolved ?? since) : iso(resolved ?? since),
    reportedTime: iso(now),
    ...(resolved !== undefined
      ? { recentlyResolved: { unavailableOccuredTime: iso(resolved - 2 * HOUR), resolvedTime: iso(resolved), unavailableSummary: 'The resource was unavailable because of a platform problem that has been fixed.' } }
      : {}),
  });
}

/** The current status of one resource; deterministic for (seed, resource, now). */
export function currentStatus(resource: EstateResource, seed: number, now: number): AvailabilityStatus {
  const rng = mulberry32(hashString(`${seed}/status/${resource.id.toLowerCase()}`));
  return resource.incidents.length > 0 ? impactedStatus(resource, rng, now) : quietStatus(resource, rng, now);
}

/** The resource's transitions, newest first: the current status, then what it was before. */
export function statusHistory(resource: EstateResource, seed: number, now: number): AvailabilityStatus[] {
  const current = currentStatus(resource, seed, now);
  const p = current.properties ?? {};
  const since = Date.parse(p.occuredTime ?? '') || now - 30 * DAY;
  const earlier: AvailabilityStatus[] = [];
  const resolved = p.recentlyResolved;
  if (resolved?.unavailableOccuredTime) {
    earlier.push(status(resource, `h-${hashString(`${resource.id}/1`).toString(16)}`, {
      availabilityState: 'Unavailable',
      title: 'Unavailable',
      summary: resolved.unavailableSummary ?? null,
      reasonType: 'Unplanned',
      occuredTime: resolved.unavailableOccuredTime,
    }));
  }
  earlier.push(status(resource, `h-${hashString(`${resource.id}/0`).toString(16)}`, {
    availabilityState: 'Available',
    title: 'Available',
    summary: 'There aren\'t any known Azure platform problems affecting this resource.',
    occuredTime: iso(Math.min(since, Date.parse(resolved?.unavailableOccuredTime ?? '') || since) - 7 * DAY),
  }));
  return [current, ...earlier];
}

/** Which active events touch which targets: the same service in the same region. */
import { trackingIdOf, type HealthEvent } from '../model/eventModel';
import { regionKey } from '../query/normalize';
import { sameService } from './serviceMap';
import type { InfraTarget } from './types';

export interface InfraMatch {
  readonly trackingId: string;
  readonly title: string;
  readonly eventType: string;
  readonly service: string;
  readonly region: string;
  readonly file: string;
  readonly line: number;
}

/** Only active service issues and active planned maintenance can stop a deployment. */
export function isGateEvent(event: HealthEvent): boolean {
  const p = event.properties;
  return p?.status === 'Active' && (p.eventType === 'ServiceIssue' || p.eventType === 'PlannedMaintenance');
}

/** Each (event, target) pair where one of the event's impacts names the target's service and region. */
export function matchEvents(events: readonly HealthEvent[], targets: readonly InfraTarget[]): InfraMatch[] {
  const out: InfraMatch[] = [];
  const seen = new Set<string>();
  for (const event of events) {
    if (!isGateEvent(event)) {
      continue;
    }
    const trackingId = trackingIdOf(event) ?? '';
    for (const target of targets) {
      const region = regionKey(target.region);
      const hit = (event.properties?.impact ?? []).some(
        (impact) => sameService(impact.impactedService ?? '', target.service) && (impact.impactedRegions ?? []).some((r) => regionKey(r.impactedRegion ?? '') === region),
      );
      const key = `${trackingId}\n${target.file}\n${target.line}\n${target.service}\n${target.region}`;
      if (hit && !seen.has(key)) {
        seen.add(key);
        out.push({ trackingId, title: event.properties?.title ?? '', eventType: event.properties?.eventType ?? '', service: target.service, region: target.region, file: target.file, line: target.line });
      }
    }
  }
  return out;
}

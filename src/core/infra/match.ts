/** Which active events touch which targets: the same service in the same region. */
import { trackingIdOf, type HealthEvent } from '../model/eventModel';
import { regionKey, serviceKey } from '../query/normalize';
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
  // Keys once per target and per impact, never per pair: a monorepo's thousands of targets meet hundreds of events.
  const targetKeys = targets.map((t) => pairKey(t.service, t.region));
  // A target listed twice (same file, line, service and region) is matched once per event: its first index stands for both.
  const firstAt = new Map<string, number>();
  const canonical = targets.map((t, i) => {
    const key = `${t.file}\n${t.line}\n${t.service}\n${t.region}`;
    const first = firstAt.get(key);
    if (first === undefined) firstAt.set(key, i);
    return first ?? i;
  });
  /** The targets each tracking id matched already (one incident is listed once per subscription). */
  const seen = new Map<string, Set<number>>();
  for (const event of events) {
    if (!isGateEvent(event)) {
      continue;
    }
    const trackingId = trackingIdOf(event) ?? '';
    const impacted = new Set((event.properties?.impact ?? []).flatMap((impact) => (impact.impactedRegions ?? []).map((r) => pairKey(impact.impactedService ?? '', r.impactedRegion ?? ''))));
    const done = seen.get(trackingId) ?? new Set<number>();
    seen.set(trackingId, done);
    targets.forEach((target, i) => {
      const first = canonical[i] ?? i;
      if (impacted.has(targetKeys[i] ?? '') && !done.has(first)) {
        done.add(first);
        out.push({ trackingId, title: event.properties?.title ?? '', eventType: event.properties?.eventType ?? '', service: target.service, region: target.region, file: target.file, line: target.line });
      }
    });
  }
  return out;
}

/** Same service (sameService's key) and same region. */
function pairKey(service: string, region: string): string {
  return `${serviceKey(service)}\n${regionKey(region)}`;
}

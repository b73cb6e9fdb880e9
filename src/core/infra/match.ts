/**
 * The one rule of which events touch a deployment target, and the one set of keys that matches
 * them: the gate, the editor, the tree's section and W badge, `workspace:yes`, `@health` and the
 * agent tools all call this module, so their counts agree. Why: docs/architecture.md#infra-match
 */
import { trackingIdOf, type HealthEvent } from '../model/eventModel';
import { regionKey, serviceKey } from '../query/normalize';
import { eachInSlices, type Slicer } from '../text/slices';
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

/** How an event touches a target: an active service issue, or active planned maintenance. */
export type TouchKind = 'issue' | 'maintenance';

/**
 * The rule: an Active ServiceIssue, or an Active PlannedMaintenance however far ahead it starts
 * (the service marks maintenance Active from its announcement until it ends, and a deployment
 * made now may still be running, or be rolled back, inside its window). Resolved events, health
 * advisories, security advisories and billing notices never touch a target.
 */
export function touchKind(event: HealthEvent): TouchKind | undefined {
  const p = event.properties;
  if (p?.status !== 'Active') {
    return undefined;
  }
  return p.eventType === 'ServiceIssue' ? 'issue' : p.eventType === 'PlannedMaintenance' ? 'maintenance' : undefined;
}

/** Only active service issues and active planned maintenance can stop a deployment (the rule, as a test). */
export function isGateEvent(event: HealthEvent): boolean {
  return touchKind(event) !== undefined;
}

/** The key a target and an impact are matched by: same service (serviceMap's key), same region. */
export function pairKey(service: string, region: string): string {
  return `${serviceKey(service)}\n${regionKey(region)}`;
}

/** A target's key. */
export function targetKey(target: Pick<InfraTarget, 'service' | 'region'>): string {
  return pairKey(target.service, target.region);
}

/** The keys of what the targets deploy. */
export function targetKeys(targets: readonly Pick<InfraTarget, 'service' | 'region'>[]): Set<string> {
  const keys = new Set<string>();
  for (const t of targets) keys.add(targetKey(t));
  return keys;
}

/** The (service, region) keys the event's impacts name. */
export function impactKeys(event: HealthEvent): Set<string> {
  const keys = new Set<string>();
  for (const impact of event.properties?.impact ?? []) {
    for (const r of impact.impactedRegions ?? []) keys.add(pairKey(impact.impactedService ?? '', r.impactedRegion ?? ''));
  }
  return keys;
}

/** Whether the event, by the rule, touches one of the keys (`workspace:yes`, the tree's W badge and section). */
export function touchesAny(event: HealthEvent, keys: ReadonlySet<string>): boolean {
  if (touchKind(event) === undefined || keys.size === 0) {
    return false;
  }
  for (const key of impactKeys(event)) {
    if (keys.has(key)) return true;
  }
  return false;
}

/** One incident (the copies of one tracking id, across subscriptions) the rule lets touch targets. */
export interface Incident<E> {
  readonly trackingId: string;
  /** Its first copy (the one a link opens). */
  readonly first: E;
  readonly kind: TouchKind;
  /** Every copy's impact keys together (each subscription's copy may name other regions). */
  readonly keys: ReadonlySet<string>;
}

/**
 * The incidents among `events` that the rule lets touch a target, deduplicated by tracking id (case
 * ignored), with their keys computed once per impact, and an index from key to incidents: a
 * target costs one lookup, never a pass over the events (review H5).
 */
export class IncidentIndex<E> {
  readonly incidents: Incident<E>[] = [];
  private readonly byKey = new Map<string, Incident<E>[]>();

  private readonly byId = new Map<string, Incident<E> & { keys: Set<string> }>();

  constructor(
    events: Iterable<E>,
    private readonly eventOf: (e: E) => HealthEvent,
    private readonly visit: () => void = () => undefined,
  ) {
    for (const e of events) this.add(e);
  }

  /**
   * The index of `events` built in slices that yield (issue 32: 10,000 event copies in one pass
   * blocked the thread 0.2 s); undefined when superseded (the events changed again meanwhile).
   */
  static async inSlices<E>(events: Iterable<E>, eventOf: (e: E) => HealthEvent, slicer: Slicer, visit?: () => void): Promise<IncidentIndex<E> | undefined> {
    const index = new IncidentIndex<E>([], eventOf, visit);
    return (await eachInSlices(events, (e) => index.add(e), slicer)) ? index : undefined;
  }

  /** One more event copy: a new incident, or more keys for one held. */
  private add(e: E): void {
    this.visit();
    const event = this.eventOf(e);
    const kind = touchKind(event);
    if (!kind) return;
    const trackingId = trackingIdOf(event) ?? '';
    const id = trackingId.toUpperCase();
    let incident = this.byId.get(id);
    if (!incident) {
      incident = { trackingId, first: e, kind, keys: new Set() };
      this.byId.set(id, incident);
      this.incidents.push(incident);
    }
    for (const key of impactKeys(event)) {
      if (incident.keys.has(key)) continue;
      incident.keys.add(key);
      const list = this.byKey.get(key) ?? [];
      list.push(incident);
      this.byKey.set(key, list);
    }
  }

  /** The incidents touching a target with this key, in the order first listed. */
  touching(key: string): readonly Incident<E>[] {
    return this.byKey.get(key) ?? [];
  }
}

/** Each (incident, target) pair where one of the incident's impacts names the target's service and region. */
export function matchEvents(events: readonly HealthEvent[], targets: readonly InfraTarget[]): InfraMatch[] {
  const index = new IncidentIndex(events, (e) => e);
  const order = new Map(index.incidents.map((incident, i) => [incident, i]));
  const pairs: { at: number; target: number; incident: Incident<HealthEvent> }[] = [];
  // A target listed twice (same file, line, service and region) is matched once.
  const seen = new Set<string>();
  targets.forEach((target, i) => {
    const same = `${target.file}\n${target.line}\n${target.service}\n${target.region}`;
    if (seen.has(same)) return;
    seen.add(same);
    for (const incident of index.touching(targetKey(target))) pairs.push({ at: order.get(incident) ?? 0, target: i, incident });
  });
  pairs.sort((a, b) => a.at - b.at || a.target - b.target);
  return pairs.map(({ target: i, incident }) => {
    const target = targets[i] as InfraTarget;
    const p = incident.first.properties;
    return { trackingId: incident.trackingId, title: p?.title ?? '', eventType: p?.eventType ?? '', service: target.service, region: target.region, file: target.file, line: target.line };
  });
}

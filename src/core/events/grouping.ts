/** Groups events for the tree. Why: docs/architecture.md#events-grouping */
import { EVENT_TYPES, type Impact, type ImpactedRegion } from '../model/eventModel';
import { compareEvents, eventKey, eventTypeOf, isActiveServiceIssue, lastUpdateOf, regionsOf, servicesOf, statusOf, type StoredEvent } from './eventFacts';
import { incidentKey } from './incidents';

export const GROUP_BY_MODES = ['type', 'status', 'region', 'service', 'subscription'] as const;
export type GroupBy = (typeof GROUP_BY_MODES)[number];

export function isGroupBy(value: unknown): value is GroupBy {
  return typeof value === 'string' && (GROUP_BY_MODES as readonly string[]).includes(value);
}

/** One row of the tree: an incident, with every subscription's copy of it. */
export interface IncidentRow {
  /** Stable row key: the upper-case tracking id (subscription grouping: subscription + tracking id). */
  readonly key: string;
  /** The copy the row shows and opens: the most recently updated one, else the first listed. */
  readonly primary: StoredEvent;
  /** Every copy (one per subscription listing the incident), primary first. */
  readonly copies: readonly StoredEvent[];
}

export interface EventGroup {
  /** Stable id, unique in the tree (path of group keys). */
  readonly id: string;
  readonly label: string;
  /** What the group is keyed by, for icons and context values. */
  readonly kind: 'type' | 'status' | 'region' | 'service' | 'subscription' | 'workspace';
  /** The raw key (event type, status, region name...). */
  readonly key: string;
  /** Number of incidents (distinct tracking ids) in the group and all sub-groups. */
  readonly count: number;
  /** Active incidents among them. */
  readonly activeCount: number;
  readonly groups: readonly EventGroup[];
  /** Rows of a leaf group, sorted. */
  readonly incidents: readonly IncidentRow[];
}

/** Whether an incident row affects the user's resources, where that is known. */
export type AffectsResources = (row: IncidentRow) => boolean;

/** An incident that needs attention on the first screen: an active service issue, or one that affects the user's resources. */
export function needsAttention(row: IncidentRow, affects?: AffectsResources): boolean {
  return row.copies.some((c) => isActiveServiceIssue(c.event)) || (affects?.(row) ?? false);
}

/**
 * Whether the tree shows a group expanded on its first load: type and status groups holding
 * something that needs attention (active service issues, events affecting the user's resources),
 * so a first screen answers at a glance; everything else stays folded with its counts. Region,
 * service and subscription groups are many, so they start folded.
 */
export function startsExpanded(g: Pick<EventGroup, 'kind' | 'activeCount' | 'groups' | 'incidents'>, affects?: AffectsResources): boolean {
  if (g.activeCount === 0 && affects === undefined) {
    return false;
  }
  // The workspace section is one short list the user asked for by having templates: it opens like a type group.
  if (g.kind !== 'type' && g.kind !== 'status' && g.kind !== 'workspace') {
    return false;
  }
  const holds = (group: Pick<EventGroup, 'groups' | 'incidents'>): boolean => group.incidents.some((r) => needsAttention(r, affects)) || group.groups.some(holds);
  return holds(g);
}

const TYPE_LABELS: Record<string, string> = {
  ServiceIssue: 'Service issues',
  PlannedMaintenance: 'Planned maintenance',
  HealthAdvisory: 'Health advisories',
  SecurityAdvisory: 'Security advisories',
  EmergingIssues: 'Emerging issues',
  RCA: 'Root cause analyses',
  Billing: 'Billing',
};

/** Urgency order of the known types (seed: service issues above maintenance above advisories). */
const TYPE_ORDER: readonly string[] = [
  'ServiceIssue',
  'EmergingIssues',
  'SecurityAdvisory',
  'PlannedMaintenance',
  'HealthAdvisory',
  'RCA',
  'Billing',
];
// Every documented type must be placed; a compile-time list and this check keep them in step.
for (const t of EVENT_TYPES) {
  if (!TYPE_ORDER.includes(t)) {
    throw new Error(`grouping: event type ${t} has no place in TYPE_ORDER`);
  }
}

const STATUS_ORDER: readonly string[] = ['Active', 'Resolved'];
const UNKNOWN = '';

export function typeLabel(type: string): string {
  return TYPE_LABELS[type] ?? `Other: ${type === UNKNOWN ? 'unknown type' : type}`;
}

export function statusLabel(status: string): string {
  return status === UNKNOWN ? 'Unknown status' : status;
}

export interface GroupingOptions {
  /** Display names of subscriptions, by id (lower-case), for subscription groups. */
  readonly subscriptionNames?: ReadonlyMap<string, string>;
}

export function groupEvents(events: readonly StoredEvent[], by: GroupBy, options: GroupingOptions = {}): EventGroup[] {
  switch (by) {
    case 'type':
      return nest(incidentsOf(events), 'type', 'status', '');
    case 'status':
      return nest(incidentsOf(events), 'status', 'type', '');
    case 'region':
      return flat(incidentsOf(events), 'region', (r) => orNone(incidentRegions(r)), '');
    case 'service':
      return flat(incidentsOf(events), 'service', (r) => orNone(incidentServices(r)), '');
    case 'subscription':
      // The point of this mode is each subscription's own list: no merging across them.
      return flat(
        events.map((e) => ({ key: eventKey(e.subscriptionId, e.trackingId), primary: e, copies: [e] })),
        'subscription',
        (r) => [r.primary.subscriptionId],
        '',
        options.subscriptionNames,
      );
  }
}

export { incidentKey } from './incidents';

/** The "This workspace" section: one flat group of the events given (the caller picks them), labelled by the caller. */
export function workspaceGroup(events: readonly StoredEvent[], label: string): EventGroup {
  return { ...leaf('workspace', 'workspace', 'workspace', incidentsOf(events)), label };
}

/** The group with `id` among `groups` and their sub-groups. */
export function findGroup(groups: readonly EventGroup[], id: string): EventGroup | undefined {
  for (const g of groups) {
    const found = g.id === id ? g : findGroup(g.groups, id);
    if (found) {
      return found;
    }
  }
  return undefined;
}

/**
 * Merges the copies of each incident (same tracking id, one per subscription) into one row, in
 * first-listed order. The primary copy is the most recently updated (its status and type are the
 * freshest the service gave); on a tie, the first listed.
 */
export function incidentsOf(events: readonly StoredEvent[]): IncidentRow[] {
  const byKey = new Map<string, StoredEvent[]>();
  for (const e of events) {
    const key = incidentKey(e.trackingId);
    const copies = byKey.get(key);
    if (copies) {
      copies.push(e);
    } else {
      byKey.set(key, [e]);
    }
  }
  return [...byKey].map(([key, copies]) => {
    let primary = copies[0] as StoredEvent;
    for (const c of copies) {
      if ((lastUpdateOf(c.event) ?? Number.NEGATIVE_INFINITY) > (lastUpdateOf(primary.event) ?? Number.NEGATIVE_INFINITY)) {
        primary = c;
      }
    }
    return { key, primary, copies: [primary, ...copies.filter((c) => c !== primary)] };
  });
}

/** Impacted services over every copy, de-duplicated (case-insensitively), primary's first. */
export function incidentServices(row: IncidentRow): string[] {
  return unionCaseless(row.copies.map((c) => servicesOf(c.event)));
}

/** Impacted regions over every copy, de-duplicated (case-insensitively), primary's first. */
export function incidentRegions(row: IncidentRow): string[] {
  return unionCaseless(row.copies.map((c) => regionsOf(c.event)));
}

/** Distinct subscription ids listing the incident, in copy order. */
export function incidentSubscriptions(row: IncidentRow): string[] {
  return unionCaseless(row.copies.map((c) => [c.subscriptionId]));
}

/**
 * The impact of an incident over every copy: one entry per service (by name, case-insensitively),
 * with the union of its regions. A region listed by several copies keeps the primary's entry
 * (the most recently updated copy knows its status best).
 */
export function mergedImpacts(row: IncidentRow): Impact[] {
  const services = new Map<string, { impact: Impact; regions: Map<string, ImpactedRegion> }>();
  for (const copy of row.copies) {
    for (const impact of copy.event.properties?.impact ?? []) {
      const name = impact.impactedService?.trim();
      if (!name) {
        continue;
      }
      const key = name.toLowerCase();
      let entry = services.get(key);
      if (!entry) {
        entry = { impact, regions: new Map() };
        services.set(key, entry);
      }
      for (const region of impact.impactedRegions ?? []) {
        const regionKey = region.impactedRegion?.trim().toLowerCase();
        if (regionKey && !entry.regions.has(regionKey)) {
          entry.regions.set(regionKey, region);
        }
      }
    }
  }
  return [...services.values()].map(({ impact, regions }) => ({ ...impact, impactedRegions: [...regions.values()] }));
}

function unionCaseless(lists: readonly (readonly string[])[]): string[] {
  const seen = new Set<string>();
  const out: string[] = [];
  for (const list of lists) {
    for (const value of list) {
      const key = value.toLowerCase();
      if (!seen.has(key)) {
        seen.add(key);
        out.push(value);
      }
    }
  }
  return out;
}

function orNone(values: string[]): string[] {
  return values.length > 0 ? values : [UNKNOWN];
}

function keyOf(kind: 'type' | 'status', r: IncidentRow): string {
  return (kind === 'type' ? eventTypeOf(r.primary.event) : statusOf(r.primary.event)) ?? UNKNOWN;
}

function nest(rows: readonly IncidentRow[], outer: 'type' | 'status', inner: 'type' | 'status', parentId: string): EventGroup[] {
  const buckets = bucket(rows, (r) => [keyOf(outer, r)]);
  return sortKeys(outer, [...buckets.keys()]).map((key) => {
    const members = buckets.get(key) ?? [];
    const id = `${parentId}${outer}:${key}`;
    const innerBuckets = bucket(members, (r) => [keyOf(inner, r)]);
    const groups = sortKeys(inner, [...innerBuckets.keys()]).map((innerKey) =>
      leaf(`${id}/${inner}:${innerKey}`, inner, innerKey, innerBuckets.get(innerKey) ?? []),
    );
    return { id, label: labelFor(outer, key), kind: outer, key, count: members.length, activeCount: countActive(members), groups, incidents: [] };
  });
}

function flat(
  rows: readonly IncidentRow[],
  kind: 'region' | 'service' | 'subscription',
  keys: (r: IncidentRow) => string[],
  parentId: string,
  names?: ReadonlyMap<string, string>,
): EventGroup[] {
  const buckets = bucket(rows, keys);
  const label = (key: string): string => {
    if (key === UNKNOWN) {
      return kind === 'region' ? 'No region' : 'No service';
    }
    return kind === 'subscription' ? (names?.get(key.toLowerCase()) ?? key) : key;
  };
  const groups = [...buckets.keys()].map((key) => ({ ...leaf(`${parentId}${kind}:${key}`, kind, key, buckets.get(key) ?? []), label: label(key) }));
  return groups.sort((a, b) => {
    // The "none" bucket goes last; regions and services with something active come first (what
    // is broken now); the rest alphabetically by what the user reads.
    if ((a.key === UNKNOWN) !== (b.key === UNKNOWN)) {
      return a.key === UNKNOWN ? 1 : -1;
    }
    if (kind !== 'subscription' && (a.activeCount > 0) !== (b.activeCount > 0)) {
      return a.activeCount > 0 ? -1 : 1;
    }
    return a.label.localeCompare(b.label);
  });
}

function leaf(id: string, kind: EventGroup['kind'], key: string, members: IncidentRow[]): EventGroup {
  return {
    id,
    label: kind === 'type' || kind === 'status' ? labelFor(kind, key) : key,
    kind,
    key,
    count: members.length,
    activeCount: countActive(members),
    groups: [],
    // Active before resolved (region, service and subscription groups mix them), then priority and time.
    incidents: [...members].sort((a, b) => activeRank(a) - activeRank(b) || compareEvents(a.primary, b.primary)),
  };
}

function labelFor(kind: 'type' | 'status', key: string): string {
  return kind === 'type' ? typeLabel(key) : statusLabel(key);
}

function activeRank(r: IncidentRow): number {
  return statusOf(r.primary.event) === 'Active' ? 0 : 1;
}

function countActive(members: readonly IncidentRow[]): number {
  return members.filter((r) => statusOf(r.primary.event) === 'Active').length;
}

/** Buckets rows by key; a row lands in each of its distinct keys once. */
function bucket(rows: readonly IncidentRow[], keys: (r: IncidentRow) => string[]): Map<string, IncidentRow[]> {
  const map = new Map<string, IncidentRow[]>();
  for (const r of rows) {
    for (const key of new Set(keys(r))) {
      const list = map.get(key);
      if (list) {
        list.push(r);
      } else {
        map.set(key, [r]);
      }
    }
  }
  return map;
}

/** Known values in their fixed order, then unknown values alphabetically, then the missing value. */
function sortKeys(kind: 'type' | 'status', keys: string[]): string[] {
  const order = kind === 'type' ? TYPE_ORDER : STATUS_ORDER;
  const rank = (k: string): number => {
    const i = order.indexOf(k);
    if (i >= 0) {
      return i;
    }
    return k === UNKNOWN ? order.length + 1 : order.length;
  };
  return keys.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b));
}

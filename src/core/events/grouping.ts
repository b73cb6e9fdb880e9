/**
 * Groups events for the tree. Pure and VS Code-free.
 *
 * - Modes: type -> status (default), status -> type, region, service, subscription.
 * - Known types in a fixed order of urgency; unknown types get their own group "Other: <type>".
 * - Active before Resolved, then any other status the service may add.
 * - Events within a group: priority (0 first), then last update, newest first.
 * - Region and service groups list an event under each region/service it impacts, so their
 *   counts can add up to more than the number of events.
 */
import { EVENT_TYPES } from '../model/schemas';
import { compareEvents, eventTypeOf, regionsOf, servicesOf, statusOf, type StoredEvent } from './eventFacts';

export const GROUP_BY_MODES = ['type', 'status', 'region', 'service', 'subscription'] as const;
export type GroupBy = (typeof GROUP_BY_MODES)[number];

export function isGroupBy(value: unknown): value is GroupBy {
  return typeof value === 'string' && (GROUP_BY_MODES as readonly string[]).includes(value);
}

export interface EventGroup {
  /** Stable id, unique in the tree (path of group keys). */
  readonly id: string;
  readonly label: string;
  /** What the group is keyed by, for icons and context values. */
  readonly kind: 'type' | 'status' | 'region' | 'service' | 'subscription';
  /** The raw key (event type, status, region name...). */
  readonly key: string;
  /** Number of events in the group and all sub-groups. */
  readonly count: number;
  /** Active events among them. */
  readonly activeCount: number;
  readonly groups: readonly EventGroup[];
  readonly events: readonly StoredEvent[];
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
      return nest(events, 'type', 'status', '');
    case 'status':
      return nest(events, 'status', 'type', '');
    case 'region':
      return flat(events, 'region', (e) => orNone(regionsOf(e.event)), '');
    case 'service':
      return flat(events, 'service', (e) => orNone(servicesOf(e.event)), '');
    case 'subscription':
      return flat(events, 'subscription', (e) => [e.subscriptionId], '', options.subscriptionNames);
  }
}

function orNone(values: string[]): string[] {
  return values.length > 0 ? values : [UNKNOWN];
}

function keyOf(kind: 'type' | 'status', e: StoredEvent): string {
  return (kind === 'type' ? eventTypeOf(e.event) : statusOf(e.event)) ?? UNKNOWN;
}

function nest(events: readonly StoredEvent[], outer: 'type' | 'status', inner: 'type' | 'status', parentId: string): EventGroup[] {
  const buckets = bucket(events, (e) => [keyOf(outer, e)]);
  return sortKeys(outer, [...buckets.keys()]).map((key) => {
    const members = buckets.get(key) ?? [];
    const id = `${parentId}${outer}:${key}`;
    const innerBuckets = bucket(members, (e) => [keyOf(inner, e)]);
    const groups = sortKeys(inner, [...innerBuckets.keys()]).map((innerKey) =>
      leaf(`${id}/${inner}:${innerKey}`, inner, innerKey, innerBuckets.get(innerKey) ?? []),
    );
    return { id, label: labelFor(outer, key), kind: outer, key, count: members.length, activeCount: countActive(members), groups, events: [] };
  });
}

function flat(
  events: readonly StoredEvent[],
  kind: 'region' | 'service' | 'subscription',
  keys: (e: StoredEvent) => string[],
  parentId: string,
  names?: ReadonlyMap<string, string>,
): EventGroup[] {
  const buckets = bucket(events, keys);
  const label = (key: string): string => {
    if (key === UNKNOWN) {
      return kind === 'region' ? 'No region' : 'No service';
    }
    return kind === 'subscription' ? (names?.get(key.toLowerCase()) ?? key) : key;
  };
  return [...buckets.keys()]
    .sort((a, b) => {
      // The "none" bucket goes last; the rest alphabetically by what the user reads.
      if ((a === UNKNOWN) !== (b === UNKNOWN)) {
        return a === UNKNOWN ? 1 : -1;
      }
      return label(a).localeCompare(label(b));
    })
    .map((key) => ({ ...leaf(`${parentId}${kind}:${key}`, kind, key, buckets.get(key) ?? []), label: label(key) }));
}

function leaf(id: string, kind: EventGroup['kind'], key: string, members: StoredEvent[]): EventGroup {
  return {
    id,
    label: kind === 'type' || kind === 'status' ? labelFor(kind, key) : key,
    kind,
    key,
    count: members.length,
    activeCount: countActive(members),
    groups: [],
    events: [...members].sort(compareEvents),
  };
}

function labelFor(kind: 'type' | 'status', key: string): string {
  return kind === 'type' ? typeLabel(key) : statusLabel(key);
}

function countActive(members: readonly StoredEvent[]): number {
  return members.filter((e) => statusOf(e.event) === 'Active').length;
}

function bucket(events: readonly StoredEvent[], keys: (e: StoredEvent) => string[]): Map<string, StoredEvent[]> {
  const map = new Map<string, StoredEvent[]>();
  for (const e of events) {
    for (const key of keys(e)) {
      const list = map.get(key);
      if (list) {
        list.push(e);
      } else {
        map.set(key, [e]);
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

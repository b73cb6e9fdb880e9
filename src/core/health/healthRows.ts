/**
 * The Resources view's model without VS Code: one row per resource (name · type · region, its
 * since/ETA time), grouped by state (not Available first) then resource group, and the baseline
 * that tells which resources turned Unavailable or Degraded since the last load.
 */
import {
  healthTime,
  occurredTimeOf,
  resourceGroupOfResource,
  resourceIdOf,
  resourceNameOfId,
  resourceTypeOfId,
  stateOf,
  subscriptionOfResource,
  type AvailabilityStatus,
} from '../model/availability';
import { regionDisplayName } from '../query/regionNames';
import { shortType } from '../render/impactedRows';
import { eachInSlices, type Slicer } from '../text/slices';
import { sortStatuses, sortStatusesInSlices, stateRank } from './order';

export interface HealthRow {
  /** The resource's ARM id ("" when the status named none; such a row has no actions). */
  readonly resourceId: string;
  readonly name: string;
  /** ARM type as received (`Microsoft.Compute/virtualMachines`), else "". */
  readonly type: string;
  /** The region's display name ("Central India"), or the name as received when it is not a known region. */
  readonly region: string;
  readonly resourceGroup: string;
  readonly subscriptionId: string;
  /** The state as received; "Unknown" when the status had none. */
  readonly state: string;
  /** `name · type · region`, with the short type and only the parts known. */
  readonly label: string;
  readonly summary?: string;
  readonly detailedStatus?: string;
  /** When the current state began (ms), when known. */
  readonly since?: number;
  /** The expected resolution (ms), when the service gave one. */
  readonly eta?: number;
  readonly status: AvailabilityStatus;
}

export interface HealthGroup {
  readonly resourceGroup: string;
  readonly rows: readonly HealthRow[];
}

export interface StateSection {
  /** The state as the first of its rows received it ("Unknown" for none). */
  readonly state: string;
  readonly rank: number;
  readonly groups: readonly HealthGroup[];
  readonly count: number;
}

export function healthRowOf(status: AvailabilityStatus): HealthRow {
  const resourceId = resourceIdOf(status) ?? '';
  const p = status.properties;
  // Not status.name: that is the status's own name (`current`), not the resource's.
  const name = (resourceId ? resourceNameOfId(resourceId) : undefined) ?? '';
  const type = (resourceId ? resourceTypeOfId(resourceId) : undefined) ?? '';
  const location = status.location?.trim() ?? '';
  // People read "Central India", not the ARM name `centralindia` the service sends.
  const region = location ? (regionDisplayName(location) ?? location) : '';
  const since = healthTime(occurredTimeOf(status));
  const eta = healthTime(p?.resolutionETA);
  return {
    resourceId,
    name,
    type,
    region,
    resourceGroup: (resourceId ? resourceGroupOfResource(resourceId) : undefined) ?? '',
    subscriptionId: (resourceId ? subscriptionOfResource(resourceId) : undefined) ?? '',
    state: stateOf(status) ?? 'Unknown',
    label: [name, type ? shortType(type) : '', region].filter((s) => s !== '').join(' · '),
    ...(p?.summary ? { summary: p.summary } : {}),
    ...(p?.detailedStatus ? { detailedStatus: p.detailedStatus } : {}),
    ...(since !== undefined ? { since } : {}),
    ...(eta !== undefined ? { eta } : {}),
    status,
  };
}

/** Sections by state (Unavailable, Degraded, Unknown, later states, Available), each by resource group (named first, A→Z). */
export function stateSections(statuses: readonly AvailabilityStatus[]): StateSection[] {
  const sections = new SectionsBuilder();
  for (const status of sortStatuses(statuses)) sections.add(status);
  return sections.done();
}

/**
 * stateSections in slices that yield, for the statuses `matches` keeps (all without one): what the
 * Resources view shows, computed once per change (issue 32: 100,000 statuses in one pass blocked
 * the thread for seconds). The same sections; undefined when superseded.
 */
export async function stateSectionsInSlices(statuses: readonly AvailabilityStatus[], matches: ((s: AvailabilityStatus) => boolean) | undefined, slicer: Slicer): Promise<StateSection[] | undefined> {
  let kept = statuses;
  if (matches) {
    const filtered: AvailabilityStatus[] = [];
    if (!(await eachInSlices(statuses, (s) => matches(s) && filtered.push(s), slicer))) return undefined;
    kept = filtered;
  }
  const sorted = await sortStatusesInSlices(kept, slicer);
  const sections = new SectionsBuilder();
  return sorted && (await eachInSlices(sorted, (s) => sections.add(s), slicer)) ? sections.done() : undefined;
}

/** Rows by state then resource group, one status at a time, in the order given. */
class SectionsBuilder {
  private readonly sections = new Map<string, { state: string; rank: number; groups: Map<string, { resourceGroup: string; rows: HealthRow[] }> }>();

  add(status: AvailabilityStatus): void {
    const row = healthRowOf(status);
    const key = row.state.toLowerCase();
    let section = this.sections.get(key);
    if (!section) {
      section = { state: row.state, rank: stateRank(row.state), groups: new Map() };
      this.sections.set(key, section);
    }
    const groupKey = row.resourceGroup.toLowerCase();
    const group = section.groups.get(groupKey) ?? { resourceGroup: row.resourceGroup, rows: [] };
    group.rows.push(row);
    section.groups.set(groupKey, group);
  }

  done(): StateSection[] {
    // Later states share rank 3: order them by name so the view is stable.
    return [...this.sections.values()]
      .sort((a, b) => a.rank - b.rank || a.state.toLowerCase().localeCompare(b.state.toLowerCase()))
      .map((s) => {
        const groups = [...s.groups.values()].sort((a, b) => Number(a.resourceGroup === '') - Number(b.resourceGroup === '') || a.resourceGroup.toLowerCase().localeCompare(b.resourceGroup.toLowerCase()));
        return { state: s.state, rank: s.rank, groups, count: groups.reduce((n, g) => n + g.rows.length, 0) };
      });
  }
}

/** Whether a state is one a notification is raised for: Unavailable or Degraded. */
export function isAlarming(state: string): boolean {
  return stateRank(state) <= 1;
}

/**
 * Remembers each resource's last state. The first load of a subscription is its baseline (nothing
 * is reported); after it, a resource reported is one now Unavailable or Degraded that was not in
 * that same state before (newly seen resources included). Subscriptions that failed are left as
 * they were, so a failure then a success does not report the whole subscription again.
 */
export class HealthBaseline {
  private readonly states = new Map<string, Map<string, string>>();

  /** The rows that turned Unavailable or Degraded since this subscription's previous load. */
  update(subscriptionId: string, statuses: readonly AvailabilityStatus[]): HealthRow[] {
    const key = subscriptionId.toLowerCase();
    const next = new Map<string, string>();
    const turned = turnedRows(this.states.get(key), next, statuses);
    this.states.set(key, next);
    return turned;
  }

  /** The rows of an incremental listing (changes only) that turned Unavailable or Degraded; the others keep their state. */
  merge(subscriptionId: string, changed: readonly AvailabilityStatus[]): HealthRow[] {
    const key = subscriptionId.toLowerCase();
    const previous = this.states.get(key);
    const next = previous ?? new Map<string, string>();
    // One map read then written per status: each is compared with the state held before it.
    const turned = turnedRows(previous, next, changed);
    this.states.set(key, next);
    return turned;
  }

  /** Forget everything (sign-out, another connection): the next load is a baseline again. */
  clear(): void {
    this.states.clear();
  }
}

/** The rows among `statuses` that turned alarming against `previous` (none on a first load); `next` takes every state. */
function turnedRows(previous: ReadonlyMap<string, string> | undefined, next: Map<string, string>, statuses: readonly AvailabilityStatus[]): HealthRow[] {
  const turned: HealthRow[] = [];
  for (const status of statuses) {
    // The row's id and state only (healthRowOf's whole row only for a row that turned: issue 32, 100,000 per listing).
    const resourceId = resourceIdOf(status);
    if (!resourceId) {
      continue;
    }
    const id = resourceId.toLowerCase();
    const received = stateOf(status) ?? 'Unknown';
    const state = received.toLowerCase();
    if (previous && isAlarming(received) && previous.get(id) !== state) {
      turned.push(healthRowOf(status));
    }
    next.set(id, state);
  }
  return turned;
}

/** The resources a notification names: none when `serviceHealth.notifications` is off, or for the sample's made-up outages. */
export function rowsToAnnounce(turned: readonly HealthRow[], level: 'all' | 'serviceIssues' | 'off', sample: boolean): HealthRow[] {
  return level === 'off' || sample ? [] : [...turned];
}

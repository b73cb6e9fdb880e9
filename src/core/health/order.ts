/** The order resource health is listed in: what needs attention first. Why: docs/architecture.md#health-order */
import {
  resourceGroupOfResource,
  resourceIdOf,
  resourceNameOfId,
  stateOf,
  type AvailabilityStatus,
} from '../model/availability';
import { eachInSlices, sortInSlices, type Slicer } from '../text/slices';

const RANKS: ReadonlyMap<string, number> = new Map([
  ['unavailable', 0],
  ['degraded', 1],
  ['unknown', 2],
  ['available', 4],
]);

/** Unavailable 0, Degraded 1, Unknown 2, a state added later (or none) 3, Available 4. */
export function stateRank(state: string | undefined): number {
  return RANKS.get((state ?? '').trim().toLowerCase()) ?? 3;
}

/** Whether a state needs no attention: only Available (any case); a state never seen before does. */
export function isAvailable(state: string | undefined): boolean {
  return stateRank(state) === 4;
}

interface Keyed<T> {
  readonly status: T;
  readonly rank: number;
  readonly group: string;
  readonly name: string;
  readonly id: string;
}

function keyOf<T extends AvailabilityStatus>(status: T): Keyed<T> {
  const id = resourceIdOf(status) ?? status.id ?? '';
  return { status, rank: stateRank(stateOf(status)), group: (resourceGroupOfResource(id) ?? '').toLowerCase(), name: (resourceNameOfId(id) ?? '').toLowerCase(), id };
}

const byKey = <T>(a: Keyed<T>, b: Keyed<T>): number => a.rank - b.rank || cmp(a.group, b.group) || cmp(a.name, b.name) || cmp(a.id, b.id);

/** Not Available first (by rank), then by resource group, then by name, then by id: a stable order for any input. */
export function sortStatuses<T extends AvailabilityStatus>(statuses: readonly T[]): T[] {
  return statuses
    .map(keyOf)
    .sort(byKey)
    .map((k) => k.status);
}

/** sortStatuses in slices that yield (the Resources view's 100,000 statuses, issue 32); the same order. Undefined when superseded. */
export async function sortStatusesInSlices<T extends AvailabilityStatus>(statuses: readonly T[], slicer: Slicer): Promise<T[] | undefined> {
  const keyed: Keyed<T>[] = [];
  if (!(await eachInSlices(statuses, (s) => keyed.push(keyOf(s)), slicer))) return undefined;
  const sorted = await sortInSlices(keyed, byKey, slicer);
  return sorted?.map((k) => k.status);
}

function cmp(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

const STATE_ICONS: readonly { readonly icon: string; readonly color?: string }[] = [
  { icon: 'error', color: 'errorForeground' },
  { icon: 'warning', color: 'list.warningForeground' },
  { icon: 'question' },
  { icon: 'circle-outline' },
  { icon: 'pass', color: 'testing.iconPassed' },
];

/** The codicon (and theme color) a state is shown with, by its rank; the tree and the details panel share it. */
export function stateIconOf(state: string | undefined): { readonly icon: string; readonly color?: string } {
  return STATE_ICONS[stateRank(state)] ?? { icon: 'circle-outline' };
}

/**
 * Texts of an incident row in the Events tree. Pure (no `vscode`) so unit tests can check them.
 *
 * At a 300 px side bar a label shows some 30 characters, so it leads with what tells the rows of a
 * group apart: the impacted service and region ("Virtual Machines · West Europe"), not the start of
 * the title, which repeats the group ("Service degradation - …" on every row). The group's own
 * key is left out (a row under "West Europe" names its service only). Rows of a group whose labels
 * would still read the same fall back to their titles. The description carries the age and the
 * level; the full title is in the tooltip, the accessible name and the details panel.
 */
import { lastUpdateOf, relativeTime, titleOf } from '../../core/events/eventFacts';
import { levelOf as eventLevelOf } from '../../core/events/eventFilter';
import { incidentRegions, incidentServices, incidentSubscriptions, type EventGroup, type IncidentRow } from '../../core/events/grouping';

/** "A, B" up to two names; more read "A +2 regions". */
export function shortList(names: readonly string[], noun: string): string | undefined {
  if (names.length === 0) {
    return undefined;
  }
  if (names.length <= 2) {
    return names.join(', ');
  }
  return `${names[0] ?? ''} +${names.length - 1} ${noun}`;
}

/** The first name, "+N" for the rest: labels must stay short. */
function firstPlus(names: readonly string[]): string | undefined {
  if (names.length === 0) {
    return undefined;
  }
  return names.length === 1 ? names[0] : `${names[0] ?? ''} +${names.length - 1}`;
}

/** What the row's group already says (the region of a region group, the service of a service group). */
export type RowPlace = Pick<EventGroup, 'kind' | 'key'>;

/** "Virtual Machines · West Europe +2" (without the group's own key); the title when the event names neither. */
export function incidentLabel(row: IncidentRow, place?: RowPlace): string {
  const same = (name: string): boolean => place !== undefined && name.toLowerCase() === place.key.toLowerCase();
  const services = place?.kind === 'service' ? [] : incidentServices(row).filter((s) => !same(s));
  const regions = place?.kind === 'region' ? [] : incidentRegions(row).filter((r) => !same(r));
  const label = [firstPlus(services), firstPlus(regions)].filter((p): p is string => !!p).join(' · ');
  return label || titleOf(row.primary.event);
}

/** Labels of a group's rows, in order: a label two rows would share is replaced by their titles. */
export function distinctLabels(rows: readonly IncidentRow[], place?: RowPlace): string[] {
  const labels = rows.map((r) => incidentLabel(r, place));
  const uses = new Map<string, number>();
  for (const l of labels) {
    uses.set(l, (uses.get(l) ?? 0) + 1);
  }
  return labels.map((l, i) => ((uses.get(l) ?? 0) > 1 ? titleOf((rows[i] as IncidentRow).primary.event) : l));
}

/** The event's level word ("Critical", "Warning"), if the service gave one. */
export function levelOf(row: IncidentRow): string | undefined {
  return eventLevelOf(row.primary.event);
}

/** "3h ago · Critical · 3 subscriptions" (parts the row cannot fill are left out). */
export function describeIncident(row: IncidentRow, now: number): string {
  const parts: (string | undefined)[] = [];
  const updated = lastUpdateOf(row.primary.event);
  parts.push(updated !== undefined ? relativeTime(updated, now) : undefined);
  parts.push(levelOf(row));
  const subscriptions = incidentSubscriptions(row).length;
  parts.push(subscriptions > 1 ? `${subscriptions} subscriptions` : undefined);
  return parts.filter((p): p is string => !!p).join(' · ');
}

/** "3 active · 5 resolved" (a status group, all of one status, just counts). */
export function describeGroup(group: Pick<EventGroup, 'kind' | 'count' | 'activeCount'>): string {
  if (group.kind === 'status') {
    return String(group.count);
  }
  const other = group.count - group.activeCount;
  const parts = [group.activeCount > 0 ? `${group.activeCount} active` : undefined, other > 0 ? `${other} resolved` : undefined];
  return parts.filter((p): p is string => !!p).join(' · ') || '0';
}

/** Subscription display names (else ids) of an incident's copies. */
export function subscriptionNamesOf(row: IncidentRow, names: ReadonlyMap<string, string>): string[] {
  return incidentSubscriptions(row).map((id) => {
    const name = names.get(id.toLowerCase());
    return name && name !== id ? `${name} (${id})` : id;
  });
}

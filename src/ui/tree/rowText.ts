/** Texts of an incident row in the Events tree. Why: docs/architecture.md#tree-rowtext */
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

/** The row's services and regions, without what its group already says. */
function namesOf(row: IncidentRow, place?: RowPlace): { services: string[]; regions: string[] } {
  const same = (name: string): boolean => place !== undefined && name.toLowerCase() === place.key.toLowerCase();
  return {
    services: place?.kind === 'service' ? [] : incidentServices(row).filter((s) => !same(s)),
    regions: place?.kind === 'region' ? [] : incidentRegions(row).filter((r) => !same(r)),
  };
}

function join(...parts: (string | undefined)[]): string {
  return parts.filter((p): p is string => !!p).join(' · ');
}

/** "Virtual Machines · West Europe +2" (without the group's own key); the title when the event names neither. */
export function incidentLabel(row: IncidentRow, place?: RowPlace): string {
  const { services, regions } = namesOf(row, place);
  return join(firstPlus(services), firstPlus(regions)) || titleOf(row.primary.event);
}

/** Singular type words for labels that need the type to tell rows apart. */
const TYPE_WORDS: Record<string, string> = {
  ServiceIssue: 'Service issue',
  PlannedMaintenance: 'Planned maintenance',
  HealthAdvisory: 'Health advisory',
  SecurityAdvisory: 'Security advisory',
  EmergingIssues: 'Emerging issue',
  RCA: 'Root cause analysis',
  Billing: 'Billing',
};

/**
 * Labels of a group's rows, in order: always "service · region(s)" (without what the group says),
 * so every row reads the same way; rows that would read the same add their type, and then their
 * tracking id. An event that names neither service nor region is labelled by its title.
 */
export function distinctLabels(rows: readonly IncidentRow[], place?: RowPlace): string[] {
  let labels = rows.map((r) => incidentLabel(r, place));
  labels = disambiguate(labels, (i) => {
    const type = rows[i]?.primary.event.properties?.eventType ?? '';
    return `${labels[i] ?? ''} · ${TYPE_WORDS[type] ?? type}`;
  });
  return disambiguate(labels, (i) => `${labels[i] ?? ''} · ${(rows[i] as IncidentRow).primary.trackingId}`);
}

/** Replaces every label that occurs more than once by `alternative(index)`. */
function disambiguate(labels: readonly string[], alternative: (index: number) => string): string[] {
  const uses = countOf(labels);
  return labels.map((l, i) => ((uses.get(l) ?? 0) > 1 ? alternative(i) : l));
}

function countOf(values: readonly string[]): Map<string, number> {
  const uses = new Map<string, number>();
  for (const v of values) {
    uses.set(v, (uses.get(v) ?? 0) + 1);
  }
  return uses;
}

/** The event's level word ("Critical", "Warning"), if the service gave one. */
export function levelOf(row: IncidentRow): string | undefined {
  return eventLevelOf(row.primary.event);
}

/** The counted words of row descriptions; nodes.ts passes them translated (vscode.l10n), tests use the English ones. */
export interface RowWords {
  readonly subscriptions: (count: number) => string;
  readonly active: (count: number) => string;
  readonly resolved: (count: number) => string;
}

export const ENGLISH_ROW_WORDS: RowWords = {
  subscriptions: (n) => `${n} subscriptions`,
  active: (n) => `${n} active`,
  resolved: (n) => `${n} resolved`,
};

/** "3h ago · Critical · 3 subscriptions" (parts the row cannot fill are left out). */
export function describeIncident(row: IncidentRow, now: number, words: RowWords = ENGLISH_ROW_WORDS): string {
  const parts: (string | undefined)[] = [];
  const updated = lastUpdateOf(row.primary.event);
  parts.push(updated !== undefined ? relativeTime(updated, now) : undefined);
  parts.push(levelOf(row));
  const subscriptions = incidentSubscriptions(row).length;
  parts.push(subscriptions > 1 ? words.subscriptions(subscriptions) : undefined);
  return parts.filter((p): p is string => !!p).join(' · ');
}

/** "3 active · 5 resolved" (a status group, all of one status, just counts). */
export function describeGroup(group: Pick<EventGroup, 'kind' | 'count' | 'activeCount'>, words: RowWords = ENGLISH_ROW_WORDS): string {
  if (group.kind === 'status') {
    return String(group.count);
  }
  const other = group.count - group.activeCount;
  const parts = [group.activeCount > 0 ? words.active(group.activeCount) : undefined, other > 0 ? words.resolved(other) : undefined];
  return parts.filter((p): p is string => !!p).join(' · ') || '0';
}

/** Subscription display names (else ids) of an incident's copies. */
export function subscriptionNamesOf(row: IncidentRow, names: ReadonlyMap<string, string>): string[] {
  return incidentSubscriptions(row).map((id) => {
    const name = names.get(id.toLowerCase());
    return name && name !== id ? `${name} (${id})` : id;
  });
}

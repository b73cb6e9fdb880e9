/** Terminal formatting of resource health (availability statuses) for the CLI. */
import { healthActions } from '../health/actions';
import { sortStatuses } from '../health/order';
import {
  healthTime,
  linkedTrackingIds,
  occurredTimeOf,
  resourceGroupOfResource,
  resourceIdOf,
  resourceNameOfId,
  resourceTypeOfId,
  stateOf,
  type AvailabilityStatus,
} from '../model/availability';
import { NOT_GIVEN } from '../model/eventModel';
import { terminalText } from '../text/htmlText';
import { table } from './format';
import { append } from '../text/lists';

/** `2026-11-24 14:05Z`; "not given" for a placeholder, "" for none. A time without a zone is UTC (docs/architecture.md#model-availability). */
export function healthTimeText(value: string | null | undefined): string {
  const ms = healthTime(value);
  if (ms === undefined) {
    return value?.trim() ? NOT_GIVEN : '';
  }
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')}Z`;
}

/** The state as received; "-" for a status without one (never "Available"). */
export function stateText(status: AvailabilityStatus): string {
  return terminalText(stateOf(status)) || '-';
}

function resourceCells(status: AvailabilityStatus): { name: string; type: string; group: string } {
  const id = resourceIdOf(status) ?? '';
  return {
    name: terminalText(resourceNameOfId(id)) || terminalText(status.id) || '-',
    type: terminalText(resourceTypeOfId(id)) || '-',
    group: terminalText(resourceGroupOfResource(id)) || '-',
  };
}

/** STATE, NAME, TYPE, RESOURCE GROUP, SINCE, EVENTS, SUMMARY: not Available first. */
export function statusesTable(statuses: readonly AvailabilityStatus[]): string {
  const rows = sortStatuses(statuses).map((s) => {
    const r = resourceCells(s);
    const events = linkedTrackingIds(s).map((id) => terminalText(id)).join(', ');
    return [stateText(s), r.name, r.type, r.group, healthTimeText(occurredTimeOf(s)) || '-', events || '-', terminalText(s.properties?.summary) || '-'];
  });
  return table(['STATE', 'NAME', 'TYPE', 'RESOURCE GROUP', 'SINCE', 'EVENTS', 'SUMMARY'], rows);
}

/** "3 Unavailable, 1 Degraded, 20 Available": the counts per state, in list order. */
export function stateCounts(statuses: readonly AvailabilityStatus[]): string {
  const counts = new Map<string, number>();
  for (const s of sortStatuses(statuses)) {
    counts.set(stateText(s), (counts.get(stateText(s)) ?? 0) + 1);
  }
  return [...counts].map(([state, n]) => `${n} ${state === '-' ? 'without a state' : state}`).join(', ');
}

/** One resource's current status, field by field, with its recommended actions as links. */
export function statusDetails(status: AvailabilityStatus, portal: string): string {
  const p = status.properties ?? {};
  const r = resourceCells(status);
  const lines: [string, string][] = [
    ['State', `${stateText(status)}${healthTimeText(occurredTimeOf(status)) ? ` since ${healthTimeText(occurredTimeOf(status))}` : ''}`],
    ['Resource', `${r.name} (${r.type}) in ${r.group}`],
    ['Summary', terminalText(p.summary)],
    ['Details', terminalText(p.detailedStatus)],
    ['Reason', [p.reasonType, p.reasonChronicity].map((v) => terminalText(v)).filter((v) => v !== '').join(', ')],
    ['Root cause at', healthTimeText(p.rootCauseAttributionTime)],
    ['Expected fix', healthTimeText(p.resolutionETA)],
    ['Reported', healthTimeText(p.reportedTime)],
  ];
  const resolved = p.recentlyResolved;
  if (resolved) {
    const from = healthTimeText(resolved.unavailableOccurredTime ?? resolved.unavailableOccuredTime);
    lines.push(['Recently resolved', `${from || NOT_GIVEN} to ${healthTimeText(resolved.resolvedTime) || NOT_GIVEN}: ${terminalText(resolved.unavailableSummary)}`]);
  }
  for (const e of p.serviceImpactingEvents ?? []) {
    const id = terminalText(e.trackingId ?? e.correlationId);
    lines.push(['Event', `${id || '-'}${e.incidentProperties?.title ? ` (${terminalText(e.incidentProperties.title)})` : ''}`]);
  }
  const out = lines.filter(([, v]) => v.trim() !== '').map(([k, v]) => `${`${k}:`.padEnd(19)}${v}`);
  const actions = healthActions(status, portal);
  if (actions.length > 0) {
    append(out, ['Recommended actions:'].concat(actions.map((a) => `  - ${terminalText(a.text)}${a.url ? `: ${a.url}` : ''}`)));
  }
  return `${out.join('\n')}\n`;
}

/** TIME, STATE, SUMMARY of a resource's transitions, newest first as received. */
export function historyTable(statuses: readonly AvailabilityStatus[]): string {
  const rows = statuses.map((s) => [healthTimeText(occurredTimeOf(s)) || '-', stateText(s), terminalText(s.properties?.summary) || '-']);
  return table(['TIME', 'STATE', 'SUMMARY'], rows);
}

/**
 * The `list` table: one row per incident (the service lists an incident once per subscription;
 * the row names its subscriptions, "Contoso Production +1"), in the extension's words, active
 * first, fitted to the terminal; and the one-line summary under it.
 */
import { incidentsOf, incidentSubscriptions, type IncidentRow } from '../events/grouping';
import { isActive, lastUpdateOf, relativeTime, statusOf, trackingIdOrUndefined, type StoredEvent } from '../events/eventFacts';
import type { QuotaSnapshot } from '../http/types';
import type { HealthEvent } from '../model/eventModel';
import { eventTypeWords, levelWords, statusWords } from '../render/enumWords';
import { shortSubscriptionId, type SubscriptionNamer } from '../subscriptions/names';
import { terminalText } from '../text/htmlText';
import { fitTable, type Column } from './fitTable';
import { regionsOf, shortTime } from './format';
import type { Style } from './terminal';
import { truncate } from './terminal';

export interface ListedEvent {
  readonly subscriptionId: string;
  readonly event: HealthEvent;
}

export interface EventTableOptions {
  readonly width: number;
  readonly wide: boolean;
  readonly color: boolean;
  readonly now: number;
  /** Several subscriptions were listed: the table names each row's. */
  readonly withSubscriptions: boolean;
  readonly name: SubscriptionNamer;
}

/** One row per incident; an event without a tracking id or name stays a row of its own. */
export function incidentRows(listed: readonly ListedEvent[]): IncidentRow[] {
  const stored: StoredEvent[] = listed.map((l, i) => ({ subscriptionId: l.subscriptionId, trackingId: trackingIdOrUndefined(l.event) ?? `\u0000${i}`, event: l.event }));
  const rank = (r: IncidentRow) => (isActive(r.primary.event) ? 0 : 1);
  const time = (r: IncidentRow) => lastUpdateOf(r.primary.event) ?? 0;
  return incidentsOf(stored).sort((a, b) => rank(a) - rank(b) || time(b) - time(a));
}

/** "Contoso Production +1": the first subscription's name (its short id without one), "+N" for the rest. */
export function subscriptionsCell(ids: readonly string[], name: SubscriptionNamer, wide: boolean, max = 24): string {
  const first = ids[0] ?? '';
  const more = ids.length > 1 ? ` +${ids.length - 1}` : '';
  const label = terminalText(name(first)) || (wide ? terminalText(first) : shortSubscriptionId(terminalText(first)));
  return wide ? `${label}${more}` : `${truncate(label, Math.max(4, max - more.length))}${more}`;
}

const STATUS_STYLE: Readonly<Record<string, readonly Style[]>> = { Active: ['bold', 'yellow'], Resolved: ['green'] };
const LEVEL_STYLE: Readonly<Record<string, readonly Style[]>> = { Critical: ['bold', 'red'], Error: ['red'], Warning: ['yellow'], Informational: ['cyan'] };

/** The table of `list`; columns leave in this order when the terminal is narrow: regions, type, level. */
export function eventTable(rows: readonly IncidentRow[], options: EventTableOptions): string {
  const events = rows.map((r) => r.primary.event);
  const level = (e: HealthEvent) => e.properties?.eventLevel ?? e.properties?.level ?? '';
  const updated = (e: HealthEvent): string => {
    const ms = lastUpdateOf(e);
    if (!e.properties?.lastUpdateTime) {
      return '-';
    }
    return options.wide || ms === undefined ? shortTime(e.properties.lastUpdateTime) : relativeTime(ms, options.now);
  };
  const columns: Column[] = [
    { header: 'STATUS', cells: events.map((e) => terminalText(statusWords(statusOf(e))) || '-'), style: (i) => STATUS_STYLE[statusOf(events[i] as HealthEvent) ?? ''] ?? [] },
    { header: 'TYPE', cells: events.map((e) => terminalText(eventTypeWords(e.properties?.eventType)) || '-'), dropRank: 2 },
    { header: 'LEVEL', cells: events.map((e) => terminalText(levelWords(level(e))) || '-'), dropRank: 3, style: (i) => LEVEL_STYLE[level(events[i] as HealthEvent)] ?? [] },
    { header: 'ID', cells: rows.map((r) => terminalText(trackingIdOrUndefined(r.primary.event)) || '-') },
    { header: 'TITLE', cells: events.map((e) => terminalText(e.properties?.title) || '-'), flex: { min: 40 } },
    { header: 'REGIONS', cells: events.map((e) => regionsOf(e).join(', ') || '-'), max: 30, dropRank: 1 },
  ];
  if (options.withSubscriptions) {
    columns.push({ header: 'SUBSCRIPTIONS', cells: rows.map((r) => subscriptionsCell(incidentSubscriptions(r), options.name, options.wide)) });
  }
  columns.push({ header: 'UPDATED', cells: events.map(updated) });
  return fitTable(columns, options);
}

/**
 * "12 active · 265 resolved in 2 subscriptions" ("in Contoso Production" for one with a known
 * name), then the requests it took and the quota left.
 */
export function summaryLine(rows: readonly IncidentRow[], subscriptionIds: readonly string[], name: SubscriptionNamer, requests: number, quota: QuotaSnapshot | undefined, now: number): string {
  const active = rows.filter((r) => isActive(r.primary.event)).length;
  const resolved = rows.filter((r) => statusOf(r.primary.event) === 'Resolved').length;
  const other = rows.length - active - resolved;
  const counts = [`${active} active`, `${resolved} resolved`, ...(other > 0 ? [`${other} other`] : [])].join(' · ');
  const only = subscriptionIds.length === 1 ? name(subscriptionIds[0] ?? '') : undefined;
  const where = only ? terminalText(only) : `${subscriptionIds.length} subscription${subscriptionIds.length === 1 ? '' : 's'}`;
  return `${counts} in ${where}; ${requests} request${requests === 1 ? '' : 's'}, ${quotaText(quota, now)}.`;
}

function quotaText(quota: QuotaSnapshot | undefined, now: number): string {
  if (!quota) {
    return 'no quota headers seen';
  }
  const limit = quota.limit === undefined ? '' : ` of ${quota.limit}`;
  const reset = quota.resetAt === undefined ? '' : `, resets in ${Math.max(0, Math.ceil((quota.resetAt - now) / 60_000))} min`;
  return `${quota.remaining}${limit} left${reset}`;
}

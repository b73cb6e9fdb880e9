/**
 * The user's filter of the events view (persisted per workspace by the UI). Pure and VS Code-free.
 * Empty lists mean "no restriction"; matching is case-insensitive (region names vary in case).
 */
import type { ImpactedCount } from '../query/queryFacts';
import { eventTypeOf, lastUpdateOf, regionsOf, servicesOf, statusOf, type StoredEvent } from './eventFacts';
import type { HealthEvent } from '../model/schemas';

/** The event's level: `eventLevel` ("Critical", "Error", "Warning", "Informational"), else the older `level`. */
export function levelOf(event: HealthEvent): string | undefined {
  return event.properties?.eventLevel ?? event.properties?.level ?? undefined;
}

export interface EventFilter {
  /** Time window in days, by last update; also the window the store loads. */
  readonly windowDays: number;
  readonly types: readonly string[];
  readonly statuses: readonly string[];
  /** Event levels ("Critical", "Warning"…): `eventLevel`, else the older `level`. */
  readonly levels: readonly string[];
  readonly services: readonly string[];
  readonly regions: readonly string[];
  /**
   * The query's `impacted:yes|no`: true shows only events known to affect the user's resources,
   * false only those known to affect none; absent shows all. Events whose resources were never
   * listed match neither (their count is unknown).
   */
  readonly impacted?: boolean;
}

export const TIME_WINDOW_CHOICES = [1, 3, 7, 14, 30, 90] as const;
/**
 * 7 days by default: the service's own default is 3 days, which hides last week's incident
 * and its RCA; a week keeps them while one listing stays small.
 */
export const DEFAULT_WINDOW_DAYS = 7;
export const MAX_WINDOW_DAYS = 90;

export function defaultFilter(windowDays = DEFAULT_WINDOW_DAYS): EventFilter {
  return { windowDays: clampWindow(windowDays), types: [], statuses: [], levels: [], services: [], regions: [] };
}

export function clampWindow(days: unknown): number {
  const n = typeof days === 'number' && Number.isFinite(days) ? Math.round(days) : DEFAULT_WINDOW_DAYS;
  return Math.min(MAX_WINDOW_DAYS, Math.max(1, n));
}

/** Reads a persisted filter, tolerating missing or malformed fields. */
export function normalizeFilter(value: unknown, fallbackWindowDays = DEFAULT_WINDOW_DAYS): EventFilter {
  const obj = typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : {};
  const list = (v: unknown): string[] => (Array.isArray(v) ? v.filter((x): x is string => typeof x === 'string') : []);
  return {
    windowDays: obj['windowDays'] === undefined ? clampWindow(fallbackWindowDays) : clampWindow(obj['windowDays']),
    types: list(obj['types']),
    statuses: list(obj['statuses']),
    levels: list(obj['levels']),
    services: list(obj['services']),
    regions: list(obj['regions']),
    ...(typeof obj['impacted'] === 'boolean' ? { impacted: obj['impacted'] } : {}),
  };
}

/** The words of the impacted facet, for the picker and the "Filtered: …" row. */
export function impactedWords(impacted: boolean): string {
  return impacted ? 'Affects my resources' : 'Affects none of my resources';
}

/** True when anything beyond the time window restricts the view. */
export function isRestricted(filter: EventFilter): boolean {
  return filter.types.length + filter.statuses.length + filter.levels.length + filter.services.length + filter.regions.length > 0 || filter.impacted !== undefined;
}

export function windowStartOf(filter: EventFilter, now: number): number {
  return now - filter.windowDays * 86_400_000;
}

function anyMatch(wanted: readonly string[], actual: readonly (string | undefined)[]): boolean {
  if (wanted.length === 0) {
    return true;
  }
  const set = new Set(wanted.map((w) => w.toLowerCase()));
  return actual.some((a) => a !== undefined && set.has(a.toLowerCase()));
}

/** `impactedCount`: the known impacted-resource counts; without it `impacted` matches nothing. */
export function matchesFilter(e: StoredEvent, filter: EventFilter, now: number, impactedCount?: ImpactedCount): boolean {
  const updated = lastUpdateOf(e.event);
  if (updated !== undefined && updated < windowStartOf(filter, now)) {
    return false;
  }
  if (filter.impacted !== undefined) {
    const count = impactedCount?.(e.event);
    if (count === undefined || count > 0 !== filter.impacted) {
      return false;
    }
  }
  return (
    anyMatch(filter.types, [eventTypeOf(e.event)]) &&
    anyMatch(filter.statuses, [statusOf(e.event)]) &&
    anyMatch(filter.levels, [levelOf(e.event)]) &&
    anyMatch(filter.services, servicesOf(e.event)) &&
    anyMatch(filter.regions, regionsOf(e.event))
  );
}

export function applyFilter(events: readonly StoredEvent[], filter: EventFilter, now: number, impactedCount?: ImpactedCount): StoredEvent[] {
  return events.filter((e) => matchesFilter(e, filter, now, impactedCount));
}

/** Distinct values present in the data, for the filter pickers. */
export function facetsOf(events: readonly StoredEvent[]): { services: string[]; regions: string[]; types: string[]; statuses: string[]; levels: string[] } {
  const services = new Set<string>();
  const levels = new Set<string>();
  const regions = new Set<string>();
  const types = new Set<string>();
  const statuses = new Set<string>();
  for (const e of events) {
    servicesOf(e.event).forEach((s) => services.add(s));
    regionsOf(e.event).forEach((r) => regions.add(r));
    const t = eventTypeOf(e.event);
    if (t) {
      types.add(t);
    }
    const s = statusOf(e.event);
    if (s) {
      statuses.add(s);
    }
    const l = levelOf(e.event);
    if (l) {
      levels.add(l);
    }
  }
  const sorted = (s: Set<string>): string[] => [...s].sort((a, b) => a.localeCompare(b));
  return { services: sorted(services), regions: sorted(regions), types: sorted(types), statuses: sorted(statuses), levels: sorted(levels) };
}

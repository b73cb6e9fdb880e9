// The event model's value lists and time readers: no imports, so schemas.ts and eventModel.ts both build on it without a circle.
export const EVENT_TYPES = [
  'ServiceIssue',
  'PlannedMaintenance',
  'HealthAdvisory',
  'RCA',
  'EmergingIssues',
  'SecurityAdvisory',
  'Billing',
] as const;
export const EVENT_LEVELS = ['Critical', 'Error', 'Warning', 'Informational'] as const;
export const INSIGHT_LEVELS = ['Critical', 'Warning'] as const;
export const EVENT_SOURCES = ['ResourceHealth', 'ServiceHealth'] as const;
export const EVENT_STATUSES = ['Active', 'Resolved'] as const;
export const EVENT_SUB_TYPES = [
  'Retirement',
  'ForeignExchangeRateChange',
  'Underbilling',
  'Overbilling',
  'PriceChanges',
  'TaxChanges',
  'MeterIDChanges',
  'UnauthorizedPartyAbuse',
] as const;
export const LINK_TYPES = ['Button', 'Hyperlink'] as const;

export type KnownEventType = (typeof EVENT_TYPES)[number];
export type KnownEventStatus = (typeof EVENT_STATUSES)[number];
export type KnownEventLevel = (typeof EVENT_LEVELS)[number];

/** Reads a service time for ordering and time windows. Why: docs/architecture.md#model-eventmodel */
export function parseServiceTime(value: string | null | undefined): number | undefined {
  if (!value) {
    return undefined;
  }
  const hasZone = ZONE.test(value);
  const isoLike = /^\d{4}-\d{2}-\d{2}T/.test(value);
  const ms = Date.parse(isoLike && !hasZone ? `${value}Z` : value);
  return Number.isNaN(ms) || ms < EARLIEST_REAL_TIME || ms >= LATEST_REAL_TIME ? undefined : ms;
}

/** Ends in `Z` or a numeric offset (`+01:00`, `-0500`). */
const ZONE = /[zZ]$|[+-]\d{2}:?\d{2}$/;
/** Before 1970 or from year 9999 on: placeholders (MinValue, epoch 0, MaxValue), never real service times. */
const EARLIEST_REAL_TIME = Date.UTC(1970, 0, 1, 0, 0, 1);
const LATEST_REAL_TIME = Date.UTC(9999, 0, 1);

/**
 * Reads a service time to show to people: only a real time with an explicit zone. A time
 * without a zone is an instant known to within a day either way (UTC by ARM's convention, but
 * nothing says so), good enough to order events but not to tell someone when: it is shown as
 * "not given" (NOT_GIVEN) or left out, as a placeholder is.
 */
export function parseShownTime(value: string | null | undefined): number | undefined {
  return value && ZONE.test(value.trim()) ? parseServiceTime(value.trim()) : undefined;
}

/** What a time that is absent, a placeholder or without a zone reads as where a field must say something. */
export const NOT_GIVEN = 'not given';

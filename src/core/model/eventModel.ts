/**
 * The event model without zod: the documented value lists, the types the schemas in schemas.ts
 * infer, and the helpers that read events. The extension's start (the tree drawn from the cache)
 * needs only these; the zod schemas load on first validation (see validation.ts).
 */
export type {
  ErrorResponse,
  EventLink,
  EventProperties,
  EventsPage,
  EventUpdate,
  HealthEvent,
  Impact,
  ImpactedRegion,
  RateLimitStatus,
  RateLimitWindow,
  Subscription,
} from './schemas';
import type { HealthEvent } from './schemas';

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

/**
 * Reads a service time. ISO 8601 is what ARM sends; a value without a zone is taken as UTC
 * (ARM times are UTC). Returns undefined for anything unreadable rather than throwing.
 */
export function parseServiceTime(value: string | null | undefined): number | undefined {
  if (!value) {
    return undefined;
  }
  const hasZone = /[zZ]$|[+-]\d{2}:?\d{2}$/.test(value);
  const isoLike = /^\d{4}-\d{2}-\d{2}T/.test(value);
  const ms = Date.parse(isoLike && !hasZone ? `${value}Z` : value);
  return Number.isNaN(ms) ? undefined : ms;
}

/** The tracking id of an event: its `name` (seed: "Name of the event (its tracking identifier)"). */
export function trackingIdOf(event: HealthEvent): string | undefined {
  return event.name ?? event.id?.split('/').pop() ?? undefined;
}

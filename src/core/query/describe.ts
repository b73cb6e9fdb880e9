/**
 * describe: a short plain-English summary of a query for the chat participant and the QuickPick,
 * e.g. "active service issues in West Europe updated in the last 7 days".
 */
import { DAY, HOUR, MINUTE, startOfDay } from './time';
import type { ParsedQuery, QueryFields, SortKey } from './types';

const TYPE_NAMES: Readonly<Record<string, string>> = {
  ServiceIssue: 'service issues',
  PlannedMaintenance: 'planned maintenance',
  HealthAdvisory: 'health advisories',
  SecurityAdvisory: 'security advisories',
  Billing: 'billing notices',
  RCA: 'post-incident reviews',
  EmergingIssues: 'emerging issues',
};

const SUB_TYPE_NAMES: Readonly<Record<string, string>> = {
  Retirement: 'retirements',
  PriceChanges: 'price changes',
  TaxChanges: 'tax changes',
  ForeignExchangeRateChange: 'exchange rate changes',
  Underbilling: 'underbilling',
  Overbilling: 'overbilling',
  MeterIDChanges: 'meter ID changes',
  UnauthorizedPartyAbuse: 'unauthorized party abuse',
};

const SORT_NAMES: Record<SortKey, string> = {
  priority: 'priority',
  lastUpdate: 'last update',
  impactStart: 'impact start',
};

function list(values: readonly string[], conjunction = 'or'): string {
  if (values.length <= 1) return values.join('');
  return `${values.slice(0, -1).join(', ')} ${conjunction} ${values[values.length - 1] ?? ''}`;
}

const quoted = (values: readonly string[]): string[] => values.map((v) => `"${v}"`);

/** "2026-11-20" for midnight, else "2026-11-20 14:30 UTC". */
function formatInstant(ms: number): string {
  const d = new Date(ms);
  if (Number.isNaN(d.getTime())) return String(ms);
  const iso = d.toISOString();
  return ms % DAY === 0 ? iso.slice(0, 10) : `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;
}

/** "7 days", "24 hours" when the span is (within a minute of) a whole number of days or hours. */
function formatSpan(ms: number): string | undefined {
  // Beyond these counts a date reads better ("since 2026-11-23" rather than "the last 3810 minutes").
  for (const [unit, size, max] of [['day', DAY, 366], ['hour', HOUR, 72], ['minute', MINUTE, 120]] as const) {
    const n = Math.round(ms / size);
    if (n >= 1 && n <= max && Math.abs(ms - n * size) < MINUTE) return n === 1 ? `the last ${unit}` : `the last ${n} ${unit}s`;
  }
  return undefined;
}

function timePhrase(q: ParsedQuery, now: number): string | undefined {
  const { since, until } = q;
  if (since !== undefined && since > now) {
    return until !== undefined ? `starting between ${formatInstant(since)} and ${formatInstant(until)}` : `starting after ${formatInstant(since)}`;
  }
  const today = startOfDay(now);
  if (since === today && until === undefined) return 'updated today';
  if (since === today - DAY && until === today) return 'updated yesterday';
  if (since !== undefined && until !== undefined) return `updated between ${formatInstant(since)} and ${formatInstant(until)}`;
  if (since !== undefined) {
    const span = formatSpan(now - since);
    return span ? `updated in ${span}` : `updated since ${formatInstant(since)}`;
  }
  if (until !== undefined) return until > now ? `up to ${formatInstant(until)}` : `updated before ${formatInstant(until)}`;
  return undefined;
}

function exclusions(x: QueryFields): string[] {
  const parts: string[] = [];
  const add = (label: string, values: readonly string[]): void => {
    if (values.length > 0) parts.push(`${label} ${list(values)}`);
  };
  add('type', x.types);
  add('sub-type', x.subTypes);
  add('status', x.statuses);
  add('level', x.levels);
  add('service', x.services);
  add('region', x.regions);
  add('tag', x.tags);
  add('text', quoted(x.text));
  return parts;
}

export function describeQuery(q: ParsedQuery, now: number): string {
  const words: string[] = [];
  if (q.limit !== undefined) words.push(`top ${q.limit}`);
  if (q.statuses.length > 0) words.push(list(q.statuses.map((s) => s.toLowerCase())));
  if (q.levels.length > 0) words.push(list(q.levels.map((l) => l.toLowerCase())));
  if (q.sensitive !== undefined) words.push(q.sensitive ? 'sensitive' : 'non-sensitive');
  if (q.hir !== undefined) words.push(q.hir ? 'high-incident-rate' : 'non-high-incident-rate');
  const types = q.types.map((t) => TYPE_NAMES[t] ?? t);
  const subTypes = q.subTypes.map((s) => SUB_TYPE_NAMES[s] ?? s);
  if (types.length > 0 && subTypes.length > 0) words.push(`${list(types)} about ${list(subTypes)}`);
  else if (subTypes.length > 0) words.push(list(subTypes));
  else words.push(types.length > 0 ? list(types) : 'events');
  if (q.services.length > 0) words.push(`for ${list(q.services)}`);
  if (q.regions.length > 0) words.push(`in ${list(q.regions)}`);
  if (q.impacted !== undefined) words.push(q.impacted ? 'affecting your resources' : 'affecting none of your resources');
  if (q.health?.length) words.push(`with resources ${list(q.health.map((h) => h.toLowerCase()))}`);
  if (q.resources?.length) words.push(`about resource ${list(q.resources)}`);
  if (q.resourceGroups?.length) words.push(`in resource group ${list(q.resourceGroups)}`);
  if (q.workspace !== undefined) words.push(q.workspace ? 'touching what this workspace deploys' : 'touching nothing this workspace deploys');
  if (q.tags.length > 0) words.push(`tagged ${list(q.tags)}`);
  if (q.text.length > 0) words.push(`mentioning ${list(quoted(q.text), 'and')}`);
  const time = timePhrase(q, now);
  if (time) words.push(time);
  const excluded = exclusions(q.exclude);
  if (excluded.length > 0) words.push(`excluding ${excluded.join('; ')}`);
  if (q.sort) words.push(`sorted by ${SORT_NAMES[q.sort]}`);
  return words.join(' ');
}

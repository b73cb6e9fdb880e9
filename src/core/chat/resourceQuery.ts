/**
 * A query text over resource health statuses, read the same way by the Resources view's filter and
 * `@health`'s resource lists: the resource terms (`health:`, `resource:`, `rg:` and their plain
 * words), a service (it keeps the resources of its types) and a region apply; the terms only events
 * have are returned as ignored, so the caller says so instead of dropping them silently.
 */
import { healthRowOf } from '../health/healthRows';
import { sameService, serviceOfArmType } from '../infra/serviceMap';
import type { AvailabilityStatus } from '../model/availability';
import { buildResourcePredicate, emptyQuery, formatQuery, parseQuery, type ParsedQuery } from '../query';
import { regionKey } from '../query/normalize';
import type { KnownNames } from './eventQuery';

/** The resource terms, plus a service (the resources of its types) and a region (the resources located there). */
export function resourceMatcher(q: ParsedQuery): (status: AvailabilityStatus) => boolean {
  const terms = buildResourcePredicate(q);
  const regions = new Set(q.regions.map(regionKey));
  return (status) => {
    if (!terms(status)) return false;
    const row = healthRowOf(status);
    if (q.services.length > 0) {
      const service = row.type ? serviceOfArmType(row.type) : undefined;
      if (!service || !q.services.some((s) => sameService(s, service))) return false;
    }
    return regions.size === 0 || regions.has(regionKey(row.region));
  };
}

/** The terms of the query a resource has no value for (type, status, level, tags, text, times, negated fields, …), as a query. */
export function ignoredForResources(q: ParsedQuery): ParsedQuery {
  const ignored: ParsedQuery = { ...q, services: [], regions: [], unrecognized: [] };
  delete ignored.health;
  delete ignored.resources;
  delete ignored.resourceGroups;
  return ignored;
}

/** The ignored terms as query text ("type:PlannedMaintenance since:…"); '' when every term applies to resources. */
export function ignoredTermsText(q: ParsedQuery): string {
  const ignored = ignoredForResources(q);
  const text = formatQuery(ignored);
  return text === formatQuery(emptyQuery()) ? '' : text;
}

const orList = (values: readonly string[]): string => (values.length <= 1 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1] ?? ''}`);

/** "Unavailable resources of Virtual Machines in resource group rg-app" (plain text). */
export function resourceDescription(q: ParsedQuery): string {
  const states = q.health?.length ? `${orList(q.health.map((h) => h.toLowerCase()))} resources` : 'resources';
  const parts = [states.charAt(0).toUpperCase() + states.slice(1)];
  if (q.resources?.length) parts.push(`named ${orList(q.resources)}`);
  if (q.services.length > 0) parts.push(`of ${orList(q.services)}`);
  if (q.resourceGroups?.length) parts.push(`in resource group ${orList(q.resourceGroups)}`);
  if (q.regions.length > 0) parts.push(`in ${orList(q.regions)}`);
  return parts.join(' ');
}

export interface ResourceQueryRun {
  readonly parsed: ParsedQuery;
  readonly matches: (status: AvailabilityStatus) => boolean;
  /** The statuses the query keeps, in the order given. */
  readonly selected: AvailabilityStatus[];
  readonly description: string;
  /** ignoredTermsText of the query. */
  readonly ignored: string;
}

/** Parses `text` and keeps the statuses it selects; `names` as for events (the built-in names when absent). */
export function runResourceQuery(text: string, statuses: readonly AvailabilityStatus[], now: number, names?: KnownNames): ResourceQueryRun {
  const parsed = parseQuery(text, { now, ...(names ? { knownServices: names.services, knownRegions: names.regions } : {}) });
  const matches = resourceMatcher(parsed);
  return { parsed, matches, selected: statuses.filter(matches), description: resourceDescription(parsed), ignored: ignoredTermsText(parsed) };
}

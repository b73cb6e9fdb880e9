/** compileQuery: a parsed query to what to ask the server and how to check what comes back. Why: docs/architecture.md#query-compile */
import { buildEventsFilter } from '../api/odataFilter';
import type { HealthEvent } from '../model/schemas';
import { describeQuery } from './describe';
import { compactKey } from './normalize';
import { buildPredicate } from './predicate';
import type { QueryFacts } from './queryFacts';
import { buildResourcePredicate } from './resourcePredicate';
import type { AvailabilityStatus } from '../model/availability';
import { DEFAULT_REGIONS } from './regions';
import { DEFAULT_SERVICES } from './services';
import { sortEvents } from './sort';
import { DAY } from './time';
import type { ParsedQuery } from './types';

/** Service Health keeps 90 days of history; that is the window of a query without a start. */
export const DEFAULT_LOOKBACK_DAYS = 90;

export interface CompileOptions {
  /** Reference time for the default window, future windows and describe(); default Date.now(). */
  now?: number;
  /** Exact service names the server reports (same list as given to parseQuery). */
  knownServices?: readonly string[];
  /** Exact region names the server reports (same list as given to parseQuery). */
  knownRegions?: readonly string[];
  /** What `impacted:`, `workspace:` and the resource terms read; a fact not given matches neither side of its term. */
  facts?: QueryFacts;
}

export interface ServerQuery {
  /** OData `$filter`; absent when the server should not filter. */
  filter?: string;
  /** ISO 8601 instant for `queryStartTime`. */
  queryStartTime?: string;
}

export interface CompiledQuery {
  readonly server: ServerQuery;
  /** The exact semantics of the query, applied to each returned event. */
  matches(event: HealthEvent): boolean;
  /** Short plain-English summary of the query. */
  describe(): string;
  /** Filters, sorts (query sort, default priority) and limits a list of events. */
  select(events: readonly HealthEvent[]): HealthEvent[];
  /** The resource terms (`health:`, `resource:`, `rg:`) applied to one availability status; events ignore them. */
  matchesResource(status: AvailabilityStatus): boolean;
}

function allKnown(values: readonly string[], known: readonly string[]): boolean {
  const keys = new Set(known.map(compactKey));
  return values.every((v) => keys.has(compactKey(v)));
}

export function compileQuery(q: ParsedQuery, options: CompileOptions = {}): CompiledQuery {
  const now = options.now !== undefined && Number.isFinite(options.now) ? options.now : Date.now();
  const server: ServerQuery = {};
  if (
    allKnown(q.services, options.knownServices ?? DEFAULT_SERVICES) &&
    allKnown(q.regions, options.knownRegions ?? DEFAULT_REGIONS)
  ) {
    const filter = buildEventsFilter({ services: q.services, regions: q.regions });
    if (filter !== undefined) server.filter = filter;
  }
  const start = q.since !== undefined && q.since <= now ? q.since : now - DEFAULT_LOOKBACK_DAYS * DAY;
  const startDate = new Date(start);
  if (!Number.isNaN(startDate.getTime())) server.queryStartTime = startDate.toISOString();

  const matches = buildPredicate(q, now, options.facts);
  return {
    server,
    matches,
    describe: () => describeQuery(q, now),
    matchesResource: buildResourcePredicate(q),
    select: (events) => {
      const sorted = sortEvents(events.filter(matches), q.sort ?? 'priority');
      return q.limit !== undefined ? sorted.slice(0, q.limit) : sorted;
    },
  };
}

/**
 * The parsed form of a Service Health query, shared by the command palette, the `@health`
 * chat participant and the CLI. Plain data (no functions), so it can be stored in history,
 * compared with deepEqual and printed back with `formatQuery`.
 */

export type SortKey = 'priority' | 'lastUpdate' | 'impactStart';

export const SORT_KEYS: readonly SortKey[] = ['priority', 'lastUpdate', 'impactStart'];

/** The multi-valued fields: OR within a field, AND across fields. */
export interface QueryFields {
  /** Event types (open strings: ServiceIssue, PlannedMaintenance, HealthAdvisory, ...). */
  types: string[];
  /** Event sub-types (Retirement, PriceChanges, ...). */
  subTypes: string[];
  /** Event statuses (Active, Resolved, or any string the service adds). */
  statuses: string[];
  /** Event levels (Critical, Error, Warning, Informational). */
  levels: string[];
  /** Impacted service names, canonical display names when known. */
  services: string[];
  /** Impacted regions, canonical display names when known. */
  regions: string[];
  /** Event tags such as "Action Recommended". */
  tags: string[];
  /** Phrases to find (case-insensitively) in title, summary, header or tracking id. All must occur. */
  text: string[];
}

export type QueryFieldName = keyof QueryFields;

export const QUERY_FIELD_NAMES: readonly QueryFieldName[] = [
  'types',
  'subTypes',
  'statuses',
  'levels',
  'services',
  'regions',
  'tags',
  'text',
];

export interface ParsedQuery extends QueryFields {
  /** Negated terms (`-status:resolved`, `not resolved`): an event matching any of these is dropped. */
  exclude: QueryFields;
  /** true: only sensitive events; false: only non-sensitive ones; absent: both. */
  sensitive?: boolean;
  /** true: only high-incident-rate (HIR) events; false: only non-HIR ones. */
  hir?: boolean;
  /**
   * `impacted:yes`: only events known to affect at least one of the user's resources (their
   * impacted resources were listed and are not empty); `impacted:no`: only events known to affect
   * none. Events whose resources were never listed match neither.
   */
  impacted?: boolean;
  /** `health:unavailable|degraded|unknown|available`: resource states (canonical case); resource queries only. */
  health?: string[];
  /** `resource:NAME`: resource names (or full ids), compared without case; resource queries only. */
  resources?: string[];
  /** `rg:NAME`: resource groups, compared without case; resource queries only. */
  resourceGroups?: string[];
  /**
   * `workspace:yes`: only events touching a service in a region the open workspace's templates deploy
   * (src/core/infra); `workspace:no`: only events touching none. Without the workspace's targets it matches nothing.
   */
  workspace?: boolean;
  /** Epoch ms, inclusive. See compileQuery for which event time it is compared with. */
  since?: number;
  /** Epoch ms, exclusive. */
  until?: number;
  sort?: SortKey;
  /** Positive integer: keep at most this many events after sorting. */
  limit?: number;
  /** Words and terms the parser did not understand, as typed, in order. Never silently dropped. */
  unrecognized: string[];
}

export interface ParseOptions {
  /** The reference time (epoch ms) for relative times; all calendar arithmetic is in UTC. */
  now: number;
  /** Service names seen in the user's events; aliases resolve to these when they match. */
  knownServices?: readonly string[];
  /** Region display names; a built-in list of Azure regions is used when absent. */
  knownRegions?: readonly string[];
  /** First day of the week for "this week" / "last week": 1 = Monday (default, ISO 8601), 0 = Sunday. */
  weekStartsOn?: 0 | 1;
}

export function emptyFields(): QueryFields {
  return { types: [], subTypes: [], statuses: [], levels: [], services: [], regions: [], tags: [], text: [] };
}

export function emptyQuery(): ParsedQuery {
  return { ...emptyFields(), exclude: emptyFields(), unrecognized: [] };
}

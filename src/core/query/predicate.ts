/**
 * The client-side predicate of a query: the exact semantics the server's `$filter` (a superset)
 * cannot express. AND across fields, OR within a field; excluded values drop an event.
 */
import { parseServiceTime, trackingIdOf, type HealthEvent } from '../model/eventModel';
import { compactKey, regionKey, serviceKey } from './normalize';
import type { ImpactedResourcesOf, QueryFacts } from './queryFacts';
import { buildResourceCheck, hasResourceTerms } from './resourcePredicate';
import type { ParsedQuery, QueryFields } from './types';

interface EventView {
  readonly type: string;
  readonly subType: string;
  readonly statuses: readonly string[];
  readonly levels: readonly string[];
  /** Per impact entry: its service key and its region keys. */
  readonly impacts: ReadonlyArray<{ readonly service: string; readonly regions: readonly string[] }>;
  readonly tags: readonly string[];
  readonly haystack: string;
  readonly sensitive: boolean;
  readonly hir: boolean;
  readonly lastUpdate: number | undefined;
  readonly impactStart: number | undefined;
}

const foldText = (s: string): string => s.toLowerCase().replace(/\s+/gu, ' ');

/** `withText`: fold the title and summary only when the query has words (they dominate the cost on large estates). */
function view(event: HealthEvent, withText: boolean): EventView {
  const p = event.properties ?? {};
  const impact = p.impact ?? [];
  const regions = impact.flatMap((i) => i.impactedRegions ?? []);
  // Event status first; the region statuses stand in when the event carries none.
  const statuses = p.status ? [p.status] : regions.map((r) => r.status ?? '').filter(Boolean);
  const tags = [...(p.eventTags ?? []), ...regions.flatMap((r) => (r.updates ?? []).flatMap((u) => u.eventTags ?? []))];
  return {
    type: compactKey(p.eventType ?? ''),
    subType: compactKey(p.eventSubType ?? ''),
    statuses: statuses.map(compactKey),
    // `eventLevel` is the event's level; `level` (insight level, Critical/Warning) also counts.
    levels: [p.eventLevel, p.level].filter((l): l is string => !!l).map(compactKey),
    impacts: impact.map((i) => ({
      service: serviceKey(i.impactedService ?? ''),
      regions: (i.impactedRegions ?? []).map((r) => regionKey(r.impactedRegion ?? '')),
    })),
    tags: tags.map(compactKey),
    haystack: withText ? foldText([p.title, p.summary, p.header, trackingIdOf(event)].filter((s) => !!s).join('\n')) : '',
    sensitive: p.isEventSensitive === true,
    hir: p.isHIR === true,
    lastUpdate: parseServiceTime(p.lastUpdateTime),
    impactStart: parseServiceTime(p.impactStartTime),
  };
}

interface CompiledFields {
  readonly types: ReadonlySet<string>;
  readonly subTypes: ReadonlySet<string>;
  readonly statuses: ReadonlySet<string>;
  readonly levels: ReadonlySet<string>;
  readonly services: ReadonlySet<string>;
  readonly regions: ReadonlySet<string>;
  readonly tags: ReadonlySet<string>;
  readonly text: readonly string[];
}

function compileFields(f: QueryFields): CompiledFields {
  const set = (values: readonly string[], key: (v: string) => string): ReadonlySet<string> => new Set(values.map(key));
  return {
    types: set(f.types, compactKey),
    subTypes: set(f.subTypes, compactKey),
    statuses: set(f.statuses, compactKey),
    levels: set(f.levels, compactKey),
    services: set(f.services, serviceKey),
    regions: set(f.regions, regionKey),
    tags: set(f.tags, compactKey),
    text: f.text.map(foldText),
  };
}

const hasAny = (wanted: ReadonlySet<string>, values: readonly string[]): boolean => values.some((v) => wanted.has(v));

/** True when some impact entry has a wanted service AND (if regions are wanted) a wanted region of its own. */
function impactMatches(v: EventView, services: ReadonlySet<string>, regions: ReadonlySet<string>): boolean {
  if (services.size === 0) return v.impacts.some((i) => hasAny(regions, i.regions));
  return v.impacts.some((i) => services.has(i.service) && (regions.size === 0 || hasAny(regions, i.regions)));
}

/** Builds the predicate, with time rules in epoch ms, UTC. Why: docs/architecture.md#query-predicate */
export function buildPredicate(q: ParsedQuery, now: number, facts: QueryFacts = {}): (event: HealthEvent) => boolean {
  const { impactedCount, inWorkspace } = facts;
  const touchesResource = resourceTermsOnEvents(q, facts.impactedResources);
  const want = compileFields(q);
  const drop = compileFields(q.exclude);
  const futureSince = q.since !== undefined && q.since > now;
  const withText = want.text.length > 0 || drop.text.length > 0;
  // One view per event object: an incident shared by many subscriptions is often one parsed object.
  const views = new WeakMap<HealthEvent, EventView>();
  return (event) => {
    let v = views.get(event);
    if (v === undefined) {
      v = view(event, withText);
      views.set(event, v);
    }
    if (want.types.size > 0 && !want.types.has(v.type)) return false;
    if (want.subTypes.size > 0 && !want.subTypes.has(v.subType)) return false;
    if (want.statuses.size > 0 && !hasAny(want.statuses, v.statuses)) return false;
    if (want.levels.size > 0 && !hasAny(want.levels, v.levels)) return false;
    if ((want.services.size > 0 || want.regions.size > 0) && !impactMatches(v, want.services, want.regions)) return false;
    if (want.tags.size > 0 && !hasAny(want.tags, v.tags)) return false;
    if (!want.text.every((t) => v.haystack.includes(t))) return false;

    if (drop.types.has(v.type) || drop.subTypes.has(v.subType)) return false;
    if (hasAny(drop.statuses, v.statuses) || hasAny(drop.levels, v.levels) || hasAny(drop.tags, v.tags)) return false;
    if (v.impacts.some((i) => drop.services.has(i.service) || hasAny(drop.regions, i.regions))) return false;
    if (drop.text.some((t) => v.haystack.includes(t))) return false;

    if (q.sensitive !== undefined && v.sensitive !== q.sensitive) return false;
    if (q.hir !== undefined && v.hir !== q.hir) return false;
    if (q.impacted !== undefined) {
      // Unknown counts (never listed) match neither impacted:yes nor impacted:no.
      const count = impactedCount?.(event);
      if (count === undefined || count > 0 !== q.impacted) return false;
    }
    if (q.workspace !== undefined) {
      // Not read yet (or no workspace): matches neither workspace:yes nor workspace:no.
      const touches = inWorkspace?.(event);
      if (touches === undefined || touches !== q.workspace) return false;
    }
    if (touchesResource && !touchesResource(event)) return false;
    if (q.since !== undefined) {
      const at = futureSince ? v.impactStart : v.lastUpdate;
      if (at === undefined || at < q.since) return false;
    }
    if (q.until !== undefined) {
      const at = v.type === 'plannedmaintenance' ? v.impactStart : v.lastUpdate;
      if (at === undefined || at >= q.until) return false;
    }
    return true;
  };
}

/**
 * The resource terms on an event: true when one of its listed impacted resources passes them all
 * (`health:unavailable` is "events affecting a resource that is now Unavailable"). Events whose
 * resources were never listed match none. Undefined when the query has no resource term.
 */
function resourceTermsOnEvents(q: ParsedQuery, impactedResources: ImpactedResourcesOf | undefined): ((event: HealthEvent) => boolean) | undefined {
  if (!hasResourceTerms(q)) return undefined;
  const check = buildResourceCheck(q);
  return (event) => (impactedResources?.(event) ?? []).some(check);
}

/**
 * Runs a query-language text over the events the extension holds (StoredEvent: one event per
 * subscription). Shared by the command palette, the tree's query filter and the `@health` chat
 * participant, so all three understand a query the same way. VS Code-free.
 */
import { regionsOf, servicesOf, type StoredEvent } from '../events/eventFacts';
import type { HealthEvent } from '../model/schemas';
import type { QueryFacts } from '../query/queryFacts';
import {
  compileQuery,
  DEFAULT_REGIONS,
  DEFAULT_SERVICES,
  describeQuery,
  parseQuery,
  sortEvents,
  type CompiledQuery,
  type ParsedQuery,
} from '../query';

export interface KnownNames {
  readonly services: readonly string[];
  readonly regions: readonly string[];
}

export interface QueryRun {
  readonly text: string;
  readonly parsed: ParsedQuery;
  readonly compiled: CompiledQuery;
  /** Every match, sorted by the query's order (default priority), before the query's `limit`. */
  readonly all: StoredEvent[];
  /** `all` cut to the query's `limit`, when it has one. */
  readonly selected: StoredEvent[];
  /** describeQuery of the query without its limit (the limit is a display matter). */
  readonly description: string;
  readonly now: number;
}

/**
 * The held events' spellings first (the parser resolves aliases to them), then the built-in
 * Azure names, so a region or service nobody's events mention yet is still understood.
 * The parser caches its name indexes per array identity: the same names give the same array.
 */
export class KnownNamesCache {
  private key = '';
  private value: KnownNames = { services: DEFAULT_SERVICES, regions: DEFAULT_REGIONS };

  of(events: readonly StoredEvent[]): KnownNames {
    const services = new Set<string>();
    const regions = new Set<string>();
    for (const e of events) {
      servicesOf(e.event).forEach((s) => services.add(s));
      regionsOf(e.event).forEach((r) => regions.add(r));
    }
    const key = `${[...services].join('\u0000')}\u0001${[...regions].join('\u0000')}`;
    if (key !== this.key) {
      this.key = key;
      this.value = {
        services: [...services, ...DEFAULT_SERVICES.filter((s) => !services.has(s))],
        regions: [...regions, ...DEFAULT_REGIONS.filter((r) => !regions.has(r))],
      };
    }
    return this.value;
  }
}

/** Filters and sorts StoredEvents with the query's own order, keeping each event's subscription. */
function selectStored(events: readonly StoredEvent[], compiled: CompiledQuery, parsed: ParsedQuery): StoredEvent[] {
  const owners = new Map<HealthEvent, StoredEvent[]>();
  const matching: HealthEvent[] = [];
  for (const e of events) {
    if (!compiled.matches(e.event)) continue;
    const list = owners.get(e.event);
    if (list) list.push(e);
    else {
      owners.set(e.event, [e]);
      matching.push(e.event);
    }
  }
  return sortEvents(matching, parsed.sort ?? 'priority').flatMap((event) => owners.get(event) ?? []);
}

export function runQuery(text: string, events: readonly StoredEvent[], now: number, names: KnownNames, facts: QueryFacts = {}): QueryRun {
  const parsed = parseQuery(text, { now, knownServices: names.services, knownRegions: names.regions });
  return runParsed(text, parsed, events, now, names, facts);
}

/** `facts`: what `impacted:`, `workspace:` and the resource terms read; without one its term matches nothing. */
export function runParsed(text: string, parsed: ParsedQuery, events: readonly StoredEvent[], now: number, names: KnownNames, facts: QueryFacts = {}): QueryRun {
  const compiled = compileQuery(parsed, { now, knownServices: names.services, knownRegions: names.regions, facts });
  const all = selectStored(events, compiled, parsed);
  const selected = parsed.limit === undefined ? all : limitIncidents(all, parsed.limit);
  const unlimited: ParsedQuery = { ...parsed };
  delete unlimited.limit;
  return { text, parsed, compiled, all, selected, description: describeQuery(unlimited, now), now };
}

/** The first `limit` incidents (distinct tracking ids), with every subscription's copy of each. */
function limitIncidents(events: readonly StoredEvent[], limit: number): StoredEvent[] {
  const kept = new Set<string>();
  return events.filter((e) => {
    const id = e.trackingId.toUpperCase();
    if (kept.has(id)) return true;
    if (kept.size >= limit) return false;
    kept.add(id);
    return true;
  });
}

/**
 * One entry per incident: the service lists the same incident (same tracking id) once per
 * affected subscription; people count incidents, so answers do too. Keeps the first (best
 * sorted) copy, how many subscriptions list it and which.
 */
export function distinctIncidents(events: readonly StoredEvent[]): Array<StoredEvent & { readonly subscriptions: number; readonly subscriptionIds: readonly string[] }> {
  const byId = new Map<string, StoredEvent & { subscriptions: number; subscriptionIds: string[] }>();
  for (const e of events) {
    const id = e.trackingId.toUpperCase();
    const seen = byId.get(id);
    if (seen) {
      seen.subscriptions += 1;
      seen.subscriptionIds.push(e.subscriptionId);
    } else byId.set(id, { ...e, subscriptions: 1, subscriptionIds: [e.subscriptionId] });
  }
  return [...byId.values()];
}

/** POST /providers/Microsoft.ResourceGraph/resources. Why: docs/architecture.md#sample-resourcegraph */
import type { SampleEstate } from './estate';
import { eventView, subKey, type EventStore } from './eventStore';
import { impactedResourcesFor } from './impactedResources';
import { checkApiVersion, shortHash } from './replies';
import type { Reply, SampleKnobs, SampleStats } from './types';
import { append } from '../text/lists';

export const RESOURCE_GRAPH_API_VERSIONS: readonly string[] = ['2024-04-01', '2022-10-01', '2021-03-01'];
export const RESOURCE_GRAPH_MAX_SUBSCRIPTIONS = 1000;
const MAX_TOP = 1000;

const EVENTS_QUERY =
  /^ServiceHealthResources \| where type =~ 'microsoft\.resourcehealth\/events' \| where todatetime\(properties\.LastUpdateTime\) >= datetime\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z)\) \| project id, name, type, location, subscriptionId, properties \| order by subscriptionId asc, todatetime\(properties\.LastUpdateTime\) desc, name asc$/;
const HEALTH_QUERY =
  /^HealthResources \| where type =~ 'microsoft\.resourcehealth\/availabilitystatuses' (?:\| where todatetime\(properties\.occurredTime\) >= datetime\((\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,3})?Z)\) )?\| project id, name, type, location, subscriptionId, properties \| order by subscriptionId asc, id asc$/;
const SCOPE_QUERY = /^ResourceContainers \| where type =~ 'microsoft\.resources\/subscriptions' \| project id, subscriptionId$/;
const RESOURCES_QUERY =
  /^ServiceHealthResources \| where type =~ 'microsoft\.resourcehealth\/events\/impactedresources' \| project id, name, type, subscriptionId, properties \| order by subscriptionId asc, id asc$/;

export interface ResourceGraphContext {
  readonly stats: Pick<SampleStats, 'byGraphQuery'>;
  readonly store: EventStore;
  readonly knobs: SampleKnobs;
  readonly seed: number;
  readonly quota: ResourceGraphQuota;
  /** The rows of the last query (by hash of query and subscriptions): later pages slice them instead of rebuilding. */
  readonly cache: { key?: string; rows?: readonly unknown[] };
  /** The subscriptions the service serves: ResourceContainers knows only these. */
  readonly subscriptionIds: readonly string[];
  readonly estate: SampleEstate;
}

/** The per-user fixed window ARG counts queries in. */
export class ResourceGraphQuota {
  private windowStart = Number.NEGATIVE_INFINITY;
  private used = 0;

  constructor(
    private readonly now: () => number,
    private readonly knobs: SampleKnobs,
  ) {}

  /** Counts one query; the headers to send and whether it was over the quota. */
  take(): { headers: Record<string, string>; limited: boolean } {
    const t = this.now();
    const windowMs = Math.max(1000, this.knobs.resourceGraphWindowMs);
    if (t >= this.windowStart + windowMs) {
      this.windowStart = t;
      this.used = 0;
    }
    const limited = this.used >= this.knobs.resourceGraphQuota;
    if (!limited) {
      this.used++;
    }
    const left = Math.max(0, this.windowStart + windowMs - t);
    return {
      limited,
      headers: {
        'x-ms-user-quota-remaining': String(Math.max(0, this.knobs.resourceGraphQuota - this.used)),
        'x-ms-user-quota-resets-after': hhmmss(left),
      },
    };
  }
}

function hhmmss(ms: number): string {
  const s = Math.ceil(ms / 1000);
  const two = (n: number): string => String(n).padStart(2, '0');
  return `${two(Math.floor(s / 3600))}:${two(Math.floor((s % 3600) / 60))}:${two(s % 60)}`;
}

const armError = (status: number, code: string, message: string, headers?: Record<string, string>): Reply => ({
  status,
  body: { error: { code, message } },
  ...(headers ? { headers } : {}),
});

interface GraphRequest {
  readonly subscriptions: string[];
  readonly query: string;
  readonly top: number;
  readonly skipToken?: string;
}

function parseRequest(text: string): GraphRequest | string {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return 'The request body is not JSON.';
  }
  if (json === null || typeof json !== 'object') {
    return 'The request body must be an object with subscriptions and query.';
  }
  const { subscriptions, query, options } = json as { subscriptions?: unknown; query?: unknown; options?: unknown };
  if (!Array.isArray(subscriptions) || subscriptions.length === 0 || !subscriptions.every((s) => typeof s === 'string')) {
    return 'subscriptions must be a non-empty array of subscription ids.';
  }
  if (subscriptions.length > RESOURCE_GRAPH_MAX_SUBSCRIPTIONS) {
    return `At most ${RESOURCE_GRAPH_MAX_SUBSCRIPTIONS} subscriptions are allowed per request; ${subscriptions.length} were sent.`;
  }
  if (typeof query !== 'string') {
    return 'query must be a string.';
  }
  const o = (options !== null && typeof options === 'object' ? options : {}) as { $top?: unknown; $skipToken?: unknown };
  const top = o.$top === undefined ? MAX_TOP : o.$top;
  if (typeof top !== 'number' || !Number.isInteger(top) || top < 1 || top > MAX_TOP) {
    return `options.$top must be an integer from 1 to ${MAX_TOP}.`;
  }
  return { subscriptions: subscriptions as string[], query, top, ...(typeof o.$skipToken === 'string' ? { skipToken: o.$skipToken } : {}) };
}

/** `impact` → `Impact`, deeply: ServiceHealthResources names event properties in PascalCase. */
function pascal(value: unknown): unknown {
  if (Array.isArray(value)) {
    return value.map(pascal);
  }
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k.charAt(0).toUpperCase() + k.slice(1), pascal(v)]));
  }
  return value;
}

function eventRows(ctx: ResourceGraphContext, subscriptions: readonly string[], start: number): unknown[] {
  const rows: unknown[] = [];
  for (const sub of subscriptions) {
    for (const item of ctx.store.bySubscription.get(subKey(sub)) ?? []) {
      if (item.updatedMs < start) {
        break; // newest first
      }
      const view = eventView(item.gen, sub, true);
      rows.push({ id: view.id, name: view.name, type: 'microsoft.resourcehealth/events', location: view.location, subscriptionId: sub, properties: pascal(view.properties ?? {}) });
    }
  }
  return rows;
}

function resourceRows(ctx: ResourceGraphContext, subscriptions: readonly string[]): unknown[] {
  const rows: { id: string }[] = [];
  for (const sub of subscriptions) {
    const ofSub: { id: string }[] = [];
    for (const item of ctx.store.bySubscription.get(subKey(sub)) ?? []) {
      for (const r of impactedResourcesFor(item.gen.event, sub, ctx.seed)) {
        ofSub.push({ id: r.id ?? '', name: r.name, type: 'microsoft.resourcehealth/events/impactedresources', subscriptionId: sub, properties: r.properties } as { id: string });
      }
    }
    ofSub.sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
    append(rows, ofSub);
  }
  return rows;
}

/** HealthResources: the estate's current statuses, spelled as Resource Graph does (`occurredTime`, the resource's id and type). */
function healthRows(ctx: ResourceGraphContext, subscriptions: readonly string[], since: number | undefined): unknown[] {
  return subscriptions.flatMap((sub) =>
    ctx.estate.resourcesOf(sub).flatMap((resource) => {
      const status = ctx.estate.current(resource);
      // The incremental query: only the states that changed at or after `since`.
      const occurred = Date.parse(status.properties?.occuredTime ?? '');
      if (since !== undefined && !(occurred >= since)) {
        return [];
      }
      const properties: Record<string, unknown> = { ...status.properties, occurredTime: status.properties?.occuredTime, targetResourceId: resource.id, targetResourceType: resource.type };
      delete properties['occuredTime'];
      delete properties['recommendedActions'];
      return [{ id: status.id, name: status.name, type: 'microsoft.resourcehealth/availabilitystatuses', location: status.location, subscriptionId: sub, properties }];
    }),
  );
}

/** ResourceContainers: one row per subscription of the request (the readable ones) that the service serves. */
function scopeRows(ctx: ResourceGraphContext, subscriptions: readonly string[]): unknown[] {
  const served = new Set(ctx.subscriptionIds.map(subKey));
  return subscriptions
    .filter((s) => served.has(subKey(s)))
    .map((s) => ({ id: `/subscriptions/${s}`, name: s, type: 'microsoft.resources/subscriptions', subscriptionId: s }));
}

export function queryResourceGraph(ctx: ResourceGraphContext, url: URL, bodyText: string): Reply {
  const bad = checkApiVersion(url, RESOURCE_GRAPH_API_VERSIONS);
  if (bad) {
    return bad;
  }
  if (ctx.knobs.denyResourceGraph) {
    return armError(403, 'AuthorizationFailed', "The client does not have authorization to perform action 'Microsoft.ResourceGraph/resources/read' over scope '/providers/Microsoft.ResourceGraph'.");
  }
  const quota = ctx.quota.take();
  if (quota.limited) {
    return armError(429, 'RateLimiting', 'Too many requests. Please retry after the time in x-ms-user-quota-resets-after.', quota.headers);
  }
  const request = parseRequest(bodyText);
  if (typeof request === 'string') {
    return armError(400, 'BadRequest', request, quota.headers);
  }
  const query = request.query.replace(/\s+/g, ' ').trim();
  // Sorted and de-duplicated: the order of the result does not depend on the order sent.
  // Subscriptions the caller cannot read are left out, silently, as ARG does.
  const unreadable = new Set(ctx.knobs.unreadableSubscriptions.map(subKey));
  const subscriptions = [...new Map(request.subscriptions.filter((s) => !unreadable.has(subKey(s))).map((s) => [subKey(s), s])).values()].sort((a, b) => (subKey(a) < subKey(b) ? -1 : 1));
  const events = EVENTS_QUERY.exec(query);
  const scope = SCOPE_QUERY.test(query);
  const health = HEALTH_QUERY.exec(query);
  if (!events && !scope && !health && !RESOURCES_QUERY.test(query)) {
    return armError(400, 'InvalidQuery', 'Query is invalid. The sample service answers only the queries this extension sends.', quota.headers);
  }
  const kind = events ? 'events' : scope ? 'scope' : health ? 'health' : 'impactedResources';
  ctx.stats.byGraphQuery.set(kind, (ctx.stats.byGraphQuery.get(kind) ?? 0) + 1);
  const hash = shortHash(`${query}\n${subscriptions.map(subKey).join(',')}`);
  // The held events never change, so the rows of a query are the same on every page.
  const rows =
    ctx.cache.key === hash && ctx.cache.rows
      ? ctx.cache.rows
      : events
        ? eventRows(ctx, subscriptions, Date.parse(events[1] ?? ''))
        : scope
          ? scopeRows(ctx, subscriptions)
          : health
            ? healthRows(ctx, subscriptions, health[1] !== undefined ? Date.parse(health[1]) : undefined)
            : resourceRows(ctx, subscriptions);
  ctx.cache.key = hash;
  ctx.cache.rows = rows;
  let offset = 0;
  if (request.skipToken !== undefined) {
    const decoded = decodeToken(request.skipToken);
    if (!decoded || decoded.h !== hash) {
      return armError(400, 'InvalidSkipToken', 'The $skipToken is invalid or belongs to a different query; restart from the first page.', quota.headers);
    }
    offset = decoded.o;
  }
  const data = rows.slice(offset, offset + request.top);
  const more = offset + request.top < rows.length;
  return {
    status: 200,
    headers: quota.headers,
    shape: 'other',
    body: {
      totalRecords: rows.length,
      count: data.length,
      resultTruncated: 'false',
      ...(more ? { $skipToken: Buffer.from(JSON.stringify({ o: offset + request.top, h: hash })).toString('base64url') } : {}),
      data,
      facets: [],
    },
  };
}

function decodeToken(raw: string): { o: number; h: string } | undefined {
  try {
    const v = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { o?: unknown; h?: unknown };
    return typeof v.o === 'number' && Number.isInteger(v.o) && v.o >= 0 && typeof v.h === 'string' ? { o: v.o, h: v.h } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The sample service's routing table: which handler answers a method and path, under which
 * endpoint name (for secondary-limit counting), whether it costs primary quota, and which ARM
 * bucket it draws from. Unauthenticated requests and GET /rate_limit cost no primary quota;
 * everything else does, errors included.
 */
import type { IncomingMessage } from 'node:http';
import { availabilityHistory } from './availabilityHistory';
import { currentAvailabilityStatus } from './currentAvailabilityStatus';
import type { SampleEstate } from './estate';
import { matchEventOperation, type EventOperationsContext } from './eventOperations';
import { listAvailabilityStatuses, type AvailabilityContext } from './listAvailabilityStatuses';
import type { EventStore } from './eventStore';
import { fetchDetails } from './fetchDetails';
import { getResourceGroup } from './getResourceGroup';
import { listResourceGroups } from './listResourceGroups';
import { listEvents } from './listEvents';
import { listSubscriptions } from './listSubscriptions';
import type { ArmBucketName, SampleRateLimiter } from './rateLimiter';
import { rateLimitReply, rateLimitStatus } from './rateLimitRoute';
import { queryResourceGraph, type ResourceGraphQuota } from './resourceGraph';
import { error } from './replies';
import type { Reply, SampleKnobs, SampleStats } from './types';

export interface RouteContext {
  readonly store: EventStore;
  readonly knobs: SampleKnobs;
  readonly now: () => number;
  readonly origin: () => string;
  readonly startedAt: number;
  readonly limiter: SampleRateLimiter;
  readonly subscriptionIds: readonly string[];
  readonly tenantId: string;
  readonly operations: EventOperationsContext;
  readonly seed: number;
  readonly graphQuota: ResourceGraphQuota;
  readonly stats: SampleStats;
  readonly graphCache: { key?: string; rows?: readonly unknown[] };
  readonly estate: SampleEstate;
}

const availability = (ctx: RouteContext): AvailabilityContext => ({ estate: ctx.estate, origin: ctx.origin, pageSize: () => ctx.knobs.pageSize });
/** `{resourceId}/providers/Microsoft.ResourceHealth/availabilityStatuses…` of a resource below a subscription. */
const RESOURCE_STATUSES = '^(/subscriptions/[^/]+/.+)/providers/microsoft\\.resourcehealth/availabilityStatuses';

export interface Route {
  readonly endpoint: string;
  readonly countsPrimary: boolean;
  readonly armBucket?: ArmBucketName;
  /** True when `run` reads the request body (the server then waits for all of it). */
  readonly needsBody?: boolean;
  readonly run: (body: string) => Reply;
}

interface RouteEntry {
  readonly path: RegExp;
  readonly endpoint: string;
  readonly countsPrimary: boolean;
  readonly armBucket?: ArmBucketName;
  readonly method: string;
  readonly needsBody?: boolean;
  /** `groups` are the path's captures, URI-decoded where the handler expects it. */
  readonly handle: (ctx: RouteContext, req: IncomingMessage, url: URL, groups: readonly string[], body: string) => Reply;
}

const ROUTES: readonly RouteEntry[] = [
  {
    path: /^\/rate_limit\/?$/i,
    endpoint: 'rate_limit',
    countsPrimary: false,
    method: 'GET',
    handle: (ctx, req) => rateLimitReply(req, rateLimitStatus(ctx.limiter, ctx.startedAt, ctx.now())),
  },
  {
    path: /^\/subscriptions\/?$/i,
    endpoint: 'subscriptions',
    countsPrimary: true,
    method: 'GET',
    handle: (ctx, _req, url) => listSubscriptions(url, ctx.subscriptionIds, ctx.tenantId),
  },
  {
    path: /^\/subscriptions\/([^/]+)\/providers\/microsoft\.resourcehealth\/events\/([^/]+)\/fetchEventDetails\/?$/i,
    endpoint: 'fetchEventDetails',
    countsPrimary: true,
    armBucket: 'writes',
    method: 'POST',
    handle: (ctx, _req, url, [sub = '', id = '']) => fetchDetails(ctx.store, ctx.knobs, url, decodeURIComponent(sub), id),
  },
  {
    path: /^\/subscriptions\/([^/]+)\/providers\/microsoft\.resourcehealth\/events\/?$/i,
    endpoint: 'events',
    countsPrimary: true,
    armBucket: 'reads',
    method: 'GET',
    handle: (ctx, _req, url, [sub = '']) =>
      listEvents({ store: ctx.store, now: ctx.now, origin: ctx.origin, pageSize: () => ctx.knobs.pageSize }, url, decodeURIComponent(sub)),
  },
  {
    path: /^\/subscriptions\/([^/]+)\/providers\/microsoft\.resourcehealth\/availabilityStatuses\/?$/i,
    endpoint: 'availabilityStatuses',
    countsPrimary: true,
    armBucket: 'reads',
    method: 'GET',
    handle: (ctx, _req, url, [sub = '']) => listAvailabilityStatuses(availability(ctx), url, decodeURIComponent(sub)),
  },
  {
    path: new RegExp(`${RESOURCE_STATUSES}/current/?$`, 'i'),
    endpoint: 'availabilityStatusCurrent',
    countsPrimary: true,
    armBucket: 'reads',
    method: 'GET',
    handle: (ctx, _req, url, [resource = '']) => currentAvailabilityStatus(availability(ctx), url, resource),
  },
  {
    path: new RegExp(`${RESOURCE_STATUSES}/?$`, 'i'),
    endpoint: 'availabilityStatusHistory',
    countsPrimary: true,
    armBucket: 'reads',
    method: 'GET',
    handle: (ctx, _req, url, [resource = '']) => availabilityHistory(availability(ctx), url, resource),
  },
  {
    path: /^\/subscriptions\/([^/]+)\/resourcegroups\/?$/i,
    endpoint: 'resourceGroups',
    countsPrimary: true,
    armBucket: 'reads',
    method: 'GET',
    handle: (ctx, _req, url, [sub = '']) => listResourceGroups(availability(ctx), url, decodeURIComponent(sub)),
  },
  {
    path: /^\/subscriptions\/([^/]+)\/resourcegroups\/([^/]+)\/?$/i,
    endpoint: 'resourceGroup',
    countsPrimary: true,
    armBucket: 'reads',
    method: 'GET',
    handle: (ctx, _req, url, [sub = '', name = '']) => getResourceGroup(ctx.estate, url, decodeURIComponent(sub), decodeURIComponent(name)),
  },
  {
    // Resource Graph has its own per-user quota (x-ms-user-quota-*), not the primary one.
    path: /^\/providers\/microsoft\.resourcegraph\/resources\/?$/i,
    endpoint: 'resourceGraph',
    countsPrimary: false,
    method: 'POST',
    needsBody: true,
    handle: (ctx, _req, url, _groups, body) => queryResourceGraph({ stats: ctx.stats, store: ctx.store, knobs: ctx.knobs, seed: ctx.seed, quota: ctx.graphQuota, cache: ctx.graphCache, subscriptionIds: ctx.subscriptionIds, estate: ctx.estate }, url, body),
  },
];

const methodNotAllowed = (method: string, allowed: readonly string[], separator: string): Reply => ({
  ...error(405, 'MethodNotAllowed', `The method ${method} is not allowed here; use ${allowed.join(' or ')}.`),
  headers: { allow: allowed.join(separator) },
});

/** Whether the caller may not read the subscription a `/subscriptions/{id}/…` path names (knobs.unreadableSubscriptions). */
export function isUnreadable(knobs: SampleKnobs, subscriptionId: string): boolean {
  const key = subscriptionId.toLowerCase();
  return knobs.unreadableSubscriptions.some((s) => s.toLowerCase() === key);
}

const noReadAccess = (subscriptionId: string, path: string): Reply => {
  const action = /\/availabilityStatuses(\/|$)/i.test(path) ? 'Microsoft.ResourceHealth/availabilityStatuses/read' : 'Microsoft.ResourceHealth/events/read';
  return error(
    403,
    'AuthorizationFailed',
    `The client does not have authorization to perform action '${action}' over scope '/subscriptions/${subscriptionId}' or the scope is invalid.`,
    `Required action: ${action}.`,
  );
};

/** The route for a request; unknown paths get a 404 route that still counts as a request. */
export function route(ctx: RouteContext, req: IncomingMessage, url: URL): Route {
  const method = req.method ?? 'GET';
  const path = url.pathname;
  const scoped = /^\/subscriptions\/([^/]+)\//i.exec(path)?.[1];
  if (scoped !== undefined && isUnreadable(ctx.knobs, decodeURIComponent(scoped))) {
    // Counts as the events list would: ARM refuses after admission, quota spent.
    return { endpoint: 'events', countsPrimary: true, armBucket: 'reads', run: () => noReadAccess(decodeURIComponent(scoped), path) };
  }
  for (const entry of ROUTES) {
    const m = entry.path.exec(path);
    if (m) {
      const allowed = method === entry.method;
      const run = allowed ? (body: string) => entry.handle(ctx, req, url, m.slice(1), body) : () => methodNotAllowed(method, [entry.method], ', ');
      return {
        endpoint: entry.endpoint,
        countsPrimary: entry.countsPrimary,
        ...(entry.armBucket ? { armBucket: entry.armBucket } : {}),
        ...(allowed && entry.needsBody ? { needsBody: true } : {}),
        run,
      };
    }
  }
  const operation = matchEventOperation(ctx.operations, url);
  if (operation) {
    const run = operation.methods.includes(method) ? operation.run : () => methodNotAllowed(method, operation.methods, ', ');
    return { endpoint: operation.endpoint, countsPrimary: operation.countsPrimary, ...(operation.armBucket ? { armBucket: operation.armBucket } : {}), run };
  }
  return { endpoint: 'other', countsPrimary: true, run: () => error(404, 'NotFound', `No resource at ${path}.`, 'Check the request path.') };
}

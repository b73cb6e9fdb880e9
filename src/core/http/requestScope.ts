import { armBucketKey } from './quota';
import { RESOURCE_GRAPH_BUCKET } from './rateLimitHeaders';
import { rateLimitFamilyOf, type RateLimitFamily } from './serviceRules';
import { pointsFor, type Ticket } from './throttle';
import type { HttpMethod } from './types';

/** Seed 001 categories that a path names; other paths name none. */
export function pathResourceOf(pathname: string): string | undefined {
  const p = pathname.replace(/^\/api\/v3(?=\/)/, '');
  if (p.startsWith('/search/code')) return 'code_search';
  if (p.startsWith('/search/')) return 'search';
  if (p === '/graphql') return 'graphql';
  if (/^\/app-manifests\/[^/]+\/conversions$/.test(p)) return 'integration_manifest';
  if (/\/code-scanning\/sarifs$/.test(p)) return 'code_scanning_upload';
  if (/^\/providers\/microsoft\.resourcegraph\/resources\/?$/i.test(p)) return RESOURCE_GRAPH_BUCKET;
  return undefined;
}

/**
 * Where a request counts: whose rules it follows (see serviceRules.ts), its seed 001 category
 * (if the path names one) and its ARM subscription.
 */
export interface RequestScope {
  readonly family: RateLimitFamily;
  readonly resource?: string;
  readonly subscription?: string;
}

export function scopeOf(url: { readonly pathname: string; readonly searchParams: URLSearchParams }): RequestScope {
  const resource = pathResourceOf(url.pathname);
  const sub = /^\/subscriptions\/([^/]+)/i.exec(url.pathname)?.[1]?.toLowerCase();
  return { family: rateLimitFamilyOf(url), ...(resource ? { resource } : {}), ...(sub ? { subscription: sub } : {}) };
}

/**
 * What one request costs and which buckets it waits on (see Throttle). Seed 001's points are
 * GitHub's budget: an ARM request costs none (ARM paces by its token buckets instead).
 */
export function ticketFor(method: HttpMethod, scope: RequestScope, exempt: boolean): Ticket {
  return {
    points: scope.family === 'github' ? pointsFor(method) : 0,
    buckets: [...ticketResourcesFor(scope.resource), ...armBucketsFor(method, scope.subscription)],
    exempt,
    family: scope.family,
  };
}

/**
 * Buckets a ticket waits on. A path without a category of its own counts against `core` (seed
 * 001: the other REST endpoints) and against what a response without `x-ratelimit-resource`
 * was recorded as ('unknown').
 */
function ticketResourcesFor(resource: string | undefined): string[] {
  return resource ? [resource] : ['core', 'unknown'];
}

/** ARM counts GETs as reads and PUT/PATCH/POST/DELETE as writes (deletes too, when reported). Why: docs/architecture.md#http-requestscope */
function armBucketsFor(method: HttpMethod, subscription: string | undefined): string[] {
  const kinds = method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? ['reads'] : method === 'DELETE' ? ['deletes', 'writes'] : ['writes'];
  return kinds.flatMap((k) =>
    subscription === undefined
      ? [`tenant-${k}`, `subscription-${k}`, `subscription-global-${k}`]
      : [armBucketKey(`subscription-${k}`, subscription), armBucketKey(`subscription-global-${k}`, subscription)],
  );
}

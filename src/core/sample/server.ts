/**
 * The sample service: a real local HTTP server (node:http only) speaking seed 000 (health
 * events, ARM shapes) and seed 001 (rate limits, GET /rate_limit). It is the product's embedded
 * default, so a newcomer can try everything without an Azure account, and the target of tests
 * and benchmarks. It listens on loopback only.
 *
 * Decisions where the seeds say "not shown" (mirroring ARM where it is known):
 * - the bearer token travels in `Authorization: Bearer <token>`; otherwise 401 InvalidAuthenticationToken;
 * - error bodies are the seed's bare `{ code, message, details }` (details a string);
 * - events are listed newest first by lastUpdateTime (ties by tracking id), page size 50;
 * - the last page OMITS nextLink (rather than sending "" or null);
 * - `$skipToken` is opaque base64url of {offset, window start, query hash}: a token replayed
 *   with another query is 400 InvalidSkipToken, and the resolved 3-day default window is pinned
 *   so later pages do not shift as the clock moves;
 * - fetchEventDetails is `POST .../events/{trackingId}/fetchEventDetails` returning the full event;
 * - impacted resources, billing details, tenant scope and emerging issues: see eventOperations.ts;
 * - unauthenticated requests and GET /rate_limit cost no primary quota; everything else does,
 *   errors included; secondary points are counted per endpoint.
 */
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { evaluateFilter, FilterSyntaxError, parseEventsFilter, type FilterExpr } from '../api/odataFilter';
import { parseServiceTime, type HealthEvent, type RateLimitStatus } from '../model/schemas';
import { createAuthenticator, type AuthRecord } from './authentication';
import * as faultEffects from './faultEffects';
import { FaultController, type Fault, type FaultInjector } from './faults';
import { matchEventOperation, type EventOperationsContext } from './eventOperations';
import { eventIdFor, generateEvents, generateGuids, type GeneratedEvent } from './generator';
import { parseQueryStartTime } from './queryTime';
import { SampleRateLimiter, type Admission, type ArmBucketName, type LimitCounters, type RateLimitOptions } from './rateLimiter';

export const EVENTS_API_VERSIONS: readonly string[] = ['2025-05-01', '2024-02-01', '2023-10-01-preview', '2022-10-01'];
export const SUBSCRIPTIONS_API_VERSIONS: readonly string[] = ['2022-12-01', '2021-01-01', '2020-01-01', '2016-06-01'];
const DEFAULT_WINDOW_MS = 3 * 86_400_000;

export interface SampleServiceOptions {
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** Loopback only: 127.0.0.1 (default), ::1 or localhost. */
  readonly host?: string;
  /** Number of generated events (default 300). */
  readonly events?: number;
  readonly seed?: number;
  /** Default: 3 GUIDs stable for the seed. */
  readonly subscriptionIds?: readonly string[];
  readonly pageSize?: number;
  readonly latencyMs?: number;
  /** Default: a random token; requests must send `Authorization: Bearer <token>`. */
  readonly token?: string;
  readonly now?: () => number;
  readonly rateLimits?: RateLimitOptions;
  /** Explicit events instead of generated ones. */
  readonly eventsOverride?: readonly GeneratedEvent[];
  /** Makes fetchEventDetails answer 403 AuthorizationFailed (also switchable via `knobs`). */
  readonly denyFetchEventDetails?: boolean;
  /** Makes listSecurityAdvisoryImpactedResources answer 403 AuthorizationFailed (also via `knobs`). */
  readonly denySecurityAdvisoryImpactedResources?: boolean;
  /** Makes tenant-scope operations answer 403, as for a user without a tenant role (also via `knobs`). */
  readonly denyTenantScope?: boolean;
  /**
   * Accept signed, expiring tokens minted with this secret (see signedTokens.ts) instead of `token`:
   * the stand-in for ARM when Azure mode is tested with the test-only authentication provider.
   */
  readonly signedTokensSecret?: string;
}

export interface SampleStats extends LimitCounters {
  requests: number;
  /** Requests per pathname as received. */
  readonly byPath: Map<string, number>;
  readonly byStatus: Map<number, number>;
  inFlight: number;
  peakInFlight: number;
}

/** Settings that tests and the demo may change while the service runs. */
export interface SampleKnobs {
  latencyMs: number;
  pageSize: number;
  denyFetchEventDetails: boolean;
  denySecurityAdvisoryImpactedResources: boolean;
  denyTenantScope: boolean;
}

export interface SampleService {
  /** http://127.0.0.1:PORT (no trailing slash). */
  readonly url: string;
  readonly port: number;
  readonly token: string;
  readonly subscriptionIds: string[];
  readonly tenantId: string;
  /** Queues faults for tests; in a build without fault injection, inject() throws. */
  readonly faults: FaultInjector;
  readonly stats: SampleStats;
  readonly knobs: SampleKnobs;
  /** The events the service holds (full, unhidden). */
  readonly events: readonly GeneratedEvent[];
  /** With `signedTokensSecret`: every token check in order (account, token serial, outcome; never a token). */
  readonly authRecords: readonly AuthRecord[];
  resetStats(): void;
  close(): Promise<void>;
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Post-processing faults need to know whether the body is an events page or an event. */
  shape?: 'page' | 'event' | 'other';
}

interface IndexedEvent {
  readonly gen: GeneratedEvent;
  readonly updatedMs: number;
  readonly name: string;
}

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|localhost)$/i;
const EVENTS_PATH = /^\/subscriptions\/([^/]+)\/providers\/microsoft\.resourcehealth\/events\/?$/i;
const DETAILS_PATH = /^\/subscriptions\/([^/]+)\/providers\/microsoft\.resourcehealth\/events\/([^/]+)\/fetchEventDetails\/?$/i;
const SUBSCRIPTIONS_PATH = /^\/subscriptions\/?$/i;
const RATE_LIMIT_PATH = /^\/rate_limit\/?$/i;
/**
 * Fault injection is for tests and the CLI. The extension's production bundle defines
 * SERVICE_HEALTH_SAMPLE_FAULTS as "off" (scripts/build.mjs), so esbuild drops the injector and
 * every fault effect from it.
 */
function faultInjection(): { readonly controller: FaultController; readonly effects: typeof faultEffects } | undefined {
  return process.env.SERVICE_HEALTH_SAMPLE_FAULTS !== 'off' ? { controller: new FaultController(), effects: faultEffects } : undefined;
}

const NO_FAULTS: FaultInjector = {
  inject: () => {
    throw new Error('This build of the sample service has no fault injection; use a development build.');
  },
  clear: () => undefined,
  pending: 0,
  applied: 0,
};

const SUBSCRIPTION_NAMES = ['Contoso Production', 'Contoso Dev/Test', 'Fabrikam Analytics', 'Northwind Retail', 'Tailspin Toys'];

const error = (status: number, code: string, message: string, details = ''): Reply => ({
  status,
  body: { code, message, details },
});

/** ARM query parameter names are case-insensitive. */
function param(url: URL, name: string): string | undefined {
  const lower = name.toLowerCase();
  for (const [k, v] of url.searchParams) {
    if (k.toLowerCase() === lower) {
      return v;
    }
  }
  return undefined;
}

function shortHash(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

/** The list view of an event for one subscription: id names that subscription; sensitive text hidden. */
function eventView(gen: GeneratedEvent, subscriptionId: string, hideSensitive: boolean): HealthEvent {
  const e = gen.event;
  const name = e.name ?? '';
  const view: HealthEvent = { ...e, id: eventIdFor(subscriptionId, name) };
  const props = e.properties;
  if (!hideSensitive || !props?.isEventSensitive) {
    return view;
  }
  const hidden = { ...props };
  delete hidden.description;
  delete hidden.summary;
  hidden.impact = props.impact?.map((i) => ({
    ...i,
    impactedRegions: i.impactedRegions?.map((r) => {
      const region = { ...r };
      delete region.updates;
      return region;
    }),
  }));
  return { ...view, properties: hidden };
}

export async function startSampleService(options: SampleServiceOptions = {}): Promise<SampleService> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.test(host)) {
    throw new Error(`The sample service listens on loopback only; use 127.0.0.1 instead of ${host}.`);
  }
  const now = options.now ?? Date.now;
  const seed = options.seed ?? 1;
  const token = options.token ?? randomBytes(24).toString('base64url');
  const overrideSubs = options.eventsOverride ? [...new Set(options.eventsOverride.flatMap((g) => g.subscriptionIds))] : [];
  const subscriptionIds = [
    ...(options.subscriptionIds ?? (overrideSubs.length > 0 ? overrideSubs : generateGuids(seed, 3))),
  ];
  const tenantId = generateGuids(seed + 1, 1)[0] as string;
  const startedAt = now();
  const events =
    options.eventsOverride ?? generateEvents({ count: options.events ?? 300, seed, now: startedAt, subscriptionIds });

  // Per subscription: its events, newest first, ties by tracking id (stable paging).
  const bySubscription = new Map<string, IndexedEvent[]>();
  const subKey = (id: string): string => id.toLowerCase();
  for (const id of subscriptionIds) {
    bySubscription.set(subKey(id), []);
  }
  for (const gen of events) {
    const indexed = { gen, updatedMs: parseServiceTime(gen.event.properties?.lastUpdateTime) ?? 0, name: gen.event.name ?? '' };
    for (const id of gen.subscriptionIds) {
      bySubscription.get(subKey(id))?.push(indexed);
    }
  }
  for (const list of bySubscription.values()) {
    list.sort((a, b) => b.updatedMs - a.updatedMs || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }

  const stats: SampleStats = {
    requests: 0,
    byPath: new Map(),
    byStatus: new Map(),
    inFlight: 0,
    peakInFlight: 0,
    primaryLimited: 0,
    secondaryLimited: 0,
    armThrottled: 0,
    requestsBeforeReset: 0,
  };
  const limiter = new SampleRateLimiter(options.rateLimits ?? {}, now, stats);
  const injection = faultInjection();
  const faults = injection?.controller ?? NO_FAULTS;
  const knobs: SampleKnobs = {
    latencyMs: options.latencyMs ?? 0,
    pageSize: options.pageSize ?? 50,
    denyFetchEventDetails: options.denyFetchEventDetails ?? false,
    denySecurityAdvisoryImpactedResources: options.denySecurityAdvisoryImpactedResources ?? false,
    denyTenantScope: options.denyTenantScope ?? false,
  };
  const timers = new Set<NodeJS.Timeout>();
  const sleep = (ms: number): Promise<void> =>
    new Promise((resolve) => {
      const t = setTimeout(() => {
        timers.delete(t);
        resolve();
      }, ms);
      timers.add(t);
    });
  let origin = '';
  const authenticator = createAuthenticator({
    token,
    now,
    ...(options.signedTokensSecret !== undefined ? { signedTokensSecret: options.signedTokensSecret } : {}),
  });

  const checkApiVersion = (url: URL, supported: readonly string[]): Reply | undefined => {
    const version = param(url, 'api-version');
    if (version === undefined || version === '') {
      return error(400, 'MissingApiVersionParameter', "The api-version query parameter (?api-version=) is required for all requests.", `Supported versions: ${supported.join(', ')}.`);
    }
    if (!supported.includes(version)) {
      return error(
        400,
        'InvalidApiVersionParameter',
        `The api-version '${version}' is invalid. The supported versions are '${supported.join(',')}'.`,
        `Use api-version=${supported[0] ?? ''}.`,
      );
    }
    return undefined;
  };

  const listSubscriptions = (url: URL): Reply => {
    const bad = checkApiVersion(url, SUBSCRIPTIONS_API_VERSIONS);
    if (bad) {
      return bad;
    }
    return {
      status: 200,
      body: {
        value: subscriptionIds.map((id, i) => ({
          id: `/subscriptions/${id}`,
          subscriptionId: id,
          displayName: SUBSCRIPTION_NAMES[i % SUBSCRIPTION_NAMES.length] ?? `Subscription ${i + 1}`,
          state: 'Enabled',
          tenantId,
        })),
      },
    };
  };

  /** The api-version check and subscription lookup both event operations start with. */
  const eventsOf = (url: URL, subscriptionId: string): { list: NonNullable<ReturnType<typeof bySubscription.get>> } | { reply: Reply } => {
    const bad = checkApiVersion(url, EVENTS_API_VERSIONS);
    if (bad) {
      return { reply: bad };
    }
    const list = bySubscription.get(subKey(subscriptionId));
    return list
      ? { list }
      : { reply: error(404, 'SubscriptionNotFound', `The subscription '${subscriptionId}' could not be found.`, 'Check the subscription id and that your account can access it.') };
  };

  const listEvents = (url: URL, subscriptionId: string): Reply => {
    const found = eventsOf(url, subscriptionId);
    if ('reply' in found) {
      return found.reply;
    }
    const { list } = found;
    const filterText = (param(url, '$filter') ?? '').trim();
    let filter: FilterExpr | undefined;
    if (filterText !== '') {
      try {
        filter = parseEventsFilter(filterText);
      } catch (e) {
        if (e instanceof FilterSyntaxError) {
          return error(400, 'InvalidFilter', `The $filter is invalid: ${e.message}`, `position ${e.position}`);
        }
        throw e;
      }
    }
    const rawStart = param(url, 'queryStartTime');
    const queryHash = shortHash([subKey(subscriptionId), filterText, rawStart ?? ''].join('\n'));
    const rawToken = param(url, '$skipToken');
    let offset = 0;
    let start: number;
    if (rawToken !== undefined) {
      const decoded = decodeSkipToken(rawToken);
      if (!decoded || decoded.h !== queryHash) {
        return error(400, 'InvalidSkipToken', 'The $skipToken is invalid or belongs to a different query.', 'Restart the listing from the first page.');
      }
      offset = decoded.o;
      start = decoded.s;
    } else if (rawStart !== undefined && rawStart.trim() !== '') {
      const parsed = parseQueryStartTime(rawStart);
      if (parsed === undefined) {
        return error(400, 'InvalidQueryStartTime', `The queryStartTime '${rawStart}' is not a valid date.`, 'Use ISO 8601 (2026-11-20T00:00:00Z) or month/day/year (11/20/2026).');
      }
      start = parsed;
    } else {
      start = now() - DEFAULT_WINDOW_MS;
    }
    const matching: IndexedEvent[] = [];
    for (const item of list) {
      if (item.updatedMs < start) {
        break; // sorted newest first
      }
      if (!filter || evaluateFilter(filter, item.gen.event)) {
        matching.push(item);
      }
    }
    const pageSize = Math.max(1, knobs.pageSize);
    const page = matching.slice(offset, offset + pageSize);
    const body: { value: HealthEvent[]; nextLink?: string } = {
      value: page.map((item) => eventView(item.gen, subscriptionId, true)),
    };
    if (offset + pageSize < matching.length) {
      const next = new URL(url.pathname, origin);
      for (const [k, v] of url.searchParams) {
        if (k.toLowerCase() !== '$skiptoken') {
          next.searchParams.append(k, v);
        }
      }
      next.searchParams.set('$skipToken', encodeSkipToken({ o: offset + pageSize, s: start, h: queryHash }));
      body.nextLink = next.toString();
    }
    return { status: 200, body, shape: 'page' };
  };

  const fetchDetails = (url: URL, subscriptionId: string, trackingId: string): Reply => {
    const found = eventsOf(url, subscriptionId);
    if ('reply' in found) {
      return found.reply;
    }
    const { list } = found;
    if (knobs.denyFetchEventDetails) {
      return forbidden(subscriptionId);
    }
    const wanted = decodeURIComponent(trackingId).toUpperCase();
    const item = list.find((i) => i.name.toUpperCase() === wanted);
    if (!item) {
      return error(404, 'EventNotFound', `The event '${trackingId}' was not found in subscription '${subscriptionId}'.`, 'Refresh the event list; the event may have expired.');
    }
    return { status: 200, body: eventView(item.gen, subscriptionId, false), shape: 'event' };
  };

  const operations: EventOperationsContext = {
    seed,
    knobs,
    events,
    now,
    origin: () => origin,
    error,
    checkApiVersion: (url) => checkApiVersion(url, EVENTS_API_VERSIONS),
    findEvent: (url, subscriptionId, trackingId) => {
      const found = eventsOf(url, subscriptionId);
      if ('reply' in found) {
        return found;
      }
      const item = found.list.find((i) => i.name.toUpperCase() === trackingId.toUpperCase());
      return item
        ? { gen: item.gen }
        : { reply: error(404, 'EventNotFound', `The event '${trackingId}' was not found in subscription '${subscriptionId}'.`, 'Refresh the event list; the event may have expired.') };
    },
    view: (gen, subscriptionId) =>
      subscriptionId !== undefined
        ? eventView(gen, subscriptionId, true)
        : { ...eventView(gen, '', true), id: `/providers/Microsoft.ResourceHealth/events/${gen.event.name ?? ''}` },
    windowStart: (url) => {
      const raw = param(url, 'queryStartTime');
      if (raw === undefined || raw.trim() === '') {
        return now() - DEFAULT_WINDOW_MS;
      }
      return parseQueryStartTime(raw) ?? error(400, 'InvalidQueryStartTime', `The queryStartTime '${raw}' is not a valid date.`, 'Use ISO 8601 (2026-11-20T00:00:00Z) or month/day/year (11/20/2026).');
    },
  };

  const rateLimitStatus = (): RateLimitStatus => {
    const core = { ...limiter.primaryStatus() };
    const t = now();
    // Unused categories: fixed windows anchored at start-up, so the body (and ETag) is stable.
    const idle = (limit: number, windowSeconds: number) => {
      const w = windowSeconds * 1000;
      const end = startedAt + (Math.floor((t - startedAt) / w) + 1) * w;
      return { limit, remaining: limit, used: 0, reset: Math.ceil(end / 1000) };
    };
    return {
      resources: {
        core,
        search: idle(30, 60),
        code_search: idle(10, 60),
        graphql: idle(5000, 3600),
        integration_manifest: idle(5000, 3600),
        code_scanning_upload: idle(1000, 3600),
      },
      rate: { ...core },
    };
  };

  const route = (req: IncomingMessage, url: URL): { endpoint: string; countsPrimary: boolean; armBucket?: ArmBucketName; run: () => Reply } => {
    const method = req.method ?? 'GET';
    const path = url.pathname;
    const only = (allowed: string, run: () => Reply): (() => Reply) =>
      method === allowed
        ? run
        : () => ({ ...error(405, 'MethodNotAllowed', `The method ${method} is not allowed here; use ${allowed}.`), headers: { allow: allowed } });
    if (RATE_LIMIT_PATH.test(path)) {
      return {
        endpoint: 'rate_limit',
        countsPrimary: false,
        run: only('GET', (): Reply => {
          const body = rateLimitStatus();
          const etag = `W/"${shortHash(JSON.stringify(body))}"`;
          const inm = req.headers['if-none-match'];
          const matches = inm !== undefined && (inm.trim() === '*' || inm.split(',').some((t) => t.trim().replace(/^W\//, '') === etag.replace(/^W\//, '')));
          return matches ? { status: 304, headers: { etag } } : { status: 200, body, headers: { etag, 'cache-control': 'private, max-age=60, s-maxage=60' } };
        }),
      };
    }
    if (SUBSCRIPTIONS_PATH.test(path)) {
      return { endpoint: 'subscriptions', countsPrimary: true, run: only('GET', () => listSubscriptions(url)) };
    }
    const details = DETAILS_PATH.exec(path);
    if (details) {
      const [, sub = '', id = ''] = details;
      return { endpoint: 'fetchEventDetails', countsPrimary: true, armBucket: 'writes', run: only('POST', () => fetchDetails(url, decodeURIComponent(sub), id)) };
    }
    const list = EVENTS_PATH.exec(path);
    if (list) {
      const [, sub = ''] = list;
      return { endpoint: 'events', countsPrimary: true, armBucket: 'reads', run: only('GET', () => listEvents(url, decodeURIComponent(sub))) };
    }
    const operation = matchEventOperation(operations, url);
    if (operation) {
      const allowed = operation.methods.includes(method)
        ? operation.run
        : () => ({ ...error(405, 'MethodNotAllowed', `The method ${method} is not allowed here; use ${operation.methods.join(' or ')}.`), headers: { allow: operation.methods.join(', ') } });
      return { endpoint: operation.endpoint, countsPrimary: operation.countsPrimary, ...(operation.armBucket ? { armBucket: operation.armBucket } : {}), run: allowed };
    }
    return { endpoint: 'other', countsPrimary: true, run: () => error(404, 'NotFound', `No resource at ${path}.`, 'Check the request path.') };
  };

  const send = (req: IncomingMessage, res: ServerResponse, reply: Reply, fault: Fault | undefined, url: URL, admission?: Admission): void => {
    if (res.destroyed) {
      return;
    }
    let body = reply.body;
    if (injection && fault && body !== undefined && reply.status === 200) {
      body = injection.effects.faultyBody(fault, body, reply.shape, new URL(url.pathname + url.search, origin).toString());
    }
    const headers: Record<string, string | number> = {
      ...limiter.headers(),
      'x-ms-request-id': randomUUID(),
      'x-ms-correlation-request-id': (req.headers['x-ms-correlation-request-id'] as string | undefined) ?? randomUUID(),
      ...(reply.headers ?? {}),
    };
    if (admission?.ok === false && admission.kind === 'primary') {
      headers['x-ratelimit-remaining'] = '0';
    }
    if (admission?.armRemaining) {
      headers[`x-ms-ratelimit-remaining-subscription-${admission.armRemaining.bucket}`] = String(admission.armRemaining.remaining);
    }
    stats.byStatus.set(reply.status, (stats.byStatus.get(reply.status) ?? 0) + 1);
    if (body === undefined) {
      res.writeHead(reply.status, headers).end();
      return;
    }
    const text = JSON.stringify(body);
    headers['content-type'] = 'application/json; charset=utf-8';
    if (injection && fault && reply.status === 200 && injection.effects.writeFaulty(fault, res, { status: reply.status, headers, text }, sleep)) {
      return;
    }
    const bytes = Buffer.from(text, 'utf8');
    headers['content-length'] = bytes.length;
    res.writeHead(reply.status, headers).end(bytes);
  };

  const forbidden = (subscriptionId: string): Reply =>
    error(
      403,
      'AuthorizationFailed',
      `The client does not have authorization to perform action 'Microsoft.ResourceHealth/events/fetchEventDetails/action' over scope '/subscriptions/${subscriptionId}'. Ask an owner to grant you a role that includes it, such as Reader.`,
      'Required action: Microsoft.ResourceHealth/events/fetchEventDetails/action.',
    );

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    stats.requests++;
    stats.inFlight++;
    stats.peakInFlight = Math.max(stats.peakInFlight, stats.inFlight);
    res.once('close', () => {
      stats.inFlight--;
    });
    req.resume(); // drain any body so keep-alive connections stay usable
    const url = new URL(req.url ?? '/', origin);
    stats.byPath.set(url.pathname, (stats.byPath.get(url.pathname) ?? 0) + 1);
    if (knobs.latencyMs > 0) {
      await sleep(knobs.latencyMs);
    }
    const rejection = authenticator.check(req.method ?? 'GET', url.pathname, req.headers.authorization);
    if (rejection) {
      send(req, res, { ...error(rejection.status, rejection.code, rejection.message, rejection.details), headers: { 'www-authenticate': rejection.wwwAuthenticate } }, undefined, url);
      return;
    }
    const method = req.method ?? 'GET';
    const fault = injection?.controller.take(method, url.pathname);
    const early = injection && fault ? injection.effects.earlyFault(fault, { pathname: url.pathname, error, forbidden }) : undefined;
    if (early === 'reset') {
      req.socket.destroy();
      return;
    }
    if (early) {
      send(req, res, early, undefined, url);
      return;
    }
    const match = route(req, url);
    const admission = limiter.admit({
      method,
      endpoint: `${method} ${match.endpoint}`,
      countsPrimary: match.countsPrimary,
      ...(match.armBucket && method === (match.armBucket === 'reads' ? 'GET' : 'POST') ? { armBucket: match.armBucket } : {}),
      inFlight: stats.inFlight,
    });
    if (!admission.ok) {
      const reply = error(admission.status, admission.code, admission.message, 'See the x-ratelimit-* and retry-after headers.');
      if (admission.retryAfterSeconds !== undefined) {
        reply.headers = { 'retry-after': String(admission.retryAfterSeconds) };
      }
      send(req, res, reply, undefined, url, admission);
      return;
    }
    let reply: Reply;
    try {
      reply = match.run();
    } catch {
      reply = error(500, 'InternalServerError', 'The sample service failed to handle the request. Try again.');
    }
    send(req, res, reply, fault, url, admission);
  };

  const sockets = new Set<Socket>();
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) {
        res.writeHead(500).end();
      } else {
        res.destroy();
      }
    });
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const port = (server.address() as AddressInfo).port;
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`;

  const resetStats = (): void => {
    Object.assign(stats, { requests: 0, peakInFlight: stats.inFlight, primaryLimited: 0, secondaryLimited: 0, armThrottled: 0, requestsBeforeReset: 0 });
    stats.byPath.clear();
    stats.byStatus.clear();
  };

  return {
    url: origin,
    port,
    token,
    subscriptionIds,
    tenantId,
    faults,
    stats,
    knobs,
    events,
    authRecords: authenticator.records,
    resetStats,
    close: () =>
      new Promise<void>((resolve) => {
        for (const t of timers) {
          clearTimeout(t);
        }
        timers.clear();
        server.close(() => resolve());
        for (const s of sockets) {
          s.destroy();
        }
      }),
  };
}

interface SkipToken {
  /** Offset of the next page. */
  readonly o: number;
  /** Window start (epoch ms) resolved on the first page. */
  readonly s: number;
  /** Hash of the query the token belongs to. */
  readonly h: string;
}

function encodeSkipToken(token: SkipToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeSkipToken(raw: string): SkipToken | undefined {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<SkipToken>;
    if (
      typeof value.o === 'number' && Number.isInteger(value.o) && value.o >= 0 &&
      typeof value.s === 'number' && Number.isFinite(value.s) && typeof value.h === 'string'
    ) {
      return { o: value.o, s: value.s, h: value.h };
    }
  } catch {
    // fall through: not a token we issued
  }
  return undefined;
}

/**
 * The sample service: a real local HTTP server (node:http only) speaking seed 000 (health
 * events, ARM shapes) and seed 001 (rate limits, GET /rate_limit). It is the product's embedded
 * default, so a newcomer can try everything without an Azure account, and the target of tests
 * and benchmarks. It listens on loopback only.
 *
 * This module composes: the routing table is in routes.ts, one module per operation
 * (listEvents.ts, fetchDetails.ts, listSubscriptions.ts, rateLimitRoute.ts, eventOperations.ts).
 *
 * Decisions where the seeds say "not shown" (mirroring ARM where it is known):
 * - the bearer token travels in `Authorization: Bearer <token>`; otherwise 401 InvalidAuthenticationToken;
 * - error bodies are the seed's bare `{ code, message, details }` (details a string);
 * - events are listed newest first by lastUpdateTime (ties by tracking id), page size 50;
 * - the last page OMITS nextLink (rather than sending "" or null);
 * - `$skipToken` paging: see listEvents.ts;
 * - fetchEventDetails is `POST .../events/{trackingId}/fetchEventDetails` returning the full event;
 * - impacted resources, billing details, tenant scope and emerging issues: see eventOperations.ts;
 * - unauthenticated requests and GET /rate_limit cost no primary quota; everything else does,
 *   errors included; secondary points are counted per endpoint, for GitHub-style paths only
 *   (ARM paths draw on ARM's token buckets instead; see rateLimiter.ts).
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createAuthenticator } from './authentication';
import * as faultEffects from './faultEffects';
import { FaultController, type Fault, type FaultInjector } from './faults';
import { indexEvents } from './eventStore';
import { generateEvents, generateGuids } from './generator';
import { operationsContext } from './operationsContext';
import { rateLimitFamilyOf } from '../http/serviceRules';
import { SampleRateLimiter, type Admission } from './rateLimiter';
import { error, forbidden } from './replies';
import { ResourceGraphQuota } from './resourceGraph';
import { route, type RouteContext } from './routes';
import { sendReply, type SendContext } from './sendReply';
import type { Reply, SampleKnobs, SampleService, SampleServiceOptions, SampleStats } from './types';

export { EVENTS_API_VERSIONS, SUBSCRIPTIONS_API_VERSIONS } from './replies';
export type { Reply, SampleKnobs, SampleService, SampleServiceOptions, SampleStats } from './types';

const LOOPBACK = /^(127\.\d{1,3}\.\d{1,3}\.\d{1,3}|::1|localhost)$/i;

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

/** The subscription an ARM request counts against (its own token buckets), if the path names one. */
function armScopeOf(pathname: string): string | undefined {
  const m = /^\/subscriptions\/([^/]+)/i.exec(pathname);
  return m?.[1] === undefined ? undefined : decodeURIComponent(m[1]).toLowerCase();
}

/** Largest request body kept (Resource Graph queries with 1,000 subscription ids are ~40 KB). */
const MAX_BODY_BYTES = 1 << 20;

function collectBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) {
        chunks.push(chunk);
      }
    });
    req.once('end', () => resolve(size <= MAX_BODY_BYTES ? Buffer.concat(chunks).toString('utf8') : ''));
    req.once('error', () => resolve(''));
  });
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
    ...(options.subscriptionIds ?? (overrideSubs.length > 0 ? overrideSubs : generateGuids(seed, Math.max(1, Math.floor(options.subscriptions ?? 3))))),
  ];
  const tenantId = generateGuids(seed + 1, 1)[0] as string;
  const startedAt = now();
  const events =
    options.eventsOverride ??
    generateEvents({
      count: options.events ?? 300,
      seed,
      now: startedAt,
      subscriptionIds,
      ...(options.maxSubscriptionsPerEvent !== undefined ? { maxSubscriptionsPerEvent: options.maxSubscriptionsPerEvent } : {}),
    });

  const store = indexEvents(events, subscriptionIds);

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
    denyResourceGraph: options.denyResourceGraph ?? false,
    unreadableSubscriptions: [...(options.unreadableSubscriptions ?? [])],
    resourceGraphQuota: options.resourceGraphQuota ?? 15,
    resourceGraphWindowMs: options.resourceGraphWindowMs ?? 5000,
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

  const routes: RouteContext = {
    store,
    knobs,
    now,
    origin: () => origin,
    startedAt,
    limiter,
    subscriptionIds,
    tenantId,
    operations: operationsContext({ seed, knobs, store, now, origin: () => origin }),
    seed,
    graphQuota: new ResourceGraphQuota(now, knobs),
    graphCache: {},
  };
  const sending: SendContext = { limiter, stats, origin: () => origin, effects: injection?.effects, sleep };
  const send = (req: IncomingMessage, res: ServerResponse, reply: Reply, fault: Fault | undefined, url: URL, admission?: Admission): void =>
    sendReply(sending, req, res, reply, fault, url, admission);

  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    stats.requests++;
    stats.inFlight++;
    stats.peakInFlight = Math.max(stats.peakInFlight, stats.inFlight);
    res.once('close', () => {
      stats.inFlight--;
    });
    // Read (and so drain) any body, keeping keep-alive connections usable; only routes that
    // read it wait for it.
    const body = collectBody(req);
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
    const early = injection && fault ? injection.effects.earlyFault(fault, { pathname: url.pathname, error, forbidden, ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) }) : undefined;
    if (early === 'reset') {
      req.socket.destroy();
      return;
    }
    if (early) {
      send(req, res, early, undefined, url);
      return;
    }
    const match = route(routes, req, url);
    const admission = limiter.admit({
      method,
      endpoint: `${method} ${match.endpoint}`,
      countsPrimary: match.countsPrimary,
      family: rateLimitFamilyOf(url),
      ...(match.armBucket && method === (match.armBucket === 'reads' ? 'GET' : 'POST') ? { armBucket: match.armBucket } : {}),
      ...(armScopeOf(url.pathname) !== undefined ? { armScope: armScopeOf(url.pathname) } : {}),
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
      reply = match.run(match.needsBody ? await body : '');
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

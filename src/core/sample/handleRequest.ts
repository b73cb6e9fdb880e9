// One request through the sample service, one step per function: count, authenticate, inject an
// early fault, admit against the rate limits, run the route and send the reply.
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Authenticator } from './authentication';
import type * as faultEffects from './faultEffects';
import type { Fault, FaultController } from './faults';
import { rateLimitFamilyOf } from '../http/serviceRules';
import type { Admission, SampleRateLimiter } from './rateLimiter';
import { error, forbidden } from './replies';
import { route, type Route, type RouteContext } from './routes';
import { sendReply, type SendContext } from './sendReply';
import type { Reply, SampleKnobs, SampleStats } from './types';

export interface HandlerContext {
  readonly stats: SampleStats;
  readonly knobs: SampleKnobs;
  readonly limiter: SampleRateLimiter;
  readonly authenticator: Authenticator;
  readonly injection: { readonly controller: FaultController; readonly effects: typeof faultEffects } | undefined;
  readonly routes: RouteContext;
  readonly sending: SendContext;
  readonly origin: () => string;
}

type Send = (reply: Reply, fault?: Fault, admission?: Admission) => void;

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

/** The subscription an ARM request counts against (its own token buckets), if the path names one. */
function armScopeOf(pathname: string): string | undefined {
  const m = /^\/subscriptions\/([^/]+)/i.exec(pathname);
  return m?.[1] === undefined ? undefined : decodeURIComponent(m[1]).toLowerCase();
}

function countRequest(stats: SampleStats, res: ServerResponse, url: URL): void {
  stats.requests++;
  stats.inFlight++;
  stats.peakInFlight = Math.max(stats.peakInFlight, stats.inFlight);
  res.once('close', () => {
    stats.inFlight--;
  });
  stats.byPath.set(url.pathname, (stats.byPath.get(url.pathname) ?? 0) + 1);
}

/** Handles the request when a fault says so before routing; true when it did. */
function earlyFault(ctx: HandlerContext, req: IncomingMessage, url: URL, fault: Fault | undefined, send: Send): boolean {
  const early =
    ctx.injection && fault
      ? ctx.injection.effects.earlyFault(fault, { pathname: url.pathname, error, forbidden, ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}) })
      : undefined;
  if (early === 'reset') {
    req.socket.destroy();
    return true;
  }
  if (early) {
    send(early);
    return true;
  }
  return false;
}

function admit(ctx: HandlerContext, method: string, url: URL, match: Route): Admission {
  return ctx.limiter.admit({
    method,
    endpoint: `${method} ${match.endpoint}`,
    countsPrimary: match.countsPrimary,
    family: rateLimitFamilyOf(url),
    ...(match.armBucket && method === (match.armBucket === 'reads' ? 'GET' : 'POST') ? { armBucket: match.armBucket } : {}),
    ...(armScopeOf(url.pathname) !== undefined ? { armScope: armScopeOf(url.pathname) } : {}),
    inFlight: ctx.stats.inFlight,
  });
}

function limitedReply(admission: Admission & { ok: false }): Reply {
  const reply = error(admission.status, admission.code, admission.message, 'See the x-ratelimit-* and retry-after headers.');
  if (admission.retryAfterSeconds !== undefined) {
    reply.headers = { 'retry-after': String(admission.retryAfterSeconds) };
  }
  return reply;
}

export function createRequestHandler(ctx: HandlerContext): (req: IncomingMessage, res: ServerResponse) => Promise<void> {
  return async (req, res) => {
    // Read (and so drain) any body, keeping keep-alive connections usable; only routes that
    // read it wait for it.
    const body = collectBody(req);
    const url = new URL(req.url ?? '/', ctx.origin());
    countRequest(ctx.stats, res, url);
    const send: Send = (reply, fault, admission) => sendReply(ctx.sending, req, res, reply, fault, url, admission);
    if (ctx.knobs.latencyMs > 0) {
      await ctx.sending.sleep(ctx.knobs.latencyMs);
    }
    const method = req.method ?? 'GET';
    const rejection = ctx.authenticator.check(method, url.pathname, req.headers.authorization);
    if (rejection) {
      send({ ...error(rejection.status, rejection.code, rejection.message, rejection.details), headers: { 'www-authenticate': rejection.wwwAuthenticate } });
      return;
    }
    const fault = ctx.injection?.controller.take(method, url.pathname);
    if (earlyFault(ctx, req, url, fault, send)) {
      return;
    }
    const match = route(ctx.routes, req, url);
    const admission = admit(ctx, method, url, match);
    if (!admission.ok) {
      send(limitedReply(admission), undefined, admission);
      return;
    }
    let reply: Reply;
    try {
      reply = match.run(match.needsBody ? await body : '');
    } catch {
      reply = error(500, 'InternalServerError', 'The sample service failed to handle the request. Try again.');
    }
    send(reply, fault, admission);
  };
}

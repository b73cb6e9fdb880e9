/** The sample service. Why: docs/architecture.md#sample-server */
import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { createAuthenticator } from './authentication';
import * as faultEffects from './faultEffects';
import { FaultController, type FaultInjector } from './faults';
import { SampleEstate } from './estate';
import { createRequestHandler } from './handleRequest';
import { operationsContext } from './operationsContext';
import { SampleRateLimiter } from './rateLimiter';
import { ResourceGraphQuota } from './resourceGraph';
import type { RouteContext } from './routes';
import { cancellableSleeps, emptyStats, knobsOf, resetStats, sampleWorld } from './sampleWorld';
import type { SendContext } from './sendReply';
import type { SampleService, SampleServiceOptions } from './types';

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

/** Listens on `host`, closing every open connection on close (tests and benchmarks stop it mid-request). */
async function listen(server: Server, host: string, port: number): Promise<{ readonly port: number; readonly closeSockets: () => void }> {
  const sockets = new Set<Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const closeSockets = (): void => {
    for (const s of sockets) {
      s.destroy();
    }
  };
  return { port: (server.address() as AddressInfo).port, closeSockets };
}

export async function startSampleService(options: SampleServiceOptions = {}): Promise<SampleService> {
  const host = options.host ?? '127.0.0.1';
  if (!LOOPBACK.test(host)) {
    throw new Error(`The sample service listens on loopback only; use 127.0.0.1 instead of ${host}.`);
  }
  const world = sampleWorld(options);
  const { now, seed, token, subscriptionIds, tenantId, startedAt, events, store } = world;
  const stats = emptyStats();
  const limiter = new SampleRateLimiter(options.rateLimits ?? {}, now, stats);
  const injection = faultInjection();
  const knobs = knobsOf(options);
  const { sleep, cancelAll } = cancellableSleeps();
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
    stats,
    graphCache: {},
    estate: new SampleEstate(store, seed, startedAt),
  };
  const sending: SendContext = { limiter, stats, origin: () => origin, effects: injection?.effects, sleep };
  const handle = createRequestHandler({ stats, knobs, limiter, authenticator, injection, routes, sending, origin: () => origin });
  const server: Server = createServer((req, res) => {
    handle(req, res).catch(() => {
      if (!res.headersSent) {
        res.writeHead(500).end();
      } else {
        res.destroy();
      }
    });
  });
  const listening = await listen(server, host, options.port ?? 0);
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${listening.port}`;
  return {
    url: origin,
    port: listening.port,
    token,
    subscriptionIds,
    tenantId,
    faults: injection?.controller ?? NO_FAULTS,
    stats,
    knobs,
    events,
    estate: routes.estate,
    authRecords: authenticator.records,
    resetStats: () => resetStats(stats),
    close: () =>
      new Promise<void>((resolve) => {
        cancelAll();
        server.close(() => resolve());
        listening.closeSockets();
      }),
  };
}

/**
 * What the client checks at the moment a request leaves, and what it does with waits the service
 * asks for that it will not take (fake clock, real HTTP on loopback).
 */
import assert from 'node:assert/strict';
import { ThrottledClient } from '../../../src/core/http/client';
import type { TokenProvider } from '../../../src/core/http/types';
import { FakeClock } from './fakeClock';
import { send, startLoopback, type Handler, type Loopback } from './loopback';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('http client: checks at the moment of sending (fake clock, loopback server)', () => {
  let clock: FakeClock;
  let server: Loopback | undefined;
  const clients: ThrottledClient[] = [];

  beforeEach(() => {
    clock = new FakeClock(T0);
  });
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await server?.close();
    server = undefined;
  });

  async function serve(handler: Handler): Promise<Loopback> {
    server = await startLoopback(handler, () => clock.now());
    return server;
  }

  function client(extra: Partial<ConstructorParameters<typeof ThrottledClient>[0]> = {}): ThrottledClient {
    if (!server) throw new Error('serve() first');
    const c = new ThrottledClient({ origin: server.origin, clock, random: () => 0.5, ...extra });
    clients.push(c);
    return c;
  }

  it('a slow token provider (sign-in prompt, token refresh) and a 429 that arrives meanwhile: the request waits out the pause instead of going', async () => {
    await serve((req, res) => {
      const tries = (server?.seen ?? []).filter((s) => s.path === req.path).length;
      if (req.path === '/a' && tries === 1) {
        send(res, 429, { 'retry-after': '30', 'x-ratelimit-remaining': '100' }, '{"message":"You have exceeded a secondary rate limit."}');
        return;
      }
      send(res, 200, { 'x-ratelimit-remaining': '100', 'x-ratelimit-resource': 'core' });
    });
    let calls = 0;
    let slowAsked: () => void = () => undefined;
    const slowTokenAsked = new Promise<void>((resolve) => (slowAsked = resolve));
    const c = client({
      maxConcurrency: 2,
      tokenProvider: {
        getToken: async () => {
          calls++;
          if (calls !== 2) return 'token';
          slowAsked();
          // The token comes only once the 429's pause is in place.
          await new Promise<void>((resolve) => {
            const sub = c.onDidChangeQuota((q) => {
              if (q.pausedUntil !== undefined) {
                sub.dispose();
                resolve();
              }
            });
          });
          return 'token';
        },
      } satisfies TokenProvider,
    });
    // A first answer makes the buckets known, so both requests are let go together.
    await c.request({ method: 'GET', url: '/warm' });
    const b = c.request({ method: 'GET', url: '/b' });
    await slowTokenAsked;
    const a = c.request({ method: 'GET', url: '/a' });
    assert.deepEqual((await Promise.all([a, b])).map((r) => r.status), [200, 200]);
    const at = (path: string): number[] => (server?.seen ?? []).filter((s) => s.path === path).map((s) => s.at);
    assert.deepEqual(at('/a'), [T0, T0 + 30_000], 'the 429, then its retry after retry-after');
    assert.deepEqual(at('/b'), [T0 + 30_000], 'the request whose token came during the pause left when it ended');
  });
});

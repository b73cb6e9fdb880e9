/**
 * What the client checks at the moment a request leaves, and what it does with waits the service
 * asks for that it will not take (fake clock, real HTTP on loopback). The clock moves only when a
 * test moves it: each wait is checked on both sides (nothing more sent 1 ms before its end).
 */
import assert from 'node:assert/strict';
import { RateLimitError } from '../../../src/core/http/errors';
import type { TokenProvider } from '../../../src/core/http/types';
import { useClientFixture } from './clientFixture';
import { quiet } from './fakeClock';
import { send } from './loopback';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const DAY = 24 * 3_600_000;
const sec = (ms: number): string => String(Math.floor(ms / 1000));
const SECONDARY = '{"message":"You have exceeded a secondary rate limit."}';

describe('http client: checks at the moment of sending (fake clock, loopback server)', () => {
  const fx = useClientFixture(T0);
  const { serve, client } = fx;

  /**
   * Once `sent` requests have arrived, the client must be waiting `ms` on the clock: nothing more
   * goes 1 ms before that wait ends; then time moves on to its end.
   */
  async function waitsThenMovesOn(ms: number, sent: number): Promise<void> {
    await fx.server?.arrivals(sent);
    assert.equal(await fx.clock.nextSleep(), ms, 'the wait the client took');
    await fx.clock.tick(ms - 1);
    await quiet();
    assert.equal(fx.server?.seen.length, sent, `only ${sent} requests sent by 1 ms before the end of a ${ms} ms wait`);
    await fx.clock.tick(1);
  }

  it('a slow token provider (sign-in prompt, token refresh) and a 429 that arrives meanwhile: the request waits out the pause instead of going', async () => {
    await serve((req, res) => {
      const tries = (fx.server?.seen ?? []).filter((s) => s.path === req.path).length;
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
            const sub = c.onDidChangeQuota(() => {
              if (c.quota.pausedUntil !== undefined) {
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
    // /warm and the 429 to /a; /b's token comes during the pause, so /b waits it out with /a's retry.
    await waitsThenMovesOn(30_000, 2);
    assert.deepEqual((await Promise.all([a, b])).map((r) => r.status), [200, 200]);
    const at = (path: string): number[] => (fx.server?.seen ?? []).filter((s) => s.path === path).map((s) => s.at);
    assert.deepEqual(at('/a'), [T0, T0 + 30_000], 'the 429, then its retry after retry-after');
    assert.deepEqual(at('/b'), [T0 + 30_000], 'the request whose token came during the pause left when it ended');
  });

  describe('a wait past the longest the client takes (a day): a clear failure at once', () => {
    /** The first answer asks for `headers`' wait, any later one succeeds. */
    async function firstAsks(status: number, headers: Record<string, string>, body = SECONDARY): Promise<void> {
      await serve((_req, res, i) => (i === 0 ? send(res, status, headers, body) : send(res, 200)));
    }
    const outcome = (p: Promise<{ status: number }>): Promise<unknown> => p.then((r) => r.status, (e: unknown) => e);

    it('retry-after of exactly a day (a service in maintenance until tomorrow), with the client allowed to wait that long: it waits, then retries', async () => {
      await firstAsks(429, { 'retry-after': String(DAY / 1000) });
      const c = client({ maxRateLimitWaitMs: 2 * DAY });
      const settled = outcome(c.request({ method: 'GET', url: '/x' }));
      await waitsThenMovesOn(DAY, 1);
      assert.equal(await settled, 200);
      assert.deepEqual(fx.server?.seen.map((s) => s.at), [T0, T0 + DAY]);
    });

    it('retry-after one second past a day, even with the client allowed to wait longer: fails at once, saying until when, with no retry', async () => {
      await firstAsks(429, { 'retry-after': String(DAY / 1000 + 1) });
      const c = client({ maxRateLimitWaitMs: 2 * DAY });
      const e = await outcome(c.request({ method: 'GET', url: '/x' }));
      assert.ok(e instanceof RateLimitError, `settled with ${String(e)}`);
      assert.equal(e.resetAt, T0 + DAY + 1000);
      assert.equal(e.message, `The service asked not to send requests again before ${new Date(T0 + DAY + 1000).toISOString()}, more than a day from now (the API rate limit), so the request was stopped rather than retried; try again after that time.`);
      assert.equal(fx.server?.seen.length, 1, 'not retried after the one-minute fallback');
      assert.deepEqual(fx.clock.sleeps, [], 'no wait was taken');
      assert.equal(c.quota.pausedUntil, T0 + DAY + 1000, 'the queue keeps the service\'s word');
    });

    it('a primary reset two days away (a monthly-style quota used up): fails at once with the reset time, no retry', async () => {
      const reset = T0 + 2 * DAY;
      await firstAsks(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': sec(reset), 'x-ratelimit-resource': 'core' }, '{"message":"API rate limit exceeded"}');
      const c = client();
      const e = await outcome(c.request({ method: 'GET', url: '/x' }));
      assert.ok(e instanceof RateLimitError, `settled with ${String(e)}`);
      assert.equal(e.resetAt, reset + 1000);
      assert.match(e.message, /more than a day from now \(the core rate limit\)/);
      assert.equal(fx.server?.seen.length, 1);
      // The next request does not go either: it fails at once with the same sentence.
      const next = await outcome(c.request({ method: 'GET', url: '/y' }));
      assert.ok(next instanceof RateLimitError && /more than a day from now/.test(next.message), `settled with ${String(next)}`);
      assert.equal(fx.server?.seen.length, 1);
    });

    it('a primary reset 20 minutes away, past maxRateLimitWaitMs (15 min) but within a day: fails at once with the shorter-wait sentence, as before', async () => {
      const reset = T0 + 20 * 60_000;
      await firstAsks(403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': sec(reset), 'x-ratelimit-resource': 'core' }, '{"message":"API rate limit exceeded"}');
      const e = await outcome(client().request({ method: 'GET', url: '/x' }));
      assert.ok(e instanceof RateLimitError, `settled with ${String(e)}`);
      assert.equal(e.message, `Requests are paused because the core rate limit is used up until ${new Date(reset + 1000).toISOString()}; try again after that time or refresh less often.`);
      assert.equal(fx.server?.seen.length, 1);
    });

    it('a retry-after no Date can hold (a broken proxy) is still ignored: the contract fallback of a minute applies', async () => {
      await firstAsks(429, { 'retry-after': '999999999999999' });
      const settled = outcome(client().request({ method: 'GET', url: '/x' }));
      await waitsThenMovesOn(60_000, 1);
      assert.equal(await settled, 200);
      assert.deepEqual(fx.server?.seen.map((s) => s.at), [T0, T0 + 60_000]);
    });
  });

  /** A window whose reset, on the service's clock `behindMs` behind ours, comes at our T0 + `resetInMs`; 1 request left at T0. */
  async function skewedWindow(behindMs: number, resetInMs: number): Promise<number[]> {
    const serviceNow = (): number => fx.clock.now() - behindMs;
    const resetServer = T0 + resetInMs - behindMs;
    let left = 1;
    const statuses: number[] = [];
    await serve((_req, res) => {
      const turned = serviceNow() >= resetServer;
      if (turned && statuses.filter((s) => s === 200).length === 1) left = 60;
      const status = left > 0 ? 200 : 403;
      if (left > 0) left--;
      statuses.push(status);
      const reset = turned ? resetServer + 3_600_000 : resetServer;
      send(res, status, { 'x-ratelimit-limit': '60', 'x-ratelimit-remaining': String(left), 'x-ratelimit-reset': sec(reset), 'x-ratelimit-resource': 'core' },
        status === 403 ? '{"message":"API rate limit exceeded"}' : '{}');
    });
    return statuses;
  }

  it('service clock 30 s behind and no Date header (a proxy dropped it): the answer that spends the last request does not release a burst; one probe is refused, then the queue waits the one-minute fallback', async () => {
    // The reset reads 20 s past on our clock; it comes at our T0 + 10 s.
    const statuses = await skewedWindow(30_000, 10_000);
    const c = client();
    const all = Promise.all(Array.from({ length: 20 }, (_, i) => c.request({ method: 'GET', url: `/r${i}` })));
    // The request that spent the last one and the refused probe, then the fallback minute.
    await waitsThenMovesOn(60_000, 2);
    const results = await all;
    assert.ok(results.every((r) => r.status === 200));
    assert.equal(statuses.filter((s) => s === 403).length, 1, `statuses: ${statuses.join(' ')}`);
    const seen = fx.server?.seen ?? [];
    assert.deepEqual(seen.slice(0, 2).map((s) => s.at), [T0, T0], 'the request that spent the last one, then one probe');
    assert.ok(seen.slice(2).every((s) => s.at === T0 + 60_000), `the rest after the contract fallback: ${seen.slice(2).map((s) => s.at - T0).join(' ')}`);
  });

  it('service clock 5 min behind and no Date header: each probe still refused waits longer (1, 2, then 4 min), and only probes are refused', async () => {
    const statuses = await skewedWindow(300_000, 200_000);
    const c = client();
    const all = Promise.all(Array.from({ length: 20 }, (_, i) => c.request({ method: 'GET', url: `/r${i}` })));
    // After each refused probe, one fallback wait, twice as long as the one before.
    await waitsThenMovesOn(60_000, 2);
    await waitsThenMovesOn(120_000, 3);
    await waitsThenMovesOn(240_000, 4);
    const results = await all;
    assert.ok(results.every((r) => r.status === 200));
    assert.deepEqual(statuses.slice(0, 5), [200, 403, 403, 403, 200], `statuses: ${statuses.join(' ')}`);
    assert.equal(statuses.filter((s) => s === 403).length, 3);
    const at = (fx.server?.seen ?? []).map((s) => s.at - T0);
    assert.deepEqual(at.slice(0, 5), [0, 0, 60_000, 180_000, 420_000]);
    assert.ok(at.slice(5).every((t) => t === 420_000), `the rest after the last probe's answer: ${at.slice(5).join(' ')}`);
  });
});

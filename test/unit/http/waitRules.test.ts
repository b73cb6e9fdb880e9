import assert from 'node:assert/strict';
import { ThrottledClient } from '../../../src/core/http/client';
import { RateLimitError } from '../../../src/core/http/errors';
import type { QuotaState } from '../../../src/core/http/types';
import { FakeClock } from './fakeClock';
import { send, startLoopback, type Handler, type Loopback } from './loopback';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const sec = (ms: number): string => String(Math.floor(ms / 1000));

describe('http client: seed 001 wait rules (fake clock, loopback server)', () => {
  let clock: FakeClock;
  let server: Loopback | undefined;
  let client: ThrottledClient | undefined;

  beforeEach(() => {
    clock = new FakeClock(T0);
  });
  afterEach(async () => {
    await client?.close();
    await server?.close();
    client = undefined;
    server = undefined;
  });

  async function setup(handler: Handler, extra: { maxRetries?: number; maxRateLimitWaitMs?: number } = {}): Promise<ThrottledClient> {
    server = await startLoopback(handler, () => clock.now());
    client = new ThrottledClient({ origin: server.origin, clock, random: () => 0.5, ...extra });
    return client;
  }

  /** The client waits exactly `ms` on the clock: nothing more is sent at ms - 1, the retry goes at ms. */
  async function waitsExactly(ms: number): Promise<void> {
    assert.equal(await clock.nextSleep(), ms);
    const sent = server?.seen.length;
    await clock.tick(ms - 1);
    assert.equal(server?.seen.length, sent, `sent again before the ${ms} ms wait ended`);
    await clock.tick(1);
  }

  it('primary limit (403, remaining 0): waits until x-ratelimit-reset plus 1 s, then retries', async () => {
    const reset = T0 + 30_000;
    const c = await setup((_r, res, i) =>
      i === 0
        ? send(res, 403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-limit': '5000', 'x-ratelimit-reset': sec(reset) }, '{"message":"API rate limit exceeded"}')
        : send(res, 200, { 'x-ratelimit-remaining': '4999', 'x-ratelimit-reset': sec(reset + 3_600_000) }),
    );
    const pending = c.request({ method: 'GET', url: '/repos' });
    await waitsExactly(31_000);
    const res = await pending;
    assert.equal(res.status, 200);
    assert.deepEqual(server?.seen.map((s) => s.at), [T0, reset + 1000]);
    assert.equal(c.quota.requestsSent, 2);
    assert.equal(c.quota.pausedUntil, undefined, 'pause is cleared after it ends');
  });

  it('primary limit on 429 too', async () => {
    const reset = T0 + 5_000;
    const c = await setup((_r, res, i) =>
      i === 0 ? send(res, 429, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': sec(reset) }) : send(res, 200),
    );
    await clock.runUntil(c.request({ method: 'GET', url: '/x' }));
    assert.deepEqual(server?.seen.map((s) => s.at), [T0, reset + 1000]);
  });

  it('secondary limit with retry-after (seconds): waits exactly that long', async () => {
    const c = await setup((_r, res, i) =>
      i === 0 ? send(res, 403, { 'retry-after': '42', 'x-ratelimit-remaining': '100' }, '{"message":"You have exceeded a Secondary Rate Limit."}') : send(res, 200),
    );
    const pending = c.request({ method: 'GET', url: '/x' });
    await waitsExactly(42_000);
    await pending;
    assert.deepEqual(server?.seen.map((s) => s.at), [T0, T0 + 42_000]);
  });

  it('secondary limit with retry-after as an HTTP-date', async () => {
    const c = await setup((_r, res, i) =>
      i === 0 ? send(res, 429, { 'retry-after': new Date(T0 + 17_000).toUTCString() }, 'secondary rate limit') : send(res, 200),
    );
    await clock.runUntil(c.request({ method: 'GET', url: '/x' }));
    assert.deepEqual(server?.seen.map((s) => s.at), [T0, T0 + 17_000]);
  });

  it('secondary limit without retry-after but remaining 0: waits until reset', async () => {
    const reset = T0 + 90_000;
    const c = await setup((_r, res, i) =>
      i === 0 ? send(res, 403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': sec(reset) }, '{"message":"secondary rate limit"}') : send(res, 200),
    );
    await clock.runUntil(c.request({ method: 'GET', url: '/x' }));
    assert.deepEqual(server?.seen.map((s) => s.at), [T0, reset + 1000]);
  });

  it('secondary limit otherwise: 60 s, then 120 s, 240 s, and gives up after maxRetries with RateLimitError', async () => {
    const c = await setup((_r, res) => send(res, 403, { 'x-ratelimit-remaining': '10' }, '{"message":"secondary rate limit exceeded"}'), { maxRetries: 3 });
    await assert.rejects(clock.runUntil(c.request({ method: 'GET', url: '/x' })), (e: unknown) => {
      assert.ok(e instanceof RateLimitError);
      assert.equal(e.retries, 3);
      assert.match(e.message, /after 3 retries; wait a few minutes/);
      return true;
    });
    assert.deepEqual(server?.seen.map((s) => s.at - T0), [0, 60_000, 180_000, 420_000]);
  });

  it('secondary back-off continues into success', async () => {
    const c = await setup((_r, res, i) => (i < 2 ? send(res, 403, {}, 'Secondary rate limit') : send(res, 200, {}, '{"ok":true}')));
    const res = await clock.runUntil(c.request({ method: 'GET', url: '/x' }));
    assert.equal(res.body, '{"ok":true}');
    assert.deepEqual(server?.seen.map((s) => s.at - T0), [0, 60_000, 180_000]);
  });

  it('a plain 403 (permission) is returned, not retried', async () => {
    const c = await setup((_r, res) => send(res, 403, { 'x-ratelimit-remaining': '4000' }, '{"error":{"code":"AuthorizationFailed"}}'));
    const res = await clock.runUntil(c.request({ method: 'GET', url: '/x' }));
    assert.equal(res.status, 403);
    assert.match(res.body, /AuthorizationFailed/);
    assert.equal(server?.seen.length, 1);
  });

  it('ARM 429 with retry-after: waits that long; ARM headers land in quota buckets', async () => {
    const c = await setup((_r, res, i) =>
      i === 0
        ? send(res, 429, { 'retry-after': '7', 'x-ms-ratelimit-remaining-subscription-reads': '0' }, '{"error":{"code":"TooManyRequests"}}')
        : send(res, 200, {
            'x-ms-ratelimit-remaining-subscription-reads': '249',
            'x-ms-ratelimit-remaining-subscription-global-reads': '3700',
            'x-ms-ratelimit-remaining-tenant-reads': '11999',
            'x-ms-ratelimit-remaining-resource': 'Microsoft.Compute/HighCostGet3Min;107,Microsoft.Compute/HighCostGet30Min;799',
          }),
    );
    await clock.runUntil(c.request({ method: 'GET', url: '/subscriptions/s/providers/Microsoft.ResourceHealth/events' }));
    assert.deepEqual(server?.seen.map((s) => s.at - T0), [0, 7_000]);
    const b = c.quota.buckets;
    // ARM's subscription buckets belong to the subscription in the path.
    assert.deepEqual({ ...b.get('subscription-reads/s') }, { resource: 'subscription-reads/s', remaining: 249, limit: 250, observedAt: T0 + 7000, source: 'headers' });
    assert.equal(b.get('subscription-global-reads/s')?.limit, 3750);
    assert.equal(b.get('tenant-reads')?.limit, undefined, 'no inferred limit when remaining exceeds it');
    assert.equal(b.get('Microsoft.Compute/HighCostGet3Min')?.remaining, 107);
    assert.equal(b.get('Microsoft.Compute/HighCostGet30Min')?.remaining, 799);
  });

  it('ARM 429 without retry-after: waits 60 s', async () => {
    const c = await setup((_r, res, i) => (i === 0 ? send(res, 429, { 'x-ms-ratelimit-remaining-subscription-reads': '0' }) : send(res, 200)));
    const pending = c.request({ method: 'GET', url: '/x' });
    await waitsExactly(60_000);
    await pending;
    assert.deepEqual(server?.seen.map((s) => s.at - T0), [0, 60_000]);
  });

  it('one wait pauses the whole queue, sets pausedUntil and pauseReason, and emits', async () => {
    const reset = T0 + 20_000;
    let first = true;
    const c = await setup((r, res) => {
      if (r.path === '/a' && first) {
        first = false;
        send(res, 429, { 'retry-after': '20' }, 'secondary rate limit');
      } else {
        send(res, 200);
      }
    });
    const states: QuotaState[] = [];
    const sub = c.onDidChangeQuota(() => states.push(c.quota));
    const a = c.request({ method: 'GET', url: '/a' });
    // Let /a fail first, then queue /b while paused.
    while (c.quota.pausedUntil === undefined) {
      await new Promise((r) => setImmediate(r));
    }
    assert.equal(c.quota.pausedUntil, reset);
    assert.match(c.quota.pauseReason ?? '', /slow down \(429\).*resume/);
    const b = c.request({ method: 'GET', url: '/b' });
    await clock.tick(20_000 - 1);
    assert.deepEqual(server?.seen.map((s) => s.path), ['/a'], 'a request was sent before the pause ended');
    await clock.runUntil(Promise.all([a, b]));
    sub.dispose();
    const bSeen = server?.seen.find((s) => s.path === '/b');
    assert.equal(bSeen?.at, reset, `/b was sent at ${bSeen?.at}, not when the pause ended`);
    assert.ok(states.some((s) => s.pausedUntil === reset));
    assert.equal(states.at(-1)?.pausedUntil, undefined);
  });

  it('a wait longer than maxRateLimitWaitMs throws RateLimitError with the reset time and keeps the queue paused', async () => {
    const reset = T0 + 3_600_000;
    const c = await setup((_r, res) => send(res, 403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': sec(reset) }), { maxRateLimitWaitMs: 600_000 });
    await assert.rejects(clock.runUntil(c.request({ method: 'GET', url: '/x' })), (e: unknown) => e instanceof RateLimitError && e.resetAt === reset + 1000 && e.resource === 'unknown');
    assert.equal(c.quota.pausedUntil, reset + 1000);
    // The next request fails fast without touching the network.
    await assert.rejects(c.request({ method: 'GET', url: '/y' }), RateLimitError);
    assert.equal(server?.seen.length, 1);
  });
});

import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ThrottledClient } from '../../../src/core/http/client';
import { MAX_TIMER_MS, realClock } from '../../../src/core/http/clock';
import { HttpClientError, RateLimitError, ResponseTooLargeError } from '../../../src/core/http/errors';
import { FakeClock } from './fakeClock';
import { send, startLoopback, type Handler, type Loopback } from './loopback';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const sec = (ms: number): string => String(Math.floor(ms / 1000));
const httpDate = (ms: number): string => new Date(ms).toUTCString();

/**
 * The throttle in the world it meets: a quota shared with other tools, a service clock that
 * drifts, headers no well-behaved service would send, and bodies of any size.
 */
describe('http client in a hostile world (fake clock, loopback server)', () => {
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

  /** One hourly window of `limit` requests, spent by whoever calls: this client or another tool. */
  function sharedQuota(limit: number, resetAt: number, serverSkewMs = 0): { spend(): void; handler: Handler } {
    let used = 0;
    const headers = (): Record<string, string> => ({
      'x-ratelimit-limit': String(limit),
      'x-ratelimit-remaining': String(Math.max(0, limit - used)),
      'x-ratelimit-reset': sec(resetAt + serverSkewMs),
      'x-ratelimit-resource': 'core',
      date: httpDate(clock.now() + serverSkewMs),
    });
    return {
      spend: () => {
        used++;
      },
      handler: (_req, res) => {
        if (clock.now() + serverSkewMs >= resetAt + serverSkewMs) used = 0;
        if (used >= limit) {
          send(res, 403, headers(), '{"message":"API rate limit exceeded"}');
          return;
        }
        used++;
        send(res, 200, headers());
      },
    };
  }

  it('quota shared with another tool, concurrency 1: the response that says 0 left holds the next queued request until reset', async () => {
    const reset = T0 + 60_000;
    const quota = sharedQuota(5, reset);
    await serve(quota.handler);
    // Another tool spends 4 of the 5 before we start: our first answer says 0 left.
    for (let i = 0; i < 4; i++) quota.spend();
    const c = client({ maxConcurrency: 1 });
    const results = await clock.runUntil(Promise.all([1, 2, 3].map((i) => c.request({ method: 'GET', url: `/r${i}` }))));
    assert.deepEqual(results.map((r) => r.status), [200, 200, 200]);
    const seen = server?.seen ?? [];
    assert.equal(seen.length, 3, 'no refused request: the hold came from the recorded headers');
    assert.deepEqual(seen.map((s) => s.at), [T0, reset + 1000, reset + 1000]);
  });

  it('service clock 30 s behind, Date header sent: reset is read on its clock, one wait, no burst', async () => {
    const skew = -30_000;
    const reset = T0 + 10_000; // our clock; the service says T0 - 20 s
    const quota = sharedQuota(1, reset, skew);
    await serve(quota.handler);
    quota.spend();
    const c = client({ maxConcurrency: 2 });
    const results = await clock.runUntil(Promise.all(Array.from({ length: 20 }, (_, i) => c.request({ method: 'GET', url: `/r${i}` }))));
    assert.ok(results.every((r) => r.status === 200));
    const refused = (server?.seen ?? []).filter((s) => s.at < reset).length;
    // Before any answer, one request goes alone to learn the headers; the others wait for them.
    assert.equal(refused, 1, 'only the first request, sent before any header was known');
    assert.equal(server?.seen[1]?.at, reset + 1000, 'the skew-corrected reset, not the one-minute fallback');
  });

  it('service clock 30 s behind, no Date header (a proxy dropped it): a reset that looks past falls back to a one-minute wait, never a burst', async () => {
    const serviceNow = (): number => clock.now() - 30_000;
    const resetServer = T0 - 20_000; // service time; reached at our T0 + 10 s
    await serve((_req, res) => {
      if (serviceNow() < resetServer) {
        send(res, 403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': sec(resetServer) }, '{"message":"API rate limit exceeded"}');
      } else {
        send(res, 200, { 'x-ratelimit-remaining': '59', 'x-ratelimit-reset': sec(resetServer + 3_600_000) });
      }
    });
    const c = client({ maxConcurrency: 2 });
    const results = await clock.runUntil(Promise.all(Array.from({ length: 20 }, (_, i) => c.request({ method: 'GET', url: `/r${i}` }))));
    assert.ok(results.every((r) => r.status === 200));
    const before = (server?.seen ?? []).filter((s) => s.at < T0 + 10_000);
    assert.equal(before.length, 1, 'only the first request, sent before any header was known, went out while the service was limiting');
    assert.equal(server?.seen[1]?.at, T0 + 60_000, 'the contract fallback: at least a minute');
  });

  it('a reset just ahead is waited for exactly (the fallback is only for resets that look past)', async () => {
    const reset = T0 + 2_000;
    await serve((_req, res, i) =>
      i === 0 ? send(res, 403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': sec(reset) }) : send(res, 200),
    );
    await clock.runUntil(client().request({ method: 'GET', url: '/x' }));
    assert.deepEqual(server?.seen.map((s) => s.at), [T0, reset + 1000]);
  });

  it('a secondary pause during a longer primary one is kept: GET /rate_limit waits for the secondary, not the primary', async () => {
    const reset = T0 + 600_000;
    await serve((req, res) => {
      const rateLimitCalls = (server?.seen ?? []).filter((s) => s.path === '/rate_limit').length;
      if (req.path === '/rate_limit') {
        if (rateLimitCalls === 1) send(res, 429, { 'retry-after': '30' }, '{"message":"You have exceeded a secondary rate limit."}');
        else send(res, 200, {}, '{"resources":{}}');
        return;
      }
      send(res, 403, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': sec(reset) }, '{"message":"API rate limit exceeded"}');
    });
    // The primary wait is longer than the client will wait: /repos gives up at once and leaves
    // the queue paused, so no timer is pending while /rate_limit is in flight.
    const c = client({ maxRateLimitWaitMs: 60_000 });
    await assert.rejects(clock.runUntil(c.request({ method: 'GET', url: '/repos' })), RateLimitError);
    assert.equal(c.quota.pausedUntil, reset + 1000);
    const status = await clock.runUntil(c.request({ method: 'GET', url: '/rate_limit', exemptFromPrimaryLimit: true }));
    assert.equal(status.status, 200);
    const rl = (server?.seen ?? []).filter((s) => s.path === '/rate_limit').map((s) => s.at);
    assert.deepEqual(rl, [T0, T0 + 30_000], 'it passed the primary pause; its retry waited out the secondary one');
    assert.equal(c.quota.pausedUntil, reset + 1000, 'the primary pause is still there');
  });

  it("ARM subscription buckets belong to one subscription: an empty one for A does not stall B", async () => {
    await serve((req, res) => {
      const forA = req.path.startsWith('/subscriptions/aaaa/');
      send(res, 200, { 'x-ms-ratelimit-remaining-subscription-reads': forA ? '0' : '200' });
    });
    const c = client({ maxConcurrency: 1 });
    await clock.runUntil(c.request({ method: 'GET', url: '/subscriptions/aaaa/providers/Microsoft.ResourceHealth/events' }));
    const t = clock.now();
    await clock.runUntil(c.request({ method: 'GET', url: '/subscriptions/bbbb/providers/Microsoft.ResourceHealth/events' }));
    await clock.runUntil(c.request({ method: 'GET', url: '/subscriptions/aaaa/providers/Microsoft.ResourceHealth/events' }));
    const seen = server?.seen ?? [];
    assert.equal(seen[1]?.at, t, 'B went at once');
    assert.equal(seen[2]?.at, t + 1000, 'A waited for its token bucket to refill');
    assert.equal(c.quota.buckets.get('subscription-reads/aaaa')?.remaining, 0);
    assert.equal(c.quota.buckets.get('subscription-reads/bbbb')?.remaining, 200);
  });

  it('without x-ratelimit-resource, an empty /search window holds search only, not core', async () => {
    const reset = T0 + 3_600_000;
    await serve((req, res) =>
      req.path.startsWith('/search/') ? send(res, 200, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': sec(reset) }) : send(res, 200),
    );
    const c = client({ maxRateLimitWaitMs: 60_000 });
    await clock.runUntil(c.request({ method: 'GET', url: '/search/issues?q=x' }));
    assert.equal(c.quota.buckets.get('search')?.remaining, 0);
    assert.equal(c.quota.buckets.get('core'), undefined);
    await clock.runUntil(c.request({ method: 'GET', url: '/repos/a/b' }));
    assert.equal(server?.seen.length, 2, 'a core request went out at once');
    await assert.rejects(clock.runUntil(c.request({ method: 'GET', url: '/search/issues?q=y' })), RateLimitError);
    assert.equal(server?.seen.length, 2, 'another search waited on the empty search window (and gave up fast)');
  });

  describe('absurd header values', () => {
    const cases: Array<[string, Record<string, string>]> = [
      ['reset thousands of years away', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '99999999999999' }],
      ['reset past what a Date holds', { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': '999999999999999' }],
      ['huge retry-after', { 'retry-after': '999999999999999' }],
      ['2^53 remaining', { 'x-ratelimit-remaining': '9007199254740992', 'x-ratelimit-reset': '9007199254740992' }],
      ['negative and NaN', { 'x-ratelimit-remaining': '-1', 'x-ratelimit-reset': 'NaN', 'retry-after': '-5' }],
    ];
    for (const [name, headers] of cases) {
      it(`${name}: the request settles, with no wait past a day`, async () => {
        await serve((_req, res) => send(res, 429, headers, '{"message":"Too many requests"}'));
        const c = client({ maxRetries: 2 });
        const outcome = await clock.runUntil(c.request({ method: 'GET', url: '/x' })).then(
          (r) => r.status,
          (e: unknown) => e,
        );
        assert.ok(outcome instanceof RateLimitError, `settled with ${String(outcome)}`);
        assert.doesNotMatch(outcome.message, /Invalid|NaN/);
        assert.ok(clock.sleeps.every((ms) => ms <= 24 * 3_600_000), `sleeps: ${clock.sleeps.join(', ')}`);
      });
    }

    it('every request settles whatever headers come back (property)', async () => {
      const value = fc.oneof(
        fc.constantFrom('0', '1', '-1', 'NaN', '', ' ', '1e3', '9007199254740992', '99999999999999', '999999999999999', '1.5', httpDate(T0 + 5_000), 'Thu, 01 Jan 1970 00:00:00 GMT'),
        fc.integer({ min: 0, max: 2 ** 40 }).map(String),
      );
      const headerSet = fc.record(
        {
          'x-ratelimit-remaining': value,
          'x-ratelimit-reset': value,
          'x-ratelimit-limit': value,
          'x-ratelimit-resource': fc.constantFrom('core', 'search', '', 'bad value!'),
          'retry-after': value,
          'x-ms-ratelimit-remaining-subscription-reads': value,
          date: fc.constantFrom(httpDate(T0), httpDate(T0 - 30_000), 'garbage', httpDate(0)),
        },
        { requiredKeys: [] },
      );
      const script = fc.array(fc.tuple(fc.constantFrom(200, 403, 429, 500, 503), headerSet, fc.constantFrom('{}', '{"message":"secondary rate limit"}')), { minLength: 1, maxLength: 6 });
      let replies: Array<[number, Record<string, string>, string]> = [];
      await serve((_req, res) => {
        const [status, headers, body] = replies.shift() ?? [200, {}, '{}'];
        send(res, status, headers, body);
      });
      await fc.assert(
        fc.asyncProperty(script, fc.integer({ min: 1, max: 3 }), async (s, n) => {
          replies = s.map(([status, headers, body]) => [status, { ...headers }, body]);
          clock = new FakeClock(T0);
          const c = new ThrottledClient({ origin: server?.origin ?? '', clock, random: () => 0.5, maxRetries: 2, maxTransientRetries: 1 });
          try {
            const outcomes = await clock.runUntil(Promise.all(
              Array.from({ length: n }, (_, i) => c.request({ method: 'GET', url: `/subscriptions/s/r${i}` }).then(() => 'ok', (e: unknown) => e)),
            ));
            for (const o of outcomes) {
              assert.ok(o === 'ok' || o instanceof HttpClientError, `settled with ${String(o)}`);
            }
            assert.ok(clock.sleeps.every((ms) => Number.isFinite(ms) && ms <= MAX_TIMER_MS), `sleeps: ${clock.sleeps.join(', ')}`);
          } finally {
            await c.close();
          }
        }),
        { numRuns: 60 },
      );
    });
  });

  it('a body cut mid-transfer (a proxy dropped the connection) says the answer broke off, not "could not reach"', async () => {
    await serve((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json', 'content-length': '1000' });
      // Cut once the first bytes are on their way.
      res.write('{"value":[', () => res.destroy());
    });
    const error = await clock.runUntil(client({ maxTransientRetries: 0 }).request({ method: 'GET', url: '/x' })).then(
      () => undefined,
      (e: unknown) => e,
    );
    assert.ok(error instanceof HttpClientError, String(error));
    assert.doesNotMatch(error.message, /could not reach/i);
    assert.match(error.message, /broke while its answer was arriving/);
  });

  describe('response bodies are read up to a cap', () => {
    it('an error body of 1 MB is cut to 64 KB (a proxy error page or a runaway service)', async () => {
      await serve((_req, res) => send(res, 400, {}, 'x'.repeat(1024 * 1024)));
      const r = await clock.runUntil(client().request({ method: 'GET', url: '/x' }));
      assert.equal(r.status, 400);
      assert.equal(r.body.length, 64 * 1024);
    });

    it('an error body of exactly 64 KB is read whole', async () => {
      await serve((_req, res) => send(res, 400, {}, 'y'.repeat(64 * 1024)));
      const r = await clock.runUntil(client().request({ method: 'GET', url: '/x' }));
      assert.equal(r.body.length, 64 * 1024);
    });

    it('a page over the configured maximum is refused; one at the maximum is read', async () => {
      await serve((req, res) => send(res, 200, {}, req.path === '/big' ? 'z'.repeat(4097) : 'z'.repeat(4096)));
      const c = client({ maxBodyBytes: 4096 });
      assert.equal((await clock.runUntil(c.request({ method: 'GET', url: '/ok' }))).body.length, 4096);
      await assert.rejects(clock.runUntil(c.request({ method: 'GET', url: '/big' })), ResponseTooLargeError);
      assert.equal((await clock.runUntil(c.request({ method: 'GET', url: '/ok', maxBodyBytes: 8192 }))).body.length, 4096);
    });
  });
});

describe('real clock sleeps', () => {
  it('never arm a timer past 2^31-1 ms: a long sleep is chained, and NaN sleeps are immediate', async () => {
    const original = globalThis.setTimeout;
    const delays: number[] = [];
    const recording = ((fn: () => void, ms?: number) => {
      delays.push(ms ?? 0);
      return original(fn, 0);
    }) as unknown as typeof setTimeout;
    const warnings: string[] = [];
    const onWarning = (w: Error): void => {
      warnings.push(w.name);
    };
    process.on('warning', onWarning);
    globalThis.setTimeout = recording;
    const abort = new AbortController();
    let long: Promise<void>;
    try {
      long = realClock.sleep(2 ** 40, abort.signal);
      await realClock.sleep(Number.NaN);
    } finally {
      globalThis.setTimeout = original;
    }
    await new Promise((r) => original(r, 5));
    abort.abort(new Error('done'));
    await assert.rejects(long, /done/);
    process.off('warning', onWarning);
    assert.ok(delays.length >= 2);
    assert.ok(delays.every((d) => d <= MAX_TIMER_MS), `delays: ${delays.join(', ')}`);
    assert.equal(delays[0], MAX_TIMER_MS);
    assert.deepEqual(warnings, []);
  });
});

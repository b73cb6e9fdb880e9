import assert from 'node:assert/strict';
import { ThrottledClient } from '../../../src/core/http/client';
import { SampleRateLimiter, startSampleService, type LimitCounters, type SampleService } from '../../../src/core/sample';
import { FakeClock, quiet } from './fakeClock';
import { send, startLoopback, type Loopback } from './loopback';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const EVENTS = (sub: string): string => `/subscriptions/${sub}/providers/Microsoft.ResourceHealth/events?api-version=2025-05-01`;
const counters = (): LimitCounters => ({ primaryLimited: 0, secondaryLimited: 0, armThrottled: 0, requestsBeforeReset: 0 });
/** Waits until the server has seen `n` requests, then lets the loop run on to see the count stay. */
async function reach(server: Loopback, n: number): Promise<number> {
  await server.arrivals(n);
  await quiet();
  return server.seen.length;
}

/**
 * The client never spends past the budget the service's headers showed, counting its own
 * requests still in flight, against the sample service's own limit models on a fake clock.
 */
describe('http client: pacing within the reported budget (fake clock)', () => {
  let svc: SampleService | undefined;
  let server: Loopback | undefined;
  const clients: ThrottledClient[] = [];
  afterEach(async () => {
    await Promise.all(clients.splice(0).map((c) => c.close()));
    await svc?.close();
    await server?.close();
    svc = undefined;
    server = undefined;
  });
  const clientFor = (origin: string, clock: FakeClock, extra: Partial<ConstructorParameters<typeof ThrottledClient>[0]> = {}): ThrottledClient => {
    const c = new ThrottledClient({ origin, clock, random: () => 0.5, tokenProvider: { getToken: async () => svc?.token }, ...extra });
    clients.push(c);
    return c;
  };

  it('ARM read bucket of 5: five requests at once spend it exactly, the sixth waits for the refill instead of drawing a 429', async () => {
    const clock = new FakeClock(T0);
    svc = await startSampleService({ seed: 3, subscriptions: 1, events: 3, now: () => clock.now(), rateLimits: { armReadsCapacity: 5, armReadsRefillPerSecond: 1 } });
    const sub = svc.subscriptionIds[0] as string;
    const c = clientFor(svc.url, clock, { maxConcurrency: 10 });
    const five = await clock.runUntil(Promise.all(Array.from({ length: 5 }, () => c.request({ method: 'GET', url: EVENTS(sub) }))));
    assert.deepEqual(five.map((r) => r.status), [200, 200, 200, 200, 200]);
    assert.equal(five[4]?.headers['x-ms-ratelimit-remaining-subscription-reads'], '0', 'the bucket is spent exactly');
    assert.equal(clock.now(), T0, 'all five went without waiting');
    const pendingSixth = c.request({ method: 'GET', url: EVENTS(sub) });
    assert.equal(await clock.nextSleep(), 1000);
    await clock.tick(999);
    assert.equal(svc.stats.requests, 5, 'the sixth went before the refill');
    await clock.tick(1);
    const sixth = await pendingSixth;
    assert.equal(sixth.status, 200);
    assert.equal(clock.now(), T0 + 1000, 'one over waited for the refill interval');
    assert.equal(svc.stats.armThrottled, 0);
    assert.equal(svc.stats.requests, 6);
  });

  it('counts requests in flight: with 2 left and 8 queued, only 2 go until an answer says more', async () => {
    const clock = new FakeClock(T0);
    let bucket = 3;
    let refused = 0;
    const pending: (() => void)[] = [];
    server = await startLoopback((_req, res) => {
      if (bucket <= 0) {
        refused++;
        send(res, 429, { 'retry-after': '1', 'x-ms-ratelimit-remaining-subscription-reads': '0' });
        return;
      }
      bucket--;
      // Answers wait until the test lets them go (requests stay in flight) and then report
      // what the bucket holds at that moment.
      pending.push(() => send(res, 200, { 'x-ms-ratelimit-remaining-subscription-reads': String(bucket) }));
    }, () => clock.now());
    const c = clientFor(server.origin, clock, { maxConcurrency: 10 });
    const warm = c.request({ method: 'GET', url: '/subscriptions/s1/x' });
    await server.arrivals(1);
    pending.shift()?.(); // says 2 left
    await warm;
    const queued = Array.from({ length: 8 }, (_, i) => c.request({ method: 'GET', url: `/subscriptions/s1/q${i}` }));
    assert.equal(await reach(server, 3), 3, 'exactly the 2 left went; the rest wait');
    assert.equal(refused, 0);
    bucket += 4; // refilled: the next answer says 4, while one of ours is still out
    pending.shift()?.();
    assert.equal(await reach(server, 6), 6, '4 left minus the 1 still in flight: 3 more, not 4');
    while (pending.length > 0 || server.seen.length < 9) {
      bucket = 10;
      const next = pending.shift();
      if (next) next();
      else await server.arrivals(server.seen.length + 1);
    }
    await Promise.all(queued);
    assert.equal(server.seen.length, 9);
    assert.equal(refused, 0);
  });

  it('a quota shared with another tool: its remaining drops by more than we spent, and we follow the drop', async () => {
    const clock = new FakeClock(T0);
    svc = await startSampleService({ seed: 3, subscriptions: 1, events: 3, now: () => clock.now(), rateLimits: { armReadsCapacity: 10, armReadsRefillPerSecond: 1 } });
    const sub = svc.subscriptionIds[0] as string;
    const ours = clientFor(svc.url, clock, { maxConcurrency: 2 });
    const first = await clock.runUntil(ours.request({ method: 'GET', url: EVENTS(sub) }));
    assert.equal(first.headers['x-ms-ratelimit-remaining-subscription-reads'], '9');
    // Another tool with the same token (the same principal, so the same bucket) spends 7.
    const other = clientFor(svc.url, clock, { maxConcurrency: 7 });
    await clock.runUntil(Promise.all(Array.from({ length: 7 }, () => other.request({ method: 'GET', url: EVENTS(sub) }))));
    const t = clock.now();
    const results = await clock.runUntil(Promise.all(Array.from({ length: 6 }, () => ours.request({ method: 'GET', url: EVENTS(sub) }))));
    assert.ok(results.every((r) => r.status === 200));
    assert.equal(svc.stats.armThrottled, 0, 'no request was sent past a remaining an answer had shown');
    // Two went on our stale 9 (all the concurrency allowed; the bucket really held 2), then
    // the answers' 1 and 0 held the rest to one request per refill.
    assert.equal(clock.now() - t, 4000, 'the last four waited for a refill each');
  });

  it('points per minute: a delayed first arrival does not open a window early (the loaded-machine overrun)', async () => {
    const clock = new FakeClock(T0);
    const limiter = new SampleRateLimiter({ pointsPerMinute: 5 }, () => clock.now(), counters());
    let delayNext = 2_000;
    server = await startLoopback((_req, res) => {
      // The first request spends 2 s on its way (a starved event loop): the service's minute
      // opens on its arrival, 2 s after we sent it. Our old 1 s margin was overrun by this.
      clock.advance(delayNext);
      delayNext = 0;
      const a = limiter.admit({ method: 'GET', endpoint: 'GET q', countsPrimary: false, family: 'github', inFlight: 1 });
      send(res, a.ok ? 200 : 403, a.ok ? {} : { 'retry-after': String(a.retryAfterSeconds ?? 1) }, a.ok ? '{}' : '{"message":"secondary rate limit"}');
    }, () => clock.now());
    const c = clientFor(server.origin, clock, { pointsPerMinute: 5, maxConcurrency: 1 });
    const all = Array.from({ length: 6 }, (_, i) => c.request({ method: 'GET', url: `/q${i}` }));
    assert.equal(await reach(server, 5), 5, 'exactly the budget went in the first minute');
    assert.equal(server.seen[1]?.at, T0 + 2_000, 'the later four went on the first answer, at once');
    await clock.tick(T0 + 2_000 + 59_999 - clock.now());
    await quiet();
    assert.equal(server.seen.length, 5, 'one over waits a full minute after the first answer');
    await clock.tick(1);
    await Promise.all(all);
    assert.equal(server.seen[5]?.at, T0 + 62_000);
    assert.equal(limiter.counters.secondaryLimited, 0);
  });

  it('points per minute: a request still in flight keeps its points, however long it takes', async () => {
    const clock = new FakeClock(T0);
    let hold: (() => void) | undefined;
    server = await startLoopback((req, res) => {
      if (req.path === '/slow') {
        hold = () => send(res, 200);
      } else {
        send(res, 200);
      }
    }, () => clock.now());
    const c = clientFor(server.origin, clock, { pointsPerMinute: 1, maxConcurrency: 5, requestTimeoutMs: 10 * 60_000 });
    await c.request({ method: 'GET', url: '/warm' }); // the first answer: headers known
    await clock.tick(60_000); // and its point gone
    const t = clock.now();
    const slow = c.request({ method: 'GET', url: '/slow' });
    const next = c.request({ method: 'GET', url: '/next' });
    await server.arrivals(2);
    await clock.tick(5 * 60_000);
    await quiet();
    assert.equal(server.seen.length, 2, 'five minutes on, the slow request still holds its point: /next waits');
    hold?.();
    await slow;
    await clock.tick(59_999);
    await quiet();
    assert.equal(server.seen.length, 2, 'and keeps it for a minute after its answer');
    await clock.tick(1);
    await next;
    assert.equal(server.seen[2]?.at, t + 5 * 60_000 + 60_000);
  });

  it('clock drift: a service clock 45 s ahead changes nothing, as the minute is kept in our own durations', async () => {
    const clock = new FakeClock(T0);
    svc = await startSampleService({ seed: 3, subscriptions: 3, events: 3, now: () => clock.now() + 45_000, rateLimits: { pointsPerMinute: 3 } });
    const c = clientFor(svc.url, clock, { pointsPerMinute: 3 });
    // GET /rate_limit: a GitHub-style endpoint, where seed 001's points budget applies.
    const first = await clock.runUntil(Promise.all(Array.from({ length: 3 }, () => c.request({ method: 'GET', url: '/rate_limit' }))));
    assert.deepEqual(first.map((r) => r.status), [200, 200, 200]);
    assert.equal(clock.now(), T0, 'exactly the budget: no wait');
    const fourth = await clock.runUntil(c.request({ method: 'GET', url: '/rate_limit' }));
    assert.equal(fourth.status, 200);
    assert.equal(svc.stats.secondaryLimited, 0);
    assert.equal(clock.now(), T0 + 60_000, 'one over went a minute after the first answers, no earlier, no later');
  });
});

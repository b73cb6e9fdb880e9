import assert from 'node:assert/strict';
import { ThrottledClient } from '../../../src/core/http/client';
import { FakeClock, quiet } from './fakeClock';
import { send, startLoopback, type Loopback } from './loopback';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('http client: proactive throttle', () => {
  let server: Loopback | undefined;
  let client: ThrottledClient | undefined;
  afterEach(async () => {
    await client?.close();
    await server?.close();
    client = undefined;
    server = undefined;
  });

  it('holds every request of an exhausted bucket until reset + 1 s; the server sees none before', async () => {
    const clock = new FakeClock(T0);
    const reset = T0 + 45_000;
    server = await startLoopback((r, res) =>
      r.at < reset
        ? send(res, 200, { 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': String(reset / 1000), 'x-ratelimit-resource': 'core' })
        : send(res, 200, { 'x-ratelimit-remaining': '4999', 'x-ratelimit-reset': String(reset / 1000 + 3600) }),
    () => clock.now());
    client = new ThrottledClient({ origin: server.origin, clock });
    await client.request({ method: 'GET', url: '/first' });
    assert.equal(client.quota.buckets.get('core')?.remaining, 0);
    const held = Promise.all([1, 2, 3].map((n) => client!.request({ method: 'GET', url: `/q${n}` })));
    assert.equal(await clock.nextSleep(), 46_000);
    await clock.tick(45_999);
    assert.equal(server.seen.length, 1, 'a held request went before reset + 1 s');
    await clock.tick(1);
    const results = await held;
    assert.deepEqual(results.map((r) => r.status), [200, 200, 200]);
    assert.deepEqual(server.seen.map((s) => s.at), [T0, reset + 1000, reset + 1000, reset + 1000]);
  });

  it('with one unit left, sends one request and holds the rest until reset', async () => {
    const clock = new FakeClock(T0);
    const reset = T0 + 10_000;
    server = await startLoopback((r, res, i) =>
      send(res, 200, { 'x-ratelimit-remaining': r.at < reset ? String(Math.max(0, 1 - i)) : '100', 'x-ratelimit-reset': String(reset / 1000) }),
    () => clock.now());
    client = new ThrottledClient({ origin: server.origin, clock });
    await client.request({ method: 'GET', url: '/first' }); // remaining 1
    const a = client.request({ method: 'GET', url: '/a' });
    const b = client.request({ method: 'GET', url: '/b' });
    await a;
    await clock.nextSleep();
    await quiet();
    assert.equal(server.seen.length, 2, 'the second request waits: the service said 0 left');
    await clock.tick(11_000);
    await b;
    assert.deepEqual(server.seen.map((s) => s.at - T0), [0, 0, 11_000]);
  });

  it('counts requests still in flight against a fresh snapshot, so a window is never overshot', async () => {
    const clock = new FakeClock(T0);
    const reset = T0 + 60_000;
    const limit = 6;
    let arrivedInWindow = 0;
    let refused = 0;
    const answers: (() => void)[] = [];
    server = await startLoopback((r, res) => {
      if (r.at >= reset) {
        send(res, 200, { 'x-ratelimit-remaining': '100', 'x-ratelimit-reset': String(reset / 1000 + 3600) });
        return;
      }
      arrivedInWindow++;
      const remaining = Math.max(0, limit - arrivedInWindow);
      const status = arrivedInWindow > limit ? 403 : 200;
      if (status === 403) {
        refused++;
      }
      // Answer when the test says, one at a time, so several requests are in flight when each answer arrives.
      answers.push(() => send(res, status, { 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-reset': String(reset / 1000) }));
    }, () => clock.now());
    client = new ThrottledClient({ origin: server.origin, clock, maxConcurrency: 4 });
    const first = client.request({ method: 'GET', url: '/first' });
    await server.arrivals(1);
    answers.shift()?.(); // remaining 5
    await first;
    const all = Array.from({ length: 12 }, (_, n) => client!.request({ method: 'GET', url: `/q${n}` }));
    // Answer the window's other five one at a time, each once whatever the client sent has arrived.
    let mostInFlight = 0;
    for (let answered = 1; answered < limit; answered++) {
      await server.arrivals(answered + 1);
      await quiet();
      mostInFlight = Math.max(mostInFlight, answers.length);
      answers.shift()?.();
    }
    assert.equal(mostInFlight, 4, 'answers came while requests were in flight');
    assert.equal(refused, 0, 'no request was sent into an exhausted window');
    assert.equal(arrivedInWindow, limit, 'the whole window was used, not less');
    await clock.tick(61_000);
    const results = await Promise.all(all);
    assert.ok(results.every((r) => r.status === 200));
    assert.equal(server.seen.length, 13);
  });

  it('exempt requests (GET /rate_limit) skip the primary hold; applyRateLimitStatus feeds the hold', async () => {
    const clock = new FakeClock(T0);
    const reset = T0 + 120_000;
    server = await startLoopback((_r, res) => send(res, 200), () => clock.now());
    client = new ThrottledClient({ origin: server.origin, clock });
    client.applyRateLimitStatus({ resources: { core: { limit: 5000, remaining: 0, used: 5000, reset: reset / 1000 }, search: { limit: 30, remaining: 30, reset: reset / 1000 } } });
    assert.deepEqual({ ...client.quota.buckets.get('core') }, { resource: 'core', limit: 5000, remaining: 0, used: 5000, resetAt: reset, observedAt: T0, source: 'rate_limit' });
    const held = client.request({ method: 'GET', url: '/repos/a/b' });
    await client.request({ method: 'GET', url: '/rate_limit', exemptFromPrimaryLimit: true });
    await client.request({ method: 'GET', url: '/search/issues?q=x' });
    await quiet();
    assert.deepEqual(server.seen.map((s) => s.path), ['/rate_limit', '/search/issues?q=x']);
    await clock.tick(121_000);
    await held;
    assert.equal(server.seen[2]?.path, '/repos/a/b');
    assert.equal(server.seen[2]?.at, reset + 1000);
  });

  it('an ARM bucket seen at 0 holds for about a second (token bucket refill)', async () => {
    const clock = new FakeClock(T0);
    server = await startLoopback((_r, res, i) => send(res, 200, { 'x-ms-ratelimit-remaining-subscription-reads': i === 0 ? '0' : '24' }), () => clock.now());
    client = new ThrottledClient({ origin: server.origin, clock });
    await client.request({ method: 'GET', url: '/a' });
    const b = client.request({ method: 'GET', url: '/b' });
    assert.equal(await clock.nextSleep(), 1_000);
    await clock.tick(999);
    assert.equal(server.seen.length, 1, '/b went before the bucket refilled');
    await clock.tick(1);
    await b;
    await client.request({ method: 'POST', url: '/c', json: {} }); // writes bucket: not held
    assert.deepEqual(server.seen.map((s) => s.at - T0), [0, 1_000, 1_000]);
  });

  it('keeps points per minute within budget: GET 1, POST 5, excess waits for the window', async () => {
    const clock = new FakeClock(T0);
    server = await startLoopback((_r, res) => send(res, 200), () => clock.now());
    client = new ThrottledClient({ origin: server.origin, clock, pointsPerMinute: 10 });
    const reqs = [
      client.request({ method: 'POST', url: '/p1', json: {} }),
      client.request({ method: 'GET', url: '/g1' }),
      client.request({ method: 'GET', url: '/g2' }),
      client.request({ method: 'GET', url: '/g3' }),
      client.request({ method: 'GET', url: '/g4' }),
      client.request({ method: 'GET', url: '/g5' }), // 10th point: still fits
      client.request({ method: 'POST', url: '/p2', json: {} }), // waits for the window
      client.request({ method: 'GET', url: '/g6' }), // FIFO: waits behind /p2
    ];
    await Promise.all(reqs.slice(0, 6));
    await quiet();
    assert.equal(server.seen.length, 6);
    // Points leave a minute after their answer (the latest the service can have received them);
    // every answer here came at T0.
    await clock.tick(59_999);
    await quiet();
    assert.equal(server.seen.length, 6);
    await clock.tick(1);
    await Promise.all(reqs);
    const at = Object.fromEntries(server.seen.map((s) => [s.path, s.at - T0]));
    assert.deepEqual(at, { '/p1': 0, '/g1': 0, '/g2': 0, '/g3': 0, '/g4': 0, '/g5': 0, '/p2': 60_000, '/g6': 60_000 });
    // Every 60 s window holds at most 10 points.
    const points = server.seen.map((s) => ({ at: s.at, p: s.method === 'GET' ? 1 : 5 }));
    for (const a of points) {
      const inWindow = points.filter((b) => b.at >= a.at && b.at < a.at + 60_000).reduce((n, b) => n + b.p, 0);
      assert.ok(inWindow <= 10, `window at ${a.at - T0} holds ${inWindow} points`);
    }
  });

  it('never has more than maxConcurrency requests in flight', async () => {
    let peak = 0;
    // The server holds every answer until the test lets one go, so requests pile up in flight.
    const answers: (() => void)[] = [];
    server = await startLoopback((_r, res) => {
      answers.push(() => send(res, 200));
      peak = Math.max(peak, answers.length);
    });
    client = new ThrottledClient({ origin: server.origin, clock: new FakeClock(T0), maxConcurrency: 3 });
    const all = Promise.all(Array.from({ length: 12 }, (_, i) => client!.request({ method: 'GET', url: `/r${i}` })));
    for (let answered = 0; answered < 12; answered++) {
      await server.arrivals(answered + 1);
      await quiet();
      answers.shift()?.();
    }
    await all;
    assert.equal(server.seen.length, 12);
    assert.equal(peak, 3);
  });
});

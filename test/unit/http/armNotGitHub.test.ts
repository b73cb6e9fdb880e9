import assert from 'node:assert/strict';
import type { ThrottledClient } from '../../../src/core/http/client';
import { rateLimitFamilyOf } from '../../../src/core/http/serviceRules';
import { quiet } from './fakeClock';
import { useClientFixture } from './clientFixture';
import { send, type Loopback } from './loopback';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);
const armEvents = (i: number): string => `/subscriptions/sub-${i}/providers/Microsoft.ResourceHealth/events?api-version=2025-05-01`;
/** Waits until the server has seen `n` requests (an event, not a time), then lets the loop run on to see the count stay. */
async function reach(server: Loopback | undefined, n: number): Promise<number> {
  await server?.arrivals(n);
  await quiet();
  return server?.seen.length ?? 0;
}

describe('rate-limit family of a request: ARM or GitHub-style', () => {
  it('ARM by its shape: an api-version query, or a /subscriptions, /tenants or /providers path', () => {
    for (const u of [
      '/subscriptions?api-version=2022-12-01',
      '/subscriptions/abc/providers/Microsoft.ResourceHealth/events',
      '/SUBSCRIPTIONS/abc',
      '/tenants',
      '/providers/Microsoft.ResourceGraph/resources?api-version=2024-04-01',
      '/providers/Microsoft.ResourceHealth/events',
      '/somethingElse?API-Version=2025-05-01',
    ]) {
      assert.equal(rateLimitFamilyOf(new URL(u, 'https://management.azure.com')), 'arm', u);
    }
  });

  it('GitHub-style otherwise: /rate_limit, /search, /graphql, /repos, and look-alike prefixes', () => {
    for (const u of ['/rate_limit', '/search/issues?q=x', '/graphql', '/repos/octo/hello', '/api/v3/rate_limit', '/subscriptionsx', '/providersfoo/x', '/']) {
      assert.equal(rateLimitFamilyOf(new URL(u, 'https://api.github.com')), 'github', u);
    }
  });
});

/** Issue 21 point 1: seed 001's points budget is GitHub's rule, never ARM's (fake clock, real loopback HTTP). */
describe('http client: ARM is not GitHub (points budget per family, fake clock)', () => {
  const fx = useClientFixture(T0);
  const start = async (pointsPerMinute?: number): Promise<ThrottledClient> => {
    await fx.serve((r, res) => send(res, 200, r.path.startsWith('/subscriptions/') ? { 'x-ms-ratelimit-remaining-subscription-reads': '249' } : {}));
    return fx.client(pointsPerMinute !== undefined ? { pointsPerMinute } : {});
  };
  const at = (path: string): number | undefined => fx.server?.seen.find((s) => s.path === path)?.at;

  it('a 1,000-subscription listing at the product defaults: request 901 (and 1,000) goes at once, no points budget holds ARM reads', async () => {
    const clock = fx.clock;
    const c = await start();
    const all = Array.from({ length: 1000 }, (_, i) => c.request({ method: 'GET', url: armEvents(i) }));
    assert.equal(await reach(fx.server, 1000), 1000, 'all 1,000 went without the clock moving');
    await Promise.all(all);
    assert.equal(at(armEvents(900)), T0, 'request 901');
    assert.equal(at(armEvents(999)), T0, 'request 1,000');
    assert.equal(clock.pendingSleeps, 0, 'nothing waits for a minute to pass');
  });

  it('GitHub-style paths at the product defaults: 900 points go at once, the 901st waits for the minute', async () => {
    const clock = fx.clock;
    const c = await start();
    const all = Array.from({ length: 901 }, (_, i) => c.request({ method: 'GET', url: `/repos/octo/hello/issues/${i}` }));
    assert.equal(await reach(fx.server, 900), 900, 'exactly 900 went');
    assert.equal(fx.server?.seen.length, 900, 'the 901st is held');
    clock.advance(59_999);
    await quiet();
    assert.equal(fx.server?.seen.length, 900, 'still held a millisecond before the minute ends');
    clock.advance(1);
    await Promise.all(all);
    assert.equal(at('/repos/octo/hello/issues/900'), T0 + 60_000);
  });

  it('ARM requests never spend the GitHub budget: after 20 ARM reads, all 5 GitHub points still go at once and the 6th waits', async () => {
    const clock = fx.clock;
    const c = await start(5);
    const arm = Array.from({ length: 20 }, (_, i) => c.request({ method: 'GET', url: armEvents(i) }));
    assert.equal(await reach(fx.server, 20), 20, '20 ARM reads with a 5-point budget, at once');
    await Promise.all(arm);
    const github = Array.from({ length: 6 }, (_, i) => c.request({ method: 'GET', url: `/search/issues?q=${i}` }));
    assert.equal(await reach(fx.server, 25), 25, '20 ARM + the 5 GitHub points');
    assert.equal(at('/search/issues?q=4'), T0);
    assert.equal(at('/search/issues?q=5'), undefined, 'the 6th GitHub request waits');
    clock.advance(60_000);
    await Promise.all(github);
    assert.equal(at('/search/issues?q=5'), T0 + 60_000);
  });

  it('a GitHub request waiting for its minute never holds ARM requests queued behind it (no cross-service FIFO)', async () => {
    const clock = fx.clock;
    const c = await start(5);
    const github = Array.from({ length: 6 }, (_, i) => c.request({ method: 'GET', url: `/graphql?n=${i}` }));
    assert.equal(await reach(fx.server, 5), 5);
    // Queued after the waiting 6th GitHub request, including a write (5 points on GitHub).
    const arm = [...Array.from({ length: 10 }, (_, i) => c.request({ method: 'GET', url: armEvents(i) })), c.request({ method: 'POST', url: '/subscriptions/sub-1/providers/Microsoft.ResourceHealth/events/E1/fetchEventDetails?api-version=2025-05-01', json: {} })];
    assert.equal(await reach(fx.server, 16), 16, 'the ARM requests went; the GitHub one still waits');
    await Promise.all(arm);
    assert.ok(fx.server?.seen.slice(5).every((s) => s.at === T0 && !s.path.startsWith('/graphql')));
    clock.advance(60_000);
    await Promise.all(github);
    assert.equal(at('/graphql?n=5'), T0 + 60_000);
  });
});

/** "One service's rules never pace another's" also holds for the waits a refusal starts. */
describe('http client: a pause holds only the family that asked for it (fake clock, loopback)', () => {
  const fx = useClientFixture(T0);
  const at = (path: string): number | undefined => fx.server?.seen.find((s) => s.path === path)?.at;

  it('ARM throttling one subscription (429, Retry-After 30) pauses ARM requests for 30 s, while GitHub-style requests go at once', async () => {
    const clock = fx.clock;
    let refused = false;
    await fx.serve((r, res) => {
      if (r.path === armEvents(0) && !refused) {
        refused = true;
        send(res, 429, { 'retry-after': '30', 'x-ms-ratelimit-remaining-subscription-reads': '0' }, '{"error":{"code":"TooManyRequests"}}');
      } else {
        send(res, 200);
      }
    });
    const c = fx.client({ safetyMarginMs: 0 });
    const first = c.request({ method: 'GET', url: armEvents(0) });
    await clock.nextSleep();
    assert.equal(c.quota.pausedUntil, T0 + 30_000);
    const arm = c.request({ method: 'GET', url: armEvents(1) });
    const github = c.request({ method: 'GET', url: '/rate_limit' });
    assert.equal((await github).status, 200);
    assert.equal(at('/rate_limit'), T0, 'the GitHub-style request did not wait for ARM');
    assert.equal(await reach(fx.server, 2), 2, 'the refused ARM request and /rate_limit only');
    clock.advance(29_999);
    assert.equal(await reach(fx.server, 2), 2, 'ARM still paused a millisecond before the end');
    clock.advance(1);
    await Promise.all([first, arm]);
    assert.equal(at(armEvents(1)), T0 + 30_000);
  });

  it('a GitHub secondary limit (403 with retry-after 60) pauses GitHub-style requests, never ARM ones', async () => {
    const clock = fx.clock;
    let refused = false;
    await fx.serve((r, res) => {
      if (r.path === '/search/issues?q=1' && !refused) {
        refused = true;
        send(res, 403, { 'retry-after': '60' }, '{"message":"You have exceeded a secondary rate limit."}');
      } else {
        send(res, 200);
      }
    });
    const c = fx.client({ safetyMarginMs: 0 });
    const first = c.request({ method: 'GET', url: '/search/issues?q=1' });
    await clock.nextSleep();
    const github = c.request({ method: 'GET', url: '/search/issues?q=2' });
    const arm = c.request({ method: 'GET', url: armEvents(7) });
    assert.equal((await arm).status, 200);
    assert.equal(at(armEvents(7)), T0, 'ARM did not wait for GitHub');
    clock.advance(59_999);
    assert.equal(await reach(fx.server, 2), 2, 'GitHub still paused a millisecond before the end');
    clock.advance(1);
    await Promise.all([first, github]);
    assert.equal(at('/search/issues?q=2'), T0 + 60_000);
  });
});

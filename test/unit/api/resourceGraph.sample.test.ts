import assert from 'node:assert/strict';
import { ApiError } from '../../../src/core/api/errors';
import { HealthEventsApi } from '../../../src/core/api/healthEventsApi';
import { ResourceGraphApi, RESOURCE_GRAPH_API_VERSION } from '../../../src/core/api/resourceGraphApi';
import { CrossSubscriptionListing } from '../../../src/core/api/resourceGraphListing';
import { eventsQuery } from '../../../src/core/api/resourceGraphQueries';
import { ThrottledClient } from '../../../src/core/http/client';
import { RESOURCE_GRAPH_BUCKET } from '../../../src/core/http/rateLimitHeaders';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';
import { FakeClock } from '../http/fakeClock';

const LONG_AGO = new Date(Date.UTC(2000, 0, 1));
const GRAPH_PATH = '/providers/Microsoft.ResourceGraph/resources';
const T0 = Date.UTC(2026, 10, 20, 12, 0, 0);

describe('Resource Graph listing against the sample service', function () {
  // Each case lists 12 subscriptions both ways over loopback; a busy machine needs the margin.
  this.timeout(60_000);
  let service: SampleService;
  let client: ThrottledClient;
  let events: HealthEventsApi;

  before(async () => {
    service = await startSampleService({ seed: 11, events: 40, subscriptions: 12, pageSize: 20, rateLimits: { pointsPerMinute: 1_000_000, primaryLimit: 1_000_000 } });
  });
  after(async () => {
    await service.close();
  });
  beforeEach(() => {
    service.faults.clear();
    service.knobs.denyResourceGraph = false;
    service.knobs.unreadableSubscriptions = [];
    service.knobs.resourceGraphQuota = 1000;
    service.resetStats();
    client = new ThrottledClient({ origin: service.url, tokenProvider: { getToken: async () => service.token }, maxTransientRetries: 0 });
    events = new HealthEventsApi({ client });
  });
  afterEach(async () => {
    await client.close();
  });

  const graphRequests = (): number => service.stats.byPath.get(GRAPH_PATH) ?? 0;
  const listing = (graph: ResourceGraphApi, threshold = 10): CrossSubscriptionListing =>
    new CrossSubscriptionListing({ events, graph, threshold: () => threshold });

  it('lists the same events as the per-subscription listing, field for field', async () => {
    const graph = new ResourceGraphApi({ client });
    const viaGraph = await listing(graph).list(service.subscriptionIds, { queryStartTime: LONG_AGO });
    assert.equal(viaGraph.via, 'resourceGraph');
    assert.equal(viaGraph.skippedRows, 0);
    const perSub = await events.listEventsForSubscriptions(service.subscriptionIds, { queryStartTime: LONG_AGO });
    assert.deepEqual(viaGraph.results, perSub);
    assert.ok(perSub.reduce((n, r) => n + r.events.length, 0) >= 40, 'every event is listed at least once');
  });

  it('keeps to the time window the same way (events updated at or after the start)', async () => {
    const start = new Date(Date.now() - 2 * 86_400_000);
    const graph = new ResourceGraphApi({ client });
    const viaGraph = await listing(graph).list(service.subscriptionIds, { queryStartTime: start });
    const perSub = await events.listEventsForSubscriptions(service.subscriptionIds, { queryStartTime: start });
    assert.deepEqual(viaGraph.results, perSub);
    const all = await events.listEventsForSubscriptions(service.subscriptionIds, { queryStartTime: LONG_AGO });
    assert.ok(perSub.reduce((n, r) => n + r.events.length, 0) < all.reduce((n, r) => n + r.events.length, 0), 'the window leaves some out');
  });

  it('pages by $skipToken: 1 row per page reads every row once, one request per page', async () => {
    const graph = new ResourceGraphApi({ client, pageSize: 1 });
    // Resource Graph answers in subscription order (the query's `order by subscriptionId asc`).
    const subs = service.subscriptionIds.slice(0, 2).sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : 1));
    const pages: number[] = [];
    const ids: string[] = [];
    for await (const rows of graph.rows(subs, eventsQuery(LONG_AGO))) {
      pages.push(rows.length);
      ids.push(...rows.map((r) => r.id));
    }
    const expected = (await events.listEventsForSubscriptions(subs, { queryStartTime: LONG_AGO })).flatMap((r) => r.events.map((e) => e.id));
    assert.ok(expected.length > 2);
    assert.deepEqual(ids, expected);
    assert.ok(pages.every((n) => n === 1));
    assert.equal(graphRequests(), expected.length);
  });

  it('a $skipToken replayed with another query is refused with 400', async () => {
    const res = await client.request({
      method: 'POST',
      url: `${GRAPH_PATH}?api-version=${RESOURCE_GRAPH_API_VERSION}`,
      json: { subscriptions: service.subscriptionIds.slice(0, 1), query: eventsQuery(LONG_AGO), options: { $top: 1 } },
    });
    const token = (JSON.parse(res.body) as { $skipToken?: string }).$skipToken;
    assert.ok(token);
    const replay = await client.request({
      method: 'POST',
      url: `${GRAPH_PATH}?api-version=${RESOURCE_GRAPH_API_VERSION}`,
      json: { subscriptions: service.subscriptionIds.slice(1, 2), query: eventsQuery(LONG_AGO), options: { $top: 1, $skipToken: token } },
    });
    assert.equal(replay.status, 400);
  });

  it('sends subscriptions in batches of the configured size (12 subscriptions, batches of 5: 3 queries)', async () => {
    const graph = new ResourceGraphApi({ client, batchSize: 5 });
    assert.deepEqual(graph.batches(service.subscriptionIds).map((b) => b.length), [5, 5, 2]);
    const viaGraph = await listing(graph).list(service.subscriptionIds, { queryStartTime: LONG_AGO });
    assert.equal(viaGraph.via, 'resourceGraph');
    // Every subscription has events since 2000: no batch needs the subscriptions-in-scope query.
    assert.ok(viaGraph.results.every((r) => r.events.length > 0));
    assert.equal(graphRequests(), 3);
    assert.equal(service.stats.requests, 3, 'no per-subscription listing');
    assert.deepEqual(viaGraph.results, await events.listEventsForSubscriptions(service.subscriptionIds, { queryStartTime: LONG_AGO }));
  });

  it('batches default to 1,000 and may not exceed it; the service refuses 1,001 subscriptions', async () => {
    const graph = new ResourceGraphApi({ client, batchSize: 5000 });
    const ids = Array.from({ length: 1001 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
    assert.deepEqual(graph.batches(ids).map((b) => b.length), [1000, 1]);
    const over = await client.request({
      method: 'POST',
      url: `${GRAPH_PATH}?api-version=${RESOURCE_GRAPH_API_VERSION}`,
      json: { subscriptions: ids, query: eventsQuery(LONG_AGO) },
    });
    assert.equal(over.status, 400);
    const atLimit = await client.request({
      method: 'POST',
      url: `${GRAPH_PATH}?api-version=${RESOURCE_GRAPH_API_VERSION}`,
      json: { subscriptions: ids.slice(0, 1000), query: eventsQuery(LONG_AGO) },
    });
    assert.equal(atLimit.status, 200);
  });

  it('a subscription the caller cannot read (Resource Graph leaves it out) is "no access", never "no events"', async () => {
    const perSub = await events.listEventsForSubscriptions(service.subscriptionIds, { queryStartTime: LONG_AGO });
    const withEvents = perSub.find((r) => r.events.length > 0)?.subscriptionId ?? '';
    // Upper case: Resource Graph and ARM compare subscription ids case-insensitively.
    service.knobs.unreadableSubscriptions = [withEvents.toUpperCase()];
    const unknown = '00000000-0000-4000-8000-00000000dead';
    const viaGraph = await listing(new ResourceGraphApi({ client })).list([...service.subscriptionIds, unknown], { queryStartTime: LONG_AGO });
    assert.equal(viaGraph.via, 'resourceGraph');
    const denied = viaGraph.results.filter((r) => r.error !== undefined).map((r) => r.subscriptionId);
    assert.deepEqual(denied.sort(), [withEvents, unknown].sort());
    for (const r of viaGraph.results.filter((x) => x.error !== undefined)) {
      assert.ok(r.error instanceof ApiError && r.error.status === 403, String(r.error));
      assert.match(r.error.message, /^You do not have access to this subscription \(Resource Graph left it out, as it does for subscriptions your account cannot read\); ask an administrator for at least the Reader role/);
      assert.deepEqual(r.events, []);
    }
    // Every readable subscription is listed as before, with no error.
    assert.deepEqual(
      viaGraph.results.filter((r) => r.error === undefined),
      perSub.filter((r) => r.subscriptionId !== withEvents),
    );
    // The per-subscription listing of the same subscription is refused too (the sample emulates ARM's 403).
    const direct = await events.listEventsForSubscriptions([withEvents], { queryStartTime: LONG_AGO });
    assert.ok(direct[0]?.error instanceof ApiError && direct[0].error.status === 403);
    assert.match(direct[0].error.message, /You do not have access/);
  });

  it('a readable subscription with no events in the window stays a success with no events', async () => {
    const future = new Date(Date.now() + 365 * 86_400_000);
    const viaGraph = await listing(new ResourceGraphApi({ client })).list(service.subscriptionIds, { queryStartTime: future });
    assert.equal(viaGraph.via, 'resourceGraph');
    assert.equal(viaGraph.results.length, 12);
    assert.ok(viaGraph.results.every((r) => r.error === undefined && r.events.length === 0));
    assert.equal(graphRequests(), 2, 'the events query, then the subscriptions-in-scope query');
  });

  it('below the threshold, or with a $filter, lists per subscription', async () => {
    const graph = new ResourceGraphApi({ client });
    const below = await listing(graph, 13).list(service.subscriptionIds, { queryStartTime: LONG_AGO });
    assert.equal(below.via, 'subscriptions');
    const atThreshold = await listing(graph, 12).list(service.subscriptionIds, { queryStartTime: LONG_AGO });
    assert.equal(atThreshold.via, 'resourceGraph');
    const filtered = await listing(graph, 1).list(service.subscriptionIds, { queryStartTime: LONG_AGO, filter: "properties/eventType eq 'ServiceIssue'" });
    assert.equal(filtered.via, 'subscriptions');
    const off = await listing(graph, 0).list(service.subscriptionIds, { queryStartTime: LONG_AGO });
    assert.equal(off.via, 'subscriptions');
  });

  it('a principal without Resource Graph read (403) falls back to per-subscription listing, and stays there', async () => {
    service.knobs.denyResourceGraph = true;
    const graph = new ResourceGraphApi({ client });
    const lister = listing(graph);
    const first = await lister.list(service.subscriptionIds, { queryStartTime: LONG_AGO });
    assert.equal(first.via, 'subscriptions');
    assert.match(first.fallbackReason ?? '', /Resource Graph/);
    assert.deepEqual(first.results, await events.listEventsForSubscriptions(service.subscriptionIds, { queryStartTime: LONG_AGO }));
    assert.equal(graphRequests(), 1);
    const second = await lister.list(service.subscriptionIds, { queryStartTime: LONG_AGO });
    assert.equal(second.via, 'subscriptions');
    assert.equal(graphRequests(), 1, 'a denied principal is not asked again');
  });

  it('an endpoint without Resource Graph (404 from a proxy or a sovereign endpoint) falls back too', async () => {
    service.faults.inject({ kind: 'status', status: 404, code: 'NotFound' }, { path: /resourcegraph/i });
    const result = await listing(new ResourceGraphApi({ client })).list(service.subscriptionIds, { queryStartTime: LONG_AGO });
    assert.equal(result.via, 'subscriptions');
    assert.deepEqual(result.results, await events.listEventsForSubscriptions(service.subscriptionIds, { queryStartTime: LONG_AGO }));
  });

  it('a query text the service does not know is a 400 InvalidQuery, as ARM answers', async () => {
    const graph = new ResourceGraphApi({ client });
    await assert.rejects(
      () => graph.rows(service.subscriptionIds, 'Resources | project id').next(),
      (e: unknown) => e instanceof ApiError && e.status === 400 && e.code === 'InvalidQuery',
    );
  });
});

describe('Resource Graph quota headers and the throttle (fake clock)', () => {
  let service: SampleService;
  let client: ThrottledClient;
  let clock: FakeClock;

  beforeEach(async () => {
    clock = new FakeClock(T0);
    service = await startSampleService({ seed: 3, events: 30, subscriptions: 4, now: () => clock.now(), resourceGraphQuota: 3, resourceGraphWindowMs: 5000 });
    client = new ThrottledClient({ origin: service.url, tokenProvider: { getToken: async () => service.token }, clock, maxTransientRetries: 0 });
  });
  afterEach(async () => {
    await client.close();
    await service.close();
  });

  /** One batch query, the test moving the clock to each wait the client takes. */
  const query = (graph: ResourceGraphApi): Promise<unknown> => clock.runUntil(graph.listEventsBatch(service.subscriptionIds, LONG_AGO));

  it('records x-ms-user-quota-remaining and resets-after as the resource-graph bucket', async () => {
    await query(new ResourceGraphApi({ client }));
    const bucket = client.quota.buckets.get(RESOURCE_GRAPH_BUCKET);
    assert.equal(bucket?.remaining, 2);
    assert.equal(bucket?.resetAt, T0 + 5000);
  });

  it('within the quota (3 of 3) sends at once; the 4th waits for the reset and no request is refused', async () => {
    const graph = new ResourceGraphApi({ client });
    await query(graph);
    await query(graph);
    await query(graph);
    assert.equal(clock.now(), T0, 'three queries within the quota go without waiting');
    assert.equal(client.quota.buckets.get(RESOURCE_GRAPH_BUCKET)?.remaining, 0);
    await query(graph);
    assert.equal(clock.now(), T0 + 6000, 'the fourth waited for the window to reset (5 s) and the 1 s margin');
    assert.deepEqual(clock.sleeps, [6000]);
    assert.equal(service.stats.byStatus.get(429) ?? 0, 0, 'no limit-exceeded response');
    assert.equal(service.stats.byPath.get(GRAPH_PATH), 4);
  });

  it('a 429 with the quota headers (quota used by another tool) pauses until resets-after, then succeeds', async () => {
    const graph = new ResourceGraphApi({ client });
    // Another tool of the same user spends the window; our client has seen nothing yet.
    for (let i = 0; i < 3; i++) {
      const res = await fetch(`${service.url}${GRAPH_PATH}?api-version=${RESOURCE_GRAPH_API_VERSION}`, {
        method: 'POST',
        headers: { authorization: `Bearer ${service.token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ subscriptions: service.subscriptionIds, query: eventsQuery(LONG_AGO) }),
      });
      assert.equal(res.status, 200);
    }
    clock.advance(2000);
    const found = await clock.runUntil(graph.listEventsBatch(service.subscriptionIds, LONG_AGO));
    // Every event of every subscription: the wait lost nothing.
    const held = (sub: string): number => service.events.filter((g) => g.subscriptionIds.includes(sub)).length;
    assert.deepEqual([...found.bySubscription].map(([sub, e]) => [sub, e.length]), service.subscriptionIds.map((sub) => [sub, held(sub)]));
    assert.equal(service.stats.byStatus.get(429), 1, 'one refusal, then the wait');
    assert.equal(clock.now(), T0 + 6000, 'resumed after the window reset (3 s after the refusal) and the 1 s margin');
    assert.deepEqual(clock.sleeps, [4000], 'slept for the resets-after time and the margin, once');
  });
});

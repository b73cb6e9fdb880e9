import assert from 'node:assert/strict';
import { AvailabilityApi } from '../../../src/core/api/availabilityApi';
import { impactedResourcesByEvent, listAvailability } from '../../../src/core/api/availabilityListing';
import { ApiError } from '../../../src/core/api/errors';
import { ResourceGraphApi } from '../../../src/core/api/resourceGraphApi';
import { ThrottledClient } from '../../../src/core/http/client';
import { occurredTimeOf, resourceIdOf, stateOf, type AvailabilityStatus } from '../../../src/core/model/availability';
import { impactedResourcesFor } from '../../../src/core/sample/impactedResources';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';

const GRAPH_PATH = '/providers/Microsoft.ResourceGraph/resources';
const SEED = 11;

describe('resource health of many subscriptions through Resource Graph (sample service)', function () {
  this.timeout(60_000);
  let service: SampleService;
  let client: ThrottledClient;
  let api: AvailabilityApi;
  let graph: ResourceGraphApi;

  before(async () => {
    service = await startSampleService({ seed: SEED, events: 60, subscriptions: 6, pageSize: 50, rateLimits: { pointsPerMinute: 1_000_000, primaryLimit: 1_000_000 } });
  });
  after(async () => {
    await service.close();
  });
  beforeEach(() => {
    service.knobs.denyResourceGraph = false;
    service.knobs.unreadableSubscriptions = [];
    service.knobs.resourceGraphQuota = 1000;
    service.resetStats();
    client = new ThrottledClient({ origin: service.url, tokenProvider: { getToken: async () => service.token }, maxTransientRetries: 0 });
    api = new AvailabilityApi({ client });
    graph = new ResourceGraphApi({ client });
  });
  afterEach(async () => {
    await client.close();
  });

  const summary = (statuses: readonly AvailabilityStatus[]) =>
    statuses.map((s) => `${resourceIdOf(s) ?? ''}=${stateOf(s) ?? ''}@${occurredTimeOf(s) ?? ''}`).sort();

  it('from the threshold on, one HealthResources query answers every subscription with what the per-subscription listing says', async () => {
    const viaGraph = await listAvailability({ api, graph, threshold: 3 }, service.subscriptionIds);
    assert.equal(viaGraph.via, 'resourceGraph');
    assert.equal(service.stats.byPath.get(GRAPH_PATH), 1, 'one query, no scope query when every subscription has rows');
    const perSubscription = await api.listForSubscriptions(service.subscriptionIds);
    for (const [i, r] of viaGraph.results.entries()) {
      assert.deepEqual(summary(r.statuses), summary(perSubscription[i]?.statuses ?? []), 'Resource Graph spells it occurredTime; both are read');
    }
  });

  it('incremental (since the last listing): only the statuses whose state changed since then, one query and one scope query for the batch; the subscriptions are marked changes-only', async () => {
    const all = await listAvailability({ api, graph, threshold: 3 }, service.subscriptionIds);
    const times = all.results.flatMap((r) => r.statuses.map((s) => Date.parse(occurredTimeOf(s) ?? ''))).filter((t) => Number.isFinite(t)).sort((a, b) => a - b);
    const middle = times[Math.floor(times.length / 2)] ?? 0;
    service.resetStats();
    const changed = await listAvailability({ api, graph, threshold: 3, since: new Date(middle) }, service.subscriptionIds);
    const silent = changed.results.some((r) => r.statuses.length === 0 && !r.error);
    assert.equal(service.stats.byPath.get(GRAPH_PATH), silent ? 2 : 1, 'one query, and one scope query when a subscription has no changes');
    assert.deepEqual(changed.changesOnly, service.subscriptionIds);
    assert.deepEqual(changed.leftOut, [], 'every subscription is still in scope');
    const got = changed.results.flatMap((r) => r.statuses);
    assert.ok(got.length > 0 && got.length < times.length, `${got.length} changed of ${times.length}`);
    assert.ok(got.every((s) => Date.parse(occurredTimeOf(s) ?? '') >= middle), 'a status older than since was sent');
    // Nothing changed after the future: no rows, one scope query, and no subscription reported as failed.
    service.resetStats();
    const none = await listAvailability({ api, graph, threshold: 3, since: new Date(Date.now() + 86_400_000) }, service.subscriptionIds);
    assert.equal(none.results.flatMap((r) => r.statuses).length, 0);
    assert.equal(none.results.filter((r) => r.error).length, 0);
    assert.equal(service.stats.byPath.get(GRAPH_PATH), 2, 'the changes and the scope of the batch');
  });

  // Access revoked (a role assignment removed) between two refreshes: Resource Graph then leaves the subscription out silently.
  it('incremental: a subscription whose access was revoked since the last listing is an error naming it, never its old health', async () => {
    const [gone] = service.subscriptionIds;
    assert.ok(gone);
    service.knobs.unreadableSubscriptions = [gone];
    const none = await listAvailability({ api, graph, threshold: 3, since: new Date(Date.now() + 86_400_000) }, service.subscriptionIds);
    assert.deepEqual(none.leftOut, [gone]);
    const row = none.results.find((r) => r.subscriptionId === gone);
    assert.ok(row?.error instanceof ApiError && /unknown, not healthy/.test(row.error.message));
    assert.equal(none.results.filter((r) => r.error).length, 1, 'the subscriptions still in scope are not errors');
  });

  it('below the threshold, the ARM list (no time filter) is listed in full even when changes are asked for', async () => {
    const out = await listAvailability({ api, graph, threshold: 7, since: new Date(Date.now() + 86_400_000) }, service.subscriptionIds);
    assert.deepEqual(out.changesOnly, []);
    assert.ok(out.results.every((r) => r.statuses.length > 0));
  });

  it('below the threshold, each subscription is listed by the availability API (no Resource Graph request)', async () => {
    const out = await listAvailability({ api, graph, threshold: 7 }, service.subscriptionIds);
    assert.equal(out.via, 'subscriptions');
    assert.equal(service.stats.byPath.get(GRAPH_PATH) ?? 0, 0);
  });

  it('a subscription my account cannot read, which Resource Graph leaves out silently, is named and never shown as healthy', async () => {
    const denied = service.subscriptionIds[2] ?? '';
    service.knobs.unreadableSubscriptions = [denied];
    const out = await listAvailability({ api, graph, threshold: 3 }, service.subscriptionIds);
    assert.deepEqual(out.leftOut, [denied]);
    const result = out.results.find((r) => r.subscriptionId === denied);
    assert.ok(result?.error instanceof ApiError);
    assert.match(result.error.message, /^Resource Graph left this subscription out, .* so the health of its resources is unknown, not healthy; ask an administrator/);
    assert.equal(out.results.filter((r) => !r.error).length, service.subscriptionIds.length - 1);
  });

  it('an account without Resource Graph access (403) still gets every subscription, listed one by one, and is told why', async () => {
    service.knobs.denyResourceGraph = true;
    const out = await listAvailability({ api, graph, threshold: 3 }, service.subscriptionIds);
    assert.equal(out.via, 'subscriptions');
    assert.match(out.fallbackReason ?? '', /^Resource Graph could not list resource health \(.*\); listed each subscription instead\.$/);
    assert.equal(out.results.filter((r) => r.statuses.length > 0).length, service.subscriptionIds.length);
  });

  it('ServiceHealthResources gives every event’s impacted resources in one query, the same as listing them per event', async () => {
    const denied = service.subscriptionIds[0] ?? '';
    service.knobs.unreadableSubscriptions = [denied];
    const { byEvent, leftOut } = await impactedResourcesByEvent(graph, service.subscriptionIds);
    assert.deepEqual(leftOut, [denied]);
    const readable = service.subscriptionIds.filter((s) => s !== denied);
    const expected = service.events.flatMap((g) => g.subscriptionIds.filter((s) => readable.includes(s)).flatMap((s) => impactedResourcesFor(g.event, s, SEED).map((r) => `${(g.event.name ?? '').toUpperCase()} ${r.id ?? ''}`)));
    const got = [...byEvent.entries()].map((r) => `${r.trackingId} ${r.resource.id ?? ''}`);
    assert.ok(expected.length > 0);
    assert.deepEqual(got.sort(), expected.sort());
  });
});

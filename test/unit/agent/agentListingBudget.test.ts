/**
 * A model paging through list_resource_health (M8): the MCP server lists the estate once, through
 * Resource Graph above the threshold, and keeps the listing a few minutes (a fake clock here), so
 * pages 2-5 cost no request; the extension answers from what the Resources view holds when it
 * covers the question. Against the sample service over loopback HTTP, counting its requests.
 */
import assert from 'node:assert/strict';
import { heldAvailability, KeptListings, LISTING_KEPT_MS, type HeldHealth } from '../../../src/core/agent/availabilitySource';
import { HealthTools } from '../../../src/core/agent/healthTools';
import { apiSource } from '../../../src/core/agent/source';
import { AvailabilityApi } from '../../../src/core/api/availabilityApi';
import { EventResourcesApi } from '../../../src/core/api/eventResourcesApi';
import { HealthEventsApi } from '../../../src/core/api/healthEventsApi';
import { ResourceGraphApi } from '../../../src/core/api/resourceGraphApi';
import { ThrottledClient } from '../../../src/core/http/client';
import type { AvailabilityStatus } from '../../../src/core/model/availability';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';

/** The budget: 5 pages at 1,000 subscriptions in at most 20 requests. */
const SUBSCRIPTIONS = 1_000;
const PAGES = 5;
const BUDGET = 20;

describe('list_resource_health pages without listing again (M8)', function () {
  this.timeout(120_000);
  let service: SampleService;

  before(async () => {
    service = await startSampleService({ seed: 23, events: 100, subscriptions: SUBSCRIPTIONS, maxSubscriptionsPerEvent: 20, rateLimits: { pointsPerMinute: 1_000_000, primaryLimit: 1_000_000 } });
  });
  after(async () => {
    await service.close();
  });

  function tools(now: () => number, client: ThrottledClient, graph = true): HealthTools {
    return new HealthTools(
      apiSource({
        api: new HealthEventsApi({ client }),
        resources: new EventResourcesApi({ client }),
        availability: new AvailabilityApi({ client }),
        ...(graph ? { graph: new ResourceGraphApi({ client }) } : {}),
        quota: () => client.quota,
        subscriptions: service.subscriptionIds,
        now,
      }),
    );
  }

  it(`MCP: ${PAGES} pages at ${SUBSCRIPTIONS} subscriptions send at most ${BUDGET} requests, and the pages are of one listing`, async () => {
    const client = new ThrottledClient({ origin: service.url, tokenProvider: { getToken: async () => service.token } });
    try {
      let now = Date.parse('2026-12-01T00:00:00Z');
      const t = tools(() => now, client);
      service.resetStats();
      const seen = new Set<string>();
      let total: unknown;
      for (let page = 1; page <= PAGES; page++) {
        const answer = await t.listResourceHealth({ page });
        assert.equal(answer['page'], page);
        total ??= answer['total'];
        assert.equal(answer['total'], total, 'every page counts the same listing');
        for (const r of answer['resources'] as { id: string }[]) {
          assert.ok(!seen.has(r.id), `${r.id} shown on two pages`);
          seen.add(r.id);
        }
        now += 30_000;
      }
      const sent = service.stats.requests;
      assert.ok(sent <= BUDGET, `${sent} requests for ${PAGES} pages`);
      assert.ok(sent >= 1);
    } finally {
      await client.close();
    }
  });

  it(`MCP: a listing is kept ${LISTING_KEPT_MS / 60_000} minutes on the clock: 1 ms before, no request; at it, a new listing`, async () => {
    const client = new ThrottledClient({ origin: service.url, tokenProvider: { getToken: async () => service.token } });
    try {
      let now = 1_000_000;
      const t = tools(() => now, client);
      const subscriptions = service.subscriptionIds.slice(0, 20);
      await t.listResourceHealth({ subscriptions });
      service.resetStats();
      now += LISTING_KEPT_MS - 1;
      await t.listResourceHealth({ subscriptions, page: 2 });
      assert.equal(service.stats.requests, 0);
      now += 1;
      await t.listResourceHealth({ subscriptions });
      assert.ok(service.stats.requests > 0, 'a listing older than the kept time is listed again');
    } finally {
      await client.close();
    }
  });
});

describe('kept listings and the held statuses (unit)', () => {
  it('keeps one listing per set of subscriptions (any order and case); a failed listing is not kept', async () => {
    let now = 0;
    const kept = new KeptListings<number>(() => now, 1000);
    let listings = 0;
    const list = () => Promise.resolve(++listings);
    assert.equal(await kept.get(['A', 'b'], list), 1);
    assert.equal(await kept.get(['B', 'a'], list), 1);
    assert.equal(await kept.get(['a'], list), 2);
    now = 999;
    assert.equal(await kept.get(['a', 'b'], list), 1);
    now = 1000;
    assert.equal(await kept.get(['a', 'b'], list), 3);
    await assert.rejects(kept.get(['c'], () => Promise.reject(new Error('throttled'))));
    assert.equal(await kept.get(['c'], list), 4, 'a failure is listed again at the next call');
  });

  const status = (sub: string, name: string): AvailabilityStatus =>
    ({ id: `/subscriptions/${sub}/resourceGroups/rg/providers/Microsoft.Web/sites/${name}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`, properties: { availabilityState: 'Available' } }) as AvailabilityStatus;

  it('answers from the held statuses only when they cover every asked subscription; a held failure stays a failure; cached ones are no answer', () => {
    const held: HeldHealth = { statuses: [status('s1', 'a'), status('S2', 'b'), status('s2', 'c')], subscriptions: ['s1', 's2', 's3'], errors: [{ subscriptionId: 's3', message: 'no access' }] };
    const answer = heldAvailability(held, ['S2', 's3']);
    assert.deepEqual(
      answer?.map((r) => [r.subscriptionId, r.statuses.length, r.error?.message]),
      [
        ['S2', 2, undefined],
        ['s3', 0, 'no access'],
      ],
    );
    assert.equal(heldAvailability(held, ['s1', 's4']), undefined, 's4 was not listed');
    assert.equal(heldAvailability({ ...held, fromCache: true }, ['s1']), undefined, 'restored from the cache: not current');
    assert.equal(heldAvailability(undefined, ['s1']), undefined);
  });
});

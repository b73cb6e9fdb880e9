import assert from 'node:assert/strict';
import { AvailabilityApi, resourcePath } from '../../../src/core/api/availabilityApi';
import { ApiError, PagingError } from '../../../src/core/api/errors';
import { ThrottledClient } from '../../../src/core/http/client';
import { linkedTrackingIds, resourceIdOf, stateOf } from '../../../src/core/model/availability';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';

const PAGE_SIZE = 4;

describe('AvailabilityApi against the sample service (resource health over real HTTP)', () => {
  let service: SampleService;
  let client: ThrottledClient;
  let api: AvailabilityApi;
  let sub: string;

  before(async () => {
    service = await startSampleService({ seed: 5, events: 120, pageSize: PAGE_SIZE });
    sub = service.subscriptionIds[0] ?? '';
  });
  after(async () => {
    await service.close();
  });
  beforeEach(() => {
    service.faults.clear();
    service.knobs.unreadableSubscriptions = [];
    client = new ThrottledClient({ origin: service.url, tokenProvider: { getToken: async () => service.token }, maxTransientRetries: 0 });
    api = new AvailabilityApi({ client });
  });
  afterEach(async () => {
    await client.close();
  });

  it('a subscription with more resources than a page: every page is followed, with the recommended actions expanded', async () => {
    const expected = service.estate.statuses(sub);
    assert.ok(expected.length > 2 * PAGE_SIZE, 'the seed should need three pages');
    const statuses = await api.listBySubscription(sub);
    assert.deepEqual(statuses.map((s) => s.id), expected.map((s) => s.id));
    assert.equal(client.quota.requestsSent, Math.ceil(expected.length / PAGE_SIZE), 'one request per page');
    // The sample sends actions only for $expand=recommendedactions, as ARM does.
    assert.ok(statuses.some((s) => (s.properties?.recommendedActions ?? []).length > 0));
  });

  it('a resource whose name has spaces and parentheses is asked for with its id encoded once, and found', async () => {
    const odd = service.estate.statuses(sub).map((s) => resourceIdOf(s) ?? '').find((id) => / /.test(id));
    assert.ok(odd, 'the sample estate should have a resource with a space in its name');
    const status = await api.getCurrent(odd);
    assert.equal(resourceIdOf(status), odd);
    const history = await api.listHistory(odd);
    assert.equal(history[0]?.name, 'current', 'the history starts with the current status');
    assert.ok(history.length >= 2);
  });

  it('one resource’s current status comes with its recommended actions ($expand=recommendedactions)', async () => {
    const impacted = service.estate.statuses(sub).find((s) => (s.properties?.recommendedActions ?? []).length > 0);
    assert.ok(impacted);
    const status = await api.getCurrent(resourceIdOf(impacted) ?? '');
    assert.deepEqual(status, impacted);
  });

  it('a deleted resource (404) is one sentence that says it may have been deleted, and the next call still works', async () => {
    const gone = `/subscriptions/${sub}/resourceGroups/rg-shared/providers/Microsoft.Compute/virtualMachines/deleted-vm`;
    await assert.rejects(api.getCurrent(gone), (e: unknown) => {
      assert.ok(e instanceof ApiError && e.status === 404);
      assert.match(e.message, /^The resource \/subscriptions\/.*deleted-vm was not found \(ResourceNotFound.*\); it may have been deleted or moved, so check the id or refresh the list\.$/);
      return true;
    });
    assert.ok((await api.listBySubscription(sub)).length > 0);
  });

  it('a subscription without Microsoft.ResourceHealth/availabilityStatuses/read (403) is reported alone; the others are listed', async () => {
    const [denied, other] = [service.subscriptionIds[1] ?? '', service.subscriptionIds[2] ?? ''];
    service.knobs.unreadableSubscriptions = [denied];
    const results = await api.listForSubscriptions([sub, denied, other]);
    assert.deepEqual(results.map((r) => r.subscriptionId), [sub, denied, other]);
    const failed = results[1];
    assert.ok(failed?.error instanceof ApiError && failed.error.status === 403);
    assert.match(failed.error.message, /^You may not read the resource health of subscription .* \(it needs Microsoft\.ResourceHealth\/availabilityStatuses\/read; .*\); ask an administrator for at least the Reader role, or pick another subscription\.$/);
    assert.equal(results[0]?.statuses.length, service.estate.statuses(sub).length);
    assert.equal(results[2]?.statuses.length, service.estate.statuses(other).length);
  });

  it('a next-page link that points back at the same page stops the listing (the events API guard), not an endless loop', async () => {
    service.faults.inject({ kind: 'nextLinkLoop' }, { path: /availabilityStatuses$/i });
    await assert.rejects(api.listBySubscription(sub), (e: unknown) => e instanceof PagingError && e.problem === 'loop');
  });

  it('a subscription id the service does not know is a "not found" sentence naming it', async () => {
    await assert.rejects(api.listBySubscription('00000000-0000-0000-0000-000000000000'), (e: unknown) => {
      assert.ok(e instanceof ApiError && e.status === 404);
      assert.match(e.message, /^Subscription 00000000-0000-0000-0000-000000000000 was not found or is not visible to you/);
      return true;
    });
  });

  it('resources an active sample incident impacts are Degraded or Unavailable and link that incident by tracking id', async () => {
    const statuses = await api.listBySubscription(sub);
    const impacted = statuses.filter((s) => linkedTrackingIds(s).length > 0);
    assert.ok(impacted.length > 0, 'the seed should have an active incident with resources in the first subscription');
    const active = new Set(service.events.filter((g) => g.event.properties?.status === 'Active').map((g) => g.event.name));
    for (const s of impacted) {
      assert.ok(['Degraded', 'Unavailable'].includes(stateOf(s) ?? ''), `${stateOf(s) ?? ''} is not healthy`);
      for (const id of linkedTrackingIds(s)) {
        assert.ok(active.has(id), `${id} is an active event of the sample`);
      }
    }
    const states = new Set(statuses.filter((s) => linkedTrackingIds(s).length === 0).map(stateOf));
    assert.ok(states.has('Available'));
    assert.ok(![...states].some((s) => s === 'Degraded' || s === 'Unavailable'), 'only incidents make resources unhealthy');
  });
});

describe('resourcePath: resource ids in a request path', () => {
  it('encodes each segment once: spaces, #, ? and % cannot end the path or start a query', () => {
    assert.equal(resourcePath('/subscriptions/s/resourceGroups/my rg/providers/A.B/c/x#1?y%'), '/subscriptions/s/resourceGroups/my%20rg/providers/A.B/c/x%231%3Fy%25');
  });
  it('an id copied already encoded is not encoded twice; a missing leading slash and a trailing one are fixed', () => {
    assert.equal(resourcePath('subscriptions/s/resourceGroups/my%20rg/'), '/subscriptions/s/resourceGroups/my%20rg');
  });
  it('refuses what is not a resource id: empty, a URL, dot segments', () => {
    for (const bad of ['', '  ', 'https://evil.example/x', '/subscriptions/s/../../x', '/subscriptions//x']) {
      assert.throws(() => resourcePath(bad), /A resource id such as .* is required; check the id and try again\./, bad);
    }
  });
});

describe('sample availability routes share the events’ quota and faults', () => {
  let service: SampleService;
  before(async () => {
    service = await startSampleService({ seed: 5, events: 40, rateLimits: { primaryLimit: 3, windowSeconds: 3600 } });
  });
  after(async () => {
    await service.close();
  });
  const get = (path: string) => fetch(`${service.url}${path}?api-version=2025-05-01`, { headers: { authorization: `Bearer ${service.token}` } });

  it('the primary limit counts availability requests: the 3rd is allowed, the 4th is limited (a script polling every resource)', async () => {
    const sub = service.subscriptionIds[0] ?? '';
    const path = `/subscriptions/${sub}/providers/Microsoft.ResourceHealth/availabilityStatuses`;
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await get(path);
      await res.arrayBuffer();
      statuses.push(res.status);
    }
    assert.deepEqual(statuses.slice(0, 3), [200, 200, 200]);
    assert.ok([403, 429].includes(statuses[3] ?? 0), `limited, got ${statuses[3] ?? 0}`);
  });

  it('an injected 503 (a regional outage of Resource Health) answers the availability route too', async () => {
    service.faults.inject({ kind: 'status', status: 503 }, { path: /availabilityStatuses\/current$/i });
    const res = await fetch(`${service.url}/subscriptions/x/resourceGroups/g/providers/A.B/c/d/providers/Microsoft.ResourceHealth/availabilityStatuses/current?api-version=2025-05-01`, { headers: { authorization: `Bearer ${service.token}` } });
    await res.arrayBuffer();
    assert.equal(res.status, 503);
  });
});

import assert from 'node:assert/strict';
import { ApiError, PagingError, ResponseValidationError } from '../../../src/core/api/errors';
import { HealthEventsApi } from '../../../src/core/api/healthEventsApi';
import { buildEventsFilter, evaluateFilter, parseEventsFilter } from '../../../src/core/api/odataFilter';
import { ThrottledClient } from '../../../src/core/http/client';
import { parseServiceTime } from '../../../src/core/model/schemas';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';
import { startScriptedServer, type ScriptedServer } from './scriptedServer';

const LONG_AGO = new Date(Date.UTC(2000, 0, 1));

describe('HealthEventsApi against the sample service', () => {
  let service: SampleService;
  let client: ThrottledClient;
  let api: HealthEventsApi;

  before(async () => {
    service = await startSampleService({ seed: 7, events: 120, pageSize: 7 });
  });
  after(async () => {
    await service.close();
  });
  beforeEach(() => {
    service.faults.clear();
    service.knobs.denyFetchEventDetails = false;
    client = new ThrottledClient({ origin: service.url, tokenProvider: { getToken: async () => service.token }, maxTransientRetries: 0 });
    api = new HealthEventsApi({ client });
  });
  afterEach(async () => {
    await client.close();
  });

  function expectedNames(subscriptionId: string, since: number, filter?: string): string[] {
    const expr = filter ? parseEventsFilter(filter) : undefined;
    return service.events
      .filter((g) => g.subscriptionIds.includes(subscriptionId))
      .filter((g) => (parseServiceTime(g.event.properties?.lastUpdateTime) ?? 0) >= since)
      .filter((g) => !expr || evaluateFilter(expr, g.event))
      .map((g) => g.event.name ?? '')
      .sort();
  }

  it('pages through every event of a subscription exactly once', async () => {
    const sub = service.subscriptionIds[0] ?? '';
    let pages = 0;
    const names: string[] = [];
    for await (const page of api.listEvents(sub, { queryStartTime: LONG_AGO })) {
      pages++;
      assert.ok(page.events.length <= 7);
      names.push(...page.events.map((e) => e.name ?? ''));
    }
    const expected = expectedNames(sub, LONG_AGO.getTime());
    assert.ok(expected.length > 14, 'the sample should need several pages');
    assert.equal(pages, Math.ceil(expected.length / 7));
    assert.equal(new Set(names).size, names.length, 'no event twice');
    assert.deepEqual([...names].sort(), expected);
  });

  it('passes $filter and queryStartTime through to the service', async () => {
    const sub = service.subscriptionIds[1] ?? '';
    const someService = service.events.find((g) => g.subscriptionIds.includes(sub))?.event.properties?.impact?.[0]?.impactedService ?? '';
    assert.ok(someService);
    const filter = buildEventsFilter({ services: [someService] });
    const filtered = await api.listAllEvents(sub, { filter, queryStartTime: LONG_AGO });
    assert.deepEqual(filtered.map((e) => e.name ?? '').sort(), expectedNames(sub, LONG_AGO.getTime(), filter));

    const since = Date.now() - 86_400_000;
    const recent = await api.listAllEvents(sub, { queryStartTime: new Date(since) });
    assert.deepEqual(recent.map((e) => e.name ?? '').sort(), expectedNames(sub, since));
    assert.ok(recent.length < expectedNames(sub, LONG_AGO.getTime()).length);
  });

  it('maps an invalid filter to ApiError InvalidFilter', async () => {
    await assert.rejects(api.listAllEvents(service.subscriptionIds[0] ?? '', { filter: "service eq 'unterminated" }), (error: unknown) => {
      assert.ok(error instanceof ApiError);
      assert.equal(error.code, 'InvalidFilter');
      assert.equal(typeof error.details, 'string');
      assert.match(error.message, /fix the filter/);
      return true;
    });
  });

  it('fans out over several subscriptions, keeping the others when one fails', async () => {
    const [a = '', b = '', c = ''] = service.subscriptionIds;
    const results = await api.listEventsForSubscriptions([a, 'no-such-subscription', b, c], { queryStartTime: LONG_AGO });
    assert.equal(results.length, 4);
    for (const r of [results[0], results[2], results[3]]) {
      assert.equal(r?.error, undefined);
      assert.deepEqual(r?.events.map((e) => e.name ?? '').sort(), expectedNames(r?.subscriptionId ?? '', LONG_AGO.getTime()));
    }
    assert.ok(results[1]?.error instanceof ApiError);
    assert.equal((results[1]?.error as ApiError).code, 'SubscriptionNotFound');
    assert.match(results[1]?.error?.message ?? '', /pick another subscription/);
  });

  it('stops a nextLink loop with PagingError', async () => {
    service.faults.inject({ kind: 'nextLinkLoop' }, { times: 5, path: /events$/ });
    await assert.rejects(api.listAllEvents(service.subscriptionIds[0] ?? '', { queryStartTime: LONG_AGO }), (e: unknown) => e instanceof PagingError && e.problem === 'loop');
  });

  describe('with a second origin', () => {
    let other: ScriptedServer;
    before(async () => {
      other = await startScriptedServer(() => ({ body: { value: [] } }));
    });
    after(async () => {
      await other.close();
    });

    it('refuses a nextLink to another origin; that origin never receives a request or Authorization', async () => {
      service.faults.inject({ kind: 'foreignNextLink', origin: other.origin }, { path: /events$/ });
      await assert.rejects(api.listAllEvents(service.subscriptionIds[0] ?? '', { queryStartTime: LONG_AGO }), (e: unknown) => e instanceof PagingError && e.problem === 'crossOrigin');
      assert.equal(other.requests.length, 0);
      assert.ok(other.requests.every((r) => r.headers.authorization === undefined));
    });
  });

  it('keeps unknown enum values and fields (schema drift)', async () => {
    service.faults.inject({ kind: 'schemaDrift' }, { path: /events$/ });
    const first = await api.listEvents(service.subscriptionIds[0] ?? '', { queryStartTime: LONG_AGO }).next();
    const e = first.value?.events[0];
    assert.equal(e?.properties?.eventType, 'QuantumMaintenance');
    assert.equal(e?.properties?.eventLevel, 'Catastrophic');
    assert.deepEqual((e?.properties as Record<string, unknown>)['futureField'], { nested: [1, 2, 3] });
  });

  it('reports an invalid JSON body as ResponseValidationError', async () => {
    service.faults.inject({ kind: 'invalidJson' }, { path: /events$/ });
    await assert.rejects(api.listAllEvents(service.subscriptionIds[0] ?? ''), ResponseValidationError);
  });

  it('fetchEventDetails returns the fields the list hides for sensitive events', async () => {
    const sensitive = service.events.find((g) => g.event.properties?.isEventSensitive && g.event.properties.description);
    assert.ok(sensitive, 'the sample should contain a sensitive event');
    const sub = sensitive.subscriptionIds[0] ?? '';
    const listed = (await api.listAllEvents(sub, { queryStartTime: LONG_AGO })).find((e) => e.name === sensitive.event.name);
    assert.ok(listed);
    assert.equal(listed.properties?.description, undefined);
    const details = await api.fetchEventDetails(sub, sensitive.event.name ?? '');
    assert.equal(details.properties?.description, sensitive.event.properties?.description);
    assert.equal(details.properties?.summary, sensitive.event.properties?.summary);
  });

  it('fetchEventDetails 403 explains the role needed; 404 for an unknown event says to refresh', async () => {
    const sub = service.subscriptionIds[0] ?? '';
    service.knobs.denyFetchEventDetails = true;
    await assert.rejects(api.fetchEventDetails(sub, 'ABC-123'), (e: unknown) => e instanceof ApiError && e.status === 403 && /fetchEventDetails\/action/.test(e.message) && /Owner\/Subscription Admin/.test(e.message));
    service.knobs.denyFetchEventDetails = false;
    await assert.rejects(api.fetchEventDetails(sub, 'NOPE-000'), (e: unknown) => e instanceof ApiError && e.code === 'EventNotFound' && /refresh the event list/i.test(e.message) && e.message.split(/not found/).length === 2);
  });

  it('lists the subscriptions', async () => {
    const subs = await api.listSubscriptions();
    assert.deepEqual(subs.map((s) => s.subscriptionId), service.subscriptionIds);
  });

  it('reads /rate_limit, gets 304 on revalidation, and feeds the quota', async () => {
    const before304 = service.stats.byStatus.get(304) ?? 0;
    const first = await api.getRateLimitStatus();
    assert.ok(first?.resources['core']);
    assert.equal(client.quota.buckets.get('core')?.source, 'rate_limit');
    const second = await api.getRateLimitStatus();
    assert.equal(service.stats.byStatus.get(304) ?? 0, before304 + 1);
    assert.deepEqual(second, first);
  });
});

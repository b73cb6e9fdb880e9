import assert from 'node:assert/strict';
import { Agent, request } from 'undici';
import { eventsPageSchema, type HealthEvent, parseServiceTime } from '../../../src/core/model/schemas';
import { evaluateFilter, parseEventsFilter } from '../../../src/core/api/odataFilter';
import { startSampleService, type SampleService, type SampleServiceOptions } from '../../../src/core/sample';

const API = 'api-version=2025-05-01';

interface Res {
  status: number;
  headers: Record<string, string>;
  text: string;
  json: () => Record<string, unknown>;
}

describe('sample service over HTTP', function () {
  let agent: Agent;
  let svc: SampleService;
  let clock = Date.UTC(2026, 10, 20, 12, 0, 0);
  const start = async (opts: SampleServiceOptions = {}): Promise<SampleService> => {
    await svc?.close();
    svc = await startSampleService({ seed: 11, events: 300, now: () => clock, ...opts });
    return svc;
  };
  const call = async (path: string, init: { method?: 'GET' | 'POST'; token?: string | null; headers?: Record<string, string> } = {}): Promise<Res> => {
    const url = path.startsWith('http') ? path : `${svc.url}${path}`;
    const auth: Record<string, string> = init.token === null ? {} : { authorization: `Bearer ${init.token ?? svc.token}` };
    const res = await request(url, { method: init.method ?? 'GET', dispatcher: agent, headers: { ...auth, ...init.headers } });
    const text = await res.body.text();
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(res.headers)) {
      headers[k] = Array.isArray(v) ? v.join(', ') : String(v);
    }
    return { status: res.statusCode, headers, text, json: () => JSON.parse(text) as Record<string, unknown> };
  };
  const eventsPath = (sub: string, query = ''): string => `/subscriptions/${sub}/providers/Microsoft.ResourceHealth/events?${API}${query}`;
  const listAll = async (first: string): Promise<{ events: HealthEvent[]; pages: number }> => {
    const events: HealthEvent[] = [];
    let next: string | undefined = first;
    let pages = 0;
    while (next) {
      const res = await call(next);
      assert.equal(res.status, 200, res.text);
      const page = eventsPageSchema.parse(res.json());
      events.push(...page.value);
      pages++;
      next = page.nextLink ?? undefined;
      if (next) {
        assert.ok(next.startsWith(`${svc.url}/subscriptions/`) && next.includes('api-version=2025-05-01') && next.includes('%24skipToken='), next);
      } else {
        assert.equal('nextLink' in (res.json() as object), false, 'last page omits nextLink');
      }
    }
    return { events, pages };
  };

  before(() => {
    agent = new Agent({ connections: 16 });
  });
  beforeEach(async () => {
    clock = Date.UTC(2026, 10, 20, 12, 0, 0);
    await start();
  });
  after(async () => {
    await svc?.close();
    await agent.close();
  });

  it('refuses non-loopback hosts', async () => {
    await assert.rejects(startSampleService({ host: '0.0.0.0' }), /loopback/);
  });

  it('lists subscriptions and requires a valid bearer token', async () => {
    const ok = await call('/subscriptions?api-version=2022-12-01');
    assert.equal(ok.status, 200);
    const value = ok.json()['value'] as { id: string; subscriptionId: string; state: string; tenantId: string }[];
    assert.deepEqual(value.map((s) => s.subscriptionId), svc.subscriptionIds);
    assert.equal(value[0]?.id, `/subscriptions/${svc.subscriptionIds[0]}`);
    assert.equal(value[0]?.state, 'Enabled');
    for (const token of [null, 'wrong']) {
      const denied = await call('/subscriptions?api-version=2022-12-01', { token });
      assert.equal(denied.status, 401);
      assert.equal(denied.json()['code'], 'InvalidAuthenticationToken');
      assert.equal(typeof denied.json()['details'], 'string');
      assert.ok(!denied.text.includes(svc.token));
    }
  });

  it('pages through every event of the 3-day window exactly once, newest first', async () => {
    const sub = svc.subscriptionIds[0] as string;
    const { events, pages } = await listAll(eventsPath(sub));
    const expected = svc.events
      .filter((g) => g.subscriptionIds.includes(sub))
      .filter((g) => (parseServiceTime(g.event.properties?.lastUpdateTime) as number) >= clock - 3 * 86_400_000);
    assert.ok(expected.length > 50, 'more than one page');
    assert.equal(pages, Math.ceil(expected.length / 50));
    assert.deepEqual(new Set(events.map((e) => e.name)), new Set(expected.map((g) => g.event.name)));
    assert.equal(events.length, expected.length);
    const times = events.map((e) => parseServiceTime(e.properties?.lastUpdateTime) as number);
    assert.deepEqual(times, [...times].sort((a, b) => b - a));
    assert.ok(events.every((e) => e.id === `/subscriptions/${sub}/providers/Microsoft.ResourceHealth/events/${e.name}`));
  });

  it('pins the default window in the skip token and rejects tokens from other queries', async () => {
    const sub = svc.subscriptionIds[0] as string;
    const first = await call(eventsPath(sub));
    const nextLink = first.json()['nextLink'] as string;
    clock += 2 * 86_400_000; // later pages must not shift as time moves on
    const { events } = await listAll(nextLink);
    assert.equal(events.length + 50, svc.events.filter((g) => g.subscriptionIds.includes(sub) && (parseServiceTime(g.event.properties?.lastUpdateTime) as number) >= clock - 5 * 86_400_000).length);
    const token = new URL(nextLink).searchParams.get('$skipToken') ?? '';
    const other = await call(eventsPath(sub, `&$filter=${encodeURIComponent("service eq 'Storage'")}&$skipToken=${token}`));
    assert.equal(other.status, 400);
    assert.equal(other.json()['code'], 'InvalidSkipToken');
    assert.equal((await call(eventsPath(sub, '&$skipToken=garbage'))).status, 400);
  });

  it('applies $filter and reports bad filters', async () => {
    const sub = svc.subscriptionIds[1] as string;
    const filter = "service eq 'Virtual Machines' or region eq 'westeurope'";
    const { events } = await listAll(eventsPath(sub, `&queryStartTime=2026-10-01T00:00:00Z&$filter=${encodeURIComponent(filter)}`));
    const expr = parseEventsFilter(filter);
    const expected = svc.events.filter((g) => g.subscriptionIds.includes(sub) && evaluateFilter(expr, g.event));
    assert.ok(expected.length > 0);
    assert.equal(events.length, expected.length);
    const bad = await call(eventsPath(sub, `&$filter=${encodeURIComponent("status eq 'Active'")}`));
    assert.equal(bad.status, 400);
    assert.equal(bad.json()['code'], 'InvalidFilter');
    assert.match(String(bad.json()['message']), /status/);
  });

  it('accepts queryStartTime as ISO, month/day/year and URL-encoded, and rejects nonsense', async () => {
    const sub = svc.subscriptionIds[0] as string;
    const inWindow = (since: number) =>
      svc.events.filter((g) => g.subscriptionIds.includes(sub) && (parseServiceTime(g.event.properties?.lastUpdateTime) as number) >= since).length;
    const since = Date.UTC(2026, 10, 10);
    for (const q of ['2026-11-10T00:00:00Z', '11/10/2026', '11%2F10%2F2026', '11%252F10%252F2026']) {
      const { events } = await listAll(eventsPath(sub, `&queryStartTime=${q}`));
      assert.equal(events.length, inWindow(since), q);
    }
    const bad = await call(eventsPath(sub, '&queryStartTime=someday'));
    assert.equal(bad.status, 400);
    assert.equal(bad.json()['code'], 'InvalidQueryStartTime');
  });

  it('checks api-version and the subscription', async () => {
    const sub = svc.subscriptionIds[0] as string;
    const missing = await call(`/subscriptions/${sub}/providers/Microsoft.ResourceHealth/events`);
    assert.equal(missing.status, 400);
    assert.equal(missing.json()['code'], 'MissingApiVersionParameter');
    const wrong = await call(`/subscriptions/${sub}/providers/Microsoft.ResourceHealth/events?api-version=1999-01-01`);
    assert.equal(wrong.json()['code'], 'InvalidApiVersionParameter');
    const unknown = await call(eventsPath('00000000-0000-0000-0000-000000000000'));
    assert.equal(unknown.status, 404);
    assert.equal(unknown.json()['code'], 'SubscriptionNotFound');
  });

  it('hides sensitive text in the list and returns it from fetchEventDetails', async () => {
    const sub = svc.subscriptionIds[0] as string;
    const { events } = await listAll(eventsPath(sub, '&queryStartTime=2026-10-01'));
    const sensitive = events.find((e) => e.properties?.isEventSensitive === true);
    const plain = events.find((e) => e.properties?.isEventSensitive === false);
    assert.ok(sensitive && plain);
    assert.equal('description' in (sensitive.properties ?? {}), false);
    assert.equal('summary' in (sensitive.properties ?? {}), false);
    assert.ok(sensitive.properties?.impact?.every((i) => i.impactedRegions?.every((r) => !('updates' in r))));
    assert.ok(plain.properties?.description && plain.properties.impact?.[0]?.impactedRegions?.[0]?.updates?.length);
    const details = await call(`/subscriptions/${sub}/providers/Microsoft.ResourceHealth/events/${sensitive.name}/fetchEventDetails?${API}`, { method: 'POST' });
    assert.equal(details.status, 200);
    const full = details.json() as HealthEvent;
    assert.equal(full.name, sensitive.name);
    assert.ok(full.properties?.description && full.properties.summary);
    assert.ok(full.properties.impact?.[0]?.impactedRegions?.[0]?.updates?.length);
    assert.ok(details.headers['x-ms-ratelimit-remaining-subscription-writes']);

    const missing = await call(`/subscriptions/${sub}/providers/Microsoft.ResourceHealth/events/NOPE-123/fetchEventDetails?${API}`, { method: 'POST' });
    assert.equal(missing.status, 404);
    assert.equal(missing.json()['code'], 'EventNotFound');
    assert.equal((await call(`/subscriptions/${sub}/providers/Microsoft.ResourceHealth/events/${sensitive.name}/fetchEventDetails?${API}`)).status, 405);

    svc.knobs.denyFetchEventDetails = true;
    const denied = await call(`/subscriptions/${sub}/providers/Microsoft.ResourceHealth/events/${sensitive.name}/fetchEventDetails?${API}`, { method: 'POST' });
    assert.equal(denied.status, 403);
    assert.equal(denied.json()['code'], 'AuthorizationFailed');
    assert.match(String(denied.json()['message']), /Microsoft\.ResourceHealth\/events\/fetchEventDetails\/action/);
  });

  it('serves explicit events from eventsOverride', async () => {
    const sub = 'aaaaaaaa-0000-4000-8000-000000000001';
    const lastUpdateTime = new Date(clock - 60_000).toISOString();
    await start({ eventsOverride: [{ event: { name: 'ABCD-123', properties: { lastUpdateTime, title: 'T' } }, subscriptionIds: [sub] }] });
    assert.deepEqual(svc.subscriptionIds, [sub]);
    const { events } = await listAll(eventsPath(sub));
    assert.deepEqual(events.map((e) => [e.name, e.id]), [['ABCD-123', `/subscriptions/${sub}/providers/Microsoft.ResourceHealth/events/ABCD-123`]]);
  });

  it('sends rate-limit headers and enforces the primary limit on the injected clock', async () => {
    await start({ rateLimits: { primaryLimit: 3, windowSeconds: 60, primaryStatus: 429 } });
    const sub = svc.subscriptionIds[0] as string;
    const first = await call(eventsPath(sub));
    assert.equal(first.headers['x-ratelimit-limit'], '3');
    assert.equal(first.headers['x-ratelimit-remaining'], '2');
    assert.equal(first.headers['x-ratelimit-used'], '1');
    assert.equal(first.headers['x-ratelimit-resource'], 'core');
    assert.equal(first.headers['x-ratelimit-reset'], String(Math.ceil((clock + 60_000) / 1000)));
    assert.ok(Number(first.headers['x-ms-ratelimit-remaining-subscription-reads']) > 0);
    await call(eventsPath(sub));
    await call('/subscriptions?api-version=2022-12-01');
    const limited = await call(eventsPath(sub));
    assert.equal(limited.status, 429);
    assert.equal(limited.headers['x-ratelimit-remaining'], '0');
    assert.match(String(limited.json()['message']), /^API rate limit exceeded/);
    assert.equal(svc.stats.primaryLimited, 1);
    clock += 30_000;
    assert.equal((await call(eventsPath(sub))).status, 429);
    assert.equal(svc.stats.requestsBeforeReset, 1);
    // /rate_limit costs no primary quota, even while limited.
    assert.equal((await call('/rate_limit')).status, 200);
    clock += 30_000;
    const after = await call(eventsPath(sub));
    assert.equal(after.status, 200);
    assert.equal(after.headers['x-ratelimit-remaining'], '2');
  });

  it('enforces secondary points per minute on GitHub-style endpoints with retry-after (3 pass, the 4th is refused)', async () => {
    await start({ rateLimits: { pointsPerMinute: 3, secondaryStatus: 403 } });
    for (let i = 0; i < 3; i++) {
      assert.equal((await call('/rate_limit')).status, 200, `request ${i + 1} of the 3-point budget`);
    }
    const limited = await call('/rate_limit');
    assert.equal(limited.status, 403);
    assert.match(String(limited.json()['message']), /^You have exceeded a secondary rate limit/);
    assert.equal(limited.headers['retry-after'], '60');
    assert.notEqual(limited.headers['x-ratelimit-remaining'], '0');
    assert.equal(svc.stats.secondaryLimited, 1);
    // Points are per endpoint: another GitHub-style path still has its own budget.
    assert.equal((await call('/repos/octo/hello')).status, 404);
    clock += 59_999;
    assert.equal((await call('/rate_limit')).status, 403, 'the minute opened by the first request has not ended');
    clock += 1;
    assert.equal((await call('/rate_limit')).status, 200);
  });

  it('ARM is not GitHub: ARM paths never draw on the points budget (10 reads and 2 writes with 3 points a minute all pass)', async () => {
    await start({ rateLimits: { pointsPerMinute: 3, secondaryStatus: 403 } });
    const sub = svc.subscriptionIds[0] as string;
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) {
      statuses.push((await call(eventsPath(sub))).status);
    }
    const details = `/subscriptions/${sub}/providers/Microsoft.ResourceHealth/events/${svc.events[0]?.event.name}/fetchEventDetails?${API}`;
    statuses.push((await call(details, { method: 'POST' })).status, (await call(details, { method: 'POST' })).status);
    assert.ok(statuses.every((st) => st !== 403 && st !== 429), statuses.join());
    assert.equal(svc.stats.secondaryLimited, 0);
    // ...nor spend it: the GitHub-style endpoint still has all of its 3 points.
    for (let i = 0; i < 3; i++) {
      assert.equal((await call('/rate_limit')).status, 200);
    }
    assert.equal((await call('/rate_limit')).status, 403);
  });

  it('enforces the secondary concurrency limit', async () => {
    await start({ rateLimits: { maxConcurrent: 2 }, latencyMs: 150 });
    const sub = svc.subscriptionIds[0] as string;
    const results = await Promise.all(Array.from({ length: 6 }, () => call(eventsPath(sub))));
    const limited = results.filter((r) => r.status === 403);
    // Six at once against two slots: the two first go through, the four others are refused.
    assert.equal(limited.length, 4, results.map((r) => r.status).join());
    assert.ok(limited.every((r) => r.headers['retry-after'] === '1'));
    assert.equal(svc.stats.secondaryLimited, limited.length);
  });

  it('throttles the ARM subscription read bucket with 429 and refills over time', async () => {
    await start({ rateLimits: { armReadsCapacity: 2, armReadsRefillPerSecond: 1 } });
    const sub = svc.subscriptionIds[0] as string;
    assert.equal((await call(eventsPath(sub))).headers['x-ms-ratelimit-remaining-subscription-reads'], '1');
    assert.equal((await call(eventsPath(sub))).headers['x-ms-ratelimit-remaining-subscription-reads'], '0');
    const throttled = await call(eventsPath(sub));
    assert.equal(throttled.status, 429);
    assert.equal(throttled.json()['code'], 'SubscriptionRequestsThrottled');
    assert.equal(throttled.headers['retry-after'], '1');
    clock += 1000;
    assert.equal((await call(eventsPath(sub))).status, 200);
  });

  it('keeps the tenant read bucket apart from the subscriptions’ and names it in x-ms-ratelimit-remaining-tenant-reads, as ARM does', async () => {
    await start({ rateLimits: { armReadsCapacity: 2, armReadsRefillPerSecond: 1 } });
    const sub = svc.subscriptionIds[0] as string;
    const tenantPath = `/providers/Microsoft.ResourceHealth/events?${API}`;
    const first = await call(tenantPath);
    assert.equal(first.headers['x-ms-ratelimit-remaining-tenant-reads'], '1');
    assert.equal(first.headers['x-ms-ratelimit-remaining-subscription-reads'], undefined, 'a tenant request reports no subscription bucket');
    assert.equal((await call(tenantPath)).headers['x-ms-ratelimit-remaining-tenant-reads'], '0', 'the whole bucket spent: still answered');
    const over = await call(tenantPath);
    assert.equal(over.status, 429, 'one over the bucket is refused');
    assert.equal(over.json()['code'], 'TenantRequestsThrottled');
    // The empty tenant bucket takes nothing from a subscription's.
    const subscription = await call(eventsPath(sub));
    assert.equal(subscription.status, 200);
    assert.equal(subscription.headers['x-ms-ratelimit-remaining-subscription-reads'], '1');
    assert.equal(subscription.headers['x-ms-ratelimit-remaining-tenant-reads'], undefined);
  });

  it('reports /rate_limit with all categories and answers If-None-Match with 304', async () => {
    await call(eventsPath(svc.subscriptionIds[0] as string));
    const res = await call('/rate_limit');
    assert.equal(res.status, 200);
    const body = res.json() as { resources: Record<string, { limit: number; remaining: number; used: number; reset: number }>; rate: unknown };
    for (const c of ['core', 'search', 'code_search', 'graphql', 'integration_manifest', 'code_scanning_upload']) {
      assert.equal(typeof body.resources[c]?.reset, 'number', c);
    }
    assert.deepEqual(body.rate, body.resources['core']);
    assert.equal(body.resources['core']?.used, 1);
    const etag = res.headers['etag'] ?? '';
    assert.ok(etag);
    const again = await call('/rate_limit', { headers: { 'if-none-match': etag } });
    assert.equal(again.status, 304);
    assert.equal(again.text, '');
    assert.equal(again.headers['x-ratelimit-used'], '1');
    await call(eventsPath(svc.subscriptionIds[0] as string));
    assert.equal((await call('/rate_limit', { headers: { 'if-none-match': etag } })).status, 200);
  });

  describe('faults', () => {
    const sub = (): string => svc.subscriptionIds[0] as string;

    it('status bursts with retry-after, then recovery; path matching', async () => {
      svc.faults.inject({ kind: 'status', status: 503, retryAfterSeconds: 2 }, { times: 2, path: /events$/ });
      assert.equal((await call('/subscriptions?api-version=2022-12-01')).status, 200);
      for (let i = 0; i < 2; i++) {
        const res = await call(eventsPath(sub()));
        assert.equal(res.status, 503);
        assert.equal(res.headers['retry-after'], '2');
        assert.equal(typeof res.json()['code'], 'string');
      }
      assert.equal((await call(eventsPath(sub()))).status, 200);
      assert.equal(svc.faults.pending, 0);
      assert.equal(svc.faults.applied, 2);
    });

    it('connection reset', async () => {
      svc.faults.inject({ kind: 'connectionReset' });
      await assert.rejects(call(eventsPath(sub())));
      assert.equal((await call(eventsPath(sub()))).status, 200);
    });

    it('invalid JSON', async () => {
      svc.faults.inject({ kind: 'invalidJson' });
      const res = await call(eventsPath(sub()));
      assert.equal(res.status, 200);
      assert.throws(() => JSON.parse(res.text), SyntaxError);
    });

    it('truncated body', async () => {
      svc.faults.inject({ kind: 'truncatedBody' });
      await assert.rejects(call(eventsPath(sub())));
    });

    it('slow body sends headers first', async () => {
      svc.faults.inject({ kind: 'slowBody', stallMs: 300 });
      const res = await request(`${svc.url}${eventsPath(sub())}`, { dispatcher: agent, headers: { authorization: `Bearer ${svc.token}` } });
      assert.equal(res.statusCode, 200);
      // With a body timeout below the stall the body never arrives.
      const short = new Agent({ bodyTimeout: 50 });
      try {
        svc.faults.inject({ kind: 'slowBody', stallMs: 2000 });
        const stalled = await request(`${svc.url}${eventsPath(sub())}`, { dispatcher: short, headers: { authorization: `Bearer ${svc.token}` } });
        assert.equal(stalled.statusCode, 200);
        await assert.rejects(stalled.body.text(), /timeout/i);
      } finally {
        await short.destroy();
      }
      assert.ok(eventsPageSchema.parse(JSON.parse(await res.body.text())).value.length > 0);
    });

    it('schema drift injects unknown fields and enum values', async () => {
      svc.faults.inject({ kind: 'schemaDrift' });
      const page = eventsPageSchema.parse((await call(eventsPath(sub()))).json());
      const p = page.value[0]?.properties as Record<string, unknown>;
      assert.equal(p['eventType'], 'QuantumMaintenance');
      assert.ok(p['futureField']);
    });

    it('nextLink loop and foreign nextLink', async () => {
      const path = eventsPath(sub());
      svc.faults.inject({ kind: 'nextLinkLoop' });
      assert.equal((await call(path)).json()['nextLink'], `${svc.url}${path}`);
      svc.faults.inject({ kind: 'foreignNextLink', origin: 'https://evil.example' });
      const foreign = String((await call(path)).json()['nextLink']);
      assert.ok(foreign.startsWith('https://evil.example/subscriptions/'), foreign);
      assert.ok(foreign.includes('skipToken'));
    });

    it('401 once (token expired) and 403 permission', async () => {
      svc.faults.inject({ kind: 'tokenExpired' }).inject({ kind: 'forbidden' });
      const expired = await call(eventsPath(sub()));
      assert.equal(expired.status, 401);
      assert.equal(expired.json()['code'], 'ExpiredAuthenticationToken');
      const forbidden = await call(eventsPath(sub()));
      assert.equal(forbidden.status, 403);
      assert.equal(forbidden.json()['code'], 'AuthorizationFailed');
      assert.equal((await call(eventsPath(sub()))).status, 200);
    });
  });
});

// Faults at the extension level, in a real VS Code: the sample service (real loopback HTTP) is
// told to fail in each way the service can, and the test checks what the user ends up seeing
// (events kept or loaded, one clear sentence) and what went over the wire (retries, re-auth).
import * as assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { ServiceHealthApi } from '../../src/extension';
import type { SampleService } from '../../src/core/sample';
import { activateExtension, until } from './extensionApi';

const EVENTS_PATH = /\/events\/?$/i;


describe('faults (real VS Code)', function () {
  this.timeout(90_000);
  let health: ServiceHealthApi;
  let sample: SampleService;
  let baseline: number;

  /** The view's message unless it is the sample-mode note (shown when there is no problem to tell). */
  function problem(): string {
    const message = health.viewState().message ?? '';
    return /^Made-up events from the local sample service\./.test(message) ? '' : message;
  }

  /** What the view tells the user: its message, else the error rows of the tree. */
  function shown(): string {
    const rows = health.getTreeSnapshot(1).filter((n) => n.contextValue === undefined || /error/.test(n.contextValue ?? '') || n.id?.includes('error'));
    return [problem(), ...rows.map((r) => r.label)].join(' | ');
  }

  function statusCount(status: number): number {
    return sample.stats.byStatus.get(status) ?? 0;
  }

  before(async () => {
    health = await activateExtension();
    await health.useSampleService({ events: 150, pageSize: 20, seed: 7 });
    const s = health.sampleService();
    assert.ok(s);
    sample = s;
    await health.refresh({ full: true });
    baseline = health.getEvents().length;
    assert.ok(baseline > 0);
  });

  afterEach(async () => {
    sample.faults.clear();
    sample.knobs.latencyMs = 0;
    // Each case starts from a healthy, fully loaded store.
    await health.refresh({ full: true });
    assert.equal(health.getEvents().length, baseline, 'a clean refresh after the fault restores every event');
    assert.equal(problem(), '', `the view still shows a problem: ${problem()}`);
  });

  after(async () => {
    await health.useSampleService({});
  });

  it('401 once (token expired): one silent re-authentication, then the events load without a message', async () => {
    sample.resetStats();
    const applied = sample.faults.applied;
    sample.faults.inject({ kind: 'tokenExpired' }, { path: EVENTS_PATH });
    await health.refresh({ full: true });
    assert.equal(sample.faults.applied - applied, 1, 'the expired token was answered once');
    assert.equal(statusCount(401), 1, 'exactly one 401');
    assert.equal(health.getEvents().length, baseline);
    assert.equal(problem(), '');
  });

  it('401 on every request (token expired or revoked): one re-authentication per request, then a clear sign-in prompt, earlier events kept, and no resource health request with that token', async () => {
    const healthRequests = (): number => [...sample.stats.byPath].filter(([path]) => /availabilityStatuses|ResourceGraph/i.test(path)).reduce((sum, [, n]) => sum + n, 0);
    // The Resources view's listing after the previous load may still be under way: let it end first (no new request for a second).
    for (let last = -1, i = 0; healthRequests() !== last && i < 30; i++) {
      last = healthRequests();
      await new Promise((r) => setTimeout(r, 1_000));
    }
    sample.resetStats();
    sample.faults.inject({ kind: 'tokenExpired' }, { path: EVENTS_PATH, times: 1_000 });
    await health.refresh({ full: true });
    // A token refused by every subscription: the Resources view sends no health request with it.
    await until('the Resources view to answer the load', () => health.logLines().some((l) => /Resource health: not listed, as every subscription refused the token/.test(l)) || healthRequests() > 0);
    assert.equal(healthRequests(), 0, 'health was listed with a rejected token');
    const requests = [...sample.stats.byPath.values()].reduce((sum, n) => sum + n, 0);
    assert.equal(statusCount(401), requests, 'every request was refused');
    // 3 subscriptions, each: the first try and one silent re-authentication, no more.
    assert.equal(statusCount(401), 3 * 2);
    assert.match(shown(), /sign in again/i);
    assert.match(shown(), /ExpiredAuthenticationToken/);
    assert.equal(health.getEvents().length, baseline, 'earlier events are kept');
  });

  it('403: says to ask an administrator for the Reader role', async () => {
    sample.faults.inject({ kind: 'forbidden' }, { path: EVENTS_PATH, times: 1_000 });
    await health.refresh({ full: true });
    assert.match(shown(), /Reader role/);
    assert.match(shown(), /AuthorizationFailed/);
    assert.equal(health.getEvents().length, baseline);
  });

  it('403 names the subscription the user knows (its listed name), not its GUID', async () => {
    const response = await fetch(`${sample.url}/subscriptions?api-version=2022-12-01`, { headers: { authorization: `Bearer ${sample.token}` } });
    const listed = ((await response.json()) as { value: Array<{ displayName?: string }> }).value.map((s) => s.displayName ?? '').filter(Boolean);
    assert.ok(listed.length > 0, 'the sample lists no subscription names');
    sample.faults.inject({ kind: 'forbidden' }, { path: EVENTS_PATH, times: 1_000 });
    await health.refresh({ full: true });
    const text = shown();
    assert.ok(listed.some((name) => text.includes(`You do not have access to subscription "${name}"`)), `no subscription named in: ${text}`);
    for (const id of sample.subscriptionIds) {
      assert.ok(!text.toLowerCase().includes(id.toLowerCase()), `the GUID ${id} is shown: ${text}`);
    }
  });

  it('503 with retry-after, then success: retried and loaded without a message', async () => {
    sample.resetStats();
    sample.faults.inject({ kind: 'status', status: 503, retryAfterSeconds: 0 }, { path: EVENTS_PATH, times: 2 });
    await health.refresh({ full: true });
    assert.equal(statusCount(503), 2);
    assert.equal(health.getEvents().length, baseline);
    assert.equal(problem(), '');
  });

  it('500 on every request: bounded retries, then a message and the earlier events', async () => {
    sample.resetStats();
    sample.faults.inject({ kind: 'status', status: 500 }, { path: EVENTS_PATH, times: 1_000 });
    await health.refresh({ full: true });
    // 3 subscriptions x (1 + 3 transient retries).
    assert.equal(statusCount(500), 3 * 4);
    assert.notEqual(shown().replace(/\|/g, '').trim(), '');
    assert.equal(health.getEvents().length, baseline);
  });

  it('a connection reset is retried transparently', async () => {
    sample.faults.inject({ kind: 'connectionReset' }, { path: EVENTS_PATH, times: 2 });
    await health.refresh({ full: true });
    assert.equal(sample.faults.pending, 0);
    assert.equal(health.getEvents().length, baseline);
    assert.equal(problem(), '');
  });

  it('a body that is not JSON: a message, earlier events kept', async () => {
    sample.faults.inject({ kind: 'invalidJson' }, { path: EVENTS_PATH, times: 1_000 });
    await health.refresh({ full: true });
    assert.notEqual(shown().replace(/\|/g, '').trim(), '');
    assert.equal(health.getEvents().length, baseline);
  });

  it('unknown fields and enum values (schema drift) still load every event', async () => {
    sample.faults.inject({ kind: 'schemaDrift' }, { path: EVENTS_PATH, times: 1_000 });
    await health.refresh({ full: true });
    assert.equal(health.getEvents().length, baseline);
    assert.equal(problem(), '');
  });

  it('a nextLink loop ends with a message instead of paging forever', async () => {
    sample.resetStats();
    sample.faults.inject({ kind: 'nextLinkLoop' }, { path: EVENTS_PATH, times: 1_000 });
    await health.refresh({ full: true });
    const requests = [...sample.stats.byPath.values()].reduce((a, b) => a + b, 0);
    assert.ok(requests < 100, `${requests} requests`);
    assert.notEqual(shown().replace(/\|/g, '').trim(), '');
  });

  describe('a nextLink to another origin', () => {
    let foreign: Server;
    const received: IncomingHttpHeaders[] = [];

    before(async () => {
      foreign = createServer((req, res) => {
        received.push(req.headers);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"value":[]}');
      });
      await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
    });

    after(async () => {
      await new Promise<void>((resolve) => foreign.close(() => resolve()));
    });

    it('is not followed with the token: no credential reaches the other origin, and the user is told', async () => {
      const origin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
      sample.faults.inject({ kind: 'foreignNextLink', origin }, { path: EVENTS_PATH, times: 3 });
      await health.refresh({ full: true });
      assert.deepEqual(received.filter((h) => h.authorization !== undefined), []);
      assert.notEqual(shown().replace(/\|/g, '').trim(), '');
      assert.equal(health.getEvents().length, baseline);
    });
  });
});

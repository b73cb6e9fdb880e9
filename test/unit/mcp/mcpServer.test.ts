import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { impactedResourcesFor } from '../../../src/core/sample/impactedResources';
import { SUBSCRIPTIONS_API_VERSIONS } from '../../../src/core/sample/replies';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';

// The compiled CLI (tsc output): the server runs as its own process, as an MCP client starts it.
const CLI = join(__dirname, '..', '..', '..', 'src', 'cli.js');
const SEED = 7;
const PAGE_SIZE = 4;
const DAY = 86_400_000;

/** The shipped bundle (`npm run build`), not the tsc output. */
function distMcp(): string {
  const bundle = join(__dirname, '..', '..', '..', '..', 'dist', 'mcp.js');
  if (!existsSync(bundle)) throw new Error('dist/ is missing: run `npm run build` before the unit tests (npm test does).');
  return bundle;
}

interface Session {
  client: Client;
  stderr: () => string;
  errors: Error[];
  close(): Promise<void>;
}

async function connect(service: SampleService, args: string[] = [], token = service.token, entry: string[] = [CLI, 'mcp']): Promise<Session> {
  const transport = new StdioClientTransport({
    command: process.execPath,
    args: [...entry, '--endpoint', service.url, ...args],
    env: { HEALTH_EVENTS_TOKEN: token, PATH: process.env['PATH'] ?? '' },
    stderr: 'pipe',
  });
  let stderr = '';
  transport.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString('utf8')));
  const errors: Error[] = [];
  const client = new Client({ name: 'mcp-test', version: '1.0.0' });
  client.onerror = (e) => errors.push(e);
  await client.connect(transport);
  return { client, stderr: () => stderr, errors, close: () => client.close() };
}

function textOf(result: unknown): string {
  const content = (result as CallToolResult).content;
  const first = content[0];
  assert.ok(first && first.type === 'text', 'a text result');
  return first.text;
}

function json<T>(result: unknown): T {
  assert.notEqual((result as CallToolResult).isError, true, textOf(result));
  return JSON.parse(textOf(result)) as T;
}

interface ListResult {
  interpretation: string;
  total: number;
  page: number;
  pages: number;
  events: { trackingId: string; status: string; subscriptions: string[]; subscriptionNames?: string[] }[];
  more?: string;
  notUnderstood?: string[];
  suggestedQuery?: string;
}

describe('health-events mcp (a JSON-RPC client over stdio against the sample service)', function () {
  this.timeout(60_000);
  let service: SampleService;

  before(async () => {
    service = await startSampleService({ seed: SEED, events: 60, pageSize: PAGE_SIZE });
  });
  after(async () => {
    await service.close();
  });

  /** Incidents the service holds, updated in the last `days` days (what a full listing must find). */
  function incidentsInWindow(days: number, where: (e: SampleService['events'][number]) => boolean = () => true): Set<string> {
    const since = Date.now() - days * DAY;
    return new Set(
      service.events
        .filter((g) => Date.parse(g.event.properties?.lastUpdateTime ?? '') >= since + 60_000 && where(g))
        .map((g) => (g.event.name ?? '').toUpperCase()),
    );
  }

  it('initializes as "service-health" and lists its seven tools with input schemas', async () => {
    const s = await connect(service);
    try {
      assert.equal(s.client.getServerVersion()?.name, 'service-health');
      const { tools } = await s.client.listTools();
      assert.deepEqual(tools.map((t) => t.name).sort(), ['check_infrastructure', 'get_health_event', 'get_rate_limit', 'get_resource_health', 'list_health_events', 'list_impacted_resources', 'list_resource_health']);
      const list = tools.find((t) => t.name === 'list_health_events');
      assert.ok(list?.inputSchema.properties && 'query' in list.inputSchema.properties && 'page' in list.inputSchema.properties);
      assert.deepEqual(s.errors, []);
    } finally {
      await s.close();
    }
  });

  it('dist/mcp.js, the bundle the extension starts with its own Node, serves the same tools and takes --root as the extension passes it', async function () {
    const root = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-dist-root-')));
    writeFileSync(join(root, 'main.bicep'), "resource site 'Microsoft.Web/sites@2023-12-01' = {\n  name: 'web'\n  location: 'westeurope'\n}\n");
    const s = await connect(service, ['--root', root], service.token, [distMcp()]);
    try {
      const { tools } = await s.client.listTools();
      assert.equal(tools.length, 7);
      const quota = json<{ requestsSent: number }>(await s.client.callTool({ name: 'get_rate_limit', arguments: {} }));
      assert.equal(quota.requestsSent, 1, 'its own GET /rate_limit, nothing else');
      const check = json<{ targets: { at: string }[] }>(await s.client.callTool({ name: 'check_infrastructure', arguments: {} }));
      assert.deepEqual(check.targets, [{ service: 'App Service', region: 'West Europe', at: 'main.bicep:3' }]);
    } finally {
      await s.close();
      rmSync(root, { recursive: true, force: true });
    }
  });

  it('--root confines check_infrastructure: a folder inside the root is read, a `../` escape is one sentence', async () => {
    const base = realpathSync(mkdtempSync(join(tmpdir(), 'mcp-root-cli-')));
    mkdirSync(join(base, 'root'));
    mkdirSync(join(base, 'secret'));
    writeFileSync(join(base, 'root', 'main.bicep'), "resource site 'Microsoft.Web/sites@2023-12-01' = {\n  name: 'web'\n  location: 'westeurope'\n}\n");
    const s = await connect(service, ['--root', join(base, 'root')]);
    try {
      const ok = json<{ targetCount: number; targets: { service: string; region: string; at: string }[] }>(await s.client.callTool({ name: 'check_infrastructure', arguments: { path: '.' } }));
      assert.deepEqual(ok.targets, [{ service: 'App Service', region: 'West Europe', at: 'main.bicep:3' }]);
      const escape = (await s.client.callTool({ name: 'check_infrastructure', arguments: { path: '../secret' } })) as CallToolResult;
      assert.equal(escape.isError, true);
      assert.equal(textOf(escape), `Invalid path: ../secret is outside the folders this server may read (${join(base, 'root')}); pass a folder inside one of them.`);
    } finally {
      await s.close();
      rmSync(base, { recursive: true, force: true });
    }
  });

  it('list_health_events reads every page of the service and returns one page of results with the total and how to get more', async () => {
    const s = await connect(service);
    try {
      const expected = incidentsInWindow(30);
      assert.ok(expected.size > 10 && expected.size > PAGE_SIZE * 3, `seed gives ${expected.size} incidents`);
      const eventsPath = (sub: string): string => `/subscriptions/${sub}/providers/Microsoft.ResourceHealth/events`;
      const before = new Map(service.subscriptionIds.map((sub) => [sub, service.stats.byPath.get(eventsPath(sub)) ?? 0]));
      const first = json<ListResult>(await s.client.callTool({ name: 'list_health_events', arguments: { days: 30 } }));
      // Every service page was followed: each subscription's listing was asked for once per page of PAGE_SIZE.
      const pagesAsked = service.subscriptionIds.map((sub) => (service.stats.byPath.get(eventsPath(sub)) ?? 0) - (before.get(sub) ?? 0));
      const pagesHeld = service.subscriptionIds.map((sub) => Math.ceil(service.events.filter((g) => g.subscriptionIds.includes(sub)).length / PAGE_SIZE));
      assert.deepEqual(pagesAsked, pagesHeld);
      // The total counts every incident, not the first service page.
      assert.equal(first.total, expected.size);
      assert.equal(first.page, 1);
      assert.equal(first.events.length, 10);
      assert.equal(first.pages, Math.ceil(first.total / 10));
      assert.match(first.more ?? '', /page: 2/u);
      assert.match(first.interpretation, new RegExp(`^Events, last 30 days: ${first.total}$`, 'u'));
      const second = json<ListResult>(await s.client.callTool({ name: 'list_health_events', arguments: { days: 30, page: 2 } }));
      assert.equal(second.page, 2);
      const ids1 = new Set(first.events.map((e) => e.trackingId));
      assert.ok(second.events.length > 0 && second.events.every((e) => !ids1.has(e.trackingId)), 'page 2 holds other events');
      assert.deepEqual(s.errors, []);
    } finally {
      await s.close();
    }
  });

  it('list_health_events understands the query language and structured fields alike, and says which words it did not understand', async () => {
    const s = await connect(service);
    try {
      const byText = json<ListResult>(await s.client.callTool({ name: 'list_health_events', arguments: { query: 'active outages', days: 30 } }));
      const byFields = json<ListResult>(await s.client.callTool({ name: 'list_health_events', arguments: { types: ['ServiceIssue'], statuses: ['Active'], days: 30 } }));
      assert.equal(byText.total, byFields.total);
      assert.ok(byText.events.every((e) => e.status === 'Active'));
      assert.match(byText.interpretation, /^Active service issues, last 30 days: \d+$/u);
      const odd = json<ListResult>(await s.client.callTool({ name: 'list_health_events', arguments: { query: 'active outages blorpxq' } }));
      assert.deepEqual(odd.notUnderstood, ['blorpxq']);
      assert.match(odd.suggestedQuery ?? '', /status:Active/u);
    } finally {
      await s.close();
    }
  });

  it('get_health_event and list_impacted_resources answer about one tracking id, every resource page followed', async () => {
    const candidate = service.events
      .filter((g) => Date.parse(g.event.properties?.lastUpdateTime ?? '') >= Date.now() - 29 * DAY)
      .flatMap((g) => g.subscriptionIds.map((sub) => ({ sub, id: g.event.name ?? '', n: impactedResourcesFor(g.event, sub, SEED).length })))
      .sort((a, b) => b.n - a.n)[0];
    assert.ok(candidate && candidate.n > PAGE_SIZE, 'an event with several pages of impacted resources');
    const s = await connect(service, ['--subscription', candidate.sub]);
    try {
      const event = json<{ trackingId: string; updates: unknown[]; subscriptions: string[] }>(await s.client.callTool({ name: 'get_health_event', arguments: { trackingId: candidate.id.toLowerCase() } }));
      assert.equal(event.trackingId, candidate.id);
      assert.deepEqual(event.subscriptions, [candidate.sub]);
      assert.ok(Array.isArray(event.updates));
      const resources = json<{ total: number; resources: { name: string; resourceGroup: string; subscriptionId: string }[] }>(
        await s.client.callTool({ name: 'list_impacted_resources', arguments: { trackingId: candidate.id } }),
      );
      assert.equal(resources.total, candidate.n);
      assert.equal(resources.resources.length, Math.min(candidate.n, 25));
      assert.ok(resources.resources.every((r) => r.subscriptionId === candidate.sub && r.name && r.resourceGroup));
    } finally {
      await s.close();
    }
  });

  it('an unknown tracking id is an error result that tells the model what to do', async () => {
    const s = await connect(service);
    try {
      const result = (await s.client.callTool({ name: 'get_health_event', arguments: { trackingId: 'NOPE-000' } })) as CallToolResult;
      assert.equal(result.isError, true);
      assert.match(textOf(result), /^No event with tracking id NOPE-000 was updated in the last 30 days .*; check the id with the list tool, or pass days \(up to 90\)\.$/u);
    } finally {
      await s.close();
    }
  });

  it('waits out a 429 with retry-after (the service throttling) and still answers, logging the wait on stderr only', async () => {
    const s = await connect(service);
    try {
      // Real-world condition: ARM answers 429 Too Many Requests with retry-after when a subscription's read bucket is empty.
      service.faults.inject({ kind: 'status', status: 429, retryAfterSeconds: 1, code: 'TooManyRequests' }, { times: 1, path: /events$/u });
      const result = json<ListResult>(await s.client.callTool({ name: 'list_health_events', arguments: { days: 30 } }));
      assert.equal(result.total, incidentsInWindow(30).size);
      assert.equal(service.faults.pending, 0);
      assert.match(s.stderr(), /waiting \d+ s: .*rate limit/u);
      const quota = json<{ summary: string; requestsSent: number }>(await s.client.callTool({ name: 'get_rate_limit', arguments: {} }));
      const pages = service.subscriptionIds.reduce((n, sub) => n + Math.ceil(service.events.filter((g) => g.subscriptionIds.includes(sub)).length / PAGE_SIZE), 0);
      assert.equal(quota.requestsSent, pages + 3, 'every page, GET /subscriptions, the refused request, and GET /rate_limit');
      assert.match(quota.summary, /\S/u);
      assert.deepEqual(s.errors, [], 'stdout carried only JSON-RPC');
    } finally {
      await s.close();
    }
  });

  it('a rejected token is an error result naming HEALTH_EVENTS_TOKEN, and the token is never written', async () => {
    const bad = 'not-the-right-token-ABCDEF123456';
    const s = await connect(service, [], bad);
    try {
      const result = (await s.client.callTool({ name: 'list_health_events', arguments: {} })) as CallToolResult;
      assert.equal(result.isError, true);
      assert.match(textOf(result), /HEALTH_EVENTS_TOKEN/u);
      assert.ok(!textOf(result).includes(bad));
      assert.ok(!s.stderr().includes(bad));
    } finally {
      await s.close();
    }
  });

  /** What the service's own GET /subscriptions answers, by id. */
  async function listedNames(): Promise<Map<string, string>> {
    const res = await fetch(`${service.url}/subscriptions?api-version=${SUBSCRIPTIONS_API_VERSIONS[0] ?? ''}`, { headers: { authorization: `Bearer ${service.token}` } });
    const body = (await res.json()) as { value: { subscriptionId: string; displayName: string }[] };
    return new Map(body.value.map((v) => [v.subscriptionId, v.displayName]));
  }

  it('answers name subscriptions next to their ids, from one GET /subscriptions for the whole session', async () => {
    const names = await listedNames();
    const s = await connect(service, ['--subscription', service.subscriptionIds[0] ?? '', '--subscription', service.subscriptionIds[1] ?? '']);
    try {
      service.resetStats();
      const listed = json<ListResult>(await s.client.callTool({ name: 'list_health_events', arguments: { days: 30 } }));
      const chosen = service.subscriptionIds.slice(0, 2);
      assert.equal(listed.total, incidentsInWindow(30, (g) => g.subscriptionIds.some((id) => chosen.includes(id))).size);
      assert.equal(listed.events.length, 10);
      for (const e of listed.events) assert.deepEqual(e.subscriptionNames, e.subscriptions.map((id) => names.get(id)), `names of ${e.trackingId}`);
      const first = listed.events[0];
      assert.ok(first);
      const one = json<{ subscriptions: string[]; subscriptionNames?: string[] }>(await s.client.callTool({ name: 'get_health_event', arguments: { trackingId: first.trackingId } }));
      assert.deepEqual(one.subscriptionNames, one.subscriptions.map((id) => names.get(id)));
      assert.equal(service.stats.byPath.get('/subscriptions'), 1, 'the names were listed more than once');
      assert.doesNotMatch(s.stderr(), /subscription names/u);
    } finally {
      await s.close();
    }
  });

  it('/subscriptions denied (a user without the right to list subscriptions): answers show ids, no error, one stderr line', async () => {
    const s = await connect(service, ['--subscription', service.subscriptionIds[0] ?? '']);
    try {
      service.faults.inject({ kind: 'forbidden' }, { path: /^\/subscriptions\/?$/u, times: 5 });
      for (let i = 0; i < 2; i++) {
        const listed = json<ListResult>(await s.client.callTool({ name: 'list_health_events', arguments: { days: 30 } }));
        assert.equal(listed.total, incidentsInWindow(30, (g) => g.subscriptionIds.includes(service.subscriptionIds[0] ?? '')).size);
        assert.equal(listed.events.length, 10);
        assert.ok(listed.events.every((e) => e.subscriptionNames === undefined && e.subscriptions.length > 0), 'a name came without a listing');
      }
      const lines = s.stderr().split('\n').filter((l) => /subscription names/u.test(l));
      assert.equal(lines.length, 1, s.stderr());
      assert.match(lines[0] ?? '', /^health-events mcp: subscription names could not be listed, so subscriptions are shown by id \(You do not have access to the subscription list/u);
      assert.equal(service.faults.pending, 4, 'the listing was tried more than once');
    } finally {
      service.faults.clear();
      await s.close();
    }
  });

  for (const [label, entry] of [
    ['the shipped dist/mcp.js', () => [distMcp()]],
    ['health-events mcp', () => [CLI, 'mcp']],
  ] as const) {
    it(`${label}: a service quoting an opaque token back (a gateway echoing the bearer) never gets it printed, the names line at start included`, async () => {
      // Not a JWT: nothing about its shape tells a filter it is a token.
      const opaque = 'opaque-Session_4fQ9zX2mK7pL0aB3';
      const echoing = await startSampleService({ seed: SEED, events: 20, token: opaque });
      try {
        echoing.faults.inject({ kind: 'echoToken' }, { path: /^\/subscriptions\/?$/u, times: 5 });
        echoing.faults.inject({ kind: 'echoToken' }, { path: /events$/u, times: 5 });
        const s = await connect(echoing, ['--subscription', echoing.subscriptionIds[0] ?? ''], opaque, [...entry()]);
        try {
          const result = (await s.client.callTool({ name: 'list_health_events', arguments: {} })) as CallToolResult;
          assert.equal(result.isError, true);
          assert.match(textOf(result), /The access token '\[redacted\]' is not valid/u);
          await s.close();
          const lines = s.stderr().split('\n');
          const names = lines.filter((l) => /subscription names could not be listed/u.test(l));
          const failure = lines.filter((l) => /^health-events mcp: list_health_events: /u.test(l));
          assert.equal(names.length, 1, s.stderr());
          assert.equal(failure.length, 1, s.stderr());
          assert.match(names[0] ?? '', /\[redacted\]/u, 'the names line quotes the service');
          assert.match(failure[0] ?? '', /\[redacted\]/u, 'the failure line quotes the service');
          assert.ok(!s.stderr().includes(opaque), s.stderr());
        } finally {
          await s.close();
        }
      } finally {
        await echoing.close();
      }
    });
  }

  it('prints nothing but JSON-RPC on stdout', async () => {
    const child = spawn(process.execPath, [CLI, 'mcp', '--endpoint', service.url], { env: { HEALTH_EVENTS_TOKEN: service.token }, stdio: ['pipe', 'pipe', 'pipe'] });
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString('utf8')));
    const line = (o: unknown) => child.stdin.write(`${JSON.stringify(o)}\n`);
    line({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 'raw', version: '1' } } });
    line({ jsonrpc: '2.0', method: 'notifications/initialized' });
    line({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'get_rate_limit', arguments: {} } });
    await new Promise<void>((resolve) => {
      child.stdout.on('data', () => {
        if (out.split('\n').filter((l) => l.trim() !== '').length >= 2) resolve();
      });
    });
    child.stdin.end();
    const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
    const lines = out.split('\n').filter((l) => l.trim() !== '');
    assert.deepEqual(lines.map((l) => (JSON.parse(l) as { id: number }).id), [1, 2]);
    assert.equal(code, 0, 'exits when the client closes stdin');
  });
});

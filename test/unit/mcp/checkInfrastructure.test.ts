/**
 * MCP check_infrastructure (an MCP client in memory, the events from the sample service over real
 * loopback HTTP): a path inside the server's roots is read and checked; a `..` escape and a symbolic
 * link pointing outside are refused with one sentence (nothing outside is read); without --root the
 * roots the client shares are used, and without either the answer says how to give one.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ListRootsRequestSchema, type CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { HealthTools } from '../../../src/core/agent/healthTools';
import { apiSource } from '../../../src/core/agent/source';
import { EventResourcesApi } from '../../../src/core/api/eventResourcesApi';
import { HealthEventsApi } from '../../../src/core/api/healthEventsApi';
import { ThrottledClient } from '../../../src/core/http/client';
import { createHealthMcpServer } from '../../../src/core/mcp/healthMcpServer';
import { confineToRoots } from '../../../src/core/mcp/roots';
import type { GeneratedEvent } from '../../../src/core/sample/generator';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';

const SUB = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const appService = (region: string) => `param location string = '${region}'\nresource site 'Microsoft.Web/sites@2023-12-01' = {\n  name: 'web'\n  location: location\n}\n`;

function activeIssue(name: string, service: string, region: string): GeneratedEvent {
  return {
    event: {
      name,
      id: `/subscriptions/${SUB}/providers/Microsoft.ResourceHealth/events/${name}`,
      properties: { title: `${service} trouble`, eventType: 'ServiceIssue', status: 'Active', lastUpdateTime: new Date(Date.now() - 3_600_000).toISOString(), impact: [{ impactedService: service, impactedRegions: [{ impactedRegion: region }] }] },
    },
    subscriptionIds: [SUB],
  } as GeneratedEvent;
}

interface Answer {
  interpretation: string;
  matches?: { trackingId: string; at: string }[];
  targets?: { at: string }[];
  unresolved?: { at: string; reason: string }[];
}

describe('MCP check_infrastructure: confined to the roots the server was given', function () {
  this.timeout(30_000);
  let service: SampleService;
  let client: ThrottledClient;
  let tools: HealthTools;
  let base: string;
  let root: string;
  let mcp: Client | undefined;

  before(async () => {
    service = await startSampleService({ subscriptionIds: [SUB], eventsOverride: [activeIssue('WEU-1', 'App Service', 'West Europe'), activeIssue('NEU-1', 'App Service', 'North Europe')] });
    client = new ThrottledClient({ origin: service.url, tokenProvider: { getToken: async () => service.token }, maxTransientRetries: 0 });
    tools = new HealthTools(apiSource({ api: new HealthEventsApi({ client }), resources: new EventResourcesApi({ client }), quota: () => client.quota, subscriptions: [SUB] }));
    // base/root/infra/main.bicep (West Europe) is allowed; base/outside/main.bicep (North Europe) is not.
    base = realpathSync(mkdtempSync(path.join(os.tmpdir(), 'mcp-roots-')));
    root = path.join(base, 'root');
    mkdirSync(path.join(root, 'infra'), { recursive: true });
    writeFileSync(path.join(root, 'infra', 'main.bicep'), appService('westeurope'));
    mkdirSync(path.join(base, 'outside'));
    writeFileSync(path.join(base, 'outside', 'main.bicep'), appService('northeurope'));
    symlinkSync(path.join(base, 'outside'), path.join(root, 'link'), 'dir');
  });
  after(async () => {
    await client.close();
    await service.close();
    rmSync(base, { recursive: true, force: true });
  });
  afterEach(async () => {
    await mcp?.close();
    mcp = undefined;
  });

  async function connect(roots: string[], clientRoots?: string[]): Promise<Client> {
    const server = createHealthMcpServer({ tools, redact: (t) => t, log: () => undefined, roots });
    const [a, b] = InMemoryTransport.createLinkedPair();
    mcp = new Client({ name: 'roots-test', version: '1.0.0' }, clientRoots ? { capabilities: { roots: {} } } : {});
    if (clientRoots) mcp.setRequestHandler(ListRootsRequestSchema, () => ({ roots: clientRoots.map((r) => ({ uri: pathToFileURL(r).href, name: path.basename(r) })) }));
    await Promise.all([server.connect(a), mcp.connect(b)]);
    return mcp;
  }

  async function call(c: Client, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
    const result = (await c.callTool({ name: 'check_infrastructure', arguments: args })) as CallToolResult;
    const first = result.content[0];
    assert.ok(first?.type === 'text');
    return { text: first.text, isError: result.isError === true };
  }

  it('a folder inside the root (relative or absolute) is read and its match named with file:line', async () => {
    const c = await connect([root]);
    for (const given of ['infra', path.join(root, 'infra'), 'infra/../infra']) {
      const { text, isError } = await call(c, { path: given });
      assert.equal(isError, false, text);
      const answer = JSON.parse(text) as Answer;
      assert.deepEqual(answer.matches, [{ trackingId: 'WEU-1', eventType: 'ServiceIssue', title: 'App Service trouble', service: 'App Service', region: 'West Europe', at: 'main.bicep:4' }], given);
    }
  });

  it('without a path the whole root is read; its link to a folder outside is not followed (noted, never read)', async () => {
    const { text, isError } = await call(await connect([root]), {});
    assert.equal(isError, false, text);
    const answer = JSON.parse(text) as Answer;
    assert.deepEqual(answer.matches?.map((m) => [m.trackingId, m.at]), [['WEU-1', 'infra/main.bicep:4']]);
    assert.deepEqual(answer.unresolved, [{ at: 'link', reason: 'a link to a folder outside the folder read was not followed' }]);
  });

  it('a `../` escape out of the root is refused with one sentence, before anything outside is read', async () => {
    const c = await connect([root]);
    for (const given of ['../outside', 'infra/../../outside', path.join(base, 'outside'), '/']) {
      const { text, isError } = await call(c, { path: given });
      assert.equal(isError, true, given);
      assert.equal(text, `Invalid path: ${given} is outside the folders this server may read (${root}); pass a folder inside one of them.`);
    }
  });

  it('a sibling folder whose name starts with the root\'s (root-secrets beside root) is outside, by path and through a link', () => {
    // A prefix test (startsWith(root)) would admit /…/root-secrets; only root + separator is inside.
    const sibling = `${root}-secrets`;
    mkdirSync(sibling, { recursive: true });
    writeFileSync(path.join(sibling, 'main.bicep'), appService('northeurope'));
    symlinkSync(sibling, path.join(root, 'to-sibling'), 'dir');
    try {
      for (const given of [sibling, '../root-secrets', `infra/../../${path.basename(sibling)}`]) {
        assert.throws(() => confineToRoots(given, [root]), /is outside the folders this server may read/u, given);
      }
      assert.throws(() => confineToRoots('to-sibling', [root]), /leads \(through a symbolic link\) outside/u);
      assert.equal(confineToRoots('infra', [root]), path.join(root, 'infra'));
    } finally {
      rmSync(path.join(root, 'to-sibling'), { force: true });
      rmSync(sibling, { recursive: true, force: true });
    }
  });

  it('a symbolic link inside the root that points outside is refused (the real path is checked)', async () => {
    const c = await connect([root]);
    const { text, isError } = await call(c, { path: 'link' });
    assert.equal(isError, true, text);
    assert.equal(text, `Invalid path: link leads (through a symbolic link) outside the folders this server may read (${root}); pass a folder inside one of them.`);
    assert.throws(() => confineToRoots(path.join(root, 'link'), [root]), /leads \(through a symbolic link\) outside/u);
  });

  it('a missing folder or a file inside the root is one sentence each', async () => {
    const c = await connect([root]);
    assert.match((await call(c, { path: 'nope' })).text, /^Invalid path: nope does not exist; pass a folder inside /u);
    assert.match((await call(c, { path: 'infra/main.bicep' })).text, /^Invalid path: infra\/main\.bicep is not a folder; pass the folder that holds the templates\.$/u);
  });

  it('without --root, the roots the client shares are used (and confine the path the same way)', async () => {
    const c = await connect([], [path.join(root, 'infra')]);
    const inside = JSON.parse((await call(c, {})).text) as Answer;
    assert.deepEqual(inside.matches?.map((m) => m.at), ['main.bicep:4']);
    const escape = await call(c, { path: '../../outside' });
    assert.equal(escape.isError, true);
    assert.match(escape.text, /is outside the folders this server may read/u);
  });

  it('with neither --root nor client roots, the answer says how to give the server a folder', async () => {
    const { text, isError } = await call(await connect([]), { path: '.' });
    assert.equal(isError, true);
    assert.match(text, /^This server was given no folder it may read; tell the user to start it with --root DIR/u);
  });

  it('several roots: each file is led by its root’s name', async () => {
    const other = path.join(base, 'outside');
    const answer = JSON.parse((await call(await connect([root, other]), {})).text) as Answer;
    assert.deepEqual(answer.matches?.map((m) => [m.trackingId, m.at]).sort(), [
      ['NEU-1', 'outside/main.bicep:4'],
      ['WEU-1', 'root/infra/main.bicep:4'],
    ]);
  });
});

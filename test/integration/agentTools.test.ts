// The language-model tools and the MCP server definition in a real VS Code: tools are called the
// way Copilot's agent mode calls them (vscode.lm.invokeTool), and the MCP server the extension
// offers is started from its resolved definition and spoken to over stdio, against the sample
// service. Expected counts are computed here from api.getEvents().
import * as assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import * as vscode from 'vscode';
import type { ServiceHealthApi } from '../../src/extension';
import { sameService, serviceOfArmType } from '../../src/core/infra/serviceMap';
import { activateWithSampleEvents } from './extensionApi';

const TOOLS = ['serviceHealth_listEvents', 'serviceHealth_getEvent', 'serviceHealth_listImpactedResources', 'serviceHealth_listResourceHealth', 'serviceHealth_getResourceHealth', 'serviceHealth_checkWorkspace', 'serviceHealth_getQuota'];
/** ARM types of services the sample service names. */
const ARM_TYPES = ['Microsoft.Web/sites', 'Microsoft.Storage/storageAccounts', 'Microsoft.KeyVault/vaults', 'Microsoft.Compute/virtualMachines', 'Microsoft.Sql/servers/databases', 'Microsoft.ServiceBus/namespaces', 'Microsoft.EventHub/namespaces'];

interface ListResult {
  interpretation: string;
  total: number;
  page: number;
  pages: number;
  events: Array<{ trackingId: string; status: string; type: string; isSensitive?: boolean; subscriptions: string[] }>;
  more?: string;
}

async function invoke<T>(name: string, input: object): Promise<T> {
  const source = new vscode.CancellationTokenSource();
  try {
    const result = await vscode.lm.invokeTool(name, { input, toolInvocationToken: undefined }, source.token);
    const text = result.content.map((p) => (p instanceof vscode.LanguageModelTextPart ? p.value : '')).join('');
    return JSON.parse(text) as T;
  } finally {
    source.dispose();
  }
}

describe('language-model tools and the MCP server definition (real VS Code)', function () {
  this.timeout(90_000);
  let health: ServiceHealthApi;

  before(async () => {
    health = await activateWithSampleEvents();
  });

  after(async () => {
    await health.useAzure(); // the default mode, for the suites that follow
  });

  it('registers the seven tools with VS Code, with their input schemas', () => {
    const registered = vscode.lm.tools.filter((t) => TOOLS.includes(t.name));
    assert.deepEqual(registered.map((t) => t.name).sort(), [...TOOLS].sort());
    const list = registered.find((t) => t.name === 'serviceHealth_listEvents');
    assert.ok(list?.inputSchema && 'properties' in list.inputSchema);
  });

  it('serviceHealth_listResourceHealth and serviceHealth_getResourceHealth answer in sample mode: not Available first, one resource with its actions as links', async () => {
    const list = await invoke<{ total: number; byState: Record<string, number>; resources: Array<{ id: string; state: string }> }>('serviceHealth_listResourceHealth', {});
    assert.ok(list.total > 0);
    assert.equal(Object.values(list.byState).reduce((a, b) => a + b, 0), list.total);
    const first = list.resources[0];
    assert.ok(first && first.state !== 'Available', 'the sample’s active incidents leave resources that are not Available, listed first');
    const one = await invoke<{ state: string; recommendedActions: Array<{ url?: string }> }>('serviceHealth_getResourceHealth', { resourceId: first.id });
    assert.equal(one.state, first.state);
    assert.ok(!JSON.stringify(one).includes('<#'), 'no placeholder reaches the model');
    assert.ok(one.recommendedActions.every((a) => a.url === undefined || a.url.startsWith('https://')));
  });

  it('serviceHealth_checkWorkspace names the active service issue touching a template of the workspace at file:line (a main.test.bicep and tests/ beside it add nothing), and refuses a folder outside the workspace', async () => {
    const root = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
    assert.ok(root, 'the test window opened no folder');
    const issue = health
      .getEvents()
      .flatMap((e) => {
        const p = e.event.properties;
        const impact = p?.impact?.[0];
        const type = ARM_TYPES.find((t) => sameService(serviceOfArmType(t) ?? '', impact?.impactedService ?? ''));
        const region = impact?.impactedRegions?.[0]?.impactedRegion;
        return p?.eventType === 'ServiceIssue' && p.status === 'Active' && type && region ? [{ trackingId: e.trackingId, type, region }] : [];
      })[0];
    assert.ok(issue, 'the sample holds no active service issue of a service this test can deploy');
    const dir = join(root, 'agent-check');
    const template = `resource app '${issue.type}@2023-01-01' = {\n  name: 'agent-check'\n  location: '${issue.region}'\n}\n`;
    // Test templates beside it deploy nothing (the CLI walk's rule, issue 31): they add no target.
    await mkdir(join(dir, 'tests'), { recursive: true });
    await writeFile(join(dir, 'main.test.bicep'), template);
    await writeFile(join(dir, 'tests', 'smoke.bicep'), template);
    await writeFile(join(dir, 'main.bicep'), template);
    try {
      type Check = { interpretation: string; matches?: Array<{ trackingId: string; at: string }>; targets?: Array<{ at: string }> };
      // The template is new: the workspace's index reads it on first use or from its file watcher.
      let answer: Check | undefined;
      for (let i = 0; i < 60 && !answer?.matches?.some((m) => m.trackingId === issue.trackingId); i++) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, 500));
        answer = await invoke<Check>('serviceHealth_checkWorkspace', { folder: 'agent-check' });
      }
      assert.ok(answer?.matches?.some((m) => m.trackingId === issue.trackingId && m.at === 'agent-check/main.bicep:3'), JSON.stringify(answer));
      // The answer follows a catch-up listing, so the test templates were read too: none is a target or a match.
      const places = [...(answer?.matches ?? []), ...(answer?.targets ?? [])].map((x) => x.at);
      assert.deepEqual(places.filter((at) => at.startsWith('agent-check/') && !at.startsWith('agent-check/main.bicep')), [], JSON.stringify(answer));
      const empty = await invoke<Check>('serviceHealth_checkWorkspace', { folder: 'no-such-templates' });
      assert.match(empty.interpretation, /^No templates \(Bicep, ARM JSON, Terraform or azd\) were found in .*no-such-templates, so nothing was checked\.$/u);
      await assert.rejects(invoke('serviceHealth_checkWorkspace', { folder: '../..' }), /Invalid folder: \.\.\/\.\. is not inside a workspace folder/u);
    } finally {
      await rm(dir, { recursive: true, force: true });
      // The suites after this one count the Events tree: wait until the index forgot the deleted folder.
      let left = true;
      for (let i = 0; i < 60 && left; i++) {
        if (i > 0) await new Promise((resolve) => setTimeout(resolve, 500));
        const all = await invoke<{ targets?: Array<{ at: string }> }>('serviceHealth_checkWorkspace', {});
        left = (all.targets ?? []).some((t) => t.at.startsWith('agent-check/'));
      }
      assert.equal(left, false, 'the workspace index still holds agent-check/ after the folder was deleted');
    }
  });

  it('serviceHealth_listEvents counts what the Events view holds, leads with the interpretation and pages by 10', async () => {
    const held = health.getEvents();
    const active = new Set(held.filter((e) => e.event.properties?.eventType === 'ServiceIssue' && e.event.properties.status === 'Active').map((e) => e.trackingId.toUpperCase()));
    const result = await invoke<ListResult>('serviceHealth_listEvents', { query: 'active outages' });
    assert.equal(result.interpretation, `Active service issues, last 7 days: ${active.size}`);
    assert.equal(result.total, active.size);
    assert.ok(result.events.every((e) => active.has(e.trackingId.toUpperCase())));

    const all = new Set(held.map((e) => e.trackingId.toUpperCase()));
    assert.ok(all.size > 10, `the sample holds ${all.size} incidents`);
    const first = await invoke<ListResult>('serviceHealth_listEvents', {});
    assert.equal(first.total, all.size);
    assert.equal(first.events.length, 10);
    assert.match(first.more ?? '', /page: 2/u);
    const last = await invoke<ListResult>('serviceHealth_listEvents', { page: first.pages });
    assert.equal(last.events.length, all.size - 10 * (first.pages - 1));
    assert.equal(last.more, undefined);
  });

  it('serviceHealth_getEvent gives one event with its updates, and withholds a sensitive event’s text unless asked', async () => {
    const listed = await invoke<ListResult>('serviceHealth_listEvents', { query: 'active outages' });
    const id = listed.events[0]?.trackingId;
    assert.ok(id);
    const event = await invoke<{ trackingId: string; updates: unknown[]; sensitive?: string }>('serviceHealth_getEvent', { trackingId: id });
    assert.equal(event.trackingId, id);
    assert.ok(Array.isArray(event.updates));
    const sensitive = health.getEvents().find((e) => e.event.properties?.isEventSensitive === true);
    if (sensitive) {
      const withheld = await invoke<{ sensitive?: string }>('serviceHealth_getEvent', { trackingId: sensitive.trackingId });
      assert.match(withheld.sensitive ?? '', /includeSensitiveDetails: true/u);
    }
  });

  it('the tools name subscriptions as the service lists them, keeping the ids the tools take as input', async () => {
    const sample = health.sampleService();
    assert.ok(sample);
    const response = await fetch(`${sample.url}/subscriptions?api-version=2022-12-01`, { headers: { authorization: `Bearer ${sample.token}` } });
    const listed = new Map(((await response.json()) as { value: Array<{ subscriptionId: string; displayName?: string }> }).value.map((s) => [s.subscriptionId.toLowerCase(), s.displayName]));
    const list = await invoke<{ events: Array<{ subscriptions: string[]; subscriptionNames?: string[] }> }>('serviceHealth_listEvents', { days: 30 });
    assert.ok(list.events.length > 0);
    for (const e of list.events) {
      assert.deepEqual(e.subscriptionNames, e.subscriptions.map((id) => listed.get(id.toLowerCase())), 'names beside the ids, in the same order');
    }
    const event = health.getEvents()[0];
    assert.ok(event);
    const resources = await invoke<{ interpretation: string; resources: Array<{ subscriptionId: string; subscriptionName?: string }> }>('serviceHealth_listImpactedResources', { trackingId: event.trackingId, subscription: event.subscriptionId });
    const name = listed.get(event.subscriptionId.toLowerCase()) ?? '?';
    assert.match(resources.interpretation, new RegExp(` in ${name}: \\d+$`, 'u'));
    assert.ok(resources.resources.every((r) => r.subscriptionName === name), 'a resource without its subscription name');
  });

  it('an unknown tracking id fails with a sentence the model can act on', async () => {
    await assert.rejects(invoke('serviceHealth_getEvent', { trackingId: 'NOPE-000' }), /No event with tracking id NOPE-000 was updated in the last 30 days.*check the id with the list tool/u);
    await assert.rejects(invoke('serviceHealth_listEvents', { days: 500 }), /Invalid days: .*call the tool again/u);
  });

  it('serviceHealth_listImpactedResources and serviceHealth_getQuota answer from the same connection', async () => {
    const id = health.getEvents()[0]?.trackingId ?? '';
    const resources = await invoke<{ interpretation: string; total: number; resources: Array<{ subscriptionId: string }> }>('serviceHealth_listImpactedResources', { trackingId: id });
    assert.match(resources.interpretation, new RegExp(`^Resources affected by ${id}`, 'u'));
    assert.equal(resources.resources.length, Math.min(resources.total, 25));
    const quota = await invoke<{ requestsSent: number; buckets: unknown[] }>('serviceHealth_getQuota', {});
    assert.ok(quota.requestsSent > 0 && quota.buckets.length > 0);
  });

  it('@health answers which of my resources an event affects', async () => {
    const id = health.getEvents()[0]?.trackingId ?? '';
    const answer = await health.chat(`which of my resources are affected by ${id.toLowerCase()}?`);
    assert.match(answer.markdown, new RegExp(`^\\*\\*Resources affected by ${id}`, 'u'), answer.markdown);
    assert.deepEqual(answer.progress.length, 1);
  });

  it('the MCP server definition runs dist/mcp.js on the sample service with a token file kept fresh from resolve time, and answers like the tools', async () => {
    const server = await health.mcpServer();
    assert.ok(server, 'no MCP server definition');
    const sample = health.sampleService();
    assert.ok(sample);
    assert.equal(server.command, process.execPath);
    assert.match(server.args[0] ?? '', /[\\/]dist[\\/]mcp\.js$/u);
    assert.deepEqual(server.args.slice(1, 3), ['--endpoint', sample.url]);
    assert.equal(server.env['HEALTH_EVENTS_TOKEN'], undefined, 'the token went into the environment');
    assert.equal(server.args[3], '--subscriptions-file');
    assert.deepEqual(server.args.slice(5), (vscode.workspace.workspaceFolders ?? []).flatMap((f) => ['--root', f.uri.fsPath]), 'the workspace folders are the roots check_infrastructure may read');
    const tokenFile = String(server.env['HEALTH_EVENTS_TOKEN_FILE']);
    assert.deepEqual(JSON.parse(readFileSync(tokenFile, 'utf8')), { origin: sample.url, token: sample.token });
    assert.ok(!server.args.includes(sample.token), 'the token is on the command line');
    const env: Record<string, string> = { PATH: process.env['PATH'] ?? '' };
    for (const [k, v] of Object.entries(server.env)) if (typeof v === 'string') env[k] = v;
    const client = new Client({ name: 'integration', version: '1.0.0' });
    await client.connect(new StdioClientTransport({ command: server.command, args: [...server.args], env, stderr: 'ignore' }));
    try {
      const { tools } = await client.listTools();
      assert.equal(tools.length, 7);
      const result = (await client.callTool({ name: 'list_health_events', arguments: { query: 'active outages' } })) as CallToolResult;
      const first = result.content[0];
      assert.ok(first?.type === 'text');
      const viaMcp = JSON.parse(first.text) as ListResult;
      const viaTool = await invoke<ListResult>('serviceHealth_listEvents', { query: 'active outages' });
      assert.equal(viaMcp.total, viaTool.total);
    } finally {
      await client.close();
    }
  });
});

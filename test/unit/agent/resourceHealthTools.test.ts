/**
 * The resource health agent tools (list_resource_health / get_resource_health, and the language-model
 * tools that send the same `answerText`) against the sample service over real loopback HTTP: an
 * estate of more than 3,000 resources stays within the answer budget, not-Available first; one
 * resource has its actions as real links and its linked events; a deleted resource (404) and a
 * subscription without read access (403) are one sentence each.
 */
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { failuresOf, FAILURE_TEXT } from '../../../src/core/agent/answerParts';
import { answerText, TOOL_ANSWER_BUDGET_BYTES } from '../../../src/core/agent/budget';
import { HealthTools } from '../../../src/core/agent/healthTools';
import { HEALTH_PAGE_SIZE } from '../../../src/core/agent/inputs';
import { apiSource, type HealthDataSource } from '../../../src/core/agent/source';
import { AvailabilityApi } from '../../../src/core/api/availabilityApi';
import { EventResourcesApi } from '../../../src/core/api/eventResourcesApi';
import { HealthEventsApi } from '../../../src/core/api/healthEventsApi';
import { isAvailable } from '../../../src/core/health/order';
import { ThrottledClient } from '../../../src/core/http/client';
import { linkedTrackingIds, resourceIdOf, stateOf } from '../../../src/core/model/availability';
import { createHealthMcpServer } from '../../../src/core/mcp/healthMcpServer';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';

const SUBSCRIPTIONS = 300;
const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('resource health agent tools against the sample service (real HTTP, MCP in memory)', function () {
  this.timeout(60_000);
  let service: SampleService;
  let client: ThrottledClient;
  let tools: HealthTools;
  let mcp: Client;

  before(async () => {
    service = await startSampleService({ seed: 11, events: 150, subscriptions: SUBSCRIPTIONS, pageSize: 200 });
  });
  after(async () => {
    await service.close();
  });
  beforeEach(async () => {
    // Product retries stay on: on a loaded machine a listing can time out once, and the estate must stay whole.
    service.faults.clear();
    service.knobs.unreadableSubscriptions = [];
    client = new ThrottledClient({ origin: service.url, tokenProvider: { getToken: async () => service.token } });
    const source = apiSource({
      api: new HealthEventsApi({ client }),
      resources: new EventResourcesApi({ client }),
      availability: new AvailabilityApi({ client }),
      portal: 'https://portal.azure.com',
      quota: () => client.quota,
      subscriptions: service.subscriptionIds,
    });
    tools = new HealthTools(source);
    const server = createHealthMcpServer({ tools, redact: (t) => t, log: () => undefined });
    const [a, b] = InMemoryTransport.createLinkedPair();
    mcp = new Client({ name: 'resource-health-test', version: '1.0.0' });
    await Promise.all([server.connect(a), mcp.connect(b)]);
  });
  afterEach(async () => {
    await mcp.close();
    await client.close();
  });

  async function call(name: string, args: Record<string, unknown>): Promise<{ text: string; isError: boolean }> {
    const result = (await mcp.callTool({ name, arguments: args })) as CallToolResult;
    const first = result.content[0];
    assert.ok(first?.type === 'text');
    return { text: first.text, isError: result.isError === true };
  }

  const allStatuses = () => service.subscriptionIds.flatMap((s) => service.estate.statuses(s));

  it(`list_resource_health: an estate of more than 3,000 resources is one page of ${HEALTH_PAGE_SIZE} within 16 KB, not-Available first, counted by state`, async () => {
    const expected = allStatuses();
    assert.ok(expected.length > 3_000, `the sample estate has ${expected.length} resources`);
    const { text, isError } = await call('list_resource_health', {});
    assert.equal(isError, false, text);
    assert.ok(bytes(text) <= TOOL_ANSWER_BUDGET_BYTES, `${bytes(text)} bytes`);
    assert.equal(bytes(answerText(await tools.listResourceHealth({}))), bytes(text), 'the language-model tool sends the same text');
    const answer = JSON.parse(text) as { total: number; pages: number; byState: Record<string, number>; resources: Array<{ state: string; id: string }>; more?: string; trimmed?: string };
    assert.equal(answer.total, expected.length);
    assert.equal(answer.pages, Math.ceil(expected.length / HEALTH_PAGE_SIZE));
    assert.equal(answer.resources.length, HEALTH_PAGE_SIZE);
    assert.equal(answer.trimmed, undefined, 'the page fits by its shape');
    assert.match(answer.more ?? '', /call again with page: 2/u);
    const notAvailable = expected.filter((s) => !isAvailable(stateOf(s))).length;
    assert.ok(notAvailable > 0, 'the sample has impacted resources');
    assert.equal(Object.values(answer.byState).reduce((a, b) => a + b, 0), expected.length);
    assert.equal(expected.length - (answer.byState['Available'] ?? 0), notAvailable);
    assert.ok(answer.resources.slice(0, Math.min(notAvailable, HEALTH_PAGE_SIZE)).every((r) => r.state !== 'Available'), 'not-Available resources lead');
    assert.ok(!text.includes('<#'), 'no placeholder reaches the model');
  });

  it('list_resource_health with states ["Unhealthy"]: only resources that are not Available, and the last page has no "more"', async () => {
    const unhealthy = allStatuses().filter((s) => !isAvailable(stateOf(s)));
    const first = JSON.parse((await call('list_resource_health', { states: ['Unhealthy'] })).text) as { total: number; pages: number };
    assert.equal(first.total, unhealthy.length);
    const last = JSON.parse((await call('list_resource_health', { states: ['unhealthy'], page: first.pages })).text) as { resources: Array<{ state: string }>; more?: string; page: number };
    assert.equal(last.page, first.pages);
    assert.equal(last.more, undefined);
    assert.ok(last.resources.length >= 1 && last.resources.length <= HEALTH_PAGE_SIZE);
    assert.ok(last.resources.every((r) => r.state !== 'Available'));
  });

  it('list_resource_health with states ["down"]: Unavailable only, as the query language reads "down" (Degraded still serves)', async () => {
    const unavailable = allStatuses().filter((s) => stateOf(s) === 'Unavailable');
    assert.ok(unavailable.length > 0 && allStatuses().some((s) => stateOf(s) === 'Degraded'), 'the sample has Unavailable and Degraded resources');
    const answer = JSON.parse((await call('list_resource_health', { states: ['down'] })).text) as { total: number; resources: Array<{ state: string }> };
    assert.equal(answer.total, unavailable.length);
    assert.ok(answer.resources.every((r) => r.state === 'Unavailable'));
  });

  it('get_resource_health of an impacted resource: state, since, actions as https links (no placeholder), linked events and history', async () => {
    const impacted = allStatuses().find((s) => linkedTrackingIds(s).length > 0 && (s.properties?.recommendedActions ?? []).some((a) => (a.actionUrl ?? '').startsWith('<#')));
    assert.ok(impacted, 'the sample has an impacted resource with a placeholder action');
    const { text, isError } = await call('get_resource_health', { resourceId: resourceIdOf(impacted), includeHistory: true });
    assert.equal(isError, false, text);
    const answer = JSON.parse(text) as {
      state: string;
      since?: string;
      interpretation: string;
      recommendedActions: Array<{ text: string; url?: string }>;
      linkedEvents: Array<{ trackingId: string }>;
      history: Array<{ state: string }>;
      historyTotal: number;
    };
    assert.equal(answer.state, stateOf(impacted));
    assert.ok(answer.since && !Number.isNaN(Date.parse(answer.since)));
    assert.match(answer.interpretation, new RegExp(` is ${answer.state} since `, 'u'));
    assert.ok(answer.recommendedActions.some((a) => a.url?.startsWith('https://portal.azure.com/')), text);
    assert.ok(!text.includes('<#'));
    assert.deepEqual(answer.linkedEvents.map((e) => e.trackingId), linkedTrackingIds(impacted));
    assert.ok(answer.history.length >= 2 && answer.historyTotal >= answer.history.length);
  });

  it('get_resource_health of a deleted resource (ARM answers 404) is one sentence saying it may have been deleted', async () => {
    const gone = `/subscriptions/${service.subscriptionIds[0] ?? ''}/resourceGroups/rg-shared/providers/Microsoft.Compute/virtualMachines/deleted-vm`;
    const { text, isError } = await call('get_resource_health', { resourceId: gone });
    assert.equal(isError, true);
    assert.match(text, /^The resource \/subscriptions\/[^ ]*deleted-vm was not found \([^)]*\); it may have been deleted or moved, so check the id or refresh the list\.$/u);
  });

  it('a subscription without Microsoft.ResourceHealth/availabilityStatuses/read (403): counted as failed, never as healthy; the others listed', async () => {
    const [readable, denied] = [service.subscriptionIds[0] ?? '', service.subscriptionIds[1] ?? ''];
    service.knobs.unreadableSubscriptions = [denied];
    const answer = JSON.parse((await call('list_resource_health', { subscriptions: [readable, denied] })).text) as {
      total: number;
      failedSubscriptionCount: number;
      failedSubscriptions: Array<{ subscriptionId: string; message: string }>;
      failedNote: string;
    };
    assert.equal(answer.total, service.estate.statuses(readable).length);
    assert.equal(answer.failedSubscriptionCount, 1);
    assert.equal(answer.failedSubscriptions[0]?.subscriptionId, denied);
    assert.match(answer.failedSubscriptions[0]?.message ?? '', /^You may not read the resource health of subscription .*availabilityStatuses\/read.*; ask an administrator for at least the Reader role, or pick another subscription\.$/u);
    assert.match(answer.failedNote, /never report them as healthy/u);
  });

  it('every subscription denied (403): the call fails with that one sentence, not an empty "all healthy" list', async () => {
    const denied = service.subscriptionIds[2] ?? '';
    service.knobs.unreadableSubscriptions = [denied];
    const { text, isError } = await call('list_resource_health', { subscriptions: [denied] });
    assert.equal(isError, true);
    assert.match(text, /^You may not read the resource health of subscription .*Microsoft\.ResourceHealth\/availabilityStatuses\/read.*; ask an administrator for at least the Reader role, or pick another subscription\.$/u);
  });

  it('a host without Resource Health (no availability API) says so in one sentence', async () => {
    const bare: HealthDataSource = {
      subscriptions: () => Promise.resolve(['s1']),
      listEvents: () => Promise.resolve({ events: [], failures: [] }),
      fetchEventDetails: () => Promise.reject(new Error('unused')),
      listImpactedResources: () => Promise.resolve([]),
      rateLimit: () => Promise.resolve({}),
      now: () => 0,
    };
    await assert.rejects(new HealthTools(bare).listResourceHealth({}), (e: unknown) => {
      assert.match(e instanceof Error ? e.message : '', /^Resource health is not available from this connection; .*then call again\.$/u);
      return true;
    });
  });
});

describe('a failed subscription’s sentence in a resource health answer', () => {
  const name = () => undefined;
  it(`is kept whole up to ${FAILURE_TEXT} characters (a 403 with its reason and what to do)`, () => {
    const message = `${'x'.repeat(FAILURE_TEXT - 1)}.`;
    const out = failuresOf([{ subscriptionId: 's1', message }], name, FAILURE_TEXT) as { failedSubscriptions: Array<{ message: string }> };
    assert.equal(out.failedSubscriptions[0]?.message, message);
  });
  it(`is clipped with an ellipsis past ${FAILURE_TEXT} characters, so one odd service message cannot fill the budget`, () => {
    const out = failuresOf([{ subscriptionId: 's1', message: 'y'.repeat(FAILURE_TEXT + 1) }], name, FAILURE_TEXT) as { failedSubscriptions: Array<{ message: string }> };
    assert.equal(out.failedSubscriptions[0]?.message.length, FAILURE_TEXT);
    assert.ok(out.failedSubscriptions[0]?.message.endsWith('…'));
  });
});

/**
 * Agent tool answers stay within one budget whatever the estate: 1,000 subscriptions sharing every
 * incident, 2,000 quota buckets and a /rate_limit body of hundreds of categories. Checked on the
 * text the MCP server sends (in-memory MCP client) and on the text the language-model tools send
 * (the same `answerText`), and on the content: totals, counts, lowest buckets first.
 */
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { answerText, TOOL_ANSWER_BUDGET_BYTES } from '../../../src/core/agent/budget';
import { HealthTools } from '../../../src/core/agent/healthTools';
import type { HealthDataSource } from '../../../src/core/agent/source';
import type { StoredEvent } from '../../../src/core/events/eventFacts';
import type { QuotaSnapshot } from '../../../src/core/http/types';
import type { ImpactedResource } from '../../../src/core/model/eventResourceSchemas';
import { createHealthMcpServer } from '../../../src/core/mcp/healthMcpServer';
import { event, NOW } from '../query/helpers';

const SUBSCRIPTIONS = 1_000;
const BUCKETS = 2_000;
const INCIDENTS = 12;
const ids = Array.from({ length: SUBSCRIPTIONS }, (_, i) => `${String(i).padStart(8, '0')}-1111-4222-8333-444455556666`);
const long = (word: string, n: number) => Array.from({ length: n }, (_, i) => `${word}${i}`).join(' ');

function bigEvent(i: number) {
  return event({
    name: `INC-${String(i).padStart(3, '0')}`,
    type: 'ServiceIssue',
    status: 'Active',
    title: `Degraded ${long('service', 60)}`,
    summary: long('Ünïcode-words', 800),
    lastUpdate: new Date(NOW - 3_600_000).toISOString(),
    tags: Array.from({ length: 40 }, (_, t) => `tag-${t}-${'x'.repeat(60)}`),
    impact: Array.from({ length: 12 }, (_, s) => ({ service: `Service number ${s} with a long name`, regions: Array.from({ length: 15 }, (_, r) => `Region ${r}`) })),
  });
}

/** Every incident listed by every subscription; 400 subscriptions failed with a long message. */
const events: StoredEvent[] = [];
for (let i = 0; i < INCIDENTS; i++) {
  // One object per incident, shared by its 1,000 copies (as a listing's parsed pages would not, but memory allows).
  const shared = bigEvent(i);
  for (const id of ids) events.push({ subscriptionId: id, trackingId: `INC-${String(i).padStart(3, '0')}`, event: shared });
}
const failures = ids.slice(0, 400).map((subscriptionId) => ({ subscriptionId, message: `Forbidden: ${'the caller lacks Microsoft.ResourceHealth/events/read '.repeat(20)}` }));

/** Bucket i has i + 1 left of 5,000, so the lowest are bucket-0000, bucket-0001, … */
const buckets = new Map<string, QuotaSnapshot>(
  Array.from({ length: BUCKETS }, (_, i) => {
    const resource = `bucket-${String(BUCKETS - 1 - i).padStart(4, '0')}`;
    return [resource, { resource, limit: 5_000, remaining: BUCKETS - i, resetAt: NOW + 3_600_000, observedAt: NOW, source: 'headers' as const }];
  }),
);
const rateLimitBody = { resources: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`category-${i}`, { limit: 5_000, remaining: 4_000 + i, used: 1_000 - i, reset: Math.floor(NOW / 1000) + 3_600 }])) };

const resources: ImpactedResource[] = Array.from({ length: 3_000 }, (_, i) => ({
  name: `r${i}`,
  properties: {
    targetResourceType: 'Microsoft.Compute/virtualMachines',
    targetRegion: 'westeurope',
    targetResourceId: `/subscriptions/${ids[0] ?? ''}/resourceGroups/group-with-a-long-name-${i}/providers/Microsoft.Compute/virtualMachines/vm-${'n'.repeat(60)}-${i}`,
  },
})) as ImpactedResource[];

const source: HealthDataSource = {
  subscriptions: () => Promise.resolve(ids),
  listEvents: () => Promise.resolve({ events, failures }),
  fetchEventDetails: () => Promise.resolve(bigEvent(0)),
  listImpactedResources: () => Promise.resolve(resources),
  rateLimit: () => Promise.resolve({ status: rateLimitBody, quota: { buckets, requestsSent: 1_234 } }),
  now: () => NOW,
  subscriptionName: (id) => `Contoso subscription with a fairly long display name ${id.slice(0, 8)}`,
};

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');

describe('agent answers fit the 16 KB budget at enterprise scale (1,000 subscriptions, 2,000 buckets)', function () {
  this.timeout(60_000);
  const tools = new HealthTools(source);
  let client: Client;

  before(async () => {
    const server = createHealthMcpServer({ tools, redact: (t) => t, log: () => undefined });
    const [a, b] = InMemoryTransport.createLinkedPair();
    client = new Client({ name: 'budget-test', version: '1.0.0' });
    await Promise.all([server.connect(a), client.connect(b)]);
  });
  after(async () => {
    await client.close();
  });

  async function viaMcp(name: string, args: Record<string, unknown>): Promise<{ text: string; answer: Record<string, unknown> }> {
    const result = (await client.callTool({ name, arguments: args })) as CallToolResult;
    const first = result.content[0];
    assert.ok(first?.type === 'text');
    assert.notEqual(result.isError, true, first.text);
    return { text: first.text, answer: JSON.parse(first.text) as Record<string, unknown> };
  }

  it('the budget is 16 KB', () => {
    assert.equal(TOOL_ANSWER_BUDGET_BYTES, 16_384);
  });

  it('list_health_events: a page of 10 with the total, each event counting its 1,000 subscriptions and naming 3, failures counted', async () => {
    const { text, answer } = await viaMcp('list_health_events', {});
    assert.ok(bytes(text) <= 16_384, `${bytes(text)} bytes`);
    assert.equal(bytes(answerText(await tools.listEvents({}))), bytes(text), 'the language-model tool sends the same text');
    assert.equal(answer['total'], INCIDENTS);
    assert.equal(answer['pages'], 2);
    const listed = answer['events'] as Array<Record<string, unknown>>;
    assert.equal(listed.length, 10);
    assert.equal(answer['trimmed'], undefined, 'the page fits by its shape, not by the last-resort guard');
    assert.equal(listed[0]?.['moreServices'], 'and 7 more');
    assert.equal(listed[0]?.['moreRegions'], 'and 5 more');
    for (const e of listed) {
      assert.equal(e['subscriptionCount'], SUBSCRIPTIONS);
      assert.deepEqual(e['subscriptions'], ids.slice(0, 3));
      assert.equal((e['subscriptionNames'] as string[]).length, 3);
      assert.equal((e['tags'] as string[]).length, 5);
      assert.equal(e['moreTags'], 'and 35 more');
    }
    assert.match(String(answer['subscriptionsNote']), /^Each event names at most 3 of its subscriptions \(subscriptionCount has the total\); get_health_event with includeSubscriptionIds lists them all\.$/u);
    assert.equal(answer['failedSubscriptionCount'], 400);
    assert.equal((answer['failedSubscriptions'] as unknown[]).length, 3);
    assert.equal(answer['moreFailedSubscriptions'], 'and 397 more failed');
  });

  it('get_health_event: the subscriptions counted, their ids on request in pages of 100 with the total', async () => {
    const plain = await viaMcp('get_health_event', { trackingId: 'INC-007' });
    assert.ok(bytes(plain.text) <= 16_384, `${bytes(plain.text)} bytes`);
    assert.equal(plain.answer['subscriptionCount'], SUBSCRIPTIONS);
    assert.equal((plain.answer['subscriptions'] as string[]).length, 3);
    const withIds = await viaMcp('get_health_event', { trackingId: 'INC-007', includeSubscriptionIds: true, page: 4 });
    assert.ok(bytes(withIds.text) <= 16_384, `${bytes(withIds.text)} bytes`);
    assert.equal(withIds.answer['subscriptionCount'], SUBSCRIPTIONS);
    assert.deepEqual(withIds.answer['subscriptions'], ids.slice(300, 400));
    assert.equal(withIds.answer['subscriptionPages'], 10);
    assert.match(String(withIds.answer['moreSubscriptions']), /^Showing 100 of 1000 subscriptions; call again with page: 5/u);
    const last = await viaMcp('get_health_event', { trackingId: 'INC-007', includeSubscriptionIds: true, page: 10 });
    assert.deepEqual(last.answer['subscriptions'], ids.slice(900));
    assert.equal(last.answer['moreSubscriptions'], undefined);
  });

  it('get_rate_limit: the 10 lowest of 2,500 buckets first, "and 2,490 more", never the raw /rate_limit body', async () => {
    const { text, answer } = await viaMcp('get_rate_limit', {});
    assert.ok(bytes(text) <= 16_384, `${bytes(text)} bytes`);
    assert.equal(answer['bucketCount'], BUCKETS + 500);
    const shown = answer['buckets'] as Array<{ resource: string; remaining: string }>;
    assert.deepEqual(
      shown.map((b) => b.resource),
      Array.from({ length: 10 }, (_, i) => `bucket-${String(i).padStart(4, '0')}`),
    );
    assert.deepEqual(shown.map((b) => b.remaining), ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10']);
    assert.equal(answer['moreBuckets'], 'and 2490 more, each with at least as much left as those shown');
    assert.equal(answer['rateLimit'], undefined);
    assert.ok(!text.includes('category-499'), 'a /rate_limit category with plenty left was passed through');
    assert.equal(answer['requestsSent'], 1_234);
  });

  it('a /rate_limit category lower than every header bucket is among the buckets shown', async () => {
    const low = { resources: { ...rateLimitBody.resources, search: { limit: 30, remaining: 0, used: 30, reset: Math.floor(NOW / 1000) + 60 } } };
    const t = new HealthTools({ ...source, rateLimit: () => Promise.resolve({ status: low, quota: { buckets, requestsSent: 1 } }) });
    const answer = JSON.parse(answerText(await t.getQuota())) as { buckets: Array<{ resource: string }> };
    assert.equal(answer.buckets[0]?.resource, 'search');
  });

  it('list_impacted_resources: a page of 25 of 3,000 resources with the total, within the budget', async () => {
    const { text, answer } = await viaMcp('list_impacted_resources', { trackingId: 'INC-001', subscription: ids[0] });
    assert.ok(bytes(text) <= 16_384, `${bytes(text)} bytes`);
    assert.equal(answer['total'], 3_000);
    assert.equal(answer['pages'], 120);
    assert.equal((answer['resources'] as unknown[]).length, 25);
    assert.equal(answer['trimmed'], undefined);
  });
});

describe('answerText, the last guard of the answer budget', () => {
  const items = (n: number) => Array.from({ length: n }, (_, i) => ({ id: `item-${String(i).padStart(4, '0')}` }));
  /** `{"total":N,"events":[…]}` is 23 bytes + 19 per item (+ commas): 20 items are exactly 402 bytes. */
  const twenty = { total: 20, events: items(20) };

  it('an answer of exactly the budget is sent whole; one byte less of budget trims it and says so', () => {
    const size = bytes(JSON.stringify(twenty));
    assert.equal(answerText(twenty, size), JSON.stringify(twenty));
    const cut = JSON.parse(answerText(twenty, size - 1)) as { total: number; events: unknown[]; trimmed: string };
    assert.equal(cut.total, 20);
    assert.ok(cut.events.length < 20);
    assert.match(cut.trimmed, new RegExp(`^This answer was cut to the 0 KB answer budget: ${20 - cut.events.length} events left out; narrow the question`, 'u'));
    assert.ok(bytes(answerText(twenty, size - 1)) <= size - 1);
  });

  it('keeps as many items as fit with the note, and the short facts when no list is left to cut', () => {
    const big = { total: 5_000, events: items(5_000) };
    const text = answerText(big, 4_096);
    const cut = JSON.parse(text) as { events: unknown[] };
    assert.ok(bytes(text) <= 4_096);
    // One more item would not fit.
    const more = { ...cut, events: items(cut.events.length + 1) };
    assert.ok(bytes(JSON.stringify(more)) > 4_096);
    const huge = { interpretation: 'Events: 1', description: 'x'.repeat(20_000) };
    const facts = JSON.parse(answerText(huge, 1_024)) as Record<string, unknown>;
    assert.equal(facts['interpretation'], 'Events: 1');
    assert.equal(facts['description'], undefined);
    assert.match(String(facts['trimmed']), /reduced to its short facts/u);
  });
});

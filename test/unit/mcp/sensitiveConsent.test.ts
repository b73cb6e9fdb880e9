/**
 * A sensitive event's text reaches the model through MCP only when the user says so: the server
 * asks through MCP elicitation, and a client that cannot ask gets the answer without the text and
 * where to read it. The model's includeSensitiveDetails alone is never enough.
 */
import assert from 'node:assert/strict';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { ElicitRequestSchema, type CallToolResult, type ElicitRequest } from '@modelcontextprotocol/sdk/types.js';
import { HealthTools } from '../../../src/core/agent/healthTools';
import type { HealthDataSource } from '../../../src/core/agent/source';
import { createHealthMcpServer } from '../../../src/core/mcp/healthMcpServer';
import { event, NOW } from '../query/helpers';

const SUB = '3f0c7a52-8a43-4d1e-9d6b-1c5f0e2a7b11';
const SECRET_TEXT = 'Rotate the keys of storage account contoso-prod before Friday.';

function sensitiveSource(fetched: string[]): HealthDataSource {
  const listed = event({ name: 'SEC-001', type: 'SecurityAdvisory', status: 'Active', title: 'Security advisory', sensitive: true, lastUpdate: new Date(NOW - 3_600_000).toISOString() });
  return {
    subscriptions: () => Promise.resolve([SUB]),
    listEvents: () => Promise.resolve({ events: [{ subscriptionId: SUB, trackingId: 'SEC-001', event: listed }], failures: [] }),
    fetchEventDetails: (_s, id) => {
      fetched.push(id);
      return Promise.resolve(event({ name: 'SEC-001', type: 'SecurityAdvisory', summary: SECRET_TEXT, sensitive: true }));
    },
    listImpactedResources: () => Promise.resolve([]),
    rateLimit: () => Promise.resolve({}),
    now: () => NOW,
  };
}

async function session(answer: 'accept' | 'decline' | 'cancel' | undefined, fetched: string[], asked: ElicitRequest[]): Promise<Client> {
  const server = createHealthMcpServer({ tools: new HealthTools(sensitiveSource(fetched)), redact: (t) => t, log: () => undefined });
  const client = new Client({ name: 'consent-test', version: '1.0.0' }, answer ? { capabilities: { elicitation: {} } } : {});
  if (answer) {
    client.setRequestHandler(ElicitRequestSchema, (request) => {
      asked.push(request);
      return { action: answer, ...(answer === 'accept' ? { content: {} } : {}) };
    });
  }
  const [a, b] = InMemoryTransport.createLinkedPair();
  await Promise.all([server.connect(a), client.connect(b)]);
  return client;
}

async function getEvent(client: Client): Promise<{ summary?: string; sensitive?: string }> {
  const result = (await client.callTool({ name: 'get_health_event', arguments: { trackingId: 'SEC-001', includeSensitiveDetails: true } })) as CallToolResult;
  const first = result.content[0];
  assert.ok(first?.type === 'text');
  assert.notEqual(result.isError, true, first.text);
  return JSON.parse(first.text) as { summary?: string; sensitive?: string };
}

describe('MCP get_health_event: sensitive text needs the user, not just the model', () => {
  it('a client with elicitation: the user is asked, and accepting fetches the text', async () => {
    const fetched: string[] = [];
    const asked: ElicitRequest[] = [];
    const client = await session('accept', fetched, asked);
    try {
      const answer = await getEvent(client);
      assert.equal(asked.length, 1);
      assert.match(String(asked[0]?.params.message), /sensitive Azure Service Health event SEC-001 \(Security advisory\)/u);
      assert.deepEqual(fetched, ['SEC-001']);
      assert.equal(answer.summary, SECRET_TEXT);
      assert.equal(answer.sensitive, undefined);
    } finally {
      await client.close();
    }
  });

  for (const refusal of ['decline', 'cancel'] as const) {
    it(`a client with elicitation: the user's ${refusal} keeps the text out, with where to read it`, async () => {
      const fetched: string[] = [];
      const asked: ElicitRequest[] = [];
      const client = await session(refusal, fetched, asked);
      try {
        const answer = await getEvent(client);
        assert.equal(asked.length, 1);
        assert.deepEqual(fetched, [], 'the sensitive text was fetched after the user said no');
        assert.equal(answer.summary, undefined);
        assert.match(answer.sensitive ?? '', /^The user declined to share the text of this sensitive event; .*details panel in VS Code/u);
      } finally {
        await client.close();
      }
    });
  }

  it('a client without elicitation (cannot ask the user): the text stays out, with where to read it', async () => {
    const fetched: string[] = [];
    const client = await session(undefined, fetched, []);
    try {
      const answer = await getEvent(client);
      assert.deepEqual(fetched, []);
      assert.equal(answer.summary, undefined);
      assert.match(answer.sensitive ?? '', /^The text of this sensitive event was left out: this MCP client cannot ask the user to confirm; the user can read it in the event's details panel in VS Code \(Service Health view\), or with `health-events details`\.$/u);
    } finally {
      await client.close();
    }
  });
});

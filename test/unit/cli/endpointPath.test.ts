/**
 * A self-hosted service lives below a path (seed 001: "on self-hosted installations the base
 * includes /api/v3"). `--endpoint https://host/api/v3` must send every operation below that
 * path; before, the CLI kept only the origin and every request went to /subscriptions…, /rate_limit.
 */
import assert from 'node:assert/strict';
import { runCli } from '../../../src/core/cli/runCli';
import { startScriptedServer, type RecordedRequest, type ScriptedReply, type ScriptedServer } from '../api/scriptedServer';

const TOKEN = 'path-prefix-token-0123456789';
const SUB = '11111111-2222-3333-4444-555555555555';
const PREFIX = '/api/v3';

function event(name: string) {
  return {
    id: `/subscriptions/${SUB}/providers/Microsoft.ResourceHealth/events/${name}`,
    name,
    type: '/providers/Microsoft.ResourceHealth/events',
    properties: { title: `Event ${name}`, status: 'Active', lastUpdateTime: '2025-01-31T10:00:00Z' },
  };
}

/** Answers only below PREFIX, like a service mounted there; anything else is a 404. */
function mountedService(req: RecordedRequest, origin: string): ScriptedReply {
  const url = new URL(req.url, origin);
  if (!url.pathname.startsWith(`${PREFIX}/`)) {
    return { status: 404, body: { code: 'NotFound', message: `No resource at ${url.pathname}.` } };
  }
  const path = url.pathname.slice(PREFIX.length);
  if (path === '/rate_limit') {
    const rate = { limit: 5000, remaining: 4999, used: 1, reset: 1_900_000_000 };
    return { body: { resources: { core: rate }, rate } };
  }
  if (path === '/subscriptions') {
    return { body: { value: [{ id: `/subscriptions/${SUB}`, subscriptionId: SUB, displayName: 'Prod', state: 'Enabled' }] } };
  }
  if (path.endsWith('/fetchEventDetails')) {
    return { body: event('AB-1') };
  }
  if (path.endsWith('/events')) {
    // The second page is linked with a full URL below the prefix, as ARM's nextLinks are.
    return url.searchParams.has('$skipToken')
      ? { body: { value: [event('AB-2')] } }
      : { body: { value: [event('AB-1')], nextLink: `${origin}${PREFIX}/subscriptions/${SUB}/providers/Microsoft.ResourceHealth/events?$skipToken=2&api-version=2025-05-01` } };
  }
  return { status: 404, body: { code: 'NotFound', message: 'no' } };
}

async function cli(argv: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, {
    stdout: { write: (s: string) => (stdout += s) },
    stderr: { write: (s: string) => (stderr += s) },
    env: { HEALTH_EVENTS_TOKEN: TOKEN },
  });
  return { code, stdout, stderr };
}

describe('health-events CLI with an endpoint that has a path (self-hosted /api/v3)', () => {
  let server: ScriptedServer;

  beforeEach(async () => {
    server = await startScriptedServer(mountedService);
  });
  afterEach(async () => {
    await server.close();
  });

  it('sends list (both pages), details, subscriptions and rate-limit below the path, with the token', async () => {
    const endpoint = `${server.origin}${PREFIX}/`;
    const runs = [
      await cli(['list', '--endpoint', endpoint, '--subscription', SUB, '--json']),
      await cli(['details', '--endpoint', endpoint, '--subscription', SUB, '--tracking-id', 'AB-1', '--json']),
      await cli(['subscriptions', '--endpoint', endpoint, '--json']),
      await cli(['rate-limit', '--endpoint', endpoint, '--json']),
    ];
    for (const run of runs) {
      assert.equal(run.code, 0, run.stderr);
    }
    assert.deepEqual(
      (JSON.parse(runs[0]?.stdout ?? '{}') as { events: { name: string }[] }).events.map((e) => e.name),
      ['AB-1', 'AB-2'],
    );
    const paths = server.requests.map((r) => `${r.method} ${new URL(r.url, server.origin).pathname}`);
    assert.deepEqual(paths, [
      `GET ${PREFIX}/subscriptions/${SUB}/providers/Microsoft.ResourceHealth/events`,
      `GET ${PREFIX}/subscriptions/${SUB}/providers/Microsoft.ResourceHealth/events`,
      `POST ${PREFIX}/subscriptions/${SUB}/providers/Microsoft.ResourceHealth/events/AB-1/fetchEventDetails`,
      `GET ${PREFIX}/subscriptions`,
      `GET ${PREFIX}/rate_limit`,
    ]);
    for (const request of server.requests) {
      assert.equal(request.headers.authorization, `Bearer ${TOKEN}`);
    }
  });

  it('refuses an endpoint with a query with a usage error (exit 2) before sending anything', async () => {
    const run = await cli(['subscriptions', '--endpoint', `${server.origin}${PREFIX}?tenant=x`]);
    assert.equal(run.code, 2);
    assert.match(run.stderr, /--endpoint must not contain a query/);
    assert.equal(server.requests.length, 0);
  });
});

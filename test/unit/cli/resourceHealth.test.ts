import assert from 'node:assert/strict';
import { stateRank } from '../../../src/core/health/order';
import { resourceIdOf, stateOf } from '../../../src/core/model/availability';
import { cli } from './cliRun';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';
import { startScriptedServer } from '../api/scriptedServer';


const PAGE_SIZE = 5;

describe('health-events resource-health (in-process, against the sample service over HTTP)', () => {
  let service: SampleService;
  let env: Record<string, string>;
  let s1: string;
  let s2: string;

  before(async () => {
    service = await startSampleService({ seed: 5, events: 120, pageSize: PAGE_SIZE });
    env = { HEALTH_EVENTS_TOKEN: service.token };
    [s1 = '', s2 = ''] = service.subscriptionIds;
  });
  after(async () => {
    await service.close();
  });
  beforeEach(() => {
    service.knobs.unreadableSubscriptions = [];
  });
  const base = (...args: string[]) => ['resource-health', '--endpoint', service.url, ...args];

  it('--subscription twice: every status of both (all pages), not-Available first, counted per state', async () => {
    const run = await cli(base('--subscription', s1, '--subscription', s2), env);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.split('\n');
    assert.match(lines[0] ?? '', /^STATE\s+NAME\s+TYPE\s+RESOURCE GROUP\s+SINCE\s+EVENTS\s+SUMMARY$/);
    const expected = [...service.estate.statuses(s1), ...service.estate.statuses(s2)];
    const rows = lines.slice(1, 1 + expected.length);
    const ranks = rows.map((l) => stateRank(l.split(/\s{2,}/)[0]));
    assert.deepEqual(ranks, [...ranks].sort((a, b) => a - b), 'Unavailable, Degraded, Unknown before Available');
    assert.ok(ranks[0] !== undefined && ranks[0] < 4, 'the sample has unhealthy resources to put first');
    const pages = Math.ceil(service.estate.statuses(s1).length / PAGE_SIZE) + Math.ceil(service.estate.statuses(s2).length / PAGE_SIZE);
    assert.match(run.stdout, new RegExp(`\\n${expected.length} resources: .*\\d+ Available; ${pages} requests\\.\\n$`));
    assert.ok(!run.stdout.includes('<#'));
  });

  it('--json prints {"statuses":[…as received…],"requests":N}, with placeholder links replaced by portal pages', async () => {
    const run = await cli(base('--subscription', s1, '--json'), env);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as { statuses: { id: string; properties?: { occuredTime?: string; recommendedActions?: { actionUrl?: string }[] } }[]; requests: number };
    assert.deepEqual(Object.keys(out), ['statuses', 'requests']);
    const expected = service.estate.statuses(s1);
    assert.deepEqual(out.statuses.map((s) => s.id), expected.map((s) => s.id), 'in the order received');
    assert.deepEqual(out.statuses.map((s) => s.properties?.occuredTime), expected.map((s) => s.properties?.occuredTime), 'fields as received (the API’s spelling)');
    assert.equal(out.requests, Math.ceil(expected.length / PAGE_SIZE));
    assert.ok(!run.stdout.includes('<#'), 'no placeholder, even in JSON');
    const urls = out.statuses.flatMap((s) => (s.properties?.recommendedActions ?? []).map((a) => a.actionUrl));
    assert.ok(urls.some((u) => u?.startsWith('https://portal.azure.com/#@/resource/subscriptions/')));
    assert.ok(urls.some((u) => u === 'https://portal.azure.com/#blade/Microsoft_Azure_Support/HelpAndSupportBlade/overview'));
  });

  it('--resource of an unhealthy resource: state, since, linked event and recommended actions as links, no placeholder', async () => {
    const unhealthy = service.estate.statuses(s1).find((s) => (s.properties?.recommendedActions ?? []).length > 0);
    assert.ok(unhealthy);
    const run = await cli(base('--resource', resourceIdOf(unhealthy) ?? ''), env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, new RegExp(`^State:\\s+${stateOf(unhealthy) ?? ''} since \\d{4}-\\d{2}-\\d{2} \\d{2}:\\d{2}Z\\n`));
    assert.match(run.stdout, /\nEvent:\s+\S+ \(.+\)\n/);
    assert.match(run.stdout, /\nRecommended actions:\n {2}- .*open the resource blade: https:\/\/portal\.azure\.com\/#@\/resource\/subscriptions\//);
    assert.ok(!run.stdout.includes('<#'));
  });

  it('--resource with spaces in its name, and --history: the transitions newest first', async () => {
    const odd = service.estate.statuses(s1).map((s) => resourceIdOf(s) ?? '').find((id) => id.includes(' '));
    assert.ok(odd);
    const run = await cli(base('--resource', odd, '--history'), env);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^TIME\s+STATE\s+SUMMARY\n/);
    const json = await cli(base('--resource', odd, '--history', '--json'), env);
    const out = JSON.parse(json.stdout) as { statuses: { name: string }[]; requests: number };
    assert.equal(out.statuses[0]?.name, 'current');
    assert.equal(out.requests, 1);
  });

  it('a deleted resource (404): one sentence on stderr, exit 1', async () => {
    const run = await cli(base('--resource', `/subscriptions/${s1}/resourceGroups/rg-shared/providers/Microsoft.Compute/virtualMachines/gone`), env);
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '');
    assert.match(run.stderr, /^health-events resource-health: The resource \/subscriptions\/.*\/gone was not found .*; it may have been deleted or moved, so check the id or refresh the list\.\n$/);
  });

  it('a subscription without availabilityStatuses/read (403): named on stderr, the other listed, exit 1', async () => {
    service.knobs.unreadableSubscriptions = [s2];
    const run = await cli(base('--subscription', s1, '--subscription', s2), env);
    assert.equal(run.code, 1);
    assert.match(run.stdout, new RegExp(`\\n${service.estate.statuses(s1).length} resources: `));
    assert.match(run.stderr, new RegExp(`^health-events resource-health: subscription ${s2}: You may not read the resource health of subscription ${s2} \\(it needs Microsoft\\.ResourceHealth/availabilityStatuses/read; .*\\n$`));
  });

  it('usage errors exit 2: neither or both of --subscription/--resource, --history without --resource', async () => {
    for (const args of [[], ['--subscription', 's', '--resource', '/subscriptions/s/x'], ['--subscription', 's', '--history']]) {
      const run = await cli(base(...args), env);
      assert.equal(run.code, 2, args.join(' '));
      assert.match(run.stderr, /^health-events resource-health: /);
    }
  });
});

describe('health-events resource-health with answers the sample never sends (scripted service)', () => {
  it('a state never seen before is printed as received and listed before Available; a status with no properties, a placeholder date and a time without a zone do not break the table', async () => {
    const rid = (n: string) => `/subscriptions/s1/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/${n}`;
    const server = await startScriptedServer(() => ({
      body: {
        value: [
          { id: `${rid('ok')}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`, properties: { availabilityState: 'Available', occuredTime: '2026-01-02T03:04:05' } },
          { id: `${rid('new')}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`, properties: { availabilityState: 'Hibernating', occuredTime: '0001-01-01T00:00:00' } },
          { id: `${rid('bare')}/providers/Microsoft.ResourceHealth/availabilityStatuses/current` },
        ],
      },
    }));
    try {
      const run = await cli(['resource-health', '--endpoint', server.origin, '--subscription', 's1'], { HEALTH_EVENTS_TOKEN: 't' });
      assert.equal(run.code, 0, run.stderr);
      const rows = run.stdout.split('\n').slice(1, 4).map((l) => l.split(/\s{2,}/));
      assert.deepEqual(rows.map((r) => [r[0], r[1], r[4]]), [
        ['-', 'bare', '-'],
        ['Hibernating', 'new', 'not given'],
        ['Available', 'ok', '2026-01-02 03:04Z'],
      ]);
      assert.match(run.stdout, /3 resources: 1 without a state, 1 Hibernating, 1 Available; 1 request\./);
      assert.match(server.requests[0]?.url ?? '', /^\/subscriptions\/s1\/providers\/Microsoft\.ResourceHealth\/availabilityStatuses\?api-version=2025-05-01&\$expand=recommendedactions$/);
    } finally {
      await server.close();
    }
  });
});

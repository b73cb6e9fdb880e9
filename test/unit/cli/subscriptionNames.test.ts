// `health-events list` names subscriptions as the extension does (one GET /subscriptions), over real
// HTTP against the sample service; when the listing is denied the command still lists the events,
// by id, and says so once.
import assert from 'node:assert/strict';
import { runCli } from '../../../src/core/cli/runCli';
import { SUBSCRIPTIONS_API_VERSIONS } from '../../../src/core/sample/replies';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';

const SINCE = ['--since', '2000-01-01T00:00:00Z'];
const NAMES_UNAVAILABLE = /subscription names could not be listed, so subscriptions are shown by id/;

async function cli(argv: string[], env: Record<string, string>): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const code = await runCli(argv, { stdout: { write: (s: string) => (stdout += s) }, stderr: { write: (s: string) => (stderr += s) }, env });
  return { code, stdout, stderr };
}

describe('health-events list: subscription names (against the sample service)', () => {
  let service: SampleService;
  let env: Record<string, string>;
  /** What the service's own GET /subscriptions answers, by id. */
  let names: Map<string, string>;

  before(async () => {
    service = await startSampleService({ seed: 11, events: 40, pageSize: 10 });
    env = { HEALTH_EVENTS_TOKEN: service.token };
    const res = await fetch(`${service.url}/subscriptions?api-version=${SUBSCRIPTIONS_API_VERSIONS[0] ?? ''}`, { headers: { authorization: `Bearer ${service.token}` } });
    const body = (await res.json()) as { value: { subscriptionId: string; displayName: string }[] };
    names = new Map(body.value.map((s) => [s.subscriptionId, s.displayName]));
  });
  after(async () => {
    await service.close();
  });
  beforeEach(() => {
    service.faults.clear();
    service.resetStats();
  });

  const sub = (i: number): string => service.subscriptionIds[i] ?? '';
  const list = (subs: string[], extra: string[] = []) => cli(['list', '--endpoint', service.url, ...subs.flatMap((s) => ['--subscription', s]), ...SINCE, ...extra], env);
  const subscriptionRequests = (): number => service.stats.byPath.get('/subscriptions') ?? 0;

  it('several subscriptions: the table shows each row\'s subscription id and, next to it, its name; one listing', async () => {
    const run = await list([sub(0), sub(1)]);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, '');
    const [header = '', ...rows] = run.stdout.split('\n');
    assert.match(header, /^SUBSCRIPTION\s+SUBSCRIPTION NAME\s+STATUS\s+TYPE/);
    const nameCol = header.indexOf('SUBSCRIPTION NAME');
    const statusCol = header.indexOf('STATUS');
    const eventRows = rows.filter((r) => r.startsWith(sub(0)) || r.startsWith(sub(1)));
    assert.ok(eventRows.length > 2, `too few rows: ${run.stdout}`);
    for (const row of eventRows) {
      const id = row.slice(0, nameCol).trim();
      assert.equal(row.slice(nameCol, statusCol).trim(), names.get(id), `row of ${id}`);
    }
    assert.ok(eventRows.some((r) => r.startsWith(sub(0))) && eventRows.some((r) => r.startsWith(sub(1))));
    assert.equal(subscriptionRequests(), 1);
  });

  it('one subscription: the summary line names it', async () => {
    const run = await list([sub(2)]);
    assert.equal(run.code, 0, run.stderr);
    const count = service.events.filter((g) => g.subscriptionIds.includes(sub(2))).length;
    assert.match(run.stdout, new RegExp(`\\n${count} events? in ${names.get(sub(2)) ?? '?'}, \\d+ requests?\\. `));
  });

  it('/subscriptions denied (a user without the right to list subscriptions): the events are listed by id, exit 0, one line on stderr', async () => {
    service.faults.inject({ kind: 'forbidden' }, { path: /^\/subscriptions\/?$/, times: 5 });
    const run = await list([sub(0), sub(1)]);
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^SUBSCRIPTION\s+STATUS\s+TYPE/);
    assert.ok(run.stdout.includes(`\n${sub(0)}  `) && run.stdout.includes(`\n${sub(1)}  `), run.stdout);
    for (const name of names.values()) assert.ok(!run.stdout.includes(name), `"${name}" shown without a listing`);
    const lines = run.stderr.trim().split('\n');
    assert.equal(lines.length, 1, run.stderr);
    assert.match(lines[0] ?? '', /^health-events list: /);
    assert.match(lines[0] ?? '', NAMES_UNAVAILABLE);
    assert.match(lines[0] ?? '', /do not have access to the subscription list/);
    assert.equal(subscriptionRequests(), 1, 'the listing was tried more than once');

    const one = await list([sub(0)]);
    assert.equal(one.code, 0);
    assert.match(one.stdout, /\n\d+ events?, \d+ requests?\. /);
  });

  it('every subscription failing: the failure is reported, not the missing names on top', async () => {
    service.faults.inject({ kind: 'forbidden' }, { times: 20 });
    const run = await list([sub(0)]);
    assert.equal(run.code, 1);
    assert.doesNotMatch(run.stderr, NAMES_UNAVAILABLE);
    assert.equal(run.stderr.trim().split('\n').length, 1, run.stderr);
  });

  it('--json stays as it was: no listing, no name fields', async () => {
    const run = await list([sub(0), sub(1)], ['--json']);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as Record<string, unknown>;
    assert.deepEqual(Object.keys(out).sort(), ['events', 'rateLimit', 'requests']);
    assert.equal(subscriptionRequests(), 0);
  });
});

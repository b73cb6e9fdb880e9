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

  it('several subscriptions: one row per event naming its subscriptions ("Contoso Production +1"), no GUID beside a name; one listing', async () => {
    const run = await list([sub(0), sub(1)], ['--wide']);
    assert.equal(run.code, 0, run.stderr);
    assert.equal(run.stderr, '');
    const [header = '', ...lines] = run.stdout.split('\n');
    assert.match(header, /^STATUS\s+TYPE\s+LEVEL\s+ID\s+TITLE\s+REGIONS\s+SUBSCRIPTIONS\s+UPDATED$/);
    const subsCol = header.indexOf('SUBSCRIPTIONS');
    const updatedCol = header.indexOf('UPDATED');
    const idCol = header.indexOf(' ID ') + 1;
    const rows = lines.filter((l) => /^(Active|Resolved) /.test(l));
    const listed = service.events.filter((g) => g.subscriptionIds.includes(sub(0)) || g.subscriptionIds.includes(sub(1)));
    assert.equal(rows.length, listed.length, 'not one row per event');
    for (const g of listed) {
      const row = rows.find((r) => r.slice(idCol).startsWith(`${g.event.name ?? '?'} `));
      assert.ok(row, `no row for ${g.event.name}`);
      const mine = [sub(0), sub(1)].filter((s) => g.subscriptionIds.includes(s));
      const cell = row.slice(subsCol, updatedCol).trim();
      assert.equal(cell, `${names.get(mine[0] ?? '') ?? '?'}${mine.length > 1 ? ` +${mine.length - 1}` : ''}`, `row of ${g.event.name}`);
    }
    assert.ok(!run.stdout.includes(sub(0)) && !run.stdout.includes(sub(1)), 'a GUID beside the names');
    assert.equal(subscriptionRequests(), 1);
  });

  it('one subscription: the summary line names it', async () => {
    const run = await list([sub(2)]);
    assert.equal(run.code, 0, run.stderr);
    const count = service.events.filter((g) => g.subscriptionIds.includes(sub(2))).length;
    const active = service.events.filter((g) => g.subscriptionIds.includes(sub(2)) && g.event.properties?.status === 'Active').length;
    assert.match(run.stdout, new RegExp(`\\n${active} active · ${count - active} resolved in ${names.get(sub(2)) ?? '?'}; \\d+ requests?, `));
  });

  it('/subscriptions denied (a user without the right to list subscriptions): the events are listed by id, exit 0, one line on stderr', async () => {
    service.faults.inject({ kind: 'forbidden' }, { path: /^\/subscriptions\/?$/, times: 5 });
    const run = await list([sub(0), sub(1)]);
    assert.equal(run.code, 0, run.stderr);
    // Without names, the short id (the GUID's first group) stands in the row.
    assert.match(run.stdout, /^STATUS\s+ID\s+TITLE\s+SUBSCRIPTIONS/);
    assert.ok(run.stdout.includes(` ${sub(0).slice(0, 8)}`) || run.stdout.includes(` ${sub(1).slice(0, 8)}`), run.stdout);
    for (const name of names.values()) assert.ok(!run.stdout.includes(name), `"${name}" shown without a listing`);
    const lines = run.stderr.trim().split('\n');
    assert.equal(lines.length, 1, run.stderr);
    assert.match(lines[0] ?? '', /^health-events list: /);
    assert.match(lines[0] ?? '', NAMES_UNAVAILABLE);
    assert.match(lines[0] ?? '', /do not have access to the subscription list/);
    assert.equal(subscriptionRequests(), 1, 'the listing was tried more than once');

    const one = await list([sub(0)]);
    assert.equal(one.code, 0);
    assert.match(one.stdout, /\n\d+ active · \d+ resolved in 1 subscription; \d+ requests?, /);
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

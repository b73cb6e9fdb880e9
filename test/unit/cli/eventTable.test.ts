// `health-events list` reads like `gh`: the table fits the terminal (80 columns when stdout is not
// one), titles are cut with an ellipsis, --wide shows everything, one row per event naming its
// subscriptions, words instead of enum names, active first, colour only on a terminal without
// NO_COLOR, and a one-line summary.
import assert from 'node:assert/strict';
import { eventTable, incidentRows, subscriptionsCell, summaryLine, type EventTableOptions, type ListedEvent } from '../../../src/core/cli/eventTable';
import { layout, type Column } from '../../../src/core/cli/fitTable';
import { runCli } from '../../../src/core/cli/runCli';
import { terminalOf } from '../../../src/core/cli/terminal';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';
import type { HealthEvent } from '../../../src/core/model/eventModel';

const NOW = Date.UTC(2026, 10, 24, 12);
const PROD = '11111111-0000-0000-0000-000000000001';
const DEV = '22222222-0000-0000-0000-000000000002';
const NAMES = new Map([[PROD, 'Contoso Production'], [DEV, 'Contoso Dev/Test']]);
const name = (id: string) => NAMES.get(id);

function event(id: string, status: string, type: string, level: string, hoursAgo: number, title = `A long title for ${id} that no narrow terminal can show in full, with regions`): HealthEvent {
  return {
    name: id,
    properties: {
      title,
      status,
      eventType: type,
      eventLevel: level,
      lastUpdateTime: new Date(NOW - hoursAgo * 3_600_000).toISOString(),
      impact: [{ impactedService: 'Virtual Machines', impactedRegions: [{ impactedRegion: 'West Europe' }, { impactedRegion: 'East US 2' }] }],
    },
  } as HealthEvent;
}

// The service lists an incident once per subscription: AAA and CCC twice here.
const LISTED: ListedEvent[] = [
  { subscriptionId: PROD, event: event('RES-1', 'Resolved', 'ServiceIssue', 'Warning', 1) },
  { subscriptionId: PROD, event: event('AAA-1', 'Active', 'PlannedMaintenance', 'Informational', 5) },
  { subscriptionId: DEV, event: event('AAA-1', 'Active', 'PlannedMaintenance', 'Informational', 5) },
  { subscriptionId: DEV, event: event('CCC-3', 'Active', 'ServiceIssue', 'Critical', 2) },
  { subscriptionId: PROD, event: event('CCC-3', 'Active', 'ServiceIssue', 'Critical', 2) },
];

const options = (over: Partial<EventTableOptions> = {}): EventTableOptions => ({ width: 80, wide: false, color: false, now: NOW, withSubscriptions: true, name, ...over });
const dataLines = (table: string) => table.trimEnd().split('\n');

describe('health-events list table (gh-style)', () => {
  it('one row per event, active first (latest update first), in words, its subscriptions named without a GUID', () => {
    const rows = incidentRows(LISTED);
    assert.deepEqual(rows.map((r) => r.primary.event.name), ['CCC-3', 'AAA-1', 'RES-1']);
    const table = eventTable(rows, options({ wide: true }));
    const [header = '', ...lines] = dataLines(table);
    assert.equal(lines.length, 3);
    assert.match(header, /^STATUS\s+TYPE\s+LEVEL\s+ID\s+TITLE\s+REGIONS\s+SUBSCRIPTIONS\s+UPDATED$/);
    assert.match(lines[0] ?? '', /^Active\s+Service issue\s+Critical\s+CCC-3 .* Contoso Dev\/Test \+1\s+2026-11-24 10:00Z$/);
    assert.match(lines[1] ?? '', /^Active\s+Planned maintenance\s+Informational\s+AAA-1 .* Contoso Production \+1 /);
    assert.match(lines[2] ?? '', /^Resolved\s+Service issue\s+Warning\s+RES-1 .* Contoso Production\s+2026-11-24 11:00Z$/);
    assert.doesNotMatch(table, /PlannedMaintenance|ServiceIssue/);
    assert.ok(!table.includes(PROD) && !table.includes(DEV));
  });

  it('fits 80 columns: the title is cut with an ellipsis and the least useful columns leave; --wide shows everything', () => {
    const narrow = eventTable(incidentRows(LISTED), options({ width: 80 }));
    for (const line of dataLines(narrow)) assert.ok(line.length <= 80, `wider than 80: ${line}`);
    assert.match(narrow, /A long title for CCC-3 .*…/);
    assert.match(narrow, /^STATUS\s+ID\s+TITLE\s+SUBSCRIPTIONS\s+UPDATED\n/);
    assert.match(narrow, /2h ago\n/);
    const wide = eventTable(incidentRows(LISTED), options({ width: 80, wide: true }));
    assert.ok(dataLines(wide).some((l) => l.length > 80));
    assert.ok(!wide.includes('…'));
    assert.ok(wide.includes('A long title for CCC-3 that no narrow terminal can show in full, with regions'));
    assert.ok(wide.includes('West Europe, East US 2'));
  });

  it('a wide terminal (200 columns) shows every column and whole titles without --wide', () => {
    const table = eventTable(incidentRows(LISTED), options({ width: 200 }));
    assert.match(table, /^STATUS\s+TYPE\s+LEVEL\s+ID\s+TITLE\s+REGIONS\s+SUBSCRIPTIONS\s+UPDATED\n/);
    assert.ok(!table.includes('…'));
    for (const line of dataLines(table)) assert.ok(line.length <= 200);
  });

  it('a column leaves exactly when the table would be one column too wide (both sides of the width)', () => {
    const columns: Column[] = [
      { header: 'A', cells: ['aaaa'] },
      { header: 'TITLE', cells: ['t'.repeat(30)], flex: { min: 10 } },
      { header: 'LEVEL', cells: ['Informational'], dropRank: 1 },
    ];
    // 4 + 2 + 10 (title at its minimum) + 2 + 13 = 31
    assert.deepEqual(layout(columns, { width: 31, wide: false }).map((c) => [c.column.header, c.width]), [['A', 4], ['TITLE', 10], ['LEVEL', 13]]);
    assert.deepEqual(layout(columns, { width: 30, wide: false }).map((c) => [c.column.header, c.width]), [['A', 4], ['TITLE', 24]]);
    // Nothing left to drop: the title takes what remains, below its minimum.
    assert.deepEqual(layout(columns.slice(0, 2), { width: 14, wide: false }).map((c) => c.width), [4, 8]);
    // The title never grows past its longest cell.
    assert.deepEqual(layout(columns, { width: 500, wide: false }).map((c) => c.width), [4, 30, 13]);
  });

  it('several subscriptions: "Name +N"; a subscription without a known name shows its short id (full with --wide)', () => {
    assert.equal(subscriptionsCell([PROD, DEV], name, false), 'Contoso Production +1');
    assert.equal(subscriptionsCell([PROD], name, false), 'Contoso Production');
    assert.equal(subscriptionsCell(['33333333-0000-0000-0000-000000000003', PROD], name, false), '33333333 +1');
    assert.equal(subscriptionsCell(['33333333-0000-0000-0000-000000000003'], name, true), '33333333-0000-0000-0000-000000000003');
    // A long name is cut, the count stays.
    assert.equal(subscriptionsCell([PROD, DEV], () => 'Contoso Production Europe West Primary', false), 'Contoso Production E… +1');
  });

  it('summary: "N active · M resolved in 2 subscriptions", or the one subscription by name', () => {
    const rows = incidentRows(LISTED);
    const quota = { resource: 'core', limit: 5000, remaining: 4990, resetAt: NOW + 30 * 60_000, observedAt: NOW, source: 'headers' as const };
    assert.equal(summaryLine(rows, [PROD, DEV], name, 3, quota, NOW), '2 active · 1 resolved in 2 subscriptions; 3 requests, 4990 of 5000 left, resets in 30 min.');
    assert.equal(summaryLine(rows.slice(2), [PROD], name, 1, undefined, NOW), '0 active · 1 resolved in Contoso Production; 1 request, no quota headers seen.');
  });

  it('colour only on a terminal, never with NO_COLOR set; 80 columns when not a terminal', () => {
    assert.deepEqual(terminalOf({ isTTY: true, columns: 132 }, {}), { width: 132, color: true });
    assert.deepEqual(terminalOf({ isTTY: true, columns: 132 }, { NO_COLOR: '1' }), { width: 132, color: false });
    // no-color.org: an empty NO_COLOR does not count as set.
    assert.deepEqual(terminalOf({ isTTY: true, columns: 132 }, { NO_COLOR: '' }), { width: 132, color: true });
    assert.deepEqual(terminalOf({ columns: 132 }, {}), { width: 80, color: false });
    assert.deepEqual(terminalOf({}, {}), { width: 80, color: false });
    const coloured = eventTable(incidentRows(LISTED), options({ color: true, width: 200 }));
    assert.ok(coloured.includes('\u001b[1;31mCritical\u001b[0m'), 'Critical level not red');
    assert.ok(coloured.includes('\u001b[1;33mActive\u001b[0m'), 'Active status not yellow');
    assert.ok(coloured.includes('\u001b[32mResolved\u001b[0m'), 'Resolved status not green');
    // Colour does not move the columns: without the escapes, the same text.
    // eslint-disable-next-line no-control-regex
    assert.equal(coloured.replace(/\u001b\[[\d;]*m/g, ''), eventTable(incidentRows(LISTED), options({ width: 200 })));
  });
});

describe('health-events list on a terminal and through a pipe (against the sample service)', () => {
  let service: SampleService;
  before(async () => {
    service = await startSampleService({ seed: 5, events: 30, pageSize: 50 });
  });
  after(async () => {
    await service.close();
  });

  async function list(stdout: { isTTY?: boolean; columns?: number }, env: Record<string, string> = {}, extra: string[] = []): Promise<string> {
    let out = '';
    const code = await runCli(['list', '--endpoint', service.url, '--subscription', service.subscriptionIds[0] ?? '', '--subscription', service.subscriptionIds[1] ?? '', '--since', '2000-01-01', ...extra], {
      stdout: { ...stdout, write: (s: string) => (out += s) },
      stderr: { write: () => true },
      env: { HEALTH_EVENTS_TOKEN: service.token, ...env },
    });
    assert.equal(code, 0);
    return out;
  }

  it('a 120-column terminal: lines fit 120 and carry colour; NO_COLOR or a pipe: plain text, 80 columns', async () => {
    const tty = await list({ isTTY: true, columns: 120 });
    assert.ok(tty.includes('\u001b['), 'no colour on a terminal');
    // eslint-disable-next-line no-control-regex
    for (const line of tty.replace(/\u001b\[[\d;]*m/g, '').split('\n')) assert.ok(line.length <= 120, `wider than 120: ${line}`);
    const noColor = await list({ isTTY: true, columns: 120 }, { NO_COLOR: '1' });
    assert.ok(!noColor.includes('\u001b'));
    const table = (text: string) => text.slice(0, text.lastIndexOf('\n\n'));
    // eslint-disable-next-line no-control-regex
    assert.equal(table(noColor), table(tty.replace(/\u001b\[[\d;]*m/g, '')));
    const piped = await list({});
    assert.ok(!piped.includes('\u001b'));
    const longest = Math.max(...piped.split('\n').filter((l) => /^(Active|Resolved|STATUS) /.test(l)).map((l) => l.length));
    assert.ok(longest <= 80 && longest > 60, `table lines up to ${longest} columns`);
  });

  it('--json is unchanged: every copy as received, enum values as sent, no colour even on a terminal', async () => {
    const out = JSON.parse(await list({ isTTY: true, columns: 120 }, {}, ['--json'])) as { events: HealthEvent[] };
    const expected = service.events.reduce((n, g) => n + g.subscriptionIds.filter((s) => s === service.subscriptionIds[0] || s === service.subscriptionIds[1]).length, 0);
    assert.equal(out.events.length, expected);
    assert.ok(out.events.some((e) => /^[A-Z][a-z]+[A-Z]/.test(e.properties?.eventType ?? '')), 'enum values rewritten');
  });
});

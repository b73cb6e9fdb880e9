// A group with more events than the tree's page (the real-world "10,000 cached events, thousands
// in one group"): it shows its first rows and a "Show N more" row; running that row's command shows
// more; revealing an event past the cut still selects its row. In a real VS Code.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ServiceHealthApi } from '../../src/extension';
import type { TreeSnapshotNode } from '../../src/ui/tree/eventsView';
import { activateExtension, eventRows, until } from './extensionApi';

/** Rows the Events tree shows per group before "Show more" (stated here, not read from the code, so a change shows). */
const PAGE = 300;

/** 3 subscriptions (the sample's default) hold about 900 rows each in subscription grouping. */
const EVENTS = 1_100;

function sumOf(description: string | undefined): number {
  return (description?.match(/\d+/g) ?? []).reduce((n, d) => n + Number(d), 0);
}

describe('tree paging: "Show more" rows for large groups (real VS Code)', function () {
  this.timeout(90_000);
  let health: ServiceHealthApi;

  const groups = (): TreeSnapshotNode[] => health.getTreeSnapshot(2).filter((g) => g.id?.startsWith('group:'));
  const group = (id: string): TreeSnapshotNode => {
    const g = groups().find((n) => n.id === id);
    assert.ok(g, `no group ${id}`);
    return g;
  };
  const moreRows = (g: TreeSnapshotNode): TreeSnapshotNode[] => (g.children ?? []).filter((c) => c.contextValue === 'serviceHealth.more');
  const eventsOf = (subscriptionId: string): number => health.getVisibleEvents().filter((e) => e.subscriptionId === subscriptionId).length;
  const subscriptionOf = (g: TreeSnapshotNode): string => (g.id ?? '').replace(/^group:subscription:/u, '');

  before(async () => {
    health = await activateExtension();
    await health.useSampleService({ events: EVENTS, seed: 13 });
    await health.refresh({ full: true });
    await vscode.commands.executeCommand('serviceHealth.filterByQuery', '');
    await health.setGroupBy('subscription');
  });

  after(async () => {
    await health.settings.update('groupBy', undefined);
    await health.useSampleService({});
  });

  it('a group past the page shows its first rows and one "Show N more" row, and counts every event', () => {
    const big = groups().filter((g) => eventsOf(subscriptionOf(g)) > PAGE);
    assert.ok(big.some((g) => eventsOf(subscriptionOf(g)) > 2 * PAGE), `the sample put no subscription past ${2 * PAGE} events`);
    for (const g of big) {
      const total = eventsOf(subscriptionOf(g));
      const hidden = total - PAGE;
      assert.equal(sumOf(g.description), total, `${g.label}: the group's count is not the count of all its events`);
      assert.equal(eventRows(g.children ?? []).length, PAGE);
      const more = moreRows(g);
      assert.equal(more.length, 1);
      assert.equal(g.children?.at(-1), more[0], 'the "Show more" row comes after the rows');
      assert.equal(more[0]?.label, `Show ${Math.min(PAGE, hidden)} more`);
      assert.equal(more[0]?.description, hidden > PAGE ? `${hidden.toLocaleString('en-US')} not shown` : undefined);
    }
  });

  it('running the "Show more" row\'s command shows the next page, and a refresh keeps it; regrouping starts over', async () => {
    const g = groups().find((n) => eventsOf(subscriptionOf(n)) > 2 * PAGE);
    assert.ok(g?.id);
    const id = g.id;
    const firstPage = eventRows(g.children ?? []).map((r) => r.id);
    const command = moreRows(g)[0]?.command;
    assert.ok(command, 'the "Show more" row has no command');
    await vscode.commands.executeCommand(command.command, ...(command.arguments ?? []));

    const after = group(id);
    const rows = eventRows(after.children ?? []).map((r) => r.id);
    assert.equal(rows.length, 2 * PAGE);
    assert.deepEqual(rows.slice(0, PAGE), firstPage, 'the first page moved');
    const total = eventsOf(subscriptionOf(after));
    assert.equal(moreRows(after)[0]?.label, `Show ${Math.min(PAGE, total - 2 * PAGE)} more`);
    const others = groups().filter((n) => n.id !== id && moreRows(n).length > 0);
    assert.ok(others.every((n) => eventRows(n.children ?? []).length === PAGE), 'another group was raised too');

    await health.refresh({ full: true });
    assert.equal(eventRows(group(id).children ?? []).length, 2 * PAGE, 'a refresh dropped the raised limit');

    await health.setGroupBy('type');
    await health.setGroupBy('subscription');
    assert.equal(eventRows(group(id).children ?? []).length, PAGE, 'the raised limit outlived a change of grouping');
  });

  it('revealing an event past the cut shows it in its group and selects its row', async function () {
    // The workbench reports a selection late on a loaded machine (see extension.test.ts).
    this.retries(2);
    await health.setGroupBy('type');
    await health.setGroupBy('subscription');
    await vscode.commands.executeCommand('serviceHealth.events.focus');
    const g = groups().find((n) => eventsOf(subscriptionOf(n)) > 2 * PAGE);
    assert.ok(g?.id);
    const id = g.id;
    const sub = subscriptionOf(g);
    // Row ids end with the tracking id (see nodes.ts).
    const shown = new Set(eventRows(g.children ?? []).map((r) => r.id?.split('/').at(-1)?.toLowerCase()));
    const target = health.getVisibleEvents().find((e) => e.subscriptionId === sub && !shown.has(e.trackingId.toLowerCase()));
    assert.ok(target, 'every event of the group is shown');
    assert.equal(shown.size, PAGE);

    assert.equal(await health.revealEvent({ subscriptionId: target.subscriptionId, trackingId: target.trackingId }), true);
    const rows = eventRows(group(id).children ?? []);
    assert.ok(rows.length > PAGE, 'the group still shows the first page only');
    const rowId = rows.find((r) => r.id?.toLowerCase().endsWith(`/${target.trackingId.toLowerCase()}`))?.id;
    assert.ok(rowId, 'no row for the revealed event');
    const selected = await until('the row to be selected', () => (health.selectedTreeIds().includes(rowId) ? health.selectedTreeIds() : undefined));
    assert.deepEqual(selected, [rowId]);
  });
});

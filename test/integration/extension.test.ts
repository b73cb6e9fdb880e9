// The extension in a real VS Code: sample service over real loopback HTTP, tree, group-by,
// reveal of an event row, details panel, status bar command, and a quiet silent sign-in without any account.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ServiceHealthApi } from '../../src/extension';
import type { StoredEvent } from '../../src/core/events/eventFacts';
import type { TreeSnapshotNode } from '../../src/ui/tree/eventsView';
import { Command } from '../../src/ui/base/commandIds';
import { activateExtension, until } from './extensionApi';

/** A group row's incident count: its description reads "N" or "3 active · 5 resolved". */
function groupCount(description: string | undefined): number {
  return (description?.match(/\d+/g) ?? []).reduce((n, d) => n + Number(d), 0);
}



function count(nodes: readonly TreeSnapshotNode[] | undefined): number {
  return Number(nodes?.length ?? 0);
}

/** Incidents among events: the service lists one incident per subscription with the same tracking id. */
function incidents(events: readonly StoredEvent[]): number {
  return new Set(events.map((e) => e.trackingId.toUpperCase())).size;
}

/** Event rows of a tree snapshot (nodes whose contextValue marks an event). */
function eventRows(nodes: readonly TreeSnapshotNode[]): TreeSnapshotNode[] {
  return nodes.flatMap((n) => (n.contextValue?.startsWith('serviceHealth.event') ? [n] : eventRows(n.children ?? [])));
}

describe('extension (real VS Code)', function () {
  this.timeout(60_000);
  let health: ServiceHealthApi;

  before(async () => {
    health = await activateExtension();
  });

  after(async () => {
    // Leave the user settings as found for other suites.
    await health.settings.update('groupBy', undefined);
    await health.useAzure(); // the default mode, for the suites that follow
  });

  it('activates and registers its commands, including the status bar quota command', async () => {
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['serviceHealth.refresh', 'serviceHealth.signIn', 'serviceHealth.useSampleService', 'serviceHealth.groupBy', 'serviceHealth.showQuota', 'serviceHealth.openDetails']) {
      assert.ok(commands.includes(id), `command ${id} is not registered`);
    }
  });

  it('registers every command of commandIds.ts (the manifest test checks the other side)', async () => {
    const commands = new Set(await vscode.commands.getCommands(true));
    assert.deepEqual(Object.values(Command).filter((id) => !commands.has(id)), [], 'constants with no registration');
  });

  it('Use Sample Service and Use Azure write no settings at all (the choice is kept in the workspace state)', async () => {
    const mode = (): ReturnType<vscode.WorkspaceConfiguration['inspect']> => vscode.workspace.getConfiguration('serviceHealth').inspect<string>('mode');
    const before = mode();
    await vscode.commands.executeCommand('serviceHealth.useSampleService');
    assert.equal(health.settings.get().mode, 'sample');
    assert.deepEqual([mode()?.workspaceValue, mode()?.workspaceFolderValue, mode()?.globalValue], [before?.workspaceValue, before?.workspaceFolderValue, before?.globalValue], 'a settings file was written');
    await vscode.commands.executeCommand('serviceHealth.useAzure');
    assert.equal(health.settings.get().mode, 'azure');
    assert.deepEqual([mode()?.workspaceValue, mode()?.workspaceFolderValue, mode()?.globalValue], [before?.workspaceValue, before?.workspaceFolderValue, before?.globalValue]);
  });

  it('a serviceHealth.mode the user set wins over Use Sample Service, and removing it brings the choice back', async () => {
    await health.useSampleService();
    await health.settings.update('mode', 'azure');
    await until('the setting did not win over the choice', () => health.settings.get().mode === 'azure');
    await vscode.commands.executeCommand('serviceHealth.useSampleService');
    assert.equal(health.settings.get().mode, 'azure', 'the choice beat the setting');
    await health.settings.update('mode', undefined);
    await until('removing the setting did not bring back the choice', () => health.settings.get().mode === 'sample');
    await health.useAzure();
  });

  it('a silent sign-in with no account returns quietly', async () => {
    const signedIn = await health.signIn({ silent: true });
    assert.equal(signedIn, false);
    assert.equal(health.isSignedIn(), false);
  });

  it('switches to the sample service and loads its events over HTTP', async () => {
    const url = await health.useSampleService();
    assert.match(url, /^http:\/\/127\.0\.0\.1:\d+$/);
    const res = await fetch(`${url}/subscriptions?api-version=2022-12-01`);
    assert.equal(res.status, 401, 'the sample service refuses requests without its token');
    await health.refresh();
    assert.equal(health.settings.get().mode, 'sample');
    assert.ok(health.getEvents().length > 0, 'no events loaded');
    assert.equal(health.viewState().phase, 'ready');
    assert.match(health.viewState().description ?? '', /Sample data/);
    // The sample has unseen active service issues; made-up outages never get a badge.
    assert.ok(health.getVisibleEvents().some((e) => e.event.properties?.eventType === 'ServiceIssue' && e.event.properties?.status === 'Active'));
    assert.equal(health.viewState().badge, undefined, 'sample data shows a badge');
    const quota = health.quota();
    assert.ok(quota && quota.requestsSent > 0, 'the client made no requests');
  });

  it('groups by type with Active before Resolved and counts that match the data', async () => {
    await health.setGroupBy('type');
    const tree = health.getTreeSnapshot(3);
    const visible = health.getVisibleEvents();
    assert.ok(tree.length > 0);
    const total = tree.reduce((n, g) => n + groupCount(g.description), 0);
    assert.equal(total, incidents(visible), 'top-level counts add up to the visible incidents');
    for (const group of tree) {
      const statuses = (group.children ?? []).map((c) => c.label);
      const a = statuses.indexOf('Active');
      const r = statuses.indexOf('Resolved');
      if (a >= 0 && r >= 0) {
        assert.ok(a < r, `${group.label}: Active must come before Resolved (${statuses.join(', ')})`);
      }
      const sum = (group.children ?? []).reduce((n, c) => n + Number(c.description), 0);
      assert.equal(sum, groupCount(group.description), `${group.label}: sub-group counts`);
      for (const status of group.children ?? []) {
        assert.equal(count(status.children), Number(status.description), `${group.label}/${status.label}: event rows`);
      }
    }
    const serviceIssues = tree.find((g) => g.label === 'Service issues');
    const expected = incidents(visible.filter((e) => e.event.properties?.eventType === 'ServiceIssue'));
    assert.equal(groupCount(serviceIssues?.description), expected);
  });

  it('shows an incident listed for several subscriptions once, saying how many list it', async () => {
    await health.setGroupBy('type');
    const visible = health.getVisibleEvents();
    const bySubs = new Map<string, Set<string>>();
    for (const e of visible) {
      const id = e.trackingId.toUpperCase();
      bySubs.set(id, (bySubs.get(id) ?? new Set()).add(e.subscriptionId.toLowerCase()));
    }
    const shared = [...bySubs].filter(([, subs]) => subs.size > 1);
    assert.ok(shared.length > 0, 'the sample lists no incident for several subscriptions');
    const rows = eventRows(health.getTreeSnapshot(3));
    assert.equal(rows.length, bySubs.size, 'one row per incident');
    for (const [id, subs] of shared) {
      const matching = rows.filter((r) => r.id?.endsWith(`/${id}`));
      assert.equal(matching.length, 1, `incident ${id}: rows`);
      assert.match(matching[0]?.description ?? '', new RegExp(`(^|· )${subs.size} subscriptions( ·|$)`), `incident ${id}: description`);
    }
    // Subscription grouping keeps each subscription's own rows.
    await health.setGroupBy('subscription');
    assert.equal(eventRows(health.getTreeSnapshot(2)).length, visible.length, 'one row per subscription copy');
    await health.setGroupBy('type');
  });

  it('says "Sample data" where VS Code shows it: the view title, and a note above the rows', () => {
    const state = health.viewState();
    assert.match(state.title ?? '', /Sample Data/);
    assert.match(state.message ?? '', /^Made-up events from the local sample service\./);
  });

  it('changes grouping to region and to status', async () => {
    await health.setGroupBy('status');
    const byStatus = health.getTreeSnapshot(1).map((n) => n.label);
    assert.equal(byStatus[0], 'Active');
    await health.setGroupBy('region');
    const byRegion = health.getTreeSnapshot(1);
    assert.ok(byRegion.every((n) => n.contextValue === 'serviceHealth.group.region'));
    assert.notDeepEqual(byRegion.map((n) => n.label), byStatus);
    await health.setGroupBy('type');
  });

  /**
   * The view's selection reaches the extension host as an event after reveal() resolves (the
   * workbench renders first); on a loaded machine that takes a moment, so wait for it (up to 10 s).
   */
  async function selectionSettled(expected: string[]): Promise<string[]> {
    const until = Date.now() + 10_000;
    while (Date.now() < until && JSON.stringify(health.selectedTreeIds()) !== JSON.stringify(expected)) {
      await new Promise((r) => setTimeout(r, 50));
    }
    return health.selectedTreeIds();
  }

  it('reveals an event: selects its row (inside a folded Resolved group) in the Events view', async function () {
    // Known intermittent: in about one full run of three on this 2-core machine the workbench never
    // reports the selection, even after revealEvent's own re-reveals and a 10 s wait (it fails the
    // same way on older commits). Two retries keep CI honest about a steady failure.
    this.retries(2);
    await health.setGroupBy('type');
    // reveal() needs the view in the workbench; the notification's "Show" opens it the same way.
    await vscode.commands.executeCommand('serviceHealth.events.focus');
    // A resolved event: its status group starts folded, so the reveal has to expand the parents.
    const target = health.getVisibleEvents().find((e) => e.event.properties?.status === 'Resolved') ?? health.getVisibleEvents()[0];
    assert.ok(target, 'no visible events');
    const rowIds = eventRows(health.getTreeSnapshot(3)).flatMap((r) => (r.id?.endsWith(`/${target.trackingId.toUpperCase()}`) ? [r.id] : []));
    assert.equal(rowIds.length, 1, 'one row for the incident in type grouping');

    const revealed = await health.revealEvent({ subscriptionId: target.subscriptionId, trackingId: target.trackingId });
    assert.equal(revealed, true);
    assert.deepEqual(await selectionSettled(rowIds), rowIds);
  });

  it('reveals the subscription\'s own row in subscription grouping', async () => {
    await health.setGroupBy('subscription');
    await vscode.commands.executeCommand('serviceHealth.events.focus');
    const visible = health.getVisibleEvents();
    // An incident several subscriptions list: the row must be the one of the asked subscription.
    const shared = visible.find((e) => visible.some((o) => o !== e && o.trackingId.toUpperCase() === e.trackingId.toUpperCase()));
    assert.ok(shared, 'the sample lists no incident for several subscriptions');
    const groupId = `group:subscription:${shared.subscriptionId}`;
    const group = health.getTreeSnapshot(2).find((g) => g.id === groupId);
    const rowIds = eventRows(group?.children ?? []).flatMap((r) => (r.id?.toLowerCase().endsWith(`/${shared.subscriptionId.toLowerCase()}/${shared.trackingId.toLowerCase()}`) ? [r.id] : []));
    assert.equal(rowIds.length, 1, `one row for the copy under ${groupId}`);

    assert.equal(await health.revealEvent({ subscriptionId: shared.subscriptionId, trackingId: shared.trackingId }), true);
    assert.deepEqual(await selectionSettled(rowIds), rowIds);
    await health.setGroupBy('type');
  });

  it('revealing an event no row shows resolves to false and leaves the selection', async () => {
    const before = health.selectedTreeIds();
    const first = health.getVisibleEvents()[0];
    assert.ok(first);
    assert.equal(await health.revealEvent({ subscriptionId: first.subscriptionId, trackingId: 'NO-SUCH-TRACKING-ID' }), false);
    assert.equal(await health.revealEvent({ subscriptionId: '00000000-0000-0000-0000-00000000dead', trackingId: first.trackingId }), false);
    assert.deepEqual(health.selectedTreeIds(), before);
  });

  it('opens a details panel for an event and marks it seen', async () => {
    const first = health.getVisibleEvents()[0];
    assert.ok(first);
    const before = health.detailsPanelCount();
    const ok = await health.openDetails({ subscriptionId: first.subscriptionId, trackingId: first.trackingId });
    assert.equal(ok, true);
    assert.equal(health.detailsPanelCount(), before + 1);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('switching from the sample service to Azure closes the sample panels (made-up events never sit next to real ones)', async () => {
    const first = health.getVisibleEvents()[0];
    assert.ok(first);
    assert.equal(await health.openDetails({ subscriptionId: first.subscriptionId, trackingId: first.trackingId }), true);
    assert.equal(health.detailsPanelCount(), 1);
    await health.useAzure();
    assert.equal(health.detailsPanelCount(), 0, 'a sample panel is still open in Azure mode');
    await health.useSampleService();
    await health.refresh();
  });

  it('a second refresh is incremental (fewer event pages than a full refresh) and keeps the events', async () => {
    // Run alone (a grep), the suite has not connected yet: the sample service, loaded once.
    if (!health.sampleService()) {
      await health.useSampleService();
      await health.refresh();
    }
    const service = health.sampleService();
    assert.ok(service);
    const n = health.getEvents().length;
    // The events list requests only: resource health and impacted resources are listed on their own schedule.
    const eventPages = () => [...service.stats.byPath].filter(([path]) => /\/providers\/Microsoft\.ResourceHealth\/events$/iu.test(path)).reduce((sum, [, count]) => sum + count, 0);
    const before = eventPages();
    await health.refresh({ full: true });
    const full = eventPages() - before;
    await health.refresh();
    const incremental = eventPages() - before - full;
    assert.equal(health.getEvents().length, n);
    assert.ok(incremental > 0, 'the refresh listed nothing');
    assert.ok(incremental < full, `an incremental refresh read ${incremental} event pages, a full one ${full}: it listed everything again`);
  });
});

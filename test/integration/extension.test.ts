// The extension in a real VS Code: sample service over real loopback HTTP, tree, group-by,
// details panel, status bar command, and a quiet silent sign-in without any account.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ServiceHealthApi } from '../../src/extension';
import type { TreeSnapshotNode } from '../../src/ui/tree/eventsView';

const EXTENSION_ID = 'service-health.service-health';

async function api(): Promise<ServiceHealthApi> {
  const ext = vscode.extensions.getExtension<ServiceHealthApi>(EXTENSION_ID);
  assert.ok(ext, 'extension not found');
  return ext.activate();
}

function count(nodes: readonly TreeSnapshotNode[] | undefined): number {
  return Number(nodes?.length ?? 0);
}

describe('extension (real VS Code)', function () {
  this.timeout(60_000);
  let health: ServiceHealthApi;

  before(async () => {
    health = await api();
  });

  after(async () => {
    // Leave the user settings as found for other suites.
    await health.settings.update('groupBy', undefined);
    await health.settings.update('mode', undefined);
  });

  it('activates and registers its commands, including the status bar quota command', async () => {
    const commands = await vscode.commands.getCommands(true);
    for (const id of ['serviceHealth.refresh', 'serviceHealth.signIn', 'serviceHealth.useSampleService', 'serviceHealth.groupBy', 'serviceHealth.showQuota', 'serviceHealth.openDetails']) {
      assert.ok(commands.includes(id), `command ${id} is not registered`);
    }
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
    const quota = health.quota();
    assert.ok(quota && quota.requestsSent > 0, 'the client made no requests');
  });

  it('groups by type with Active before Resolved and counts that match the data', async () => {
    await health.setGroupBy('type');
    const tree = health.getTreeSnapshot(3);
    const visible = health.getVisibleEvents();
    assert.ok(tree.length > 0);
    const total = tree.reduce((n, g) => n + Number(g.description?.split(' ')[0]), 0);
    assert.equal(total, visible.length, 'top-level counts add up to the visible events');
    for (const group of tree) {
      const statuses = (group.children ?? []).map((c) => c.label);
      const a = statuses.indexOf('Active');
      const r = statuses.indexOf('Resolved');
      if (a >= 0 && r >= 0) {
        assert.ok(a < r, `${group.label}: Active must come before Resolved (${statuses.join(', ')})`);
      }
      const sum = (group.children ?? []).reduce((n, c) => n + Number(c.description), 0);
      assert.equal(sum, Number(group.description?.split(' ')[0]), `${group.label}: sub-group counts`);
      for (const status of group.children ?? []) {
        assert.equal(count(status.children), Number(status.description), `${group.label}/${status.label}: event rows`);
      }
    }
    const serviceIssues = tree.find((g) => g.label === 'Service issues');
    const expected = visible.filter((e) => e.event.properties?.eventType === 'ServiceIssue').length;
    assert.equal(Number(serviceIssues?.description?.split(' ')[0] ?? 0), expected);
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

  it('opens a details panel for an event and marks it seen', async () => {
    const first = health.getVisibleEvents()[0];
    assert.ok(first);
    const before = health.detailsPanelCount();
    const ok = await health.openDetails({ subscriptionId: first.subscriptionId, trackingId: first.trackingId });
    assert.equal(ok, true);
    assert.equal(health.detailsPanelCount(), before + 1);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  it('a second refresh is incremental and keeps the events', async () => {
    const n = health.getEvents().length;
    const sent = health.quota()?.requestsSent ?? 0;
    await health.refresh();
    assert.equal(health.getEvents().length, n);
    assert.ok((health.quota()?.requestsSent ?? 0) > sent);
  });
});

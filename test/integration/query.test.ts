// The query language in a real VS Code: api.query, the "Query Events…" QuickPick applying a query
// to the tree, and "Filter Events by Query…" narrowing the Events view, against the sample service.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ServiceHealthApi } from '../../src/extension';
import type { StoredEvent } from '../../src/core/events/eventFacts';
import { activateWithSampleEvents, eventRows } from './extensionApi';

/** A group row's incident count: its description reads "N" or "3 active · 5 resolved". */
function groupCount(description: string | undefined): number {
  return (description?.match(/\d+/g) ?? []).reduce((n, d) => n + Number(d), 0);
}



const key = (e: StoredEvent): string => `${e.subscriptionId}/${e.trackingId}`;
const isActiveIssue = (e: StoredEvent): boolean => e.event.properties?.eventType === 'ServiceIssue' && e.event.properties.status === 'Active';

describe('query language (real VS Code)', function () {
  this.timeout(60_000);
  let health: ServiceHealthApi;

  before(async () => {
    health = await activateWithSampleEvents();
  });

  after(async () => {
    await vscode.commands.executeCommand('serviceHealth.filterByQuery', '');
    await health.useAzure(); // the default mode, for the suites that follow
  });

  it('registers both query commands', async () => {
    const commands = await vscode.commands.getCommands(true);
    assert.ok(commands.includes('serviceHealth.queryEvents'));
    assert.ok(commands.includes('serviceHealth.filterByQuery'));
  });

  it('api.query returns the same events as filtering getEvents by hand, by priority', () => {
    const got = health.query('type:ServiceIssue status:active');
    const expected = health.getEvents().filter(isActiveIssue);
    assert.ok(expected.length > 0, 'the sample has no active service issue');
    assert.deepEqual(new Set(got.map(key)), new Set(expected.map(key)));
    assert.equal(got.length, expected.length);
    const priorities = got.map((e) => e.event.properties?.priority ?? Number.MAX_SAFE_INTEGER);
    assert.deepEqual(priorities, [...priorities].sort((a, b) => a - b));
  });

  it('plain words mean the same as structured terms', () => {
    assert.deepEqual(health.query('active outages').map(key), health.query('type:ServiceIssue status:active').map(key));
  });

  it('Filter Events by Query narrows the tree, names the query in the view description, and clears', async () => {
    const before = health.getVisibleEvents();
    await vscode.commands.executeCommand('serviceHealth.filterByQuery', 'type:ServiceIssue status:active');
    assert.equal(health.treeQuery(), 'type:ServiceIssue status:active');
    const visible = health.getVisibleEvents();
    assert.deepEqual(new Set(visible.map(key)), new Set(before.filter(isActiveIssue).map(key)));
    assert.ok(visible.length < before.length, 'the query hides something');
    // One row per incident: copies of one incident (same tracking id, several subscriptions) merge.
    const incidents = new Set(visible.map((e) => e.trackingId.toUpperCase())).size;
    const rows = eventRows(health.getTreeSnapshot(4));
    assert.equal(rows.length, incidents, 'one tree row per visible incident');
    const [filterRow, ...top] = health.getTreeSnapshot(1);
    assert.equal(top.reduce((n, g) => n + groupCount(g.description), 0), incidents);
    assert.match(health.viewState().description ?? '', /active service issues/u);
    // The first row says the view is filtered and how much it shows, in incidents like the groups.
    const held = new Set(health.getEvents().map((e) => e.trackingId.toUpperCase())).size;
    assert.equal(filterRow?.contextValue, 'serviceHealth.filterRow');
    assert.equal(filterRow?.label, 'Filtered: “type:ServiceIssue status:active”');
    assert.equal(filterRow?.description, `${incidents} of ${held} shown · Clear`);

    await vscode.commands.executeCommand('serviceHealth.filterByQuery', '');
    assert.equal(health.treeQuery(), undefined);
    assert.equal(health.getVisibleEvents().length, before.length);
    assert.doesNotMatch(health.viewState().description ?? '', /service issues/u);
  });

  it('Clear Filter also clears the query', async () => {
    await vscode.commands.executeCommand('serviceHealth.filterByQuery', 'planned maintenance');
    assert.ok(health.treeQuery());
    await vscode.commands.executeCommand('serviceHealth.clearFilter');
    assert.equal(health.treeQuery(), undefined);
  });

  it('Enter on the summary item of Query Events… applies the query to the tree', async () => {
    const running = vscode.commands.executeCommand('serviceHealth.queryEvents', 'status:active');
    // The summary is the first (active) item; accept it once the QuickPick is up.
    for (let i = 0; i < 50 && health.treeQuery() === undefined; i++) {
      await new Promise((r) => setTimeout(r, 100));
      await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    }
    await running;
    assert.equal(health.treeQuery(), 'status:active');
    assert.ok(health.getVisibleEvents().every((e) => e.event.properties?.status === 'Active'));
    await vscode.commands.executeCommand('serviceHealth.filterByQuery', '');
  });

  it('a query reaching past the held window offers one search of the service, which sends requests', async () => {
    const sent = health.quota()?.requestsSent ?? 0;
    const running = vscode.commands.executeCommand('serviceHealth.queryEvents', 'since:60d');
    const search = /^Search the service back to /;
    // Before any search the held events cannot answer the query: the search item comes first,
    // so it is what Enter accepts.
    for (let i = 0; i < 100 && !search.test(health.queryPalette()?.labels[0] ?? ''); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.match(health.queryPalette()?.labels[0] ?? '', search, 'the palette does not lead with the service search');
    await vscode.commands.executeCommand('workbench.action.acceptSelectedQuickOpenItem');
    for (let i = 0; i < 100 && (health.quota()?.requestsSent ?? 0) === sent; i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    assert.ok((health.quota()?.requestsSent ?? 0) > sent, 'no request was sent');
    assert.equal(health.treeQuery(), undefined, 'searching does not filter the tree');
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await running;
  });
});

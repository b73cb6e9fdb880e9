// Impacted resources through the test API in a real VS Code (sample service): the query term
// impacted:yes/no on what is known, the tree filter using it, and the error row of a failing list.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ServiceHealthApi } from '../../src/extension';
import type { StoredEvent } from '../../src/core/events/eventFacts';
import { activateWithSampleEvents, eventRows } from './extensionApi';

const key = (e: StoredEvent): string => `${e.subscriptionId}/${e.trackingId}`;

describe('impacted resources (real VS Code)', function () {
  this.timeout(60_000);
  let health: ServiceHealthApi;

  before(async () => {
    health = await activateWithSampleEvents();
  });

  after(async () => {
    await vscode.commands.executeCommand('serviceHealth.filterByQuery', '');
    await health.useAzure(); // the default mode, for the suites that follow
  });

  it('impacted:yes keeps exactly the events known to affect resources; impacted:no those known to affect none', async () => {
    assert.deepEqual(health.query('impacted:yes'), [], 'nothing is known before any list');
    const events = health.getEvents().filter((e) => e.event.properties?.eventType === 'ServiceIssue').slice(0, 8);
    const known = new Map<string, number>();
    for (const e of events) {
      const state = await health.impactedResources(e);
      assert.equal(state?.kind, 'loaded', `${e.trackingId}: ${JSON.stringify(state)}`);
      known.set(e.trackingId.toUpperCase(), state?.kind === 'loaded' ? state.rows.length : -1);
    }
    const yes = new Set(health.query('impacted:yes').map((e) => e.trackingId.toUpperCase()));
    const no = new Set(health.query('impacted:no').map((e) => e.trackingId.toUpperCase()));
    const expectedYes = [...known].filter(([, n]) => n > 0).map(([id]) => id);
    const expectedNo = [...known].filter(([, n]) => n === 0).map(([id]) => id);
    assert.ok(expectedYes.length > 0, 'none of the first service issues lists resources in the sample');
    assert.deepEqual([...yes].sort(), expectedYes.sort());
    assert.deepEqual([...no].sort(), expectedNo.sort());
  });

  it('@health answers "impacted:yes" with the events known to affect resources (the tree\'s counts)', async () => {
    const expected = health.query('impacted:yes');
    assert.ok(expected.length > 0);
    const answer = await health.chat('impacted:yes');
    for (const e of expected) {
      assert.ok(answer.markdown.includes(e.trackingId), `${e.trackingId} is not in the answer:\n${answer.markdown}`);
    }
    assert.doesNotMatch(answer.markdown, /^No /u, 'the answer says nothing matched');
  });

  it('the Query Events palette lists the same events for impacted:yes', async () => {
    const expected = new Set(health.query('impacted:yes').map((e) => e.event.properties?.title ?? ''));
    assert.ok(expected.size > 0);
    const running = vscode.commands.executeCommand('serviceHealth.queryEvents', 'impacted:yes');
    const shows = (): boolean => [...expected].every((t) => (health.queryPalette()?.labels ?? []).includes(t));
    for (let i = 0; i < 100 && !shows(); i++) {
      await new Promise((r) => setTimeout(r, 50));
    }
    const labels = health.queryPalette()?.labels ?? [];
    await vscode.commands.executeCommand('workbench.action.closeQuickOpen');
    await running;
    for (const title of expected) {
      assert.ok(labels.includes(title), `"${title}" is not in the palette: ${labels.join(' | ')}`);
    }
    const none = health.query('impacted:no').map((e) => e.event.properties?.title ?? '').filter((t) => !expected.has(t));
    for (const title of none) {
      assert.ok(!labels.includes(title), `"${title}" affects none of your resources but is listed`);
    }
  });

  it('Filter Events by Query with impacted:yes narrows the tree to those rows, each saying how many it affects', async () => {
    const expected = health.query('impacted:yes');
    await vscode.commands.executeCommand('serviceHealth.filterByQuery', 'impacted:yes');
    const visible = health.getVisibleEvents();
    assert.deepEqual(new Set(visible.map(key)), new Set(expected.map(key)));
    assert.match(health.viewState().description ?? '', /affecting your resources/);
    const rows = eventRows(health.getTreeSnapshot(4));
    assert.ok(rows.length > 0);
    for (const r of rows) {
      assert.match(r.description ?? '', /affects \d+ of your resources$/, `row "${r.label}"`);
    }
    await vscode.commands.executeCommand('serviceHealth.filterByQuery', '');
  });

  it('a denied list (403: no Reader role on the subscription) says what to do; a retry once allowed lists the resources', async () => {
    const sample = health.sampleService();
    assert.ok(sample);
    const event = health.getEvents().find((e) => e.event.properties?.eventType === 'PlannedMaintenance');
    assert.ok(event);
    // 403 AuthorizationFailed on every impacted-resources list (each subscription's copy), as for a user without read access.
    sample.faults.inject({ kind: 'forbidden' }, { path: /impactedResources$/, times: 1_000 });
    const before = sample.faults.applied;
    const failed = await health.impactedResources(event);
    assert.equal(failed?.kind, 'error', JSON.stringify(failed));
    assert.match(failed?.kind === 'error' ? failed.message : '', /(permission|role|access)[^.]*\./i, 'the message does not say what access is missing');
    const sent = sample.faults.applied - before;
    assert.ok(sent >= 1, 'no request was denied');
    // Cached: asking again sends nothing until a retry.
    assert.equal((await health.impactedResources(event))?.kind, 'error');
    assert.equal(sample.faults.applied - before, sent, 'the failed list was asked again without a retry');
    sample.faults.clear();
    await vscode.commands.executeCommand('serviceHealth.retryImpactedResources', { subscriptionId: event.subscriptionId, trackingId: event.trackingId });
    const retried = await health.impactedResources(event);
    assert.equal(retried?.kind, 'loaded');
  });
});

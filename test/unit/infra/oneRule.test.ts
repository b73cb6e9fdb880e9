// Issue 31 item 5 / review L6: every room answers "what touches this workspace?" by one rule and one
// set of keys (core/infra/match.ts). Tried as a new user would, the tree said "This workspace · 1
// active" while `@health` said 0, because the tree counted any event type and the editor only
// maintenance within 7 days. The same events and targets must give the same count everywhere.
import assert from 'node:assert/strict';
import type { StoredEvent } from '../../../src/core/events/eventFacts';
import { infraAnswer } from '../../../src/core/agent/infraCheck';
import { workspaceAnswer } from '../../../src/core/chat/workspaceAnswer';
import { InfraIndex } from '../../../src/core/infra/infraIndex';
import { matchEvents, targetKeys, touchesAny } from '../../../src/core/infra/match';
import type { HealthEvent } from '../../../src/core/model/eventModel';
import { compileQuery, parseQuery } from '../../../src/core/query';
import { lineNotes } from '../../../src/ui/infra/lineNotes';
import { sectionEvents, touchedTarget } from '../../../src/ui/infra/workspaceSection';

const NOW = Date.parse('2026-11-27T12:00:00Z');
const DAY = 86_400_000;

function copy(name: string, sub: string, type: string, status: string, impacts: readonly (readonly [string, string])[], start?: number): StoredEvent {
  const event = {
    name,
    properties: {
      title: `Title ${name}`,
      eventType: type,
      status,
      ...(start !== undefined ? { impactStartTime: new Date(start).toISOString() } : {}),
      impact: impacts.map(([service, region]) => ({ impactedService: service, impactedRegions: [{ impactedRegion: region }] })),
    },
  } as HealthEvent;
  return { subscriptionId: sub, trackingId: name, event };
}

const EVENTS: StoredEvent[] = [
  // One incident listed by two subscriptions, each naming another region: both regions count, the incident once.
  copy('ISSUE-1', 'a', 'ServiceIssue', 'Active', [['App Service', 'West Europe']]),
  copy('ISSUE-1', 'b', 'ServiceIssue', 'Active', [['Key Vault', 'East US']]),
  // Maintenance announced for 60 days ahead: the rule counts it (the editor once hid it, the gate did not).
  copy('MAINT-2', 'a', 'PlannedMaintenance', 'Active', [['Key Vault', 'East US']], NOW + 60 * DAY),
  copy('MAINT-3', 'a', 'PlannedMaintenance', 'Active', [['Storage', 'West Europe']], NOW - DAY),
  // Never: resolved, an advisory of a deployed service (the tree once counted it), another region.
  copy('OLD-4', 'a', 'ServiceIssue', 'Resolved', [['App Service', 'West Europe']]),
  copy('ADV-5', 'a', 'HealthAdvisory', 'Active', [['App Service', 'West Europe']]),
  copy('FAR-6', 'a', 'ServiceIssue', 'Active', [['App Service', 'Brazil South']]),
];

function report() {
  const index = new InfraIndex();
  index.set('infra/app.bicep', "resource site 'Microsoft.Web/sites@2023-12-01' = {\n  name: 'web'\n  location: 'westeurope'\n}\n");
  index.set('infra/kv.bicep', "resource kv 'Microsoft.KeyVault/vaults@2023-07-01' = {\n  name: 'kv'\n  location: 'eastus'\n}\n");
  return index.report();
}

describe('one rule: the gate, the editor, the tree, workspace:yes, @health and the agent tools count alike', () => {
  const r = report();
  const expected = ['ISSUE-1', 'MAINT-2'];

  it('the same two incidents through every entry point', () => {
    const sorted = (ids: Iterable<string>) => [...new Set(ids)].sort();
    // The gate (health-events check) and the agent tools (language model, MCP).
    assert.deepEqual(sorted(matchEvents(EVENTS.map((e) => e.event), r.targets).map((m) => m.trackingId)), expected);
    const agent = infraAnswer(r, 2, EVENTS.map((e) => e.event), 'the workspace') as { matches: { trackingId: string }[] };
    assert.deepEqual(sorted(agent.matches.map((m) => m.trackingId)), expected);
    // The editor: diagnostics, CodeLens and hover share lineNotes.
    assert.deepEqual(sorted(lineNotes(r.targets, EVENTS).flatMap((n) => n.events.map((e) => e.trackingId))), expected);
    // The tree's section and W badge, and the query workspace:yes.
    const places = { placeOf: (e: HealthEvent) => touchedTarget(e, r.targets) };
    assert.deepEqual(sorted(sectionEvents(EVENTS, places).map((s) => s.trackingId)), expected);
    const keys = targetKeys(r.targets);
    const query = compileQuery(parseQuery('workspace:yes', { now: NOW }), { now: NOW, facts: { inWorkspace: (e: HealthEvent) => touchesAny(e, keys) } });
    assert.deepEqual(sorted(EVENTS.filter((s) => query.matches(s.event)).map((s) => s.trackingId)), expected);
    // @health is anything this workspace deploys affected?
    const chat = workspaceAnswer({ folders: [{ report: r, link: () => undefined }], events: EVENTS, openCommand: 'open' });
    assert.deepEqual(sorted(chat.events), expected);
    assert.match(chat.markdown, /Active events touching what this workspace deploys: 2/);
  });
});

import assert from 'node:assert/strict';
import type { StoredEvent } from '../../../src/core/events/eventFacts';
import { incidentsOf, startsExpanded, workspaceGroup } from '../../../src/core/events/grouping';
import { InfraIndex } from '../../../src/core/infra/infraIndex';
import type { HealthEvent } from '../../../src/core/model/eventModel';
import { compileQuery, parseQuery } from '../../../src/core/query';
import { targetKeys, touchesAny } from '../../../src/ui/infra/lineNotes';
import { placeText, sectionEvents, touchedTarget, type WorkspacePlaces } from '../../../src/ui/infra/workspaceSection';

const NOW = Date.parse('2026-11-27T12:00:00Z');

function event(name: string, impacts: readonly (readonly [string, string])[], status = 'Active', type = 'ServiceIssue'): HealthEvent {
  return {
    name,
    properties: { title: name, eventType: type, status, impact: impacts.map(([service, region]) => ({ impactedService: service, impactedRegions: [{ impactedRegion: region }] })) },
  } as HealthEvent;
}

const stored = (e: HealthEvent): StoredEvent => ({ subscriptionId: 'sub-1', trackingId: e.name ?? '', event: e });

/** Two files: App Service in West Europe (infra/app.bicep line 3), Key Vault in East US (infra/main.bicep line 3). */
function workspaceTargets() {
  const index = new InfraIndex();
  index.set('infra/main.bicep', "resource kv 'Microsoft.KeyVault/vaults@2023-07-01' = {\n  name: 'kv'\n  location: 'eastus'\n}\n");
  index.set('infra/app.bicep', "resource site 'Microsoft.Web/sites@2023-12-01' = {\n  name: 'web'\n  location: 'westeurope'\n}\n");
  return [...index.report().targets].sort((a, b) => a.file.localeCompare(b.file) || a.line - b.line);
}

describe('the Events tree\'s "This workspace" marker and section', () => {
  const targets = workspaceTargets();
  const places: WorkspacePlaces = { placeOf: (e) => touchedTarget(e, targets) };
  const hit = event('HIT-1', [['App Service', 'West Europe']]);
  const vault = event('KV-2', [['Key Vault', 'East US']], 'Active', 'PlannedMaintenance');
  // The one rule (core/infra/match.ts): resolved events and advisories touch nothing, as for the gate and @health.
  const resolved = event('OLD-7', [['Key Vault', 'East US']], 'Resolved');
  const advisory = event('ADV-8', [['App Service', 'West Europe']], 'Active', 'HealthAdvisory');
  const otherRegion = event('REG-3', [['App Service', 'North Europe']]);
  const otherService = event('SVC-4', [['Storage', 'West Europe']]);
  // Its service is deployed in one region and its other region is deployed for another service: no (service, region) pair is.
  const crossed = event('X-5', [['App Service', 'East US'], ['Storage', 'West Europe']]);
  const all = [hit, vault, otherRegion, otherService, crossed, resolved, advisory];

  it('marks exactly the events the query workspace:yes keeps (same service and region keys)', () => {
    const keys = targetKeys(targets);
    const query = compileQuery(parseQuery('workspace:yes', { now: NOW }), { now: NOW, facts: { inWorkspace: (e: HealthEvent) => touchesAny(e, keys) } });
    assert.deepEqual(all.filter((e) => touchedTarget(e, targets) !== undefined).map((e) => e.name), all.filter(query.matches).map((e) => e.name));
    assert.deepEqual(all.filter((e) => touchedTarget(e, targets) !== undefined).map((e) => e.name), ['HIT-1', 'KV-2']);
  });

  it('names the file and line the event touches, as "infra/app.bicep:3"', () => {
    const target = touchedTarget(hit, targets);
    assert.equal(target && placeText(target), 'infra/app.bicep:3');
    assert.equal(placeText(touchedTarget(vault, targets) ?? { file: '', line: 0 }), 'infra/main.bicep:3');
  });

  it('an event touching two targets names the first in file order', () => {
    const both = event('BOTH-6', [['Key Vault', 'East US'], ['App Service', 'West Europe']]);
    assert.equal(placeText(touchedTarget(both, targets) ?? { file: '', line: 0 }), 'infra/app.bicep:3');
  });

  it('no templates (the workspace has none, or is not read yet): no section and no marker', () => {
    assert.deepEqual(sectionEvents(all.map(stored), undefined), []);
    assert.deepEqual(sectionEvents(all.map(stored), { placeOf: (e) => touchedTarget(e, []) }), []);
  });

  it('templates but no event touching them: no section', () => {
    assert.deepEqual(sectionEvents([otherRegion, otherService, crossed].map(stored), places), []);
  });

  it('one match: the section lists just that event, of the rows shown', () => {
    assert.deepEqual(sectionEvents([otherRegion, hit, otherService].map(stored), places).map((s) => s.trackingId), ['HIT-1']);
    assert.deepEqual(sectionEvents(all.map(stored), places).map((s) => s.trackingId), ['HIT-1', 'KV-2']);
  });

  it('the section opens when it holds an active service issue, and stays one folded row when all it holds is maintenance', () => {
    const open = workspaceGroup(sectionEvents(all.map(stored), places), 'This workspace');
    assert.equal(open.kind, 'workspace');
    assert.equal(open.label, 'This workspace');
    assert.deepEqual([open.count, open.activeCount], [2, 2]);
    assert.equal(startsExpanded(open), true);
    const quiet = workspaceGroup(sectionEvents([vault].map(stored), places), 'This workspace');
    assert.equal(startsExpanded(quiet), false);
    // Active first, as in the other groups.
    assert.deepEqual(open.incidents.map((r) => r.primary.trackingId), ['HIT-1', 'KV-2']);
    assert.equal(incidentsOf([stored(hit)]).length, 1);
  });
});

import * as assert from 'node:assert/strict';
import { ignoredTermsText, resourceMatcher, runResourceQuery } from '../../../src/core/chat/resourceQuery';
import type { AvailabilityStatus } from '../../../src/core/model/availability';
import { parseQuery } from '../../../src/core/query';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const VM = 'Microsoft.Compute/virtualMachines';
const SITE = 'Microsoft.Web/sites';

function status(group: string, name: string, state: string | undefined, type = VM, location = 'westeurope'): AvailabilityStatus {
  const id = `/subscriptions/s1/resourceGroups/${group}/providers/${type}/${name}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`;
  return { id, location, properties: state === undefined ? {} : { availabilityState: state } };
}

const ALL = [
  status('rg-app', 'vm1', 'Unavailable'),
  status('rg-app', 'vm2', 'Degraded'),
  status('rg-app', 'web', 'Available', SITE),
  status('rg-db', 'vm3', 'Unavailable', VM, 'northeurope'),
  status('rg-db', 'site2', 'Unknown', SITE, 'northeurope'),
];
const names = (text: string): string[] => runResourceQuery(text, ALL, NOW).selected.map((s) => s.id?.split('/')[8] ?? '');

describe('resource queries (the Resources view filter and @health resource lists)', () => {
  it('health: keeps the states named and drops the others; "down" is Unavailable only, "unhealthy" every state but Available', () => {
    assert.deepEqual(names('health:unavailable'), ['vm1', 'vm3']);
    assert.deepEqual(names('health:degraded'), ['vm2']);
    assert.deepEqual(names('down'), ['vm1', 'vm3'], 'a Degraded resource still serves: not down');
    assert.deepEqual(names('health:unhealthy'), ['vm1', 'vm2', 'vm3', 'site2']);
    assert.deepEqual(names('healthy'), ['web']);
  });

  it('a status without a state matches no health: value but still matches a query without one', () => {
    const bare = [status('rg-app', 'nostate', undefined)];
    assert.equal(runResourceQuery('health:unknown', bare, NOW).selected.length, 0);
    assert.equal(runResourceQuery('rg:rg-app', bare, NOW).selected.length, 1);
  });

  it('rg: and plain "rg-app" keep that resource group only (without case); resource: the name or full id', () => {
    assert.deepEqual(names('rg:RG-DB'), ['vm3', 'site2']);
    assert.deepEqual(names('unhealthy resources in rg-app'), ['vm1', 'vm2']);
    assert.deepEqual(names('resource:VM2'), ['vm2']);
    assert.deepEqual(names('resource:vm'), [], 'a name is whole, not a prefix');
    const full = ALL[0]?.id?.split('/providers/Microsoft.ResourceHealth')[0] ?? '';
    assert.deepEqual(names(`resource:${full}`), ['vm1']);
  });

  it('"which of my VMs are down": a service keeps the resources of its types only, a region those located there', () => {
    assert.deepEqual(names('which of my VMs are down'), ['vm1', 'vm3']);
    assert.deepEqual(names('service:"App Service"'), ['web', 'site2']);
    assert.deepEqual(names('unhealthy in North Europe'), ['vm3', 'site2']);
    assert.deepEqual(names('region:westeurope'), ['vm1', 'vm2', 'web']);
  });

  it('terms AND across fields: a group and a state both have to match', () => {
    assert.deepEqual(names('health:unhealthy rg:rg-app'), ['vm1', 'vm2']);
    assert.deepEqual(names('health:available rg:rg-db'), []);
  });

  it('event-only terms are named as ignored (and select nothing away); resource terms, services and regions are not', () => {
    const run = runResourceQuery('health:unavailable type:maintenance', ALL, NOW);
    assert.equal(run.ignored, 'type:PlannedMaintenance');
    assert.deepEqual(run.selected.length, 2, 'the ignored term does not narrow the resources');
    assert.equal(ignoredTermsText(parseQuery('-service:storage active down', { now: NOW })), 'status:Active -service:Storage');
    assert.equal(ignoredTermsText(parseQuery('health:unhealthy rg:rg-app resource:vm1 service:"Virtual Machines" region:westeurope', { now: NOW })), '');
    assert.equal(ignoredTermsText(parseQuery('down banana', { now: NOW })), '', 'a word not understood is unrecognized, not ignored');
    assert.deepEqual(runResourceQuery('down banana', ALL, NOW).parsed.unrecognized, ['banana']);
  });

  it('describes what it keeps', () => {
    assert.equal(runResourceQuery('which of my VMs are down in rg-app', ALL, NOW).description, 'Unavailable resources of Virtual Machines in resource group rg-app');
    assert.equal(runResourceQuery('', ALL, NOW).description, 'Resources');
  });

  it('resourceMatcher of an empty query keeps every status', () => {
    assert.equal(ALL.filter(resourceMatcher(parseQuery('', { now: NOW }))).length, ALL.length);
  });
});

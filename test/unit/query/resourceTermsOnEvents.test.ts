import assert from 'node:assert/strict';
import type { HealthEvent } from '../../../src/core/model/schemas';
import { compileQuery, parseQuery } from '../../../src/core/query';
import type { ResourceFact } from '../../../src/core/query/queryFacts';
import { event, NOW } from './helpers';

const parse = (text: string) => parseQuery(text, { now: NOW });
const vm = (name: string, resourceGroup: string, state?: string): ResourceFact => ({
  name,
  resourceGroup,
  id: `/subscriptions/s1/resourceGroups/${resourceGroup}/providers/Microsoft.Compute/virtualMachines/${name}`,
  state,
});

describe('resource terms on events (Query Events, Filter Events by Query): an event matches through its impacted resources', () => {
  const down = event({ name: 'DOWN-1', impact: [{ service: 'Virtual Machines', regions: ['West Europe'] }] });
  const fine = event({ name: 'FINE-2', impact: [{ service: 'Virtual Machines', regions: ['West Europe'] }] });
  const mixed = event({ name: 'MIXED-3', impact: [{ service: 'Storage', regions: ['East US'] }] });
  const unlisted = event({ name: 'UNLISTED-4' });
  const none = event({ name: 'NONE-5' });
  const resources = new Map<HealthEvent, ResourceFact[]>([
    [down, [vm('vm1', 'rg-app', 'Unavailable'), vm('vm2', 'rg-app', 'Available')]],
    [fine, [vm('vm10', 'rg-app', 'Available')]],
    // Unavailable in rg-db, Available in rg-app, and one with no status (no known state).
    [mixed, [vm('db1', 'RG-DB', 'Unavailable'), vm('web1', 'rg-app', 'Available'), { name: 'orphan', resourceGroup: 'rg-app' }]],
    [none, []],
  ]);
  const all = [down, fine, mixed, unlisted, none];
  const names = (text: string, facts = true): string[] =>
    all.filter(compileQuery(parse(text), { now: NOW, ...(facts ? { facts: { impactedResources: (e: HealthEvent) => resources.get(e) } } : {}) }).matches).map((e) => e.name ?? '');

  it('health:unavailable keeps events with a listed resource that is now Unavailable; "down" reads the same', () => {
    assert.deepEqual(names('health:unavailable'), ['DOWN-1', 'MIXED-3']);
    assert.deepEqual(names('down'), ['DOWN-1', 'MIXED-3']);
    assert.deepEqual(names('health:available'), ['DOWN-1', 'FINE-2', 'MIXED-3']);
  });

  it('a resource no status names is not known to be in any state, and events never listed (or listing none) match no resource term', () => {
    assert.deepEqual(names('health:unknown'), []);
    assert.deepEqual(names('resource:orphan'), ['MIXED-3'], 'a resource without an ARM id still matches by its name');
    assert.ok(!names('rg:rg-app').includes('UNLISTED-4'));
    assert.ok(!names('rg:rg-app').includes('NONE-5'));
  });

  it('all the resource terms hold for one resource: Unavailable in rg-db and Available in rg-app is not "unavailable in rg-app"', () => {
    assert.deepEqual(names('health:unavailable rg:rg-app'), ['DOWN-1']);
    assert.deepEqual(names('health:unavailable rg:rg-db'), ['MIXED-3'], 'resource groups compare without case');
  });

  it('resource: matches a name whole (vm1 is not vm10) or the full id', () => {
    assert.deepEqual(names('resource:vm1'), ['DOWN-1']);
    assert.deepEqual(names('resource:/subscriptions/s1/resourceGroups/rg-app/providers/Microsoft.Compute/virtualMachines/vm10'), ['FINE-2']);
  });

  it('combines with the event terms (AND), and a query without resource terms does not need the resources at all', () => {
    assert.deepEqual(names('service:storage health:unavailable'), ['MIXED-3']);
    assert.deepEqual(names('service:"virtual machines"', false), ['DOWN-1', 'FINE-2']);
    assert.deepEqual(names('health:unavailable', false), [], 'without the impacted resources no event is known to match');
  });
});

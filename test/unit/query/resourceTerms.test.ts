import assert from 'node:assert/strict';
import { compileQuery, describeQuery, formatQuery, hasResourceTerms, parseQuery } from '../../../src/core/query';
import type { AvailabilityStatus } from '../../../src/core/model/availability';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const parse = (text: string) => parseQuery(text, { now: NOW });
const status = (name: string, group: string, state?: string): AvailabilityStatus => ({
  id: `/subscriptions/s1/resourceGroups/${group}/providers/Microsoft.Compute/virtualMachines/${name}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`,
  properties: state === undefined ? {} : { availabilityState: state },
});

describe('query terms for resource health: health:, resource:, rg:', () => {
  it('parses each documented state, in any case, and the words people use ("down", "unhealthy")', () => {
    assert.deepEqual(parse('health:Unavailable health:degraded').health, ['Unavailable', 'Degraded']);
    assert.deepEqual(parse('health:unknown,available').health, ['Unknown', 'Available']);
    assert.deepEqual(parse('health:down').health, ['Unavailable']);
    assert.deepEqual(parse('health:unhealthy').health, ['Unavailable', 'Degraded', 'Unknown']);
  });
  it('a state it does not know, and a negated resource term, are reported as not understood, never guessed', () => {
    const q = parse('health:sleepy -rg:rg-app');
    assert.equal(q.health, undefined);
    assert.equal(q.resourceGroups, undefined);
    assert.deepEqual(q.unrecognized, ['health:sleepy', '-rg:rg-app']);
  });
  it('resource: and rg: keep the names as typed, once each; the canonical text parses back to the same query', () => {
    const q = parse('resource:vm1 rg:rg-app rg:RG-APP resource:"batch worker 2" health:down');
    assert.deepEqual(q.resources, ['vm1', 'batch worker 2']);
    assert.deepEqual(q.resourceGroups, ['rg-app']);
    const text = formatQuery(q);
    assert.equal(text, 'health:unavailable resource:vm1 resource:"batch worker 2" rg:rg-app');
    assert.deepEqual(parse(text), { ...q, unrecognized: [] });
    assert.match(describeQuery(q, NOW), /with resources unavailable about resource vm1 or batch worker 2 in resource group rg-app/);
  });
  it('compiles to a check of statuses: OR within a term, AND across terms, names and groups without case', () => {
    const matches = (text: string) => compileQuery(parse(text), { now: NOW }).matchesResource;
    const all = [status('vm1', 'rg-app', 'Unavailable'), status('VM2', 'rg-app', 'Degraded'), status('vm3', 'rg-db', 'Available'), status('vm4', 'rg-app')];
    const names = (text: string) => all.filter(matches(text)).map((s) => s.id?.split('/')[8]);
    assert.deepEqual(names('health:unavailable,degraded'), ['vm1', 'VM2']);
    assert.deepEqual(names('rg:RG-APP health:unhealthy'), ['vm1', 'VM2'], 'a status without a state is not known to be unhealthy');
    assert.deepEqual(names('resource:vm2'), ['VM2']);
    assert.deepEqual(names('resource:vm'), [], 'a name matches whole, not as a prefix (vm1 is not vm10)');
    assert.deepEqual(names('type:ServiceIssue'), ['vm1', 'VM2', 'vm3', 'vm4'], 'a query without resource terms keeps every status');
    assert.equal(hasResourceTerms(parse('type:ServiceIssue')), false);
    assert.equal(hasResourceTerms(parse('rg:x')), true);
  });
});

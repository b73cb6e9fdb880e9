import assert from 'node:assert/strict';
import { parseQuery } from '../../../src/core/query';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const parse = (text: string) => parseQuery(text, { now: NOW });

describe('query language: plain words for resource health', () => {
  it('"which of my VMs are down" is health:unavailable on Virtual Machines, every word understood', () => {
    const q = parse('which of my VMs are down');
    assert.deepEqual(q.health, ['Unavailable']);
    assert.deepEqual(q.services, ['Virtual Machines']);
    assert.deepEqual(q.unrecognized, []);
  });
  it('"down" and "offline" mean Unavailable only (a degraded resource still serves); "unhealthy" is every state but Available', () => {
    assert.deepEqual(parse('offline').health, ['Unavailable']);
    assert.deepEqual(parse('degraded').health, ['Degraded']);
    assert.deepEqual(parse('unhealthy').health, ['Unavailable', 'Degraded', 'Unknown']);
    assert.deepEqual(parse('healthy').health, ['Available']);
  });
  it('"not healthy" and "not down" are the other states', () => {
    assert.deepEqual(parse('not healthy').health, ['Unavailable', 'Degraded', 'Unknown']);
    assert.deepEqual(parse('not down').health, ['Available', 'Degraded', 'Unknown']);
  });
  it('"unhealthy resources in rg-app" is health not Available in resource group rg-app', () => {
    const q = parse('unhealthy resources in rg-app');
    assert.deepEqual(q.health, ['Unavailable', 'Degraded', 'Unknown']);
    assert.deepEqual(q.resourceGroups, ['rg-app']);
    assert.deepEqual(q.unrecognized, []);
  });
  it('a resource group by name: "resource group Prod-West", "rg shared"; a word merely starting with "rg" is not one', () => {
    assert.deepEqual(parse('what is degraded in resource group Prod-West').resourceGroups, ['Prod-West']);
    assert.deepEqual(parse('rg shared').resourceGroups, ['shared']);
    assert.equal(parse('rgapp').resourceGroups, undefined);
    assert.deepEqual(parse('rgapp').unrecognized, ['rgapp']);
  });
  it('a negated resource group is reported, not guessed', () => {
    const q = parse('not rg-app');
    assert.equal(q.resourceGroups, undefined);
    assert.deepEqual(q.unrecognized, ['not rg-app']);
  });
  it('event questions keep their meaning: "downtime" is still a service issue, not a health word', () => {
    const q = parse('downtime in west europe');
    assert.deepEqual(q.types, ['ServiceIssue']);
    assert.equal(q.health, undefined);
  });
});

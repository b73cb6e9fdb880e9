import * as assert from 'node:assert/strict';
import { resourcesAnswer, resourcesTarget } from '../../../src/core/chat/resourcesAnswer';
import type { ImpactedResource } from '../../../src/core/model/eventResourceSchemas';
import { event } from '../query/helpers';

function resource(group: string, name: string, region = 'West Europe'): ImpactedResource {
  return {
    properties: {
      targetResourceId: `/subscriptions/s/resourceGroups/${group}/providers/Microsoft.Compute/virtualMachines/${name}`,
      targetResourceType: 'Microsoft.Compute/virtualMachines',
      targetRegion: region,
    },
  };
}

const stored = { subscriptionId: 's', trackingId: 'ABCD-123', event: event({ name: 'ABCD-123', title: 'VM start failures' }) };

describe('chat: which of my resources are affected', () => {
  it('reads the event out of the ways people ask', () => {
    assert.equal(resourcesTarget('which of my resources are affected by ABCD-123?'), 'ABCD-123');
    assert.equal(resourcesTarget('Which resources are impacted by the incident "Front Door"'), 'Front Door');
    assert.equal(resourcesTarget('impacted resources of ABCD-123'), 'ABCD-123');
    assert.equal(resourcesTarget('are any of my resources affected by XY-9'), 'XY-9');
    assert.equal(resourcesTarget('what does ABCD-123 affect?'), 'ABCD-123');
    assert.equal(resourcesTarget('active outages in west europe'), undefined);
    assert.equal(resourcesTarget('which resources are affected by'), undefined);
  });

  it('leads with the interpretation and count, then groups by resource group (sorted), escaped', () => {
    const md = resourcesAnswer({ event: stored, resources: [resource('rg-b', 'vm2'), resource('rg-a', 'web0'), resource('rg-a', 'app_1', 'North Europe')], subscriptions: 1 }).markdown;
    const lines = md.trim().split('\n');
    assert.equal(lines[0], '**Resources affected by ABCD-123 \\(VM start failures\\): 3**');
    assert.deepEqual(lines.slice(2), [
      '- **rg-a**: app\\_1 (Microsoft.Compute/virtualMachines, North Europe)',
      '- **rg-a**: web0 (Microsoft.Compute/virtualMachines, West Europe)',
      '- **rg-b**: vm2 (Microsoft.Compute/virtualMachines, West Europe)',
    ]);
  });

  it('lists at most maxLines resources and counts the rest (both sides of the limit)', () => {
    const two = [resource('rg', 'a'), resource('rg', 'b')];
    assert.doesNotMatch(resourcesAnswer({ event: stored, resources: two, subscriptions: 1, maxLines: 2 }).markdown, /more/u);
    const three = [...two, resource('rg', 'c')];
    const md = resourcesAnswer({ event: stored, resources: three, subscriptions: 2, maxLines: 2 }).markdown;
    assert.match(md, /in 2 subscriptions: 3\*\*/u);
    assert.equal(md.split('\n').filter((l) => l.startsWith('- ')).length, 2);
    assert.match(md, /…and 1 more; the event's details panel lists them all\./u);
  });

  it('says so when the service reports none', () => {
    assert.match(resourcesAnswer({ event: stored, resources: [], subscriptions: 1 }).markdown, /: 0\*\*\n\nThe service reports none of your resources as affected by this event\./u);
  });
});

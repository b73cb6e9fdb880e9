import assert from 'node:assert/strict';
import {
  affectsText,
  groupByResourceGroup,
  impactedRowOf,
  impactedRows,
  NO_RESOURCE_GROUP,
  resourcePortalUrl,
} from '../../../src/core/render/impactedRows';
import { impactedResourceSchema } from '../../../src/core/model/eventResourceSchemas';

const SUB = '4970d23e-ed41-4670-9c19-02a1d2808dd9';
const vm = (group: string, name: string, region = 'westus') =>
  impactedResourceSchema.parse({
    name: `${name}-item`,
    properties: {
      targetRegion: region,
      targetResourceId: `/subscriptions/${SUB}/resourceGroups/${group}/providers/Microsoft.Compute/virtualMachines/${name}`,
      targetResourceType: 'Microsoft.Compute/VirtualMachines',
    },
  });

describe('impacted resource rows', () => {
  it('reads the reference example shape: name, type, group and region from the ARM id', () => {
    const row = impactedRowOf(vm('TEST', 'testvm'), SUB);
    assert.deepEqual(row, {
      name: 'testvm',
      type: 'Microsoft.Compute/VirtualMachines',
      resourceGroup: 'TEST',
      region: 'westus',
      subscriptionId: SUB,
      resourceId: `/subscriptions/${SUB}/resourceGroups/TEST/providers/Microsoft.Compute/virtualMachines/testvm`,
    });
  });

  it('an info-only resource (no id) takes what it can from its key/value pairs and has no portal link', () => {
    const r = impactedResourceSchema.parse({ name: 'jkl', properties: { targetRegion: 'westeurope', info: [{ key: 'resourceName', value: 'orders' }, { key: 'resourceGroup', value: 'rg-data' }, { key: 'resourceType', value: 'Microsoft.Sql/servers' }] } });
    const row = impactedRowOf(r, SUB);
    assert.equal(row.name, 'orders');
    assert.equal(row.type, 'Microsoft.Sql/servers');
    assert.equal(row.resourceGroup, 'rg-data');
    assert.equal(row.resourceId, undefined);
    assert.equal(resourcePortalUrl(row.resourceId, 'https://portal.azure.com'), undefined);
  });

  it('drops the same resource listed by two subscriptions’ answers (ids compare case-insensitively)', () => {
    const a = vm('rg', 'one');
    const b = impactedResourceSchema.parse({ properties: { ...a.properties, targetResourceId: a.properties?.targetResourceId?.toUpperCase() } });
    const rows = impactedRows([{ subscriptionId: SUB, resources: [a, vm('rg', 'two')] }, { subscriptionId: SUB, resources: [b] }]);
    assert.deepEqual(rows.map((r) => r.name), ['one', 'two']);
  });

  it('groups by resource group case-insensitively, groups A–Z then the unnamed one, rows by name', () => {
    const info = impactedResourceSchema.parse({ properties: { info: [{ key: 'ContainerGrp', value: 'xyz' }] } });
    const rows = impactedRows([{ subscriptionId: SUB, resources: [vm('rg-web', 'zeta'), info, vm('RG-Data', 'b'), vm('rg-WEB', 'alpha')] }]);
    const groups = groupByResourceGroup(rows);
    assert.deepEqual(groups.map((g) => g.resourceGroup), ['RG-Data', 'rg-web', '']);
    assert.deepEqual(groups[1]?.rows.map((r) => r.name), ['alpha', 'zeta']);
    assert.equal(NO_RESOURCE_GROUP, '(no resource group)');
  });

  it('builds the portal link of a resource in the configured cloud, and refuses ids that are not plain ARM ids', () => {
    const id = `/subscriptions/${SUB}/resourceGroups/rg/providers/Microsoft.Web/sites/shop`;
    assert.equal(resourcePortalUrl(id, 'https://portal.azure.us'), `https://portal.azure.us/#@/resource${id}`);
    assert.equal(resourcePortalUrl(id, 'javascript:alert(1)'), `https://portal.azure.com/#@/resource${id}`, 'a bad portal setting falls back to the public portal');
    for (const bad of ['', 'https://evil.example/x', `/subscriptions/${SUB}/../../x`, `/subscriptions/${SUB}/rg/a b`, `/subscriptions/${SUB}/rg/x#frag`, '/providers/Microsoft.Web/sites/x']) {
      assert.equal(resourcePortalUrl(bad, 'https://portal.azure.com'), undefined, bad);
    }
  });

  it('says how many resources an event affects', () => {
    assert.equal(affectsText(1), 'affects 1 of your resources');
    assert.equal(affectsText(3), 'affects 3 of your resources');
  });
});

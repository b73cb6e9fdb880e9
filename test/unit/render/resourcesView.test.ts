import assert from 'node:assert/strict';
import { resourcesViewOf } from '../../../src/core/render/resourcesView';

const SUB = '11111111-1111-4111-8111-111111111111';
const rows = [
  { name: 'web-1', type: 'Microsoft.Web/sites', resourceGroup: 'rg-web', region: 'westeurope', subscriptionId: SUB, resourceId: `/subscriptions/${SUB}/resourceGroups/rg-web/providers/Microsoft.Web/sites/web-1` },
  { name: 'orders', type: '', resourceGroup: '', region: 'westeurope', subscriptionId: SUB },
];

describe('details panel: impacted resources section', () => {
  it('groups by resource group with short types and portal links (none without an id)', () => {
    const view = resourcesViewOf({ kind: 'loaded', rows }, 'https://portal.azure.com');
    assert.ok(view.state === 'loaded');
    assert.equal(view.count, 2);
    assert.deepEqual(view.groups.map((g) => g.name), ['rg-web', '(no resource group)']);
    assert.deepEqual(view.groups[0]?.resources[0], { name: 'web-1', type: 'sites', fullType: 'Microsoft.Web/sites', region: 'westeurope', url: `https://portal.azure.com/#@/resource/subscriptions/${SUB}/resourceGroups/rg-web/providers/Microsoft.Web/sites/web-1` });
    assert.equal(view.groups[1]?.resources[0]?.url, undefined);
  });

  it('each resource the Resources view listed shows its current health (state and icon); an unknown one shows none, never Available', () => {
    const health = (id: string | undefined) => (id?.toLowerCase().endsWith('/web-1') ? { state: 'Unavailable', icon: 'error', color: 'errorForeground' } : undefined);
    const view = resourcesViewOf({ kind: 'loaded', rows }, undefined, undefined, health);
    assert.ok(view.state === 'loaded');
    assert.deepEqual(view.groups[0]?.resources[0]?.health, { state: 'Unavailable', icon: 'error', color: 'errorForeground' });
    assert.equal(view.groups[1]?.resources[0]?.health, undefined);
    assert.ok(!('health' in (view.groups[1]?.resources[0] ?? {})), 'no health key for an unknown resource');
  });

  it('sample mode (no portal) has no links; loading and errors pass through', () => {
    const view = resourcesViewOf({ kind: 'loaded', rows }, undefined);
    assert.ok(view.state === 'loaded');
    assert.equal(view.groups[0]?.resources[0]?.url, undefined);
    assert.deepEqual(resourcesViewOf(undefined, undefined), { state: 'loading' });
    assert.deepEqual(resourcesViewOf({ kind: 'error', message: 'Sign in again.' }, undefined), { state: 'error', message: 'Sign in again.' });
  });
});

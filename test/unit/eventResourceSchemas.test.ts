import assert from 'node:assert/strict';
import { billingCommunicationSchema, emergingIssuesSchema, impactedResourceSchema } from '../../src/core/model/eventResourceSchemas';
import { billingTextOf, infoPairsOf, resourceGroupOf, resourceNameOf } from '../../src/core/model/eventResources';

describe('impacted resource, billing and emerging issue schemas (liberal reading)', () => {
  it('a resource known only by info pairs still yields its name and resource group', () => {
    const r = impactedResourceSchema.parse({
      name: 'x',
      properties: { targetRegion: 'westus', info: [{ key: 'resourceName', value: 'vm-1' }, { key: 'resourceGroup', value: 'rg-a' }] },
    });
    assert.equal(resourceNameOf(r), 'vm-1');
    assert.equal(resourceGroupOf(r), 'rg-a');
  });

  it('an older payload sending info as a plain object map is accepted, not rejected', () => {
    const r = impactedResourceSchema.parse({ properties: { info: { resourceGroup: 'rg-b', count: 2 } } });
    assert.deepEqual(infoPairsOf(r), [
      { key: 'resourceGroup', value: 'rg-b' },
      { key: 'count', value: '2' },
    ]);
  });

  it('name and resource group come from targetResourceId when only the id is given', () => {
    const r = impactedResourceSchema.parse({
      properties: { targetResourceId: '/subscriptions/s/resourceGroups/rg-web/providers/Microsoft.Web/sites/shop', futureField: 1 },
    });
    assert.equal(resourceNameOf(r), 'shop');
    assert.equal(resourceGroupOf(r), 'rg-web');
    assert.equal((r.properties as Record<string, unknown>)['futureField'], 1, 'unknown fields kept');
  });

  it('the billing text is the event article (2025-05-01 answers an event), else its description or summary', () => {
    const reference = { name: 'X', properties: { eventType: 'Billing', article: { articleContent: '<html>Upcoming billing changes</html>' }, billingId: '595959', summary: 'Upcoming.' } };
    assert.equal(billingTextOf(billingCommunicationSchema.parse(reference)), '<html>Upcoming billing changes</html>');
    assert.equal(billingTextOf(billingCommunicationSchema.parse({ properties: { article: { articleContent: ' ' }, description: '<p>Rates change</p>' } })), '<p>Rates change</p>');
    assert.equal(billingTextOf(billingCommunicationSchema.parse({ properties: { summary: 'Tax changes' } })), 'Tax changes');
    assert.equal(billingTextOf(billingCommunicationSchema.parse({})), undefined);
  });

  it('emerging issues with a new severity and stage are kept (open enums)', () => {
    const body = emergingIssuesSchema.parse({ properties: { statusActiveEvents: [{ severity: 'Catastrophic', stage: 'Escalated', extra: true }] } });
    const first = body.properties?.statusActiveEvents?.[0];
    assert.equal(first?.severity, 'Catastrophic');
    assert.equal(first?.stage, 'Escalated');
  });
});

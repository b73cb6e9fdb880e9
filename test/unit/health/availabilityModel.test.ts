import assert from 'node:assert/strict';
import { validateJson } from '../../../src/core/api/paging';
import { healthActions, resourcePageUrl, supportPageUrl } from '../../../src/core/health/actions';
import { sortStatuses, stateRank } from '../../../src/core/health/order';
import { healthTime, linkedTrackingIds, occurredTimeOf, resourceGroupOfResource, resourceIdOf, resourceTypeOfId, stateOf, type AvailabilityStatus } from '../../../src/core/model/availability';
import { validation } from '../../../src/core/model/validation';

const page = (value: unknown[]) => validateJson({ value }, validation().availabilityStatusesPageSchema, 'an availability status list');
const RID = '/subscriptions/s1/resourceGroups/rg-app/providers/Microsoft.Compute/virtualMachines/vm1';
const of = (state: string | undefined, id = RID): AvailabilityStatus => ({ id: `${id}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`, properties: state === undefined ? {} : { availabilityState: state } });

describe('availability status schema (tolerant, like the events)', () => {
  it('a status with no properties, one never seen before, and nulls everywhere are all accepted', () => {
    const statuses = page([{}, { id: 'x', properties: null }, { properties: { availabilityState: 'Hibernating', recommendedActions: null, serviceImpactingEvents: [{ status: null }] } }]);
    assert.equal(statuses.value.length, 3);
    assert.equal(stateOf(statuses.value[0] ?? {}), undefined);
    assert.equal(stateOf(statuses.value[2] ?? {}), 'Hibernating', 'a new state is kept as received');
  });
  it('reads the reference’s misspelled occuredTime and a corrected occurredTime', () => {
    assert.equal(occurredTimeOf({ properties: { occuredTime: '2026-01-01T00:00:00Z' } }), '2026-01-01T00:00:00Z');
    assert.equal(occurredTimeOf({ properties: { occurredTime: '2026-01-02T00:00:00Z' } }), '2026-01-02T00:00:00Z');
  });
  it('a placeholder date (0001-01-01T00:00:00) is no time; a time without a zone is UTC (the reference types them utcDateTime)', () => {
    assert.equal(healthTime('0001-01-01T00:00:00'), undefined);
    assert.equal(healthTime('2026-03-04T05:06:07'), Date.UTC(2026, 2, 4, 5, 6, 7));
    assert.equal(healthTime('2026-03-04T05:06:07+01:00'), Date.UTC(2026, 2, 4, 4, 6, 7));
  });
  it('the resource of a status: its id without the suffix (any case, even the examples’ "AvailabilityStatueses"), its group and type', () => {
    assert.equal(resourceIdOf({ id: `${RID}/providers/Microsoft.ResourceHealth/AvailabilityStatueses/current` }), RID);
    assert.equal(resourceIdOf({ id: 'not-an-arm-id' }), undefined);
    assert.equal(resourceGroupOfResource(RID), 'rg-app');
    assert.equal(resourceTypeOfId('/subscriptions/s/resourceGroups/g/providers/Microsoft.Sql/servers/a/databases/b'), 'Microsoft.Sql/servers/databases');
  });
  it('linked events: trackingId when sent, else the correlationId, each once', () => {
    assert.deepEqual(linkedTrackingIds({ properties: { serviceImpactingEvents: [{ trackingId: 'AB-1', correlationId: 'x' }, { correlationId: 'CD-2' }, { trackingId: 'AB-1' }, {}] } }), ['AB-1', 'CD-2']);
  });
});

describe('resource health order', () => {
  it('not Available first: Unavailable, Degraded, Unknown, then later states, then Available; by group and name within a state', () => {
    const input = [of('Available', '/subscriptions/s/resourceGroups/a/providers/P/t/z'), of('Hibernating'), of('Unknown'), of('Degraded', '/subscriptions/s/resourceGroups/b/providers/P/t/y'), of('Degraded', '/subscriptions/s/resourceGroups/a/providers/P/t/x'), of('Unavailable'), of('available')];
    assert.deepEqual(sortStatuses(input).map((s) => `${stateOf(s) ?? ''}:${resourceIdOf(s)?.split('/').pop() ?? ''}`), ['Unavailable:vm1', 'Degraded:x', 'Degraded:y', 'Unknown:vm1', 'Hibernating:vm1', 'Available:z', 'available:vm1']);
  });
  it('a status with no state is not shown as Available', () => {
    assert.equal(stateRank(undefined), 3);
  });
});

describe('recommended actions: placeholders become pages of the configured cloud, never shown raw', () => {
  const status: AvailabilityStatus = {
    id: `${RID}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`,
    properties: {
      recommendedActions: [
        { action: 'To start this VM, open the resource blade', actionUrl: '<#ResourceBlade>', actionUrlText: 'open the resource blade' },
        { action: 'If the problem persists, contact support', actionUrl: '<#SupportCase>', actionUrlText: 'contact support' },
        { action: 'Run the troubleshooter', actionUrl: '<#DiagnoseAndSolve>', actionUrlText: 'troubleshooter' },
        { action: 'Read <#Docs> the docs', actionUrl: 'https://learn.microsoft.com/azure/resource-health/', actionUrlText: 'the docs' },
        { action: 'Click', actionUrl: 'javascript:alert(1)' },
        { action: '', actionUrl: '<#ResourceBlade>' },
      ],
    },
  };
  it('in the China cloud: the resource blade and the support page are portal.azure.cn pages', () => {
    const actions = healthActions(status, 'https://portal.azure.cn');
    assert.deepEqual(actions[0], { text: 'To start this VM, open the resource blade', url: `https://portal.azure.cn/#@/resource${RID}`, linkText: 'open the resource blade' });
    assert.equal(actions[1]?.url, 'https://portal.azure.cn/#blade/Microsoft_Azure_Support/HelpAndSupportBlade/overview');
  });
  it('an unknown placeholder loses its link, keeps its text; a placeholder in the text is taken out; unsafe links are dropped', () => {
    const actions = healthActions(status, 'https://portal.azure.com');
    assert.deepEqual(actions[2], { text: 'Run the troubleshooter' });
    assert.deepEqual(actions[3], { text: 'Read the docs', url: 'https://learn.microsoft.com/azure/resource-health/', linkText: 'the docs' });
    assert.deepEqual(actions[4], { text: 'Click' });
    assert.equal(actions.length, 5, 'an action without text is left out');
    assert.ok(!JSON.stringify(actions).includes('<#'), 'no placeholder is ever shown');
  });
  it('a resource page for an id with spaces encodes them; anything but a subscription-scoped id has no page', () => {
    assert.equal(resourcePageUrl('/subscriptions/s/resourceGroups/rg/providers/A.B/c/batch worker 2', 'https://portal.azure.com'), 'https://portal.azure.com/#@/resource/subscriptions/s/resourceGroups/rg/providers/A.B/c/batch%20worker%202');
    assert.equal(resourcePageUrl('/providers/A.B/c', 'https://portal.azure.com'), undefined);
    assert.equal(resourcePageUrl('/subscriptions/s/../x', 'https://portal.azure.com'), undefined);
    assert.equal(supportPageUrl('not a url'), 'https://portal.azure.com/#blade/Microsoft_Azure_Support/HelpAndSupportBlade/overview', 'a bad portal setting falls back to the public cloud');
  });
});

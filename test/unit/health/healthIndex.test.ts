import assert from 'node:assert/strict';
import { HealthIndex } from '../../../src/core/health/healthIndex';
import type { AvailabilityStatus } from '../../../src/core/model/availability';

const rid = (sub: string, name: string): string => `/subscriptions/${sub}/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/${name}`;
const status = (id: string, state: string | undefined, extra: Record<string, unknown> = {}): AvailabilityStatus => ({
  id: `${id}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`,
  name: 'current',
  location: 'westeurope',
  properties: { ...(state === undefined ? {} : { availabilityState: state }), ...extra },
});

describe('resource health by resource id (impacted resources show it)', () => {
  it('a listed resource has its state, summary and since; ARM ids compare case-insensitively', () => {
    const index = new HealthIndex([status(rid('s1', 'vm1'), 'Degraded', { summary: 'Slow disks.', occuredTime: '2026-03-04T05:06:07Z' })]);
    assert.deepEqual(index.of(rid('S1', 'VM1')), { state: 'Degraded', since: Date.UTC(2026, 2, 4, 5, 6, 7), summary: 'Slow disks.' });
  });
  it('a resource no status names (its subscription failed, or Resource Graph left it out) is unknown, never Available', () => {
    const index = new HealthIndex([status(rid('s1', 'vm1'), 'Available')]);
    assert.equal(index.of(rid('s2', 'vm1')), undefined);
    assert.equal(index.of(undefined), undefined);
  });
  it('a status without a state (an impacting event of a history) gives no health', () => {
    assert.equal(new HealthIndex([status(rid('s1', 'vm1'), undefined)]).of(rid('s1', 'vm1')), undefined);
  });
});

import assert from 'node:assert/strict';
import { HEALTH_CACHE_VERSION } from '../../../src/core/cache/cacheVersion';
import { healthSnapshotOf, readHealthSnapshot } from '../../../src/core/cache/healthSnapshot';
import type { AvailabilityStatus } from '../../../src/core/model/availability';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const status = (name: string, state: string): AvailabilityStatus => ({
  id: `/subscriptions/s1/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/${name}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`,
  name: 'current',
  location: 'westeurope',
  properties: { availabilityState: state, occuredTime: '2026-11-27T10:00:00Z' },
});
const listing = { subscriptions: ['s1'], fullAt: NOW - 60_000, startedAt: NOW - 30_000 };

describe('resource health cache (the last listing saved and restored)', () => {
  it('round-trips through JSON: the statuses and the listing memory an incremental listing needs', () => {
    const json = JSON.parse(JSON.stringify(healthSnapshotOf([status('vm1', 'Unavailable'), status('vm2', 'Available')], listing, NOW))) as unknown;
    const read = readHealthSnapshot(json);
    assert.deepEqual(read?.listing, listing);
    assert.equal(read?.savedAt, NOW);
    assert.deepEqual(read?.statuses.map((s) => s.properties?.availabilityState), ['Unavailable', 'Available']);
  });

  it('the format version: this version is read, a file of another version (older or newer extension) is not', () => {
    const snap = JSON.parse(JSON.stringify(healthSnapshotOf([status('vm1', 'Available')], listing, NOW))) as Record<string, unknown>;
    assert.equal(snap['version'], HEALTH_CACHE_VERSION);
    assert.ok(readHealthSnapshot(snap));
    assert.equal(readHealthSnapshot({ ...snap, version: HEALTH_CACHE_VERSION + 1 }), undefined);
    assert.equal(readHealthSnapshot({ ...snap, version: HEALTH_CACHE_VERSION - 1 }), undefined);
  });

  it('a damaged file (not JSON of this shape) is not read; one malformed status is skipped, not the whole cache', () => {
    assert.equal(readHealthSnapshot('nonsense'), undefined);
    assert.equal(readHealthSnapshot({ version: HEALTH_CACHE_VERSION, savedAt: NOW, statuses: [] }), undefined, 'no listing memory');
    const read = readHealthSnapshot({ version: HEALTH_CACHE_VERSION, savedAt: NOW, listing, statuses: [{ properties: 'not an object' }, status('vm1', 'Degraded')] });
    assert.deepEqual(read?.statuses.map((s) => s.properties?.availabilityState), ['Degraded']);
  });
});

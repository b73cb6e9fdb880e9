// The Resources view's store of resource health (review H3): a refresh of 1,000 subscriptions
// through Resource Graph merges each subscription's changes at the cost of those changes. The
// version it replaces filtered every held status once per subscription: 1,000 × 100,000 visits,
// 11 s of frozen extension host every 5 minutes on a large estate.
import assert from 'node:assert/strict';
import { ResourceHealthStore } from '../../../src/core/health/healthStore';
import type { AvailabilityStatus } from '../../../src/core/model/availability';

const rid = (sub: string, name: string): string => `/subscriptions/${sub}/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/${name}`;
const status = (id: string, state: string | undefined): AvailabilityStatus => ({
  id: `${id}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`,
  name: 'current',
  location: 'westeurope',
  properties: state === undefined ? {} : { availabilityState: state },
});
const names = (statuses: readonly AvailabilityStatus[]): string[] => statuses.map((s) => `${s.id?.split('/')[8]}:${s.properties?.availabilityState}`);

describe('ResourceHealthStore (by subscription, then resource)', () => {
  it('an incremental merge replaces a changed resource in place (ARM ids without case), adds a new one after, keeps the rest', () => {
    const store = new ResourceHealthStore();
    store.replace('S1', [status(rid('s1', 'a'), 'Available'), status(rid('s1', 'b'), 'Available')]);
    store.merge('s1', [status(rid('S1', 'B'), 'Unavailable'), status(rid('s1', 'c'), 'Degraded')]);
    assert.deepEqual(names(store.statusesOf('s1')), ['a:Available', 'B:Unavailable', 'c:Degraded']);
    assert.equal(store.healthOf(rid('s1', 'b'))?.state, 'Unavailable');
  });

  it('a full listing replaces the subscription: a resource it no longer lists is gone, and unknown, never Available', () => {
    const store = new ResourceHealthStore();
    store.replace('s1', [status(rid('s1', 'a'), 'Available'), status(rid('s1', 'b'), 'Available')]);
    store.replace('s1', [status(rid('s1', 'b'), 'Degraded')]);
    assert.deepEqual(names(store.all()), ['b:Degraded']);
    assert.equal(store.healthOf(rid('s1', 'a')), undefined);
  });

  it('removing a failed subscription and keeping only the selected ones forget their statuses, the others stay', () => {
    const store = new ResourceHealthStore();
    for (const sub of ['s1', 's2', 's3']) store.replace(sub, [status(rid(sub, 'vm'), 'Available')]);
    store.remove('S2');
    store.keepOnly(['s1', 's2']);
    assert.deepEqual(store.all().map((s) => s.id?.split('/')[2]), ['s1']);
    assert.equal(store.healthOf(rid('s3', 'vm')), undefined);
    assert.equal(store.size, 1);
  });

  it('a status without a state gives no health; a status naming no resource is kept, not merged', () => {
    const store = new ResourceHealthStore();
    store.replace('s1', [status(rid('s1', 'a'), undefined), { id: 'odd', properties: { availabilityState: 'Available' } } as AvailabilityStatus]);
    store.merge('s1', [{ id: 'odd', properties: { availabilityState: 'Degraded' } } as AvailabilityStatus]);
    assert.equal(store.healthOf(rid('s1', 'a')), undefined);
    assert.equal(store.size, 3);
  });

  it('a resource moved to another subscription is held once, under the new one', () => {
    const store = new ResourceHealthStore();
    store.replace('s1', [status(rid('s1', 'vm'), 'Available')]);
    store.merge('s2', [status(rid('s1', 'vm'), 'Degraded')]);
    assert.equal(store.size, 1);
    assert.equal(store.healthOf(rid('s1', 'vm'))?.state, 'Degraded');
  });

  it('all() is built once per change and reused while nothing changes', () => {
    const store = new ResourceHealthStore();
    store.replace('s1', [status(rid('s1', 'a'), 'Available')]);
    const first = store.all();
    assert.equal(store.all(), first);
    store.merge('s1', [status(rid('s1', 'b'), 'Available')]);
    assert.notEqual(store.all(), first);
    assert.equal(store.all().length, 2);
  });

  it('1,000 subscriptions × 100 statuses: an incremental refresh of one change each visits the changes, not the 100,000 held', () => {
    let visits = 0;
    const store = new ResourceHealthStore({ onVisit: () => visits++ });
    const subs = Array.from({ length: 1_000 }, (_, i) => `sub-${i}`);
    for (const sub of subs) store.replace(sub, Array.from({ length: 100 }, (_, j) => status(rid(sub, `vm${j}`), 'Available')));
    assert.equal(store.size, 100_000);
    visits = 0;
    for (const sub of subs) store.merge(sub, [status(rid(sub, 'vm7'), 'Degraded')]);
    // One visit per changed status; a per-subscription scan of the held statuses would be 100,000,000.
    assert.equal(visits, 1_000);
    visits = 0;
    for (const sub of subs) store.healthOf(rid(sub, 'vm7'));
    assert.equal(visits, 1_000);
    assert.equal(store.size, 100_000);
  });
});

// Issue 32: one refresh of a large estate never blocks the extension host past 50 ms. Each piece
// that grows with the estate runs in slices that yield (core/text/slices.ts); these tests hold
// that the sliced results are exactly the unsliced ones, that a newer refresh stops an older one,
// and that the hover's name index the store keeps equals one built from scratch. Slices here are
// as small as they go (a yield before every item), on a yield that waits for nothing.
import assert from 'node:assert/strict';
import type { SubscriptionStatuses } from '../../../src/core/api/availabilityApi';
import { applyListing } from '../../../src/core/health/healthApply';
import { HealthBaseline, stateSections, stateSectionsInSlices } from '../../../src/core/health/healthRows';
import { ResourceHealthStore } from '../../../src/core/health/healthStore';
import { StatusNameIndex } from '../../../src/core/health/templateHealth';
import type { AvailabilityStatus } from '../../../src/core/model/availability';
import { Slicer } from '../../../src/core/text/slices';

const rid = (sub: string, group: string, name: string, type = 'Microsoft.Web/sites'): string => `/subscriptions/${sub}/resourceGroups/${group}/providers/${type}/${name}`;
const status = (id: string, state: string | undefined): AvailabilityStatus => ({
  id: `${id}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`,
  name: 'current',
  location: 'westeurope',
  properties: state === undefined ? {} : { availabilityState: state },
});
const STATES = ['Available', 'Degraded', 'Unavailable', 'Unknown', undefined, 'Available'];
/** A subscription's listing: names shared across subscriptions and groups (the hover finds several). */
const listingOf = (sub: string, n: number, shift = 0): AvailabilityStatus[] =>
  Array.from({ length: n }, (_, i) => status(rid(sub, `rg-${i % 4}`, `app-${i % 7}-${Math.floor(i / 7)}`), STATES[(i + shift) % STATES.length]));
const tiny = (superseded?: () => boolean): Slicer => new Slicer({ budgetMs: 0, yieldNow: async () => undefined, ...(superseded ? { superseded } : {}) });

/** The store and baseline as the view put them before slicing: every subscription in one go. */
function unsliced(listings: readonly SubscriptionStatuses[][], changesOnly: ReadonlySet<string>[]): { store: ResourceHealthStore; turned: string[] } {
  const store = new ResourceHealthStore();
  const baseline = new HealthBaseline();
  const turned: string[] = [];
  listings.forEach((results, n) => {
    store.keepOnly(results.map((r) => r.subscriptionId));
    for (const r of results) {
      if (r.error) store.remove(r.subscriptionId);
      else if (changesOnly[n]?.has(r.subscriptionId.toLowerCase())) {
        store.merge(r.subscriptionId, r.statuses);
        baseline.merge(r.subscriptionId, r.statuses).forEach((row) => turned.push(row.resourceId));
      } else {
        store.replace(r.subscriptionId, r.statuses);
        baseline.update(r.subscriptionId, r.statuses).forEach((row) => turned.push(row.resourceId));
      }
    }
  });
  return { store, turned };
}

const ids = (statuses: readonly AvailabilityStatus[]): string[] => statuses.map((s) => `${s.id}:${s.properties?.availabilityState}`);
const namedIds = (index: { named(name: string): readonly { id: string }[] }, names: readonly string[]): string[][] => names.map((n) => index.named(n).map((m) => m.id));
const NAMES = Array.from({ length: 7 }, (_, k) => Array.from({ length: 6 }, (_, j) => `app-${k}-${j}`)).flat();

describe('one refresh of a large estate in slices that yield (issue 32)', () => {
  const subs = ['S1', 's2', 's3', 's4'];
  const first: SubscriptionStatuses[] = subs.map((s) => ({ subscriptionId: s, statuses: listingOf(s, 40) }));
  // The next listing: s2 changes only, s3 fails, s4 left the selection, s5 is new, S1 in full with other states.
  const second: SubscriptionStatuses[] = [
    { subscriptionId: 'S1', statuses: listingOf('S1', 30, 1) },
    { subscriptionId: 's2', statuses: listingOf('s2', 10, 2) },
    { subscriptionId: 's3', statuses: [], error: new Error('Forbidden') },
    { subscriptionId: 's5', statuses: listingOf('s5', 12) },
  ];
  const changes = [new Set<string>(), new Set(['s2'])];

  it('a listing put in slices leaves the store, its flat list, its name index and the notifications exactly as put in one go', async () => {
    const expected = unsliced([first, second], changes);
    const store = new ResourceHealthStore();
    const baseline = new HealthBaseline();
    const slicer = tiny();
    const turned: string[] = [];
    for (const [n, results] of [first, second].entries()) {
      const applied = await applyListing(store, baseline, results, changes[n] ?? new Set(), slicer);
      assert.ok(applied);
      applied.turned.forEach((row) => turned.push(row.resourceId));
      if (n === 1) assert.deepEqual(applied.errors, [{ subscriptionId: 's3', message: 'Forbidden' }]);
    }
    assert.ok(slicer.yielded > 100, `${slicer.yielded} yields`);
    assert.deepEqual(ids(store.all()), ids(expected.store.all()));
    assert.deepEqual(turned, expected.turned);
    assert.ok(turned.length > 0, 'some resources turned Degraded or Unavailable');
    // The store's index, kept as statuses came and went, equals one built from the flat list.
    assert.deepEqual(namedIds(store, NAMES), namedIds(new StatusNameIndex(expected.store.all()), NAMES));
    assert.ok(store.named('app-0-0').length >= 2, 'a name in several subscriptions gives each');
  });

  it('the name index forgets a resource whose state is gone, whose subscription failed, and follows one that moved subscription', () => {
    const store = new ResourceHealthStore();
    const web = rid('s1', 'rg', 'app-web');
    store.replace('s1', [status(web, 'Degraded')]);
    assert.deepEqual(store.named('app-web').map((m) => m.id), [web]);
    store.merge('s1', [status(web, undefined)]);
    assert.deepEqual(store.named('app-web'), [], 'a status without a state is no health');
    store.merge('s1', [status(web, 'Available')]);
    const moved = rid('s2', 'rg', 'app-web').replace('s2', 's2');
    store.replace('s2', [status(moved.replace('/subscriptions/s2', '/subscriptions/S1'), 'Available')]);
    assert.equal(store.named('app-web').length, 1, 'moved to s2: held once');
    store.remove('s2');
    assert.deepEqual(store.named('app-web'), []);
  });

  it('a newer listing supersedes one in progress: it stops at its next slice, and the rest is left undone', async () => {
    const store = new ResourceHealthStore();
    let newer = false;
    let yields = 0;
    const slicer = new Slicer({
      budgetMs: 0,
      yieldNow: async () => {
        if (++yields === 3) newer = true;
      },
      superseded: () => newer,
    });
    assert.equal(await applyListing(store, new HealthBaseline(), first, new Set(), slicer), undefined);
    assert.deepEqual(store.subscriptions(), ['s1', 's2'], 'two subscriptions put; after the third yield, none');
  });

  it('the flat list built across yields is dropped when the store changed meanwhile (never a stale list)', async () => {
    const store = new ResourceHealthStore();
    store.replace('s1', listingOf('s1', 20));
    let once = false;
    const slicer = new Slicer({
      budgetMs: 0,
      yieldNow: async () => {
        if (!once) store.replace('s2', listingOf('s2', 3));
        once = true;
      },
    });
    assert.equal(await store.settle(slicer), false);
    assert.equal(store.all().length, 23, 'all() then lists what is held now');
    assert.equal(await store.settle(tiny()), true, 'already built: nothing to do');
  });

  it("the view's sections made in slices equal stateSections, with and without a filter; a superseded one gives none", async () => {
    const statuses = [...listingOf('s1', 300), ...listingOf('s2', 300, 3), status(rid('s3', '', 'x'), 'Degraded')];
    assert.deepEqual(await stateSectionsInSlices(statuses, undefined, tiny()), stateSections(statuses));
    const degraded = (s: AvailabilityStatus): boolean => s.properties?.availabilityState === 'Degraded';
    assert.deepEqual(await stateSectionsInSlices(statuses, degraded, tiny()), stateSections(statuses.filter(degraded)));
    let n = 0;
    assert.equal(await stateSectionsInSlices(statuses, undefined, tiny(() => ++n > 5)), undefined);
  });
});

// Statuses restored from the cache are unknown, not current (issue 32 item 5): the Resources view
// says "from cache" and agents list instead, until each subscription is listed again. A user opens
// VS Code after a night away: yesterday's health is on screen at once, and must not pass for today's.
import assert from 'node:assert/strict';
import { healthSnapshotOf, readHealthSnapshot, type CachedHealth } from '../../../src/core/cache/healthSnapshot';
import { HealthBaseline } from '../../../src/core/health/healthRows';
import { HeldStatuses } from '../../../src/core/health/heldStatuses';
import type { AvailabilityStatus } from '../../../src/core/model/availability';

const NOW = Date.UTC(2026, 11, 7, 8, 0, 0);
const rid = (sub: string, name: string): string => `/subscriptions/${sub}/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/${name}`;
const status = (sub: string, name: string, state: string): AvailabilityStatus => ({
  id: `${rid(sub, name)}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`,
  name: 'current',
  location: 'westeurope',
  properties: { availabilityState: state },
});

/** The cache as the previous window wrote it and this one reads it back (the real snapshot round trip). */
function cacheOf(statuses: AvailabilityStatus[], subscriptions: string[]): CachedHealth {
  const listing = { subscriptions, fullAt: NOW - 12 * 3_600_000, startedAt: NOW - 12 * 3_600_000 };
  const read = readHealthSnapshot(JSON.parse(JSON.stringify(healthSnapshotOf(statuses, listing, NOW - 12 * 3_600_000))));
  assert.ok(read, 'the snapshot did not read back');
  return read;
}

const restored = (): HeldStatuses => {
  const held = new HeldStatuses();
  held.restore(cacheOf([status('s1', 'web', 'Available'), status('s2', 'db', 'Available'), status('s3', 'cache', 'Degraded')], ['s1', 's2', 's3']));
  return held;
};

describe('statuses restored from the cache are marked until their subscription is listed (HeldStatuses)', () => {
  it('restored statuses are shown and marked as the cache\'s, every subscription of them', () => {
    const held = restored();
    assert.equal(held.fromCache, true);
    assert.deepEqual(['s1', 'S2', 's3'].map((s) => held.isFromCache(s)), [true, true, true]);
    assert.equal(held.store.size, 3);
    assert.equal(held.store.healthOf(rid('s2', 'db'))?.state, 'Available');
    assert.deepEqual(held.errors, []);
  });

  it('the mark goes per subscription as its listing arrives: a listed one is current, its cached statuses replaced', async () => {
    const held = restored();
    await held.apply([{ subscriptionId: 'S1', statuses: [status('s1', 'web', 'Unavailable')] }, { subscriptionId: 's2', statuses: [status('s2', 'db', 'Available')] }, { subscriptionId: 's3', statuses: [status('s3', 'cache', 'Available')] }], new Set(), new HealthBaseline());
    assert.equal(held.fromCache, false, 'still "from cache" after every subscription was listed');
    assert.deepEqual(['s1', 's2', 's3'].map((s) => held.isFromCache(s)), [false, false, false]);
    assert.equal(held.store.healthOf(rid('s1', 'web'))?.state, 'Unavailable', 'the cached state outlived the listing');
  });

  it('a listing of changes only (incremental, since the cached listing) makes the subscription current too, the unchanged cached statuses kept', async () => {
    const held = restored();
    const changes = [{ subscriptionId: 's1', statuses: [status('s1', 'web', 'Degraded')] }, { subscriptionId: 's2', statuses: [] }, { subscriptionId: 's3', statuses: [] }];
    await held.apply(changes, new Set(['s1', 's2', 's3']), new HealthBaseline());
    assert.equal(held.fromCache, false);
    assert.equal(held.store.healthOf(rid('s1', 'web'))?.state, 'Degraded');
    assert.equal(held.store.healthOf(rid('s2', 'db'))?.state, 'Available', 'an unchanged status was dropped by a changes-only listing');
  });

  // Access revoked overnight, or the subscription's listing timed out: its cached "Available" must not stand.
  it('a subscription whose listing fails is an error row with no statuses, never its cached health as current; the others are current', async () => {
    const held = restored();
    await held.apply([{ subscriptionId: 's1', statuses: [status('s1', 'web', 'Available')] }, { subscriptionId: 's2', statuses: [], error: new Error('The client does not have authorization.') }, { subscriptionId: 's3', statuses: [status('s3', 'cache', 'Degraded')] }], new Set(), new HealthBaseline());
    assert.deepEqual(held.errors, [{ subscriptionId: 's2', message: 'The client does not have authorization.' }]);
    assert.equal(held.store.healthOf(rid('s2', 'db')), undefined, 'the failed subscription\'s cached health still shows');
    assert.deepEqual(held.store.statusesOf('s2'), []);
    assert.equal(held.isFromCache('s2'), false, 'nothing cached is held for it: its row is the error');
    assert.equal(held.fromCache, false);
    assert.deepEqual(held.subscriptions, ['s1', 's2', 's3']);
  });

  it('a subscription the listing no longer asks for (it left the selection) goes, its cached health with it; a restore marks all again', async () => {
    const held = restored();
    await held.apply([{ subscriptionId: 's1', statuses: [status('s1', 'web', 'Available')] }], new Set(), new HealthBaseline());
    assert.equal(held.store.healthOf(rid('s2', 'db')), undefined, 'a dropped subscription\'s cached health still shows');
    assert.equal(held.isFromCache('s2'), false);
    assert.equal(held.fromCache, false);

    // The cache again: nothing listed since, so every mark stands.
    held.restore(cacheOf([status('s1', 'web', 'Available'), status('s2', 'db', 'Available')], ['s1', 's2']));
    assert.deepEqual([held.isFromCache('s1'), held.isFromCache('s2')], [true, true]);
    assert.deepEqual(held.errors, [], 'the previous listing\'s error rows outlived the restore');
  });

  it('a subscription the cached listing named but that held no status is marked too (its emptiness is the cache\'s)', async () => {
    const held = new HeldStatuses();
    held.restore(cacheOf([status('s1', 'web', 'Available')], ['s1', 's2']));
    assert.equal(held.isFromCache('s2'), true);
    await held.apply([{ subscriptionId: 's1', statuses: [] }, { subscriptionId: 's2', statuses: [] }], new Set(), new HealthBaseline());
    assert.equal(held.fromCache, false);
  });

  it('clear (sign-out, another account) forgets statuses, marks and error rows', () => {
    const held = restored();
    held.clear();
    assert.equal(held.fromCache, false);
    assert.equal(held.store.size, 0);
    assert.deepEqual(held.subscriptions, []);
  });
});

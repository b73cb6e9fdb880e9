import assert from 'node:assert/strict';
import { HealthBaseline, healthRowOf, rowsToAnnounce, stateSections } from '../../../src/core/health/healthRows';
import type { AvailabilityStatus } from '../../../src/core/model/availability';

const rid = (sub: string, rg: string, name: string, type = 'Microsoft.Compute/virtualMachines'): string => `/subscriptions/${sub}/resourceGroups/${rg}/providers/${type}/${name}`;
const status = (id: string, state: string | undefined, extra: Record<string, unknown> = {}, location = 'westeurope'): AvailabilityStatus => ({
  id: `${id}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`,
  name: 'current',
  location,
  properties: { ...(state === undefined ? {} : { availabilityState: state }), ...extra },
});

describe('Resources view model: rows, grouping and order', () => {
  it('a row reads name · type · region, with the resource group, subscription, since and ETA (not the status’s own name "current")', () => {
    const row = healthRowOf(status(rid('s1', 'rg-app', 'vm1'), 'Degraded', { summary: 'Your VM is degraded.', occuredTime: '2026-03-04T05:06:07Z', resolutionETA: '2026-03-04T07:00:00Z' }));
    assert.equal(row.label, 'vm1 · virtualMachines · West Europe');
    assert.equal(row.name, 'vm1');
    assert.equal(row.resourceGroup, 'rg-app');
    assert.equal(row.subscriptionId, 's1');
    assert.equal(row.summary, 'Your VM is degraded.');
    assert.equal(row.since, Date.UTC(2026, 2, 4, 5, 6, 7));
    assert.equal(row.eta, Date.UTC(2026, 2, 4, 7, 0, 0));
  });
  it('a row names the region as people read it ("Central India" for the ARM name centralindia), and keeps a region it does not know as received', () => {
    assert.equal(healthRowOf(status(rid('s1', 'rg', 'vm'), 'Available', {}, 'centralindia')).region, 'Central India');
    assert.equal(healthRowOf(status(rid('s1', 'rg', 'vm'), 'Available', {}, 'centralindia')).label, 'vm · virtualMachines · Central India');
    assert.equal(healthRowOf(status(rid('s1', 'rg', 'vm'), 'Available', {}, 'marsnorth1')).region, 'marsnorth1');
  });
  it('a row leaves out parts it does not know, and a status without a state is Unknown', () => {
    const row = healthRowOf(status(rid('s1', 'rg', 'db'), undefined, {}, ''));
    assert.equal(row.label, 'db · virtualMachines');
    assert.equal(row.state, 'Unknown');
    assert.equal(row.since, undefined);
    assert.equal(row.eta, undefined);
  });
  it('sections: Unavailable, Degraded, Unknown, then states added later (A→Z), then Available; each by resource group A→Z', () => {
    const sections = stateSections([
      status(rid('s1', 'rg-b', 'ok1'), 'Available'),
      status(rid('s1', 'rg-b', 'vm2'), 'Degraded'),
      status(rid('s1', 'rg-a', 'new1'), 'Hibernating'),
      status(rid('s1', 'rg-b', 'down1'), 'Unavailable'),
      status(rid('s1', 'rg-a', 'vm1'), 'Degraded'),
      status(rid('s1', 'rg-a', 'q'), undefined),
      status(rid('s1', 'rg-a', 'arch'), 'Archived'),
    ]);
    assert.deepEqual(sections.map((s) => s.state), ['Unavailable', 'Degraded', 'Unknown', 'Archived', 'Hibernating', 'Available']);
    const degraded = sections[1];
    assert.deepEqual(degraded?.groups.map((g) => [g.resourceGroup, g.rows.map((r) => r.name)]), [['rg-a', ['vm1']], ['rg-b', ['vm2']]]);
    assert.equal(degraded?.count, 2);
  });
  it('states differing only in case are one section; an empty list has none', () => {
    const sections = stateSections([status(rid('s1', 'rg', 'a'), 'degraded'), status(rid('s1', 'rg', 'b'), 'Degraded')]);
    assert.equal(sections.length, 1);
    assert.equal(sections[0]?.count, 2);
    assert.deepEqual(stateSections([]), []);
  });
});

describe('Resources view model: the notification baseline', () => {
  const vm = rid('s1', 'rg', 'vm1');
  it('a subscription’s first load is its baseline: resources already Unavailable or Degraded are not reported', () => {
    const b = new HealthBaseline();
    assert.deepEqual(b.update('s1', [status(vm, 'Unavailable'), status(rid('s1', 'rg', 'vm2'), 'Degraded')]), []);
  });
  it('after the first load, a resource turning Degraded then Unavailable is reported each time; staying so or recovering is not', () => {
    const b = new HealthBaseline();
    b.update('s1', [status(vm, 'Available')]);
    assert.deepEqual(b.update('s1', [status(vm, 'Degraded')]).map((r) => r.name), ['vm1']);
    assert.deepEqual(b.update('s1', [status(vm, 'Degraded')]), [], 'still Degraded: no second notification');
    assert.deepEqual(b.update('s1', [status(vm, 'Unavailable')]).map((r) => r.state), ['Unavailable']);
    assert.deepEqual(b.update('s1', [status(vm, 'Available')]), []);
    assert.deepEqual(b.update('s1', [status(vm, 'Unknown')]), [], 'Unknown is not alarming');
  });
  it('a resource first seen after the baseline already Unavailable is reported; a new subscription is its own baseline', () => {
    const b = new HealthBaseline();
    b.update('s1', [status(vm, 'Available')]);
    assert.deepEqual(b.update('s1', [status(vm, 'Available'), status(rid('s1', 'rg', 'new'), 'Unavailable')]).map((r) => r.name), ['new']);
    assert.deepEqual(b.update('s2', [status(rid('s2', 'rg', 'x'), 'Unavailable')]), []);
  });
  it('an incremental listing (changes only) reports the changed resources that turned, and keeps the unchanged ones in the baseline', () => {
    const b = new HealthBaseline();
    const vm2 = rid('s1', 'rg', 'vm2');
    b.update('s1', [status(vm, 'Available'), status(vm2, 'Available')]);
    assert.deepEqual(b.merge('s1', [status(vm, 'Degraded')]).map((r) => r.name), ['vm1']);
    // vm2 was not in the changes: still Available in the baseline, so its turn is news.
    assert.deepEqual(b.merge('s1', [status(vm2, 'Unavailable'), status(vm, 'Degraded')]).map((r) => r.name), ['vm2']);
    assert.deepEqual(new HealthBaseline().merge('s9', [status(rid('s9', 'rg', 'x'), 'Unavailable')]), [], 'a first listing is a baseline');
  });
  it('after clear() (sign-out, another connection) the next load is a baseline again', () => {
    const b = new HealthBaseline();
    b.update('s1', [status(vm, 'Available')]);
    b.clear();
    assert.deepEqual(b.update('s1', [status(vm, 'Unavailable')]), []);
  });
});

describe('Resources view model: which turned resources are announced', () => {
  const turned = [healthRowOf(status(rid('s1', 'rg', 'vm1'), 'Unavailable'))];
  it('serviceHealth.notifications all or serviceIssues announces them; off announces none', () => {
    assert.equal(rowsToAnnounce(turned, 'all', false).length, 1);
    assert.equal(rowsToAnnounce(turned, 'serviceIssues', false).length, 1);
    assert.deepEqual(rowsToAnnounce(turned, 'off', false), []);
  });
  it('the sample service’s made-up outages are never announced (as for events)', () => {
    assert.deepEqual(rowsToAnnounce(turned, 'all', true), []);
  });
});

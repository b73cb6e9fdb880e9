import assert from 'node:assert/strict';
import { applyFilter, defaultFilter, facetsOf, isRestricted, normalizeFilter } from '../../../src/core/events/eventFilter';
import type { StoredEvent } from '../../../src/core/events/eventFacts';
import { NOW, ev } from './fixtures';

const at = (name: string, level: { eventLevel?: string; level?: string }): StoredEvent => {
  const e = ev(name);
  return { subscriptionId: 's', trackingId: name, event: { ...e, properties: { ...e.properties, ...level } } };
};

describe('event filter: levels', () => {
  it('filters by eventLevel, else the older level field, case-insensitively', () => {
    const events = [at('C', { eventLevel: 'Critical' }), at('W', { eventLevel: 'Warning' }), at('L', { level: 'Critical' }), at('N', {})];
    const critical = { ...defaultFilter(), levels: ['critical'] };
    assert.deepEqual(applyFilter(events, critical, NOW).map((e) => e.trackingId), ['C', 'L']);
    assert.equal(isRestricted(critical), true);
    assert.equal(isRestricted(defaultFilter()), false);
    assert.deepEqual(facetsOf(events).levels, ['Critical', 'Warning']);
  });

  it('reads persisted levels and tolerates filters saved before levels existed', () => {
    assert.deepEqual(normalizeFilter({ windowDays: 3, levels: ['Warning', 4] }).levels, ['Warning']);
    assert.deepEqual(normalizeFilter({ windowDays: 3, types: ['ServiceIssue'] }).levels, []);
  });
});

describe('event filter: affects my resources (impacted)', () => {
  const events = [at('HIT', {}), at('MISS', {}), at('UNLISTED', {})];
  /** Counts as the impacted-resources store knows them: UNLISTED was never listed. */
  const counts = new Map([['HIT', 3], ['MISS', 0]]);
  const impactedCount = (e: StoredEvent['event']): number | undefined => counts.get(e.name ?? '');

  it('yes: events known to affect a resource; no: known to affect none; never-listed events match neither', () => {
    assert.deepEqual(applyFilter(events, { ...defaultFilter(), impacted: true }, NOW, impactedCount).map((e) => e.trackingId), ['HIT']);
    assert.deepEqual(applyFilter(events, { ...defaultFilter(), impacted: false }, NOW, impactedCount).map((e) => e.trackingId), ['MISS']);
    assert.deepEqual(applyFilter(events, defaultFilter(), NOW, impactedCount).map((e) => e.trackingId), ['HIT', 'MISS', 'UNLISTED']);
    // Without counts (nothing listed yet) the facet matches nothing, as impacted:yes does in a query.
    assert.deepEqual(applyFilter(events, { ...defaultFilter(), impacted: true }, NOW), []);
  });

  it('restricts the view (the Filtered row shows) and survives a reload; other values are dropped', () => {
    assert.equal(isRestricted({ ...defaultFilter(), impacted: false }), true);
    assert.equal(normalizeFilter({ windowDays: 7, impacted: true }).impacted, true);
    assert.equal(normalizeFilter({ windowDays: 7, impacted: false }).impacted, false);
    assert.equal('impacted' in normalizeFilter({ windowDays: 7, impacted: 'yes' }), false);
    assert.equal('impacted' in normalizeFilter({ windowDays: 7 }), false);
  });
});

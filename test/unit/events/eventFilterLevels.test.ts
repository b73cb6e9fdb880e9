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

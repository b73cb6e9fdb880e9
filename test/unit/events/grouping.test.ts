import assert from 'node:assert/strict';
import { groupEvents, type EventGroup } from '../../../src/core/events/grouping';
import { applyFilter, defaultFilter, facetsOf, normalizeFilter } from '../../../src/core/events/eventFilter';
import { quotaStretchFactor, nextRefreshDelay } from '../../../src/core/events/refreshPolicy';
import { relativeTime, type StoredEvent } from '../../../src/core/events/eventFacts';
import type { QuotaSnapshot, QuotaState } from '../../../src/core/http/types';
import { DAY, HOUR, NOW, ev } from './fixtures';

function stored(sub: string, e: ReturnType<typeof ev>): StoredEvent {
  return { subscriptionId: sub, trackingId: e.name ?? '', event: e };
}

const data: StoredEvent[] = [
  stored('s1', ev('R1', { status: 'Resolved', priority: 2 })),
  stored('s1', ev('A-low', { priority: 9, updated: NOW - HOUR })),
  stored('s1', ev('A-new', { priority: 3, updated: NOW - HOUR })),
  stored('s1', ev('A-old', { priority: 3, updated: NOW - 5 * HOUR })),
  stored('s2', ev('PM', { type: 'PlannedMaintenance', impact: [{ service: 'SQL Database', regions: ['West Europe', 'East US'] }] })),
  stored('s2', ev('X', { type: 'QuantumOutage', impact: [] })),
  stored('s2', ev('B', { type: 'Billing', status: 'Resolved' })),
];

function labels(groups: readonly EventGroup[]): string[] {
  return groups.map((g) => `${g.label} (${g.count})`);
}

describe('grouping', () => {
  it('groups by type then status: urgency order, Active before Resolved, unknown types last in "Other"', () => {
    const groups = groupEvents(data, 'type');
    assert.deepEqual(labels(groups), ['Service issues (4)', 'Planned maintenance (1)', 'Billing (1)', 'Other: QuantumOutage (1)']);
    const issues = groups[0];
    assert.deepEqual(labels(issues?.groups ?? []), ['Active (3)', 'Resolved (1)']);
    assert.equal(issues?.activeCount, 3);
    assert.deepEqual(issues?.groups[0]?.events.map((e) => e.trackingId), ['A-new', 'A-old', 'A-low'], 'priority first, then newest');
    assert.equal(new Set(groups.flatMap((g) => g.groups.map((c) => c.id))).size, 5, 'group ids are unique');
  });

  it('groups by status then type', () => {
    const groups = groupEvents(data, 'status');
    assert.deepEqual(labels(groups), ['Active (5)', 'Resolved (2)']);
    assert.deepEqual(labels(groups[0]?.groups ?? []), ['Service issues (3)', 'Planned maintenance (1)', 'Other: QuantumOutage (1)']);
  });

  it('groups by region and service, listing an event under each, with a "no region" bucket last', () => {
    const regions = groupEvents(data, 'region');
    assert.deepEqual(labels(regions), ['East US (6)', 'West Europe (1)', 'No region (1)']);
    const services = groupEvents(data, 'service');
    assert.deepEqual(labels(services), ['SQL Database (1)', 'Virtual Machines (5)', 'No service (1)']);
  });

  it('groups by subscription using display names when known', () => {
    const groups = groupEvents(data, 'subscription', { subscriptionNames: new Map([['s2', 'Alpha prod']]) });
    assert.deepEqual(labels(groups), ['Alpha prod (3)', 's1 (4)']);
  });
});

describe('eventFilter', () => {
  it('filters by window, type, status, service and region (case-insensitive)', () => {
    const all = [...data, stored('s1', ev('ANCIENT', { updated: NOW - 10 * DAY }))];
    assert.equal(applyFilter(all, defaultFilter(7), NOW).length, data.length);
    assert.equal(applyFilter(all, defaultFilter(30), NOW).length, data.length + 1);
    const f = { ...defaultFilter(7), types: ['serviceissue'], statuses: ['Active'] };
    assert.deepEqual(applyFilter(all, f, NOW).map((e) => e.trackingId).sort(), ['A-low', 'A-new', 'A-old']);
    assert.deepEqual(applyFilter(all, { ...defaultFilter(7), regions: ['west europe'] }, NOW).map((e) => e.trackingId), ['PM']);
    assert.deepEqual(applyFilter(all, { ...defaultFilter(7), services: ['SQL Database'] }, NOW).map((e) => e.trackingId), ['PM']);
  });

  it('normalizes persisted filters and lists facets from the data', () => {
    assert.deepEqual(normalizeFilter({ windowDays: 1000, types: ['A', 3] }), { ...defaultFilter(90), types: ['A'] });
    assert.deepEqual(normalizeFilter(undefined, 3), defaultFilter(3));
    assert.deepEqual(facetsOf(data).regions, ['East US', 'West Europe']);
  });
});

describe('refreshPolicy', () => {
  const bucket = (remaining: number, limit?: number): QuotaSnapshot => ({ resource: 'core', remaining, limit, observedAt: NOW, source: 'headers' });
  const quota = (b: QuotaSnapshot[], pausedUntil?: number): QuotaState => ({
    buckets: new Map(b.map((x, i) => [`r${i}`, x])),
    requestsSent: 1,
    pausedUntil,
  });

  it('stretches the interval when quota runs low, judging only buckets with a known limit', () => {
    assert.equal(quotaStretchFactor(undefined), 1);
    assert.equal(quotaStretchFactor(quota([bucket(500, 1000)])), 1);
    assert.equal(quotaStretchFactor(quota([bucket(500, 1000), bucket(150, 1000)])), 2);
    assert.equal(quotaStretchFactor(quota([bucket(40, 1000)])), 4);
    assert.equal(quotaStretchFactor(quota([bucket(3)])), 1);
  });

  it('turns off at 0 minutes and waits out a paused client', () => {
    assert.equal(nextRefreshDelay(0, undefined, NOW), undefined);
    assert.equal(nextRefreshDelay(5, undefined, NOW), 300_000);
    assert.equal(nextRefreshDelay(5, quota([bucket(10, 1000)]), NOW), 1_200_000);
    assert.equal(nextRefreshDelay(5, quota([], NOW + 2 * HOUR), NOW), 2 * HOUR);
  });
});

describe('relativeTime', () => {
  it('reads minutes, hours and days', () => {
    assert.equal(relativeTime(NOW - 30_000, NOW), 'just now');
    assert.equal(relativeTime(NOW + 60_000, NOW), 'just now');
    assert.equal(relativeTime(NOW - 5 * 60_000, NOW), '5m ago');
    assert.equal(relativeTime(NOW - 3 * HOUR, NOW), '3h ago');
    assert.equal(relativeTime(NOW - 3 * DAY, NOW), '3d ago');
  });
});

import assert from 'node:assert/strict';
import { groupEvents, incidentsOf, mergedImpacts, startsExpanded, type EventGroup } from '../../../src/core/events/grouping';
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

/** "label" for expanded groups, "label (folded)" otherwise, two levels deep. */
function firstScreen(groups: readonly EventGroup[], affects?: Parameters<typeof startsExpanded>[1]): string[] {
  return groups.flatMap((g) => [`${g.label}${startsExpanded(g, affects) ? '' : ' (folded)'}`, ...g.groups.map((c) => `  ${c.label}${startsExpanded(c, affects) ? '' : ' (folded)'}`)]);
}

describe('grouping', () => {
  it('first load: only active service issues open (not active maintenance or advisories); the rest stays folded', () => {
    assert.deepEqual(firstScreen(groupEvents(data, 'type')), [
      'Service issues', '  Active', '  Resolved (folded)',
      'Planned maintenance (folded)', '  Active (folded)',
      'Billing (folded)', '  Resolved (folded)',
      'Other: QuantumOutage (folded)', '  Active (folded)',
    ]);
    assert.deepEqual(firstScreen(groupEvents(data, 'status')), [
      'Active', '  Service issues', '  Planned maintenance (folded)', '  Other: QuantumOutage (folded)',
      'Resolved (folded)', '  Service issues (folded)', '  Billing (folded)',
    ]);
    // Without any active service issue nothing opens, even with active maintenance.
    const calm = data.filter((e) => e.event.properties?.eventType !== 'ServiceIssue');
    assert.ok(groupEvents(calm, 'type').every((g) => !startsExpanded(g)));
    // Region groups are many: folded even when they hold an active service issue.
    assert.ok(groupEvents(data, 'region').every((g) => !startsExpanded(g)));
  });

  it('first load: an event that affects the user\'s resources opens its groups, even planned maintenance', () => {
    const affects = (row: { primary: StoredEvent }) => row.primary.trackingId === 'PM';
    assert.deepEqual(firstScreen(groupEvents(data, 'type'), affects).slice(0, 5), ['Service issues', '  Active', '  Resolved (folded)', 'Planned maintenance', '  Active']);
  });

  it('groups by type then status: urgency order, Active before Resolved, unknown types last in "Other"', () => {
    const groups = groupEvents(data, 'type');
    assert.deepEqual(labels(groups), ['Service issues (4)', 'Planned maintenance (1)', 'Billing (1)', 'Other: QuantumOutage (1)']);
    const issues = groups[0];
    assert.deepEqual(labels(issues?.groups ?? []), ['Active (3)', 'Resolved (1)']);
    assert.equal(issues?.activeCount, 3);
    assert.deepEqual(issues?.groups[0]?.incidents.map((r) => r.primary.trackingId), ['A-new', 'A-old', 'A-low'], 'priority first, then newest');
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

describe('grouping: one row per incident', () => {
  // INC is listed by three subscriptions (s2's copy is the newest, and its impact is wider); the
  // tracking id's case differs in s3's copy. OTHER is a second incident of s1.
  const inc = (sub: string, id: string, updated: number, impact: { service: string; regions: string[] }[]): StoredEvent =>
    stored(sub, ev(id, { updated, priority: 1, title: 'Service degradation - Service Bus - Sweden Central', impact }));
  const copies: StoredEvent[] = [
    inc('s1', 'INC-1', NOW - 3 * HOUR, [{ service: 'Service Bus', regions: ['Sweden Central'] }]),
    inc('s2', 'INC-1', NOW - HOUR, [{ service: 'Service Bus', regions: ['Sweden Central', 'Norway East'] }, { service: 'Event Hubs', regions: ['Norway East'] }]),
    inc('s3', 'inc-1', NOW - 2 * HOUR, [{ service: 'service bus', regions: ['sweden central'] }]),
    stored('s1', ev('OTHER', { priority: 2 })),
  ];
  /** What the tree must count, computed from the data: distinct tracking ids. */
  const incidents = (events: readonly StoredEvent[]): number => new Set(events.map((e) => e.trackingId.toUpperCase())).size;

  it('merges the copies of one incident into one row whose primary is the newest copy', () => {
    const rows = incidentsOf(copies);
    assert.equal(rows.length, incidents(copies));
    const row = rows.find((r) => r.key === 'INC-1');
    assert.ok(row);
    assert.equal(row.primary.subscriptionId, 's2', 'the most recently updated copy');
    assert.deepEqual(row.copies.map((c) => c.subscriptionId), ['s2', 's1', 's3']);
    // On equal update times the first listed copy wins.
    const tie = incidentsOf([stored('a', ev('T', { updated: NOW })), stored('b', ev('T', { updated: NOW }))]);
    assert.equal(tie[0]?.primary.subscriptionId, 'a');
  });

  it('counts incidents, not copies, in every type/status group, with one row per incident', () => {
    for (const by of ['type', 'status'] as const) {
      const groups = groupEvents(copies, by);
      assert.equal(groups.reduce((n, g) => n + g.count, 0), incidents(copies), `${by}: top-level counts`);
      const leaves = groups.flatMap((g) => g.groups);
      assert.equal(leaves.reduce((n, g) => n + g.incidents.length, 0), incidents(copies), `${by}: rows`);
      assert.ok(leaves.every((g) => g.count === g.incidents.length));
    }
    const active = groupEvents(copies, 'type')[0]?.groups[0];
    assert.deepEqual(active?.incidents.map((r) => [r.key, r.copies.length]), [['INC-1', 3], ['OTHER', 1]]);
    assert.equal(active?.activeCount, 2);
  });

  it('lists a merged incident under the union of its copies\' regions and services', () => {
    assert.deepEqual(labels(groupEvents(copies, 'region')), ['East US (1)', 'Norway East (1)', 'Sweden Central (1)']);
    assert.deepEqual(labels(groupEvents(copies, 'service')), ['Event Hubs (1)', 'Service Bus (1)', 'Virtual Machines (1)']);
    const row = incidentsOf(copies).find((r) => r.key === 'INC-1');
    assert.ok(row);
    const impacts = mergedImpacts(row).map((i) => [i.impactedService, (i.impactedRegions ?? []).map((r) => r.impactedRegion)]);
    assert.deepEqual(impacts, [['Service Bus', ['Sweden Central', 'Norway East']], ['Event Hubs', ['Norway East']]]);
  });

  it('keeps one row per subscription in subscription grouping', () => {
    const groups = groupEvents(copies, 'subscription');
    assert.deepEqual(labels(groups), ['s1 (2)', 's2 (1)', 's3 (1)']);
    const keys = groups.flatMap((g) => g.incidents.map((r) => r.key));
    assert.equal(new Set(keys).size, copies.length, 'row keys carry the subscription');
    assert.ok(groups.every((g) => g.incidents.every((r) => r.copies.length === 1 && r.primary.subscriptionId === g.key)));
  });

  it('keys rows by tracking id only, so a refresh that reorders copies keeps them', () => {
    const a = incidentsOf(copies).map((r) => r.key).sort();
    const b = incidentsOf([...copies].reverse()).map((r) => r.key).sort();
    assert.deepEqual(a, b);
    assert.deepEqual(a, ['INC-1', 'OTHER']);
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

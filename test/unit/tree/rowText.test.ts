import assert from 'node:assert/strict';
import type { StoredEvent } from '../../../src/core/events/eventFacts';
import { groupEvents, incidentsOf, type IncidentRow } from '../../../src/core/events/grouping';
import { describeGroup, describeIncident, distinctLabels, incidentLabel, shortList, subscriptionNamesOf } from '../../../src/ui/tree/rowText';
import { HOUR, NOW, ev } from '../events/fixtures';

function row(events: StoredEvent[]): IncidentRow {
  const [first] = incidentsOf(events);
  assert.ok(first);
  return first;
}

const stored = (sub: string, e: ReturnType<typeof ev>): StoredEvent => ({ subscriptionId: sub, trackingId: e.name ?? '', event: e });
const withLevel = (e: ReturnType<typeof ev>, level: string): ReturnType<typeof ev> => ({ ...e, properties: { ...e.properties, eventLevel: level } });

describe('tree row text', () => {
  it('labels a row by impacted service and region, not by the title that repeats the group', () => {
    const r = row([stored('s1', ev('A', { title: 'Service degradation - Virtual Machines - West Europe', impact: [{ service: 'Virtual Machines', regions: ['West Europe'] }] }))]);
    assert.equal(incidentLabel(r), 'Virtual Machines · West Europe');
    const many = row([stored('s1', ev('B', { impact: [{ service: 'Storage', regions: ['West Europe', 'North Europe', 'East US'] }, { service: 'SQL Database', regions: ['West Europe'] }] }))]);
    assert.equal(incidentLabel(many), 'Storage +1 · West Europe +2');
  });

  it('leaves out the group\'s own key: a row under "West Europe" names its service, under "Storage" its regions', () => {
    const r = row([stored('s1', ev('C', { impact: [{ service: 'Storage', regions: ['West Europe', 'North Europe'] }] }))]);
    assert.equal(incidentLabel(r, { kind: 'region', key: 'west europe' }), 'Storage');
    assert.equal(incidentLabel(r, { kind: 'service', key: 'Storage' }), 'West Europe +1');
    assert.equal(incidentLabel(r, { kind: 'status', key: 'Active' }), 'Storage · West Europe +1');
  });

  it('falls back to the title for an event without impact; rows that still read the same add their tracking id', () => {
    const bare = row([stored('s1', { ...ev('D', { title: 'Billing notice' }), properties: { ...ev('D').properties, title: 'Billing notice', impact: [] } })]);
    assert.equal(incidentLabel(bare), 'Billing notice');
    const impact = [{ service: 'Storage', regions: ['West Europe'] }];
    const rows = incidentsOf([
      stored('s1', ev('E1', { title: 'Service degradation - Storage - West Europe', impact })),
      stored('s1', ev('E2', { title: 'Planned maintenance for Storage - West Europe', impact })),
      stored('s1', ev('E3', { impact: [{ service: 'Key Vault', regions: ['East US'] }] })),
    ]);
    assert.deepEqual(distinctLabels(rows), ['Storage · West Europe · Service issue · E1', 'Storage · West Europe · Service issue · E2', 'Key Vault · East US']);
  });

  it('always reads "service · region(s)", also when siblings share the service (never "West Europe · Azure Cache for Redis"); the type tells like rows apart', () => {
    const redis = (name: string, region: string, type?: string): StoredEvent => stored('s1', ev(name, { ...(type ? { type } : {}), impact: [{ service: 'Azure Cache for Redis', regions: [region] }] }));
    const rows = incidentsOf([
      redis('R1', 'West Europe'),
      redis('R2', 'Canada Central'),
      redis('R3', 'Canada Central', 'PlannedMaintenance'),
      stored('s1', ev('K1', { impact: [{ service: 'Key Vault', regions: ['West Europe'] }] })),
    ]);
    assert.deepEqual(distinctLabels(rows), [
      'Azure Cache for Redis · West Europe',
      'Azure Cache for Redis · Canada Central · Service issue',
      'Azure Cache for Redis · Canada Central · Planned maintenance',
      'Key Vault · West Europe',
    ]);
    // Under a region group the region is said already: the type tells two services apart.
    const west = incidentsOf([redis('R4', 'West Europe'), redis('R5', 'West Europe', 'HealthAdvisory')]);
    assert.deepEqual(distinctLabels(west, { kind: 'region', key: 'West Europe' }), ['Azure Cache for Redis · Service issue', 'Azure Cache for Redis · Health advisory']);
  });

  it('describes a row by age and level, then how many subscriptions list it', () => {
    const r = row([stored('s1', withLevel(ev('F', { updated: NOW - 3 * HOUR }), 'Critical'))]);
    assert.equal(describeIncident(r, NOW), '3h ago · Critical');
    const impact = [{ service: 'Service Bus', regions: ['Sweden Central'] }];
    const shared = row([
      stored('s1', ev('G', { updated: NOW - 2 * HOUR, impact })),
      stored('s2', withLevel(ev('G', { updated: NOW - HOUR, impact }), 'Warning')),
      stored('S1', ev('g', { updated: NOW - 2 * HOUR, impact })),
    ]);
    // s1 and S1 are one subscription (ids compare case-insensitively); the newest copy's time and level show.
    assert.equal(describeIncident(shared, NOW), '1h ago · Warning · 2 subscriptions');
    assert.deepEqual(subscriptionNamesOf(shared, new Map([['s2', 'Prod']])), ['Prod (s2)', 's1']);
  });

  it('describes groups by active and resolved incidents (a status group just counts)', () => {
    const events = [
      stored('s1', ev('H1', { impact: [{ service: 'Storage', regions: ['West Europe'] }] })),
      stored('s2', ev('H1', { impact: [{ service: 'Storage', regions: ['West Europe'] }] })),
      stored('s1', ev('H2', { status: 'Resolved', impact: [{ service: 'Storage', regions: ['West Europe'] }] })),
      stored('s1', ev('H3', { status: 'Resolved', impact: [{ service: 'Storage', regions: ['North Europe'] }] })),
    ];
    const [west, north] = groupEvents(events, 'region');
    assert.ok(west && north);
    assert.equal(describeGroup(west), '1 active · 1 resolved', 'H1 is listed for two subscriptions and counts once');
    assert.equal(describeGroup(north), '1 resolved');
    const [active] = groupEvents(events, 'status');
    assert.ok(active);
    assert.equal(describeGroup(active), '1');
  });

  it('counts in the words it is given (the Events view passes them in the display language)', () => {
    const words = { subscriptions: (n: number) => `${n} abonnements`, active: (n: number) => `${n} actifs`, resolved: (n: number) => `${n} résolus` };
    const impact = [{ service: 'Storage', regions: ['West Europe'] }];
    const shared = row([stored('s1', ev('K', { updated: NOW - HOUR, impact })), stored('s2', ev('K', { updated: NOW - HOUR, impact }))]);
    assert.equal(describeIncident(shared, NOW, words), '1h ago · 2 abonnements');
    const [west] = groupEvents([...shared.copies, stored('s1', ev('K2', { status: 'Resolved', impact }))], 'region');
    assert.ok(west);
    assert.equal(describeGroup(west, words), '1 actifs · 1 résolus');
  });

  it('shortList sums up many names', () => {
    assert.equal(shortList([], 'regions'), undefined);
    assert.equal(shortList(['A', 'B'], 'regions'), 'A, B');
    assert.equal(shortList(['A', 'B', 'C'], 'services'), 'A +2 services');
  });
});

import assert from 'node:assert/strict';
import type { StoredEvent } from '../../../src/core/events/eventFacts';
import { incidentsOf, type IncidentRow } from '../../../src/core/events/grouping';
import { describeIncident, notInTitle, shortList, subscriptionNamesOf } from '../../../src/ui/tree/rowText';
import { HOUR, NOW, ev } from '../events/fixtures';

function row(events: StoredEvent[]): IncidentRow {
  const [first] = incidentsOf(events);
  assert.ok(first);
  return first;
}

const stored = (sub: string, e: ReturnType<typeof ev>): StoredEvent => ({ subscriptionId: sub, trackingId: e.name ?? '', event: e });

describe('tree row text', () => {
  it('leads with the relative time and leaves out what the title names (case-insensitive)', () => {
    const r = row([stored('s1', ev('A', { title: 'Service degradation - Service Bus - sweden central', updated: NOW - 3 * HOUR, impact: [{ service: 'Service Bus', regions: ['Sweden Central'] }] }))]);
    assert.equal(describeIncident(r, NOW), '3h ago');
  });

  it('names services and regions the title does not, and sums up many as "+N regions"', () => {
    const r = row([
      stored('s1', ev('B', {
        title: 'Planned maintenance',
        updated: NOW - 3 * HOUR,
        impact: [{ service: 'Storage', regions: ['West Europe', 'North Europe', 'East US', 'West US'] }],
      })),
    ]);
    assert.equal(describeIncident(r, NOW), '3h ago · Storage · West Europe +3 regions');
    const two = row([stored('s1', ev('C', { title: 'Storage outage', updated: NOW - 3 * HOUR, impact: [{ service: 'Storage', regions: ['West Europe', 'East US'] }] }))]);
    assert.equal(describeIncident(two, NOW), '3h ago · West Europe, East US');
  });

  it('says how many subscriptions list a merged incident and names them for the tooltip', () => {
    const impact = [{ service: 'Service Bus', regions: ['Sweden Central'] }];
    const r = row([
      stored('s1', ev('D', { title: 'Service Bus issue', updated: NOW - 2 * HOUR, impact })),
      stored('s2', ev('D', { title: 'Service Bus issue', updated: NOW - HOUR, impact: [{ service: 'Service Bus', regions: ['Sweden Central', 'Norway East'] }] })),
      stored('S1', ev('d', { title: 'Service Bus issue', updated: NOW - 2 * HOUR, impact })),
    ]);
    // s1 and S1 are one subscription (ids compare case-insensitively); the newest copy's time shows.
    assert.equal(describeIncident(r, NOW), '1h ago · 2 subscriptions · Sweden Central, Norway East');
    assert.deepEqual(subscriptionNamesOf(r, new Map([['s2', 'Prod']])), ['Prod (s2)', 's1']);
  });

  it('helpers: notInTitle and shortList', () => {
    assert.deepEqual(notInTitle(['SQL Database', 'Storage'], 'sql database outage'), ['Storage']);
    // Whole names only: "East US" is not named by "East US 2", nor "SQL" by "MySQL".
    assert.deepEqual(notInTitle(['East US 2', 'East US', 'West US'], 'Outage - East US 2, West US'), ['East US']);
    assert.deepEqual(notInTitle(['SQL'], 'MySQL maintenance'), ['SQL']);
    assert.deepEqual(notInTitle(['East US'], 'Outage - East US 2'), ['East US']);
    assert.equal(shortList([], 'regions'), undefined);
    assert.equal(shortList(['A', 'B'], 'regions'), 'A, B');
    assert.equal(shortList(['A', 'B', 'C'], 'services'), 'A +2 services');
  });
});

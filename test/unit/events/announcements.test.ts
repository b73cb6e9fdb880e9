import assert from 'node:assert/strict';
import { announcementsOf } from '../../../src/core/events/announcements';
import type { StoredEvent } from '../../../src/core/events/eventFacts';
import { countIncidents } from '../../../src/core/events/incidents';
import { ev } from './fixtures';

const stored = (sub: string, e: ReturnType<typeof ev>): StoredEvent => ({ subscriptionId: sub, trackingId: e.name ?? '', event: e });

describe('announcements and incident counting', () => {
  it('counts incidents, not copies: tracking ids compare case-insensitively', () => {
    assert.equal(countIncidents([]), 0);
    assert.equal(countIncidents([stored('a', ev('X1')), stored('b', ev('x1')), stored('c', ev('X1'))]), 1);
    assert.equal(countIncidents([stored('a', ev('X1')), stored('a', ev('X2'))]), 2);
  });

  it('names a single new issue by title, even when several subscriptions list it (no names known: no subscriptions said)', () => {
    const out = announcementsOf({ newActiveServiceIssues: [stored('a', ev('I1', { title: 'Storage outage' })), stored('b', ev('I1', { title: 'Storage outage' }))], newActionRecommended: [] }, 'serviceIssues');
    assert.deepEqual(out.map((a) => [a.kind, a.text, a.incidents.length]), [['issue', 'Service Health: "Storage outage" (new active service issue).', 1]]);
  });

  it('counts several new issues in incidents', () => {
    const out = announcementsOf({ newActiveServiceIssues: [stored('a', ev('I1')), stored('b', ev('I1')), stored('a', ev('I2'))], newActionRecommended: [] }, 'all');
    assert.deepEqual(out.map((a) => a.text), ['Service Health: 2 new service issues affect your subscriptions.']);
  });

  it('announces an issue that is also tagged once, as an issue; other actions only at level "all"; nothing when off', () => {
    const outcome = {
      newActiveServiceIssues: [stored('a', ev('I1'))],
      newActionRecommended: [stored('b', ev('I1')), stored('a', ev('M1', { type: 'PlannedMaintenance', title: 'Update TLS' }))],
    };
    assert.deepEqual(announcementsOf(outcome, 'all').map((a) => [a.kind, a.text]), [
      ['issue', 'Service Health: "Event I1" (new active service issue).'],
      ['action', 'Service Health: "Update TLS" (action recommended).'],
    ]);
    assert.deepEqual(announcementsOf(outcome, 'serviceIssues').map((a) => a.kind), ['issue']);
    assert.deepEqual(announcementsOf(outcome, 'off'), []);
  });
});

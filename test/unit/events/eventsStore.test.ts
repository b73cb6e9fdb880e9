import assert from 'node:assert/strict';
import { EventsStore } from '../../../src/core/events/eventsStore';
import { eventKey } from '../../../src/core/events/eventFacts';
import { DAY, HOUR, NOW, ev } from './fixtures';

const WINDOW = NOW - 7 * DAY;

function store(now = NOW): EventsStore {
  return new EventsStore({ now: () => now });
}

describe('EventsStore', () => {
  it('plans a full window load first, then incremental queries from the last success minus a 5-minute overlap', () => {
    const s = store();
    s.setSubscriptions(['sub-a']);
    assert.equal(s.planQueryStart('sub-a', WINDOW), WINDOW);
    s.applyResults([{ subscriptionId: 'sub-a', events: [ev('A')], queryStartTime: WINDOW }], WINDOW, NOW);
    assert.equal(s.planQueryStart('sub-a', WINDOW), NOW - 5 * 60_000);
    assert.equal(s.planQueryStart('sub-a', WINDOW, { full: true }), WINDOW);
  });

  it('reloads in full when the window grows past what was loaded', () => {
    const s = store();
    s.setSubscriptions(['sub-a']);
    s.applyResults([{ subscriptionId: 'sub-a', events: [], queryStartTime: WINDOW }], WINDOW, NOW);
    const wider = NOW - 30 * DAY;
    assert.equal(s.planQueryStart('sub-a', wider), wider);
  });

  it('merges incremental results by key; the newest lastUpdateTime wins and untouched events stay', () => {
    const s = store();
    s.setSubscriptions(['sub-a']);
    s.applyResults(
      [{ subscriptionId: 'sub-a', events: [ev('A', { updated: NOW - 5 * HOUR }), ev('B', { updated: NOW - 4 * HOUR })], queryStartTime: WINDOW }],
      WINDOW,
      NOW - 3 * HOUR,
    );
    const incStart = s.planQueryStart('sub-a', WINDOW);
    s.applyResults(
      [
        {
          subscriptionId: 'sub-a',
          events: [
            ev('A', { updated: NOW - HOUR, status: 'Resolved' }),
            // An older copy of B (e.g. a lagging replica) must not replace the newer one.
            ev('B', { updated: NOW - 10 * HOUR, title: 'old' }),
            ev('C'),
          ],
          queryStartTime: incStart,
        },
      ],
      WINDOW,
      NOW,
    );
    assert.equal(s.size, 3);
    assert.equal(s.getEvent('sub-a', 'A')?.event.properties?.status, 'Resolved');
    assert.equal(s.getEvent('sub-a', 'B')?.event.properties?.title, 'Event B');
  });

  it('a full load replaces the subscription content; events outside the window are dropped', () => {
    const s = store();
    s.setSubscriptions(['sub-a']);
    s.applyResults([{ subscriptionId: 'sub-a', events: [ev('A'), ev('B')], queryStartTime: WINDOW }], WINDOW, NOW);
    s.applyResults([{ subscriptionId: 'sub-a', events: [ev('B'), ev('OLD', { updated: WINDOW - HOUR })], queryStartTime: WINDOW }], WINDOW, NOW);
    assert.deepEqual(s.getEvents().map((e) => e.trackingId), ['B']);
  });

  it('keeps previous results and marks the store stale when a refresh fails, until the next success', () => {
    const s = new EventsStore({ now: () => NOW, describeError: (e) => `Sentence: ${(e as Error).message}` });
    s.setSubscriptions(['sub-a', 'sub-b']);
    s.applyResults(
      [
        { subscriptionId: 'sub-a', events: [ev('A')], queryStartTime: WINDOW },
        { subscriptionId: 'sub-b', events: [ev('B')], queryStartTime: WINDOW },
      ],
      WINDOW,
      NOW,
    );
    const outcome = s.applyResults(
      [
        { subscriptionId: 'sub-a', events: [], error: new Error('boom'), queryStartTime: NOW },
        { subscriptionId: 'sub-b', events: [], queryStartTime: s.planQueryStart('sub-b', WINDOW) },
      ],
      WINDOW,
      NOW,
    );
    assert.deepEqual(outcome.failures, [{ subscriptionId: 'sub-a', message: 'Sentence: boom' }]);
    assert.equal(s.isStale, true);
    assert.equal(s.lastError, 'Sentence: boom');
    assert.ok(s.getEvent('sub-a', 'A'), 'the failed subscription keeps its events');
    assert.ok(s.getEvent('sub-b', 'B'), 'an empty incremental result keeps existing events');
    s.applyResults([{ subscriptionId: 'sub-a', events: [], queryStartTime: s.planQueryStart('sub-a', WINDOW) }], WINDOW, NOW);
    assert.equal(s.isStale, false);
  });

  it('the first load is a baseline: its backlog of issues and Action Recommended events is not news', () => {
    const s = store();
    s.setSubscriptions(['sub-a']);
    const first = s.applyResults(
      [{ subscriptionId: 'sub-a', events: [ev('I1'), ev('M1', { type: 'PlannedMaintenance', tags: ['action recommended'] })], queryStartTime: WINDOW }],
      WINDOW,
      NOW,
    );
    assert.deepEqual(first.newActiveServiceIssues, []);
    assert.deepEqual(first.newActionRecommended, []);
    // ...but they are marked: the next load does not report them either.
    const next = s.applyResults([{ subscriptionId: 'sub-a', events: [ev('I1'), ev('M1', { type: 'PlannedMaintenance', tags: ['action recommended'] })], queryStartTime: NOW - HOUR }], WINDOW, NOW);
    assert.deepEqual(next.newActiveServiceIssues, []);
    assert.deepEqual(next.newActionRecommended, []);
  });

  it('a failed first load sets no baseline: the first successful one does', () => {
    const s = store();
    s.setSubscriptions(['sub-a']);
    s.applyResults([{ subscriptionId: 'sub-a', events: [], error: new Error('down'), queryStartTime: WINDOW }], WINDOW, NOW);
    const first = s.applyResults([{ subscriptionId: 'sub-a', events: [ev('I1')], queryStartTime: WINDOW }], WINDOW, NOW);
    assert.deepEqual(first.newActiveServiceIssues, []);
  });

  it('reports new active service issues and Action Recommended events once each after the baseline, and a reactivation again', () => {
    const s = store();
    s.setSubscriptions(['sub-a']);
    s.applyResults([{ subscriptionId: 'sub-a', events: [ev('I0')], queryStartTime: WINDOW }], WINDOW, NOW);
    const first = s.applyResults(
      [
        {
          subscriptionId: 'sub-a',
          events: [
            ev('I1'),
            ev('I2', { status: 'Resolved' }),
            ev('M1', { type: 'PlannedMaintenance', tags: ['action recommended'] }),
            ev('H1', { type: 'HealthAdvisory' }),
          ],
          queryStartTime: NOW - HOUR,
        },
      ],
      WINDOW,
      NOW,
    );
    assert.deepEqual(first.newActiveServiceIssues.map((e) => e.trackingId), ['I1']);
    assert.deepEqual(first.newActionRecommended.map((e) => e.trackingId), ['M1']);

    const second = s.applyResults([{ subscriptionId: 'sub-a', events: [ev('I1'), ev('I3')], queryStartTime: NOW - HOUR }], WINDOW, NOW);
    assert.deepEqual(second.newActiveServiceIssues.map((e) => e.trackingId), ['I3']);
    assert.deepEqual(second.newActionRecommended, []);

    s.applyResults([{ subscriptionId: 'sub-a', events: [ev('I1', { status: 'Resolved', updated: NOW - 30 * 60_000 })], queryStartTime: NOW - HOUR }], WINDOW, NOW);
    const again = s.applyResults([{ subscriptionId: 'sub-a', events: [ev('I1', { updated: NOW - 60_000 })], queryStartTime: NOW - HOUR }], WINDOW, NOW);
    assert.deepEqual(again.newActiveServiceIssues.map((e) => e.trackingId), ['I1']);
  });

  it('reports an incident once, however many subscriptions list it, and a new subscription\'s backlog not at all', () => {
    const s = store();
    s.setSubscriptions(['sub-a', 'sub-b']);
    s.applyResults(
      [
        { subscriptionId: 'sub-a', events: [], queryStartTime: WINDOW },
        { subscriptionId: 'sub-b', events: [], queryStartTime: WINDOW },
      ],
      WINDOW,
      NOW,
    );
    const both = s.applyResults(
      [
        { subscriptionId: 'sub-a', events: [ev('I1')], queryStartTime: NOW - HOUR },
        { subscriptionId: 'sub-b', events: [ev('i1')], queryStartTime: NOW - HOUR },
      ],
      WINDOW,
      NOW,
    );
    assert.equal(both.newActiveServiceIssues.length, 1, 'one incident listed for two subscriptions is one new issue');
    // The same incident showing up for sub-b later is no news either (tracking ids compare case-insensitively).
    s.setSubscriptions(['sub-a', 'sub-b', 'sub-c']);
    const later = s.applyResults(
      [
        { subscriptionId: 'sub-a', events: [ev('I1')], queryStartTime: NOW - HOUR },
        { subscriptionId: 'sub-c', events: [ev('I1'), ev('C1')], queryStartTime: WINDOW },
      ],
      WINDOW,
      NOW,
    );
    assert.deepEqual(later.newActiveServiceIssues, [], "sub-c's first load is its baseline");
  });

  it('counts unseen active service issues for the badge', () => {
    const s = store();
    s.setSubscriptions(['sub-a']);
    s.applyResults([{ subscriptionId: 'sub-a', events: [ev('I1'), ev('I2'), ev('R', { status: 'Resolved' })], queryStartTime: WINDOW }], WINDOW, NOW);
    assert.equal(s.unseenActiveServiceIssues().length, 2);
    s.markSeen([eventKey('sub-a', 'I1')]);
    assert.deepEqual(s.unseenActiveServiceIssues().map((e) => e.trackingId), ['I2']);
  });

  it('drops events of subscriptions that are no longer selected', () => {
    const s = store();
    s.setSubscriptions(['sub-a', 'sub-b']);
    s.applyResults(
      [
        { subscriptionId: 'sub-a', events: [ev('A')], queryStartTime: WINDOW },
        { subscriptionId: 'sub-b', events: [ev('B')], queryStartTime: WINDOW },
      ],
      WINDOW,
      NOW,
    );
    let changes = 0;
    s.onDidChange(() => changes++);
    s.setSubscriptions(['sub-b']);
    assert.deepEqual(s.getEvents().map((e) => e.trackingId), ['B']);
    assert.equal(changes, 1);
  });

  it('skips listed events that have neither name nor id', () => {
    const s = store();
    s.setSubscriptions(['sub-a']);
    const outcome = s.applyResults([{ subscriptionId: 'sub-a', events: [{ properties: { title: 'x' } }, ev('A')], queryStartTime: WINDOW }], WINDOW, NOW);
    assert.equal(outcome.skipped, 1);
    assert.equal(s.size, 1);
  });
});

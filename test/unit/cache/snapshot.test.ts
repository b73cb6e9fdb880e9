import assert from 'node:assert/strict';
import { restoreSnapshot, snapshotOf } from '../../../src/core/cache/snapshot';
import { EventsStore } from '../../../src/core/events/eventsStore';
import { eventKey } from '../../../src/core/events/eventFacts';
import { DAY, HOUR, NOW, ev } from '../events/fixtures';

const WINDOW = NOW - 7 * DAY;

function store(now = NOW): EventsStore {
  return new EventsStore({ now: () => now });
}

describe('events cache snapshot (the store saved and restored)', () => {
  it('round-trips through JSON, keeping events, states, seen and notified marks', () => {
    const s = store();
    s.setSubscriptions(['sub-a']);
    s.applyResults([{ subscriptionId: 'sub-a', events: [ev('I1'), ev('I2')], queryStartTime: WINDOW }], WINDOW, NOW);
    s.markSeen([eventKey('sub-a', 'I1')]);
    const json = JSON.parse(JSON.stringify(snapshotOf(s))) as unknown;

    const restored = store();
    assert.equal(restoreSnapshot(restored, json), true);
    assert.equal(restored.size, 2);
    assert.equal(restored.restoredFromCacheAt, NOW);
    assert.equal(restored.planQueryStart('sub-a', WINDOW), NOW - 5 * 60_000);
    assert.deepEqual(restored.unseenActiveServiceIssues().map((e) => e.trackingId), ['I2']);
    const outcome = restored.applyResults([{ subscriptionId: 'sub-a', events: [ev('I1')], queryStartTime: NOW - HOUR }], WINDOW, NOW);
    assert.deepEqual(outcome.newActiveServiceIssues, [], 'already-notified issues are not reported after a restart');
    assert.equal(restored.restoredFromCacheAt, undefined);
  });

  it('refuses an unreadable snapshot and skips malformed events in a readable one', () => {
    const s = store();
    assert.equal(restoreSnapshot(s, { version: 99 }), false);
    assert.equal(restoreSnapshot(s, 'nonsense'), false);
    const ok = restoreSnapshot(s, {
      version: 1,
      savedAt: NOW,
      subscriptions: {},
      events: [{ subscriptionId: 'sub-a', event: { properties: 'not an object' } }, { subscriptionId: 'sub-a', event: ev('A') }],
      seen: [],
      notifiedIssues: [],
      notifiedActions: [],
    });
    assert.equal(ok, true);
    assert.deepEqual(s.getEvents().map((e) => e.trackingId), ['A']);
  });
});

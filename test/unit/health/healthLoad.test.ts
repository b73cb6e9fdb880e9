import assert from 'node:assert/strict';
import { ApiError } from '../../../src/core/api/errors';
import { afterEventsLoad, FULL_LISTING_EVERY_MS, incrementalSince, INCREMENTAL_OVERLAP_MS, tokenRejected, type ListingMemory } from '../../../src/core/health/healthLoad';

const refused = (): ApiError => new ApiError('Your sign-in expired; sign in again.', { status: 401, operation: 'listEvents' });
const forbidden = (): ApiError => new ApiError('No access.', { status: 403, operation: 'listEvents' });

describe('resource health: when it is listed after an events load', () => {
  it('a token expired or revoked (every subscription answered 401): no health request with that token', () => {
    assert.equal(tokenRejected([refused(), refused(), refused()], 3), true);
    assert.equal(afterEventsLoad({ visible: true, notifications: 'all', errors: [refused(), refused()], subscriptionCount: 2 }), 'skip');
  });
  it('a 401 from some subscriptions only (others answered), or another failure among them: the token works, health is listed', () => {
    assert.equal(tokenRejected([refused()], 2), false);
    assert.equal(tokenRejected([refused(), forbidden()], 2), false);
    assert.equal(tokenRejected([refused(), new Error('socket hang up')], 2), false);
    assert.equal(afterEventsLoad({ visible: true, notifications: 'off', errors: [refused()], subscriptionCount: 2 }), 'load');
  });
  it('the Resources view folded or hidden with notifications off: no request now, the listing waits until the view is shown', () => {
    assert.equal(afterEventsLoad({ visible: false, notifications: 'off', errors: [], subscriptionCount: 3 }), 'whenShown');
  });
  it('the view visible, or notifications on (their baseline needs every listing): listed after the load', () => {
    assert.equal(afterEventsLoad({ visible: true, notifications: 'off', errors: [], subscriptionCount: 3 }), 'load');
    assert.equal(afterEventsLoad({ visible: false, notifications: 'all', errors: [], subscriptionCount: 3 }), 'load');
    assert.equal(afterEventsLoad({ visible: false, notifications: 'serviceIssues', errors: [], subscriptionCount: 3 }), 'load');
  });
  it('no subscription selected: nothing to list', () => {
    assert.equal(afterEventsLoad({ visible: true, notifications: 'all', errors: [], subscriptionCount: 0 }), 'skip');
  });
});

describe('resource health: incremental listings (Resource Graph only)', () => {
  const t0 = Date.UTC(2026, 10, 27, 12, 0, 0);
  const subs = ['A', 'b', 'c'];
  const memory: ListingMemory = { subscriptions: ['a', 'b', 'c'], fullAt: t0, startedAt: t0 + 10 * 60_000 };

  it('the same subscriptions within the hour of the last full listing: only changes since the last listing started, less the overlap', () => {
    const since = incrementalSince(memory, subs, 3, t0 + 20 * 60_000);
    assert.equal(since?.getTime(), memory.startedAt - INCREMENTAL_OVERLAP_MS);
  });
  it('the hour since the last full listing: one ms before it incremental, at it a full listing again (deleted resources drop out)', () => {
    assert.ok(incrementalSince(memory, subs, 3, t0 + FULL_LISTING_EVERY_MS - 1));
    assert.equal(incrementalSince(memory, subs, 3, t0 + FULL_LISTING_EVERY_MS), undefined);
  });
  it('the Resource Graph threshold: one subscription below it is the ARM list, which has no time filter (full); at it incremental', () => {
    assert.equal(incrementalSince(memory, subs, 4, t0 + 60_000 * 20), undefined);
    assert.ok(incrementalSince(memory, subs, 3, t0 + 60_000 * 20));
    assert.equal(incrementalSince(memory, subs, 0, t0 + 60_000 * 20), undefined, 'threshold 0: Resource Graph never used');
  });
  it('another selection of subscriptions, no memory, or a clock set back before the last listing: a full listing', () => {
    assert.equal(incrementalSince(memory, ['a', 'b', 'd'], 3, t0 + 60_000 * 20), undefined);
    assert.equal(incrementalSince(undefined, subs, 3, t0 + 60_000 * 20), undefined);
    assert.equal(incrementalSince(memory, subs, 3, memory.startedAt - 1), undefined);
  });
});

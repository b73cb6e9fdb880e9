// Issue 21 point 11: a subscription Resource Graph left out (the caller cannot read it) is held
// by the Events view as failed; the agent tools answering from the held events must say so.
import assert from 'node:assert/strict';
import type { StoredEvent } from '../../../src/core/events/eventFacts';
import type { Connection } from '../../../src/ui/connection/connectionManager';
import { extensionSource } from '../../../src/ui/lm/agentSource';

const NOW = Date.UTC(2026, 10, 27, 12);
const READABLE = '11111111-1111-4111-8111-111111111111';
const DENIED = '22222222-2222-4222-8222-222222222222';
const NO_ACCESS = 'You do not have access to this subscription (Resource Graph left it out, as it does for subscriptions your account cannot read); ask an administrator for at least the Reader role, or pick another subscription.';

describe('agent tools over the held events (issue 21: no access is never "no events")', () => {
  it('a held subscription whose listing was denied comes back as a failure with its sentence, the readable one as events', async () => {
    const held: StoredEvent[] = [
      { subscriptionId: READABLE, trackingId: 'AB-123', event: { id: `/subscriptions/${READABLE}/providers/Microsoft.ResourceHealth/events/AB-123`, name: 'AB-123', properties: { lastUpdateTime: new Date(NOW - 3_600_000).toISOString() } } },
    ];
    const source = extensionSource({
      connection: () => ({}) as Connection,
      heldEvents: () => held,
      heldFailure: (id) => (id === DENIED ? NO_ACCESS : undefined),
      heldWindowDays: () => 3,
      subscriptionIds: () => [READABLE, DENIED],
      notReadyReason: () => undefined,
      ready: async () => undefined,
      now: () => NOW,
    });
    const answer = await source.listEvents([READABLE, DENIED], new Date(NOW - 86_400_000));
    assert.deepEqual(answer.failures, [{ subscriptionId: DENIED, message: NO_ACCESS }]);
    assert.deepEqual(answer.events.map((e) => e.trackingId), ['AB-123']);
  });
});

describe('agent tools over the Resources view’s statuses (M8: no listing when the view holds them)', () => {
  const status = (sub: string, name: string) => ({
    id: `/subscriptions/${sub}/resourceGroups/rg/providers/Microsoft.Web/sites/${name}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`,
    properties: { availabilityState: 'Unavailable' },
  });
  let listings = 0;
  const source = (fromCache: boolean) =>
    extensionSource({
      // A connection whose client counts every listing: the held answer must not reach it.
      connection: () => ({ client: { request: () => (listings++, Promise.reject(new Error('listed'))) }, api: {} }) as unknown as Connection,
      heldEvents: () => [],
      heldWindowDays: () => undefined,
      subscriptionIds: () => [READABLE, DENIED],
      notReadyReason: () => undefined,
      ready: async () => undefined,
      heldHealth: async () => ({ statuses: [status(READABLE, 'web')], subscriptions: [READABLE, DENIED], errors: [{ subscriptionId: DENIED, message: NO_ACCESS }], ...(fromCache ? { fromCache } : {}) }),
      graphThreshold: () => 10,
      now: () => NOW,
    });

  it('answers from the held statuses, a held failure staying a failure, without a request', async () => {
    listings = 0;
    const results = await source(false).listAvailability?.([READABLE, DENIED]);
    assert.deepEqual(results?.map((r) => [r.subscriptionId, r.statuses.length, r.error?.message]), [
      [READABLE, 1, undefined],
      [DENIED, 0, NO_ACCESS],
    ]);
    assert.equal(listings, 0);
  });

  it('statuses restored from the cache (not listed since) are no answer: it lists', async () => {
    listings = 0;
    await source(true).listAvailability?.([READABLE]).catch(() => undefined);
    assert.ok(listings > 0, 'the cached statuses were given as current');
  });
});

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

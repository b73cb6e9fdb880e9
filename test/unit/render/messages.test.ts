import assert from 'node:assert/strict';
import { eventKey, parseWebviewMessage } from '../../../src/core/render/messages';

describe('parseWebviewMessage', () => {
  it('accepts the known messages and drops extra fields', () => {
    assert.deepEqual(parseWebviewMessage({ type: 'ready', extra: 1 }), { type: 'ready' });
    assert.deepEqual(parseWebviewMessage({ type: 'copyTrackingId', text: 'x' }), { type: 'copyTrackingId' });
    assert.deepEqual(parseWebviewMessage({ type: 'fetchDetails' }), { type: 'fetchDetails' });
    assert.deepEqual(parseWebviewMessage({ type: 'openLink', url: 'https://a.example', x: 2 }), { type: 'openLink', url: 'https://a.example' });
  });

  it('refuses anything else', () => {
    for (const data of [null, undefined, 'ready', 42, [], {}, { type: 'openLink' }, { type: 'openLink', url: 5 }, { type: 'runCommand', command: 'x' }, { type: '__proto__' }]) {
      assert.equal(parseWebviewMessage(data), undefined, JSON.stringify(data));
    }
  });
});

describe('eventKey', () => {
  it('distinguishes subscriptions and tracking ids', () => {
    assert.notEqual(eventKey({ subscriptionId: 's1', trackingId: 't' }), eventKey({ subscriptionId: 's2', trackingId: 't' }));
    assert.equal(eventKey({ subscriptionId: 's1', trackingId: 't' }), eventKey({ subscriptionId: 's1', trackingId: 't' }));
  });
});

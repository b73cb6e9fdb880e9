import assert from 'node:assert/strict';
import type { DetailsViewModel } from '../../../src/core/render/detailsModel';
import { eventKey, parseWebviewMessage, stateToSave, type PersistedDetails } from '../../../src/core/render/messages';

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

describe('stateToSave (what the details webview stores, which VS Code writes to disk)', () => {
  const persist: PersistedDetails = { version: 1, ref: { subscriptionId: 's', trackingId: 't' }, event: { name: 't' } };
  const model = { title: 'fetched: the sensitive text' } as unknown as DetailsViewModel;

  it('leaves out a model that holds fetched sensitive text, keeping only the persisted listing event', () => {
    const saved = stateToSave({ type: 'render', model, persist, saveModel: false });
    assert.deepEqual(saved, { persist });
    assert.ok(!JSON.stringify(saved).includes('sensitive text'));
  });

  it('keeps the model of an ordinary event, so a reload paints at once', () => {
    assert.deepEqual(stateToSave({ type: 'render', model, persist, saveModel: true }), { model, persist });
  });
});

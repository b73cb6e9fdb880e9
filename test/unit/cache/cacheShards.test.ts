import assert from 'node:assert/strict';
import { decodeShard, encodeShard, eventsByShard, MANIFEST_VERSION, readManifest, SHARD_COUNT, shardOf } from '../../../src/core/cache/cacheShards';
import type { StoredEvent } from '../../../src/core/events/eventFacts';
import type { HealthEvent } from '../../../src/core/model/schemas';
import { ev } from '../events/fixtures';

const SUB_A = '11111111-1111-1111-1111-111111111111';
const SUB_B = '22222222-2222-2222-2222-222222222222';

/** A copy as listed for one subscription: the ARM id names it. */
function copy(name: string, subscriptionId: string, props: Parameters<typeof ev>[1] = {}): StoredEvent {
  const event: HealthEvent = { ...ev(name, props), id: `/subscriptions/${subscriptionId}/providers/Microsoft.ResourceHealth/events/${name}` };
  return { subscriptionId, trackingId: name, event };
}

describe('events cache shards', () => {
  it('stores the copies of an incident that differ only in their ARM id once, and gives every copy back', () => {
    const events = [copy('AAA-111', SUB_A, { title: 'x'.repeat(1_000) }), copy('AAA-111', SUB_B, { title: 'x'.repeat(1_000) }), copy('BBB-222', SUB_A)];
    const text = encodeShard(events);
    assert.equal((JSON.parse(text) as { entries: unknown[] }).entries.length, 2, 'three copies of two incidents');
    assert.equal(text.split('x'.repeat(1_000)).length, 2, 'the long title is stored more than once');
    assert.deepEqual(
      decodeShard(text)?.map((e) => ({ subscriptionId: e.subscriptionId, event: e.event })),
      events.map((e) => ({ subscriptionId: e.subscriptionId, event: e.event })),
    );
  });

  it('copies that differ in anything besides the id stay apart', () => {
    const text = encodeShard([copy('AAA-111', SUB_A, { status: 'Active' }), copy('AAA-111', SUB_B, { status: 'Resolved' })]);
    assert.equal((JSON.parse(text) as { entries: unknown[] }).entries.length, 2);
  });

  it('puts every copy of an incident in the same shard (tracking ids compare case-insensitively)', () => {
    const shards = eventsByShard([copy('AAA-111', SUB_A), copy('aaa-111', SUB_B), copy('BBB-222', SUB_A)]);
    assert.equal(shards.length, SHARD_COUNT);
    assert.equal(shardOf('AAA-111'), shardOf('aaa-111'));
    assert.equal(shards[shardOf('AAA-111')]?.filter((e) => e.trackingId.toUpperCase() === 'AAA-111').length, 2);
  });

  it('a torn, foreign or malformed shard is refused as a whole', () => {
    const text = encodeShard([copy('AAA-111', SUB_A), copy('BBB-222', SUB_A)]);
    assert.ok(decodeShard(text));
    // A write cut short by a crash or a full disk.
    assert.equal(decodeShard(text.slice(0, Math.floor(text.length / 2))), undefined);
    assert.equal(decodeShard(''), undefined);
    assert.equal(decodeShard(JSON.stringify({ shard: MANIFEST_VERSION + 1, entries: [] })), undefined);
    assert.equal(decodeShard(JSON.stringify({ shard: MANIFEST_VERSION, entries: [{ s: [SUB_A, SUB_B], i: [null], e: {} }] })), undefined, 'fewer ids than subscriptions');
    assert.equal(decodeShard(JSON.stringify({ shard: MANIFEST_VERSION, entries: [{ s: [7], i: [null], e: {} }] })), undefined);
    assert.deepEqual(decodeShard(JSON.stringify({ shard: MANIFEST_VERSION, entries: [] })), [], 'an empty shard is a shard');
  });

  it('a manifest of another version (the single-file cache of earlier versions) or naming a path is refused', () => {
    const manifest = { version: MANIFEST_VERSION, savedAt: 1, subscriptions: {}, seen: [], notifiedIssues: [], notifiedActions: [], shards: ['events-abc.shard0-0123.json'] };
    assert.ok(readManifest(manifest));
    assert.equal(readManifest({ ...manifest, version: 1, events: [] }), undefined);
    assert.equal(readManifest({ ...manifest, shards: ['../elsewhere.json'] }), undefined);
    assert.equal(readManifest(undefined), undefined);
  });
});

// The fast checker may only ever accept what zod accepts unchanged: then the parsed JSON is kept
// as is. Whatever it is unsure of goes to zod.
import assert from 'node:assert/strict';
import fc from 'fast-check';
import * as z from 'zod';
import { compileFastCheck } from '../../src/core/model/fastCheck';
import { eventsPageSchema, eventSchema, subscriptionsPageSchema } from '../../src/core/model/schemas';
import { generateEvents } from '../../src/core/sample';

const SCHEMAS = { eventsPageSchema, eventSchema, subscriptionsPageSchema };

/** Random edits of a real event: replace a value somewhere with another JSON value (or remove it). */
function mutate(value: unknown, path: readonly number[], replacement: unknown): unknown {
  if (path.length === 0 || value === null || typeof value !== 'object') return replacement;
  const [head = 0, ...rest] = path;
  if (Array.isArray(value)) {
    if (value.length === 0) return value;
    const i = head % value.length;
    return value.map((v, j) => (j === i ? mutate(v, rest, replacement) : v));
  }
  const keys = Object.keys(value);
  if (keys.length === 0) return value;
  const key = keys[head % keys.length] as string;
  const copy: Record<string, unknown> = { ...(value as Record<string, unknown>) };
  const next = mutate(copy[key], rest, replacement);
  if (next === undefined) delete copy[key];
  else copy[key] = next;
  return copy;
}

describe('fast validation of response bodies (compiled from the zod schemas)', () => {
  const events = generateEvents({ count: 40, seed: 3, now: Date.parse('2026-11-01T00:00:00Z'), subscriptionIds: ['s1', 's2'] }).map((g) => g.event);

  it('covers every schema the listings use', () => {
    for (const [name, schema] of Object.entries(SCHEMAS)) assert.ok(compileFastCheck(schema), `${name} compiles`);
  });

  it('accepts real sample pages, as zod does, keeping them unchanged', () => {
    const page = JSON.parse(JSON.stringify({ value: events, nextLink: null })) as unknown;
    assert.equal(compileFastCheck(eventsPageSchema)?.(page), true);
    assert.deepEqual(eventsPageSchema.parse(page), page);
  });

  it('never accepts what zod rejects or would change (random edits of real events)', () => {
    const check = compileFastCheck(eventSchema);
    assert.ok(check);
    let rejected = 0;
    fc.assert(
      fc.property(fc.nat(events.length - 1), fc.array(fc.nat(50), { maxLength: 6 }), fc.option(fc.jsonValue(), { nil: undefined }), (i, path, replacement) => {
        const event = mutate(JSON.parse(JSON.stringify(events[i])), path, replacement);
        if (!check(event)) {
          rejected++;
          return;
        }
        const parsed = eventSchema.safeParse(event);
        assert.ok(parsed.success, 'zod rejects what the fast check accepted');
        assert.deepEqual(parsed.data, event);
      }),
      { numRuns: 2_000, seed: 7 },
    );
    assert.ok(rejected > 0, 'some edits were rejected (so the property can fail)');
  });

  it('rejects wrong types at any depth: a number title, a string priority, a non-integer, an object for a list', () => {
    const check = compileFastCheck(eventSchema);
    const base = JSON.parse(JSON.stringify(events[0])) as { properties: Record<string, unknown> };
    for (const [key, bad] of [['title', 5], ['priority', '1'], ['priority', 1.5], ['impact', {}], ['isHIR', 'true']] as const) {
      const event = { ...base, properties: { ...base.properties, [key]: bad } };
      assert.equal(check?.(event), false, `${key}: ${JSON.stringify(bad)}`);
      assert.equal(eventSchema.safeParse(event).success, false);
    }
  });

  it('open enums take values the service adds later, as zod does; a closed enum and a key with odd characters are checked exactly', () => {
    const check = compileFastCheck(eventSchema);
    const base = JSON.parse(JSON.stringify(events[0])) as { properties: Record<string, unknown> };
    const event = { ...base, properties: { ...base.properties, eventType: 'QuantumMaintenance', status: 'Paused' } };
    assert.equal(check?.(event), true);
    assert.deepEqual(eventSchema.parse(event), event);
    const closed = compileFastCheck(z.looseObject({ 'a"b\\c': z.enum(['x', 'y']) }));
    assert.ok(closed);
    assert.equal(closed({ 'a"b\\c': 'x' }), true);
    assert.equal(closed({ 'a"b\\c': 'z' }), false);
    assert.equal(closed({ ab: 'x' }), false);
  });

  it('declines constructs whose output differs from the input or that it cannot judge: zod only', () => {
    assert.equal(compileFastCheck(z.object({ a: z.string() })), undefined, 'a strip object drops unknown keys');
    assert.equal(compileFastCheck(z.looseObject({ a: z.string().min(1) })), undefined, 'a string check');
    assert.equal(compileFastCheck(z.looseObject({ a: z.string().transform((s) => s.length) })), undefined, 'a transform');
    assert.equal(compileFastCheck(z.record(z.string(), z.number())), undefined, 'a record of numbers');
  });
});

import assert from 'node:assert/strict';
import { eventsPageSchema, parseServiceTime, errorEnvelopeSchema } from '../../src/core/model/schemas';

describe('schemas', () => {
  it('keeps unknown enum values and unknown fields', () => {
    const page = eventsPageSchema.parse({
      value: [{ name: 'ABC', properties: { eventType: 'BrandNewType', status: 'Investigating', futureField: 42 } }],
      nextLink: null,
    });
    const props = page.value[0]?.properties;
    assert.equal(props?.eventType, 'BrandNewType');
    assert.equal(props?.status, 'Investigating');
    assert.equal((props as Record<string, unknown>)['futureField'], 42);
  });

  it('rejects a page without value, naming the field', () => {
    const result = eventsPageSchema.safeParse({ nextLink: 'x' });
    assert.equal(result.success, false);
    assert.deepEqual(result.error?.issues[0]?.path, ['value']);
  });

  it('reads service times as UTC when no zone is given', () => {
    assert.equal(parseServiceTime('2025-01-02T03:04:05'), Date.UTC(2025, 0, 2, 3, 4, 5));
    assert.equal(parseServiceTime('2025-01-02T03:04:05+01:00'), Date.UTC(2025, 0, 2, 2, 4, 5));
    assert.equal(parseServiceTime('nonsense'), undefined);
    assert.equal(parseServiceTime(null), undefined);
  });

  it('accepts the bare and the ARM-wrapped error shapes', () => {
    assert.ok(errorEnvelopeSchema.safeParse({ code: 'X', message: 'm', details: 'd' }).success);
    assert.ok(errorEnvelopeSchema.safeParse({ error: { code: 'X', message: 'm', details: [] } }).success);
  });
});

import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ResponseValidationError } from '../../../src/core/api/errors';
import { parseBody } from '../../../src/core/api/paging';
import { eventsPageSchema } from '../../../src/core/model/schemas';

/** Property tests of schema parsing: liberal in what is added, precise about what is wrong. */
describe('schema parsing properties', () => {
  const ENUM_FIELDS = ['eventType', 'eventSubType', 'eventSource', 'status', 'level', 'eventLevel'] as const;
  // Field names that are not documented, so an extra field never collides with a typed one.
  const extraKey = fc.string({ minLength: 1, maxLength: 12 }).map((k) => `x_${k}`);
  const extras = fc.dictionary(extraKey, fc.jsonValue(), { maxKeys: 4 });

  const event = fc.record({
    name: fc.string({ maxLength: 20 }),
    properties: fc.record({
      enums: fc.record(Object.fromEntries(ENUM_FIELDS.map((f) => [f, fc.string({ maxLength: 30 })])) as Record<(typeof ENUM_FIELDS)[number], fc.Arbitrary<string>>),
      regionStatus: fc.string({ maxLength: 30 }),
      linkType: fc.string({ maxLength: 30 }),
      extra: extras,
    }),
    extra: extras,
  });

  type GenEvent = typeof event extends fc.Arbitrary<infer T> ? T : never;

  function build(e: GenEvent) {
    return {
      ...e.extra,
      name: e.name,
      properties: {
        ...e.properties.extra,
        ...e.properties.enums,
        impact: [{ impactedService: 'Storage', impactedRegions: [{ impactedRegion: 'West Europe', status: e.properties.regionStatus }] }],
        links: [{ type: e.properties.linkType }],
      },
    };
  }

  it('random extra fields and random strings in enum fields never fail validation, and are kept', () => {
    fc.assert(
      fc.property(fc.array(event, { maxLength: 5 }), extras, (events, pageExtra) => {
        const raw = { ...pageExtra, value: events.map(build) };
        const parsed = eventsPageSchema.safeParse(raw);
        assert.ok(parsed.success, parsed.success ? '' : JSON.stringify(parsed.error.issues[0]));
        parsed.data.value.forEach((e, i) => {
          const src = events[i];
          assert.ok(src);
          for (const f of ENUM_FIELDS) {
            assert.equal(e.properties?.[f], src.properties.enums[f]);
          }
          for (const [k, v] of Object.entries(src.extra)) {
            assert.deepEqual((e as Record<string, unknown>)[k], v);
          }
        });
      }),
      { numRuns: 200 },
    );
  });

  // A documented field with a value of the wrong type, and the path zod must report.
  const wrong = (path: readonly string[], value: fc.Arbitrary<unknown>) => fc.record({ path: fc.constant(path), value });
  const wrongTypes = fc.oneof(
    wrong(['properties', 'priority'], fc.oneof(fc.string(), fc.boolean(), fc.double({ noInteger: true, noNaN: true, noDefaultInfinity: true }))),
    wrong(['properties', 'isEventSensitive'], fc.oneof(fc.string(), fc.integer())),
    wrong(['properties', 'title'], fc.oneof(fc.integer(), fc.boolean(), fc.array(fc.string(), { minLength: 1 }))),
    wrong(['properties', 'eventType'], fc.oneof(fc.integer(), fc.boolean())),
    wrong(['properties', 'impact'], fc.oneof(fc.string(), fc.integer())),
    wrong(['name'], fc.oneof(fc.integer(), fc.boolean(), fc.dictionary(fc.string(), fc.string()))),
  );

  it('a wrong type in a documented field fails with the path of that field', () => {
    fc.assert(
      fc.property(fc.array(event, { minLength: 1, maxLength: 4 }), fc.nat(), wrongTypes, (events, pick, wrong) => {
        const value = events.map(build) as Record<string, unknown>[];
        const index = pick % value.length;
        const target = value[index] as Record<string, unknown>;
        if (wrong.path[0] === 'properties') {
          (target['properties'] as Record<string, unknown>)[String(wrong.path[1])] = wrong.value;
        } else {
          target[String(wrong.path[0])] = wrong.value;
        }
        const body = JSON.stringify({ value });
        let error: unknown;
        try {
          parseBody({ status: 200, headers: {}, body, url: 'http://127.0.0.1/x' }, eventsPageSchema, 'an event list', { operation: 'listEvents' });
        } catch (e) {
          error = e;
        }
        assert.ok(error instanceof ResponseValidationError, 'validation must fail');
        const expected = ['value', index, ...wrong.path].join('.');
        assert.equal(error.path, expected);
        assert.ok(error.message.includes(`(${expected}: `), error.message);
      }),
      { numRuns: 200 },
    );
  });
});

import assert from 'node:assert/strict';
import fc from 'fast-check';
import { EVENT_LEVELS, EVENT_STATUSES, EVENT_SUB_TYPES, EVENT_TYPES } from '../../../src/core/model/schemas';
import {
  DEFAULT_REGIONS,
  DEFAULT_SERVICES,
  QUERY_FIELD_NAMES,
  compileQuery,
  fieldKey,
  formatQuery,
  parseQuery,
  type ParsedQuery,
  type QueryFieldName,
  type QueryFields,
} from '../../../src/core/query';
import { NOW, query } from './helpers';

const OPTIONS = { now: NOW };

/** A value is canonical when `key:value` parses back to exactly that value. */
function isCanonical(field: QueryFieldName, value: string): boolean {
  const key = { types: 'type', subTypes: 'subtype', statuses: 'status', levels: 'level', services: 'service', regions: 'region', tags: 'tag', text: 'text' }[field];
  const q = parseQuery(`${key}:"${value.replace(/[\\"\u201C\u201D\u201E]/gu, (c) => `\\${c}`)}"`, OPTIONS);
  return q[field].length === 1 && q[field][0] === value;
}

const freeValue = fc
  .string({ unit: 'grapheme', minLength: 1, maxLength: 12 })
  .map((s) => s.replace(/\s+/gu, ' ').trim())
  .filter((s) => s.length > 0);

const CANONICAL: Record<QueryFieldName, readonly string[]> = {
  types: EVENT_TYPES,
  subTypes: EVENT_SUB_TYPES,
  statuses: EVENT_STATUSES,
  levels: EVENT_LEVELS,
  services: DEFAULT_SERVICES,
  regions: DEFAULT_REGIONS,
  tags: ['Action Recommended', 'False Positive', 'Preliminary PIR', 'Final PIR'],
  text: ['disk', 'DNS "resolution"', 'a\\b', 'x,y'],
};

const fieldValues = (field: QueryFieldName): fc.Arbitrary<string[]> =>
  fc.uniqueArray(
    fc.oneof(fc.constantFrom(...CANONICAL[field]), freeValue).filter((v) => isCanonical(field, v)),
    { maxLength: 3, selector: (v) => fieldKey(field, v) },
  );

const fields: fc.Arbitrary<QueryFields> = fc.record(
  Object.fromEntries(QUERY_FIELD_NAMES.map((f) => [f, fieldValues(f)])) as Record<QueryFieldName, fc.Arbitrary<string[]>>,
);

const instant = fc.integer({ min: Date.UTC(1970, 0, 1), max: Date.UTC(9999, 11, 31) });

const parsedQuery: fc.Arbitrary<ParsedQuery> = fc
  .record(
    {
      fields,
      exclude: fields,
      sensitive: fc.boolean(),
      hir: fc.boolean(),
      since: instant,
      until: instant,
      sort: fc.constantFrom('priority' as const, 'lastUpdate' as const, 'impactStart' as const),
      limit: fc.integer({ min: 1, max: 10_000 }),
    },
    { requiredKeys: ['fields', 'exclude'] },
  )
  .map(({ fields: f, ...rest }) => query({ ...f, ...rest }))
  // since and until together must form a window: a since after until drops the until.
  .filter((q) => q.since === undefined || q.until === undefined || q.until > q.since);

describe('query properties', () => {
  it('parseQuery never throws and always returns the full shape (grapheme strings)', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'grapheme', maxLength: 80 }), (text) => {
        const q = parseQuery(text, OPTIONS);
        for (const f of QUERY_FIELD_NAMES) {
          assert.ok(Array.isArray(q[f]) && Array.isArray(q.exclude[f]));
        }
        assert.ok(Array.isArray(q.unrecognized));
        compileQuery(q, { now: NOW }).describe();
      }),
      { numRuns: 500 },
    );
  });

  it('parseQuery never throws on query-like token soup', () => {
    const piece = fc.oneof(
      fc.constantFrom('type:', 'status:', '-', '"', '\\', ',', ':', 'since:', 'not', 'last', 'next', 'in', 'west', 'europe',
        'east', 'us', '2', '7d', 'monday', 'sql', 'outages', 'limit:', 'sort:', '11/20/2026', '2026-02-30', '\u201C', ' '),
      fc.string({ unit: 'binary', maxLength: 6 }),
    );
    fc.assert(
      fc.property(fc.array(piece, { maxLength: 20 }), fc.boolean(), (pieces, spaced) => {
        const text = pieces.join(spaced ? ' ' : '');
        const q = parseQuery(text, OPTIONS);
        assert.deepEqual(parseQuery(formatQuery(q), OPTIONS), { ...q, unrecognized: [] });
      }),
      { numRuns: 500 },
    );
  });

  it('formatQuery round-trips generated queries exactly', () => {
    fc.assert(
      fc.property(parsedQuery, (q) => {
        assert.deepEqual(parseQuery(formatQuery(q), OPTIONS), q);
      }),
      { numRuns: 300 },
    );
  });

  it('every understood word either sets a field or is reported', () => {
    fc.assert(
      fc.property(fc.array(fc.stringMatching(/^[a-z]{3,8}$/u), { minLength: 1, maxLength: 5 }), (words) => {
        const q = parseQuery(words.join(' '), OPTIONS);
        const understood = formatQuery(q).length > 0;
        const reported = q.unrecognized.length > 0;
        const allStop = !understood && !reported;
        // Only stop-words may vanish without trace; check by parsing each word alone.
        if (allStop) {
          for (const w of words) {
            const single = parseQuery(w, OPTIONS);
            assert.equal(formatQuery(single), '');
            assert.deepEqual(single.unrecognized, []);
          }
        }
      }),
      { numRuns: 200 },
    );
  });
});

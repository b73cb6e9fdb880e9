import assert from 'node:assert/strict';
import { compileQuery, describeQuery, formatQuery, parseQuery } from '../../../src/core/query';
import type { HealthEvent } from '../../../src/core/model/schemas';
import { event, NOW, query } from './helpers';

const parse = (text: string) => parseQuery(text, { now: NOW });

describe('query term impacted:', () => {
  it('parses yes/no, true/false, its alias affected:, and negation', () => {
    assert.deepEqual(parse('impacted:yes'), query({ impacted: true }));
    assert.deepEqual(parse('impacted:true'), query({ impacted: true }));
    assert.deepEqual(parse('affected:yes'), query({ impacted: true }));
    assert.deepEqual(parse('impacted:no'), query({ impacted: false }));
    assert.deepEqual(parse('-impacted:yes'), query({ impacted: false }));
    assert.deepEqual(parse('impacted:maybe'), query({ unrecognized: ['impacted:maybe'] }));
  });

  it('prints back and reads the same', () => {
    const q = parse('service:storage impacted:yes');
    assert.equal(formatQuery(q), 'service:Storage impacted:yes');
    assert.deepEqual(parse(formatQuery(q)), q);
    assert.equal(formatQuery(parse('impacted:no')), 'impacted:no');
  });

  it('describes itself', () => {
    assert.equal(describeQuery(parse('impacted:yes'), NOW), 'events affecting your resources');
    assert.equal(describeQuery(parse('active impacted:no'), NOW), 'active events affecting none of your resources');
  });

  describe('predicate', () => {
    const hits = event({ name: 'HIT-1' });
    const none = event({ name: 'NONE-2' });
    const unknown = event({ name: 'UNKNOWN-3' });
    const counts = new Map<HealthEvent, number>([
      [hits, 3],
      [none, 0],
    ]);
    const impactedCount = (e: HealthEvent): number | undefined => counts.get(e);
    const names = (text: string, withCounts = true): string[] =>
      [hits, none, unknown].filter(compileQuery(parse(text), { now: NOW, ...(withCounts ? { facts: { impactedCount } } : {}) }).matches).map((e) => e.name ?? '');

    it('impacted:yes keeps events with at least one known impacted resource', () => {
      assert.deepEqual(names('impacted:yes'), ['HIT-1']);
    });

    it('impacted:no keeps events known to affect none; never-listed events match neither', () => {
      assert.deepEqual(names('impacted:no'), ['NONE-2']);
    });

    it('one resource is enough (the limit: 0 is not impacted, 1 is)', () => {
      counts.set(hits, 1);
      assert.deepEqual(names('impacted:yes'), ['HIT-1']);
      counts.set(hits, 0);
      assert.deepEqual(names('impacted:yes'), []);
      counts.set(hits, 3);
    });

    it('without counts the term matches nothing, and queries without it are unaffected', () => {
      assert.deepEqual(names('impacted:yes', false), []);
      assert.deepEqual(names('', false), ['HIT-1', 'NONE-2', 'UNKNOWN-3']);
    });
  });
});

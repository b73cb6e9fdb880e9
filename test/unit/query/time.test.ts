import assert from 'node:assert/strict';
import { parseQuery } from '../../../src/core/query';
import { DAY, MONDAY, NOW, TODAY } from './helpers';

const window = (text: string): { since?: number; until?: number; unrecognized: string[] } => {
  const q = parseQuery(text, { now: NOW });
  return { since: q.since, until: q.until, unrecognized: q.unrecognized };
};
const HOUR = 3_600_000;

describe('query time expressions (UTC, now = Wed 2026-11-25 15:30)', () => {
  const cases: Array<[string, number | undefined, number | undefined]> = [
    ['since:7d', NOW - 7 * DAY, undefined],
    ['since:24h', NOW - 24 * HOUR, undefined],
    ['since:30m', NOW - 30 * 60_000, undefined],
    ['since:2w', NOW - 14 * DAY, undefined],
    ['since:today', TODAY, undefined],
    ['since:yesterday', TODAY - DAY, undefined],
    ['since:monday', MONDAY, undefined],
    ['since:wednesday', TODAY, undefined], // today counts as the last Wednesday
    ['since:thursday', TODAY - 6 * DAY, undefined],
    ['since:2026-11-01', Date.UTC(2026, 10, 1), undefined],
    ['since:11/20/2026', Date.UTC(2026, 10, 20), undefined],
    ['since:2026-11-20T08:15:00Z', Date.UTC(2026, 10, 20, 8, 15), undefined],
    ['since:2026-11-20T08:15:00+02:00', Date.UTC(2026, 10, 20, 6, 15), undefined],
    ['since:2026-11-20T08:15', Date.UTC(2026, 10, 20, 8, 15), undefined],
    ['today', TODAY, undefined],
    ['yesterday', TODAY - DAY, TODAY],
    ['tomorrow', TODAY + DAY, TODAY + 2 * DAY],
    ['this week', MONDAY, undefined],
    ['last week', MONDAY - 7 * DAY, MONDAY],
    ['next week', MONDAY + 7 * DAY, MONDAY + 14 * DAY],
    ['past week', NOW - 7 * DAY, undefined],
    ['this month', Date.UTC(2026, 10, 1), undefined],
    ['last month', Date.UTC(2026, 9, 1), Date.UTC(2026, 10, 1)],
    ['since monday', MONDAY, undefined],
    ['since last week', MONDAY - 7 * DAY, undefined],
    ['since yesterday', TODAY - DAY, undefined],
    ['since 2026-11-01', Date.UTC(2026, 10, 1), undefined],
    ['since 11/20/2026', Date.UTC(2026, 10, 20), undefined],
    ['after 11/20/2026', Date.UTC(2026, 10, 20), undefined],
    ['before 11/20/2026', undefined, Date.UTC(2026, 10, 20)],
    ['last 3 days', NOW - 3 * DAY, undefined],
    ['last three days', NOW - 3 * DAY, undefined],
    ['past 24 hours', NOW - 24 * HOUR, undefined],
    ['in the past 2 weeks', NOW - 14 * DAY, undefined],
    ['last 7d', NOW - 7 * DAY, undefined],
    ['last 2 months', Date.UTC(2026, 8, 25, 15, 30), undefined],
    ['3 days ago', NOW - 3 * DAY, undefined],
    ['next 7 days', undefined, NOW + 7 * DAY],
    ['monday', MONDAY, MONDAY + DAY],
    ['last friday', Date.UTC(2026, 10, 20), Date.UTC(2026, 10, 21)],
    ['2026-11-10', Date.UTC(2026, 10, 10), Date.UTC(2026, 10, 11)],
  ];
  for (const [text, since, until] of cases) {
    it(text, () => assert.deepEqual(window(text), { since, until, unrecognized: [] }));
  }

  it('computes "today" from UTC midnight even just after it', () => {
    const now = Date.UTC(2026, 10, 25, 0, 0, 1);
    assert.equal(parseQuery('today', { now }).since, Date.UTC(2026, 10, 25));
  });

  it('lets a later single bound replace an earlier window end that would be empty', () => {
    const q = window('yesterday since:2h');
    assert.equal(q.since, NOW - 2 * HOUR);
    assert.equal(q.until, undefined);
  });

  it('rejects impossible dates', () => {
    assert.deepEqual(window('since:2026-02-30').unrecognized, ['since:2026-02-30']);
    assert.deepEqual(window('since:13/01/2026').unrecognized, ['since:13/01/2026']);
  });
});

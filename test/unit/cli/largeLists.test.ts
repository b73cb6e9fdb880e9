// Review M6: a list spread into call arguments throws "Maximum call stack size exceeded" past about
// 125,000 items, so `health-events resource-health` over an estate of 150,000 resources exited 1 and
// one large subscription left the Resources view on "Loading…". The real-world condition: an
// enterprise estate listed in one table.
import assert from 'node:assert/strict';
import { fitTable } from '../../../src/core/cli/fitTable';
import { table } from '../../../src/core/cli/format';
import { append, maxOf, minOf } from '../../../src/core/text/lists';

const ROWS = 150_000;

describe('lists past the call-argument limit (M6)', () => {
  it('table() lays out 150,000 rows without throwing', () => {
    const rows = Array.from({ length: ROWS }, (_, i) => [`vm-${i}`, i === ROWS - 1 ? 'the widest cell of all' : 'Available']);
    const text = table(['NAME', 'STATE'], rows);
    const lines = text.trimEnd().split('\n');
    assert.equal(lines.length, ROWS + 1);
    // The last row's longest name sets the first column's width for every line, the header's too.
    assert.equal(lines[0]?.indexOf('STATE'), lines[ROWS]?.indexOf('the widest cell'));
    assert.equal(lines[1]?.indexOf('Available'), lines[ROWS]?.indexOf('the widest cell'));
  });

  it('fitTable() lays out 150,000 rows without throwing', () => {
    const cells = Array.from({ length: ROWS }, (_, i) => `row ${i}`);
    const text = fitTable([{ header: 'ROW', cells }], { width: 80, wide: false, color: false });
    assert.equal(text.trimEnd().split('\n').length, ROWS + 1);
  });

  it('append, maxOf and minOf take 200,000 items, and the bound when empty', () => {
    const big = Array.from({ length: 200_000 }, (_, i) => i);
    assert.equal(append([-1], big).length, 200_001);
    assert.equal(maxOf(0, big), 199_999);
    assert.equal(minOf(Infinity, big), 0);
    assert.equal(maxOf(7, []), 7);
  });
});

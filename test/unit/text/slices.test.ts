// Issue 32: work over an estate (100,000 statuses, a 60,000-row incident) runs in slices that yield
// to the event loop, so the extension host never blocks past the 50 ms goal. The clock here is
// fake: each item "takes" 1 ms, so a slice's length is counted, never timed.
import assert from 'node:assert/strict';
import { eachInSlices, Slicer, sortInSlices } from '../../../src/core/text/slices';

/** A slicer on a fake clock that each item advances by 1 ms; yields are counted, not waited. */
function fake(budgetMs: number, superseded: () => boolean = () => false): { slicer: Slicer; tick: () => void; yields: number[] } {
  let now = 0;
  const yields: number[] = [];
  let done = 0;
  const slicer = new Slicer({
    budgetMs,
    now: () => now,
    yieldNow: async () => {
      yields.push(done);
    },
    superseded,
  });
  return { slicer, tick: () => ((now += 1), done++), yields };
}

describe('work in slices that yield (issue 32)', () => {
  it('a slice runs until its budget is spent, then yields: 5 items of 1 ms fit a 5 ms slice, a 6th starts the next', async () => {
    const five = fake(5);
    assert.equal(await eachInSlices([1, 2, 3, 4, 5], five.tick, five.slicer), true);
    assert.deepEqual(five.yields, [], 'within the budget: no yield');
    const six = fake(5);
    assert.equal(await eachInSlices([1, 2, 3, 4, 5, 6], six.tick, six.slicer), true);
    assert.deepEqual(six.yields, [5], 'the 6th item runs after one yield');
    const many = fake(5);
    await eachInSlices(Array.from({ length: 23 }, (_, i) => i), many.tick, many.slicer);
    assert.deepEqual(many.yields, [5, 10, 15, 20]);
    assert.equal(many.slicer.yielded, 4);
  });

  it('a budget of 0 yields before every item', async () => {
    const each = fake(0);
    await eachInSlices([1, 2, 3], each.tick, each.slicer);
    assert.deepEqual(each.yields, [0, 1, 2]);
  });

  it('a newer refresh supersedes the work: it stops at the next yield and the items after are not done', async () => {
    let newer = false;
    const done: number[] = [];
    const run = fake(2, () => newer);
    const items = Array.from({ length: 10 }, (_, i) => i);
    const finished = await eachInSlices(
      items,
      (i) => {
        run.tick();
        done.push(i);
        if (i === 2) newer = true; // a newer listing started while this one ran
      },
      run.slicer,
    );
    assert.equal(finished, false);
    assert.deepEqual(done, [0, 1, 2, 3], 'the slice in progress ends; nothing runs after its yield');
  });

  it('pace() yields only when due, and says whether to go on', async () => {
    let newer = false;
    const run = fake(3, () => newer);
    assert.equal(await run.slicer.pace(), true);
    run.tick();
    run.tick();
    assert.equal(await run.slicer.pace(), true);
    assert.deepEqual(run.yields, []);
    run.tick();
    assert.equal(await run.slicer.pace(), true);
    assert.deepEqual(run.yields, [3]);
    newer = true;
    assert.equal(await run.slicer.pace(), false, 'superseded, even without a yield');
  });

  it('the real clock and setImmediate: a slice that ran its budget lets a waiting timer run before the rest', async () => {
    const order: string[] = [];
    const slicer = new Slicer({ budgetMs: 0 });
    await eachInSlices(
      ['a', 'b'],
      (x) => {
        order.push(x);
        // Another task arrives while the slice runs (an answer, a keystroke): it runs before the next slice.
        if (x === 'a') setImmediate(() => order.push('other work'));
      },
      slicer,
    );
    assert.deepEqual(order, ['a', 'other work', 'b']);
  });

  it('sortInSlices gives Array.sort\'s stable order for any input, across many slices, and stops when superseded', async () => {
    let seed = 7;
    const random = (): number => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
    for (const n of [0, 1, 1023, 1024, 1025, 5000, 20_000]) {
      // Few distinct keys: ties everywhere, so stability shows (the index says which came first).
      const items = Array.from({ length: n }, (_, i) => ({ key: Math.floor(random() * 50), i }));
      const compare = (a: { key: number }, b: { key: number }): number => a.key - b.key;
      const expected = [...items].sort(compare);
      const slicer = new Slicer({ budgetMs: 0, yieldNow: async () => undefined });
      assert.deepEqual(await sortInSlices(items, compare, slicer), expected, `${n} items`);
      if (n > 2048) assert.ok(slicer.yielded > 10, `${n} items: ${slicer.yielded} yields`);
    }
    let calls = 0;
    const stopped = await sortInSlices(
      Array.from({ length: 5000 }, (_, i) => 5000 - i),
      (a, b) => a - b,
      new Slicer({ budgetMs: 0, yieldNow: async () => undefined, superseded: () => ++calls > 2 }),
    );
    assert.equal(stopped, undefined);
  });
});

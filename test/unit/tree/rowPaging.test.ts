import assert from 'node:assert/strict';
import { GroupLimits, limitShowing, pageRows } from '../../../src/ui/tree/rowPaging';

/** Rows the Events tree shows per group before "Show more" (stated here, not read from the code, so a change shows). */
const PAGE = 300;

const rows = (n: number): number[] => Array.from({ length: n }, (_, i) => i);

describe('tree row paging', () => {
  it('shows a group of exactly the limit whole, with no "Show more" row', () => {
    const page = pageRows(rows(PAGE), PAGE);
    assert.equal(page.shown.length, PAGE);
    assert.equal(page.more, undefined);
  });

  it('cuts a group of one row past the limit, keeping its order, and offers "Show 1 more"', () => {
    const page = pageRows(rows(PAGE + 1), PAGE);
    assert.deepEqual(page.shown, rows(PAGE));
    assert.deepEqual(page.more, { next: 1, hidden: 1, nextLimit: PAGE + 1, label: 'Show 1 more', accessibleLabel: 'Show 1 more event' });
  });

  it('offers one page at a time and says how many stay hidden (10,000 cached events)', () => {
    const page = pageRows(rows(10_000), 100, 100);
    assert.equal(page.shown.length, 100);
    assert.deepEqual(page.more, {
      next: 100,
      hidden: 9_900,
      nextLimit: 200,
      label: 'Show 100 more',
      description: '9,900 not shown',
      accessibleLabel: 'Show 100 more events (9,900 not shown)',
    });
    // The last page shows the rest: no "not shown" once a click shows everything.
    const last = pageRows(rows(10_000), 9_950, 100);
    assert.equal(last.more?.label, 'Show 50 more');
    assert.equal(last.more?.description, undefined);
    assert.equal(last.more?.nextLimit, 10_000);
    assert.equal(pageRows(rows(10_000), 10_000, 100).more, undefined);
  });

  it('words the "Show more" row with the sentences it is given (the Events view passes them in the display language)', () => {
    const words = {
      label: (n: string) => `Afficher ${n} de plus`,
      notShown: (n: string) => `${n} masqués`,
      accessible: (next: number, n: string, rest: string | undefined) => `Afficher ${n} événement${next === 1 ? '' : 's'} de plus${rest ? ` (${rest})` : ''}`,
    };
    const page = pageRows(rows(10_000), 100, 100, 10_000, words);
    assert.equal(page.more?.label, 'Afficher 100 de plus');
    assert.equal(page.more?.description, '9,900 masqués');
    assert.equal(page.more?.accessibleLabel, 'Afficher 100 événements de plus (9,900 masqués)');
    assert.equal(pageRows(rows(101), 100, 100, 101, words).more?.accessibleLabel, 'Afficher 1 événement de plus');
  });

  it('raises a limit by whole pages to show a row past it, and leaves it for a row within it', () => {
    assert.equal(limitShowing(99, 100, 100), 100);
    assert.equal(limitShowing(100, 100, 100), 200);
    assert.equal(limitShowing(199, 100, 100), 200);
    assert.equal(limitShowing(200, 100, 100), 300);
    assert.equal(limitShowing(9_999, 100, 100), 10_000);
  });

  it('keeps raised limits per group while the scope stays, and forgets them when grouping or filter change', () => {
    const limits = new GroupLimits(100);
    limits.enter('type|no filter');
    assert.equal(limits.raise('ServiceIssue/Active', 200), true);
    assert.equal(limits.raise('ServiceIssue/Active', 150), false, 'a limit never goes down');
    assert.equal(limits.of('ServiceIssue/Active'), 200);
    assert.equal(limits.of('ServiceIssue/Resolved'), 100, 'other groups keep the first page');
    limits.enter('type|no filter');
    assert.equal(limits.of('ServiceIssue/Active'), 200, 'a refresh of the same view keeps it');
    limits.enter('status|no filter');
    assert.equal(limits.of('ServiceIssue/Active'), 100);
  });
});

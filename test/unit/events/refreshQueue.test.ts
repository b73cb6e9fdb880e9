import assert from 'node:assert/strict';
import { RefreshQueue } from '../../../src/core/events/refreshQueue';

interface Run {
  full: boolean;
  windowDays: number;
  scope?: string;
}

/** A load that finishes when the test says so, recording what each run was asked to do. */
function harness(): { queue: RefreshQueue; runs: Run[]; finish(): void; setWindow(days: number): void; select(scope: string): void } {
  const runs: Run[] = [];
  const pending: Array<() => void> = [];
  let windowDays = 7;
  let scope = 'sub-a';
  const queue = new RefreshQueue(
    (full) =>
      new Promise<void>((resolve) => {
        runs.push({ full, windowDays, ...(scope === 'sub-a' ? {} : { scope }) });
        pending.push(resolve);
      }),
    () => ({ windowDays, scope }),
  );
  return {
    queue,
    runs,
    finish: () => pending.shift()?.(),
    setWindow: (days) => {
      windowDays = days;
    },
    select: (next) => {
      scope = next;
    },
  };
}

const settle = (): Promise<void> => new Promise((r) => setImmediate(r));

describe('refresh queue (a refresh asked while another runs)', () => {
  it('a plain refresh joins the running one: one load', async () => {
    const h = harness();
    const a = h.queue.request(false);
    const b = h.queue.request(false);
    h.finish();
    await Promise.all([a, b]);
    assert.deepEqual(h.runs, [{ full: false, windowDays: 7 }]);
    assert.equal(h.queue.busy, false);
  });

  it('a full refresh asked meanwhile (the user pressed Refresh during an auto-refresh) runs right after', async () => {
    const h = harness();
    const auto = h.queue.request(false);
    const manual = h.queue.request(true);
    h.finish();
    await auto;
    await settle();
    assert.deepEqual(h.runs.map((r) => r.full), [false, true]);
    let done = false;
    void manual.then(() => (done = true));
    await settle();
    assert.equal(done, false, 'the caller waits for the run it asked for, not the old one');
    h.finish();
    await manual;
  });

  it('a wider window asked meanwhile (Filter: 30 days during a 7-day load) runs right after with the new window', async () => {
    const h = harness();
    const first = h.queue.request(false);
    h.setWindow(30);
    const wider = h.queue.request(false);
    h.finish();
    await first;
    await settle();
    assert.deepEqual(h.runs, [{ full: false, windowDays: 7 }, { full: false, windowDays: 30 }]);
    h.finish();
    await wider;
  });

  it('a narrower window or a plain refresh during a full one joins it', async () => {
    const h = harness();
    const full = h.queue.request(true);
    h.setWindow(3);
    const narrower = h.queue.request(false);
    assert.equal(narrower, full);
    h.finish();
    await full;
    assert.equal(h.runs.length, 1);
  });

  it('many requests meanwhile make one follow-up, full if any of them was', async () => {
    const h = harness();
    const first = h.queue.request(false);
    h.setWindow(14);
    const followUps = [h.queue.request(false), h.queue.request(true), h.queue.request(false)];
    h.finish();
    await first;
    await settle();
    h.finish();
    await Promise.all(followUps);
    assert.deepEqual(h.runs, [{ full: false, windowDays: 7 }, { full: true, windowDays: 14 }]);
  });

  it('reset (connection changed) drops the running and queued refreshes; the next request starts at once', async () => {
    const h = harness();
    void h.queue.request(false);
    void h.queue.request(true);
    h.queue.reset();
    void h.queue.request(false);
    assert.equal(h.runs.length, 2);
    h.finish();
    await settle();
    assert.equal(h.runs.length, 2, "the old connection's queued full refresh never starts");
  });

  it('a subscription selection changed meanwhile (Select Subscriptions during a load) runs right after with the new selection', async () => {
    const h = harness();
    const first = h.queue.request(false);
    h.select('sub-a,sub-b');
    const selected = h.queue.request(false);
    assert.notEqual(selected, first, 'the new selection joined the load planned for the old one');
    h.finish();
    await first;
    await settle();
    assert.deepEqual(h.runs, [{ full: false, windowDays: 7 }, { full: false, windowDays: 7, scope: 'sub-a,sub-b' }]);
    h.finish();
    await selected;
    assert.equal(h.queue.busy, false);
  });

  it('a refresh asked with the same selection during a load joins it (the selection did not change)', async () => {
    const h = harness();
    const first = h.queue.request(false);
    h.select('sub-a');
    assert.equal(h.queue.request(false), first);
    h.finish();
    await first;
    assert.equal(h.runs.length, 1);
  });

  it('a selection change during the follow-up of a wider window runs once more after it', async () => {
    const h = harness();
    const first = h.queue.request(false);
    h.setWindow(30);
    const wider = h.queue.request(false);
    h.finish();
    await first;
    await settle();
    h.select('sub-b');
    const selected = h.queue.request(false);
    h.finish();
    await wider;
    await settle();
    h.finish();
    await selected;
    assert.deepEqual(h.runs, [
      { full: false, windowDays: 7 },
      { full: false, windowDays: 30 },
      { full: false, windowDays: 30, scope: 'sub-b' },
    ]);
  });
});

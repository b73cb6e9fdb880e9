import assert from 'node:assert/strict';
import { RefreshQueue } from '../../../src/core/events/refreshQueue';

/** A load that finishes when the test says so, recording what each run was asked to do. */
function harness(): { queue: RefreshQueue; runs: Array<{ full: boolean; windowDays: number }>; finish(): void; setWindow(days: number): void } {
  const runs: Array<{ full: boolean; windowDays: number }> = [];
  const pending: Array<() => void> = [];
  let windowDays = 7;
  const queue = new RefreshQueue(
    (full) =>
      new Promise<void>((resolve) => {
        runs.push({ full, windowDays });
        pending.push(resolve);
      }),
    () => windowDays,
  );
  return {
    queue,
    runs,
    finish: () => pending.shift()?.(),
    setWindow: (days) => {
      windowDays = days;
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
});

// Issue 21 point 2: with 1,000 subscriptions every send and every response header changed the
// quota, and each change re-rendered the status bar inside undici's header callback.
import assert from 'node:assert/strict';
import { parseRateLimitHeaders } from '../../../src/core/http/rateLimitHeaders';
import { QuotaTracker } from '../../../src/core/http/quota';
import { CoalescedRender, QUOTA_RENDER_INTERVAL_MS, type RenderTimers } from '../../../src/core/quota/coalescedRender';

/** setTimeout/clearTimeout on a clock that moves only through advance(). */
class FakeTimers implements RenderTimers {
  private t = 0;
  private nextId = 1;
  readonly pending = new Map<number, { at: number; fn: () => void }>();

  now(): number {
    return this.t;
  }

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.nextId++;
    this.pending.set(id, { at: this.t + ms, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  advance(ms: number): void {
    const end = this.t + ms;
    for (;;) {
      const due = [...this.pending].filter(([, p]) => p.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) {
        break;
      }
      this.pending.delete(due[0]);
      this.t = due[1].at;
      due[1].fn();
    }
    this.t = end;
  }
}

describe('coalesced quota render (issue 21: the status bar stays cheap at any bucket count)', () => {
  it('never runs inside the call that reports the change (undici parser callback): the first run comes from a timer', () => {
    const timers = new FakeTimers();
    let runs = 0;
    const r = new CoalescedRender(() => runs++, timers);
    r.request();
    assert.equal(runs, 0, 'ran synchronously inside request()');
    timers.advance(0);
    assert.equal(runs, 1);
  });

  it('a change 1 ms after a render waits until 250 ms after it: not at 249 ms, at 250 ms', () => {
    const timers = new FakeTimers();
    const at: number[] = [];
    const r = new CoalescedRender(() => at.push(timers.now()), timers);
    r.request();
    timers.advance(0);
    timers.advance(1);
    r.request();
    r.request();
    timers.advance(QUOTA_RENDER_INTERVAL_MS - 2);
    assert.deepEqual(at, [0], 'rendered again before 250 ms had passed');
    timers.advance(1);
    assert.deepEqual(at, [0, QUOTA_RENDER_INTERVAL_MS]);
  });

  it('a change 250 ms or more after the last render is rendered on the next tick, with no extra wait', () => {
    const timers = new FakeTimers();
    const at: number[] = [];
    const r = new CoalescedRender(() => at.push(timers.now()), timers);
    r.request();
    timers.advance(0);
    timers.advance(QUOTA_RENDER_INTERVAL_MS);
    r.request();
    timers.advance(0);
    assert.deepEqual(at, [0, QUOTA_RENDER_INTERVAL_MS]);
  });

  it('1,000 subscriptions of headers (2,000 buckets) and 1,000 sends over a 10 s refresh render at most once per 250 ms', () => {
    const timers = new FakeTimers();
    const tracker = new QuotaTracker();
    let runs = 0;
    let lastSize = 0;
    const r = new CoalescedRender(() => {
      runs++;
      lastSize = tracker.current.buckets.size;
    }, timers);
    tracker.onDidChange(() => r.request());
    for (let i = 0; i < 1000; i++) {
      const sub = `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`;
      tracker.countSend();
      const headers = parseRateLimitHeaders({ 'x-ms-ratelimit-remaining-subscription-reads': '249', 'x-ms-ratelimit-remaining-subscription-global-reads': '12000' }, timers.now());
      tracker.recordHeaders(headers, timers.now(), sub);
      timers.advance(10);
    }
    timers.advance(QUOTA_RENDER_INTERVAL_MS);
    assert.equal(tracker.current.buckets.size, 2000);
    assert.equal(lastSize, 2000, 'the last render did not see the last change');
    // 10,000 ms of changes at 250 ms apart: renders at 0, 250, ..., 10,000.
    assert.equal(runs, 41);
  });

  it('after dispose nothing runs, and the pending timer is cleared', () => {
    const timers = new FakeTimers();
    let runs = 0;
    const r = new CoalescedRender(() => runs++, timers);
    r.request();
    r.dispose();
    assert.equal(timers.pending.size, 0);
    r.request();
    timers.advance(1000);
    assert.equal(runs, 0);
  });
});

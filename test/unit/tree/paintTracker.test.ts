// The first refresh after a restart waits until the Events tree drew its cached rows.
import assert from 'node:assert/strict';
import { PaintTracker, type ShownView, type Timers } from '../../../src/ui/tree/paintTracker';

/** A fake clock for setTimeout/clearTimeout: time moves only through advance(). */
class FakeTimers implements Timers {
  private now = 0;
  private next = 1;
  private readonly pending = new Map<number, { at: number; fn: () => void }>();

  setTimeout(fn: () => void, ms: number): unknown {
    const id = this.next++;
    this.pending.set(id, { at: this.now + ms, fn });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  advance(ms: number): void {
    this.now += ms;
    for (const [id, t] of [...this.pending].sort((a, b) => a[1].at - b[1].at)) {
      if (t.at <= this.now) {
        this.pending.delete(id);
        t.fn();
      }
    }
  }
}

/** A tree view whose visibility the test sets; `show()` tells the listener, as VS Code does. */
class FakeView implements ShownView {
  private listener: (() => void) | undefined;
  listeners = 0;

  constructor(public visible: boolean) {}

  onDidShow(listener: () => void): { dispose(): void } {
    this.listener = listener;
    this.listeners++;
    return { dispose: () => ((this.listener = undefined), this.listeners--) };
  }

  show(): void {
    this.visible = true;
    this.listener?.();
  }
}

/** Resolves to whether `p` settled after pending microtasks ran. */
async function settled(p: Promise<void>): Promise<boolean> {
  let done = false;
  void p.then(() => (done = true));
  await new Promise((r) => setImmediate(r));
  return done;
}

/** Both sides of a limit on the fake clock: `p` still waits `ms` - 1 ms from now and has settled at `ms`. */
async function settlesAt(timers: FakeTimers, p: Promise<void>, ms: number): Promise<void> {
  timers.advance(ms - 1);
  assert.equal(await settled(p), false, `still waiting after ${ms - 1} ms`);
  timers.advance(1);
  assert.equal(await settled(p), true, `settled at ${ms} ms`);
}

describe('PaintTracker (cached tree drawn before the first request)', () => {
  it('waits for the top rows and then an expanded group\'s children', async () => {
    const timers = new FakeTimers();
    const t = new PaintTracker(timers);
    t.changed();
    const p = t.next();
    assert.equal(await settled(p), false, 'nothing drawn yet');
    t.served(undefined, ['group:a']);
    assert.equal(await settled(p), false, 'groups drawn, their event rows not yet');
    t.served('group:a', []);
    assert.equal(await settled(p), true);
  });

  it('waits down to the event rows: a type group\'s status groups served is not yet the paint', async () => {
    const t = new PaintTracker(new FakeTimers());
    t.changed();
    const p = t.next();
    t.served(undefined, ['group:issues', 'group:maintenance']);
    t.served('group:issues', ['group:issues/active']);
    t.served('group:maintenance', []);
    assert.equal(await settled(p), false, 'the active service issues\' rows are still to come');
    t.served('group:other', []);
    assert.equal(await settled(p), false, 'a group that was not expected counts for nothing');
    t.served('group:issues/active', []);
    assert.equal(await settled(p), true);
  });

  it('top rows without expanded groups (a message row, or only folded groups) are the whole paint', async () => {
    const t = new PaintTracker(new FakeTimers());
    t.changed();
    const p = t.next();
    t.served(undefined, []);
    assert.equal(await settled(p), true);
  });

  it('already drawn since the last change: resolves at once; a new change makes it wait again', async () => {
    const t = new PaintTracker(new FakeTimers());
    t.served(undefined, []);
    assert.equal(await settled(t.next()), true);
    t.changed();
    assert.equal(await settled(t.next()), false);
  });

  it('an expected group never asked for (folded by the user earlier): 999 ms after the last rows still waits, 1,000 ms does not', async () => {
    const timers = new FakeTimers();
    const t = new PaintTracker(timers);
    t.changed();
    const p = t.next();
    t.served(undefined, ['group:a', 'group:b']);
    timers.advance(600);
    // Each group served starts the wait again (a busy machine asks level by level).
    t.served('group:a', []);
    await settlesAt(timers, p, 1_000);
  });

  it('a view that never asks (a hidden or stuck view) holds the refresh at most 2 s: 1,999 ms waits, 2,000 ms does not', async () => {
    const timers = new FakeTimers();
    const t = new PaintTracker(timers);
    t.changed();
    const p = t.next();
    await settlesAt(timers, p, 2_000);
  });

  it('drawn: once the rows are served, the workbench gets 1 s to put them on screen: 999 ms still waits, 1,000 ms does not', async () => {
    const timers = new FakeTimers();
    const t = new PaintTracker(timers);
    t.changed();
    const p = t.drawn(new FakeView(true));
    t.served(undefined, ['group:a']);
    t.served('group:a', []);
    assert.equal(await settled(p), false, 'served, not yet drawn');
    await settlesAt(timers, p, 1_000);
  });

  it('drawn: a hidden view that does not show (started for a command) holds it 500 ms: 499 ms waits, 500 ms does not, with no drawing time after', async () => {
    const timers = new FakeTimers();
    const t = new PaintTracker(timers);
    t.changed();
    const view = new FakeView(false);
    const p = t.drawn(view);
    await settlesAt(timers, p, 500);
    assert.equal(view.listeners, 0, 'the visibility listener was left behind');
  });

  it('drawn: the view that activated the extension shows after activation: its rows are waited for, then drawn', async () => {
    const timers = new FakeTimers();
    const t = new PaintTracker(timers);
    t.changed();
    const view = new FakeView(false);
    const p = t.drawn(view);
    timers.advance(200);
    view.show();
    // Past the 500 ms a hidden view is given: the wait is now for the rows.
    timers.advance(400);
    assert.equal(await settled(p), false, 'shown, but no row served yet');
    t.served(undefined, []);
    await settled(p);
    await settlesAt(timers, p, 1_000);
    assert.equal(view.listeners, 0);
  });

  it('dispose releases every waiter', async () => {
    const t = new PaintTracker(new FakeTimers());
    t.changed();
    const p = t.next();
    t.dispose();
    assert.equal(await settled(p), true);
  });
});

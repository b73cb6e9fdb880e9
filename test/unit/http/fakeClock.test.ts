import assert from 'node:assert/strict';
import { FakeClock, turn } from './fakeClock';

const T0 = Date.UTC(2025, 0, 1, 12, 0, 0);

describe('FakeClock (the tests\' virtual time)', () => {
  it('never moves by itself: a sleep is still pending after real time has passed', async () => {
    const clock = new FakeClock(T0);
    let woke = false;
    void clock.sleep(1_000).then(() => (woke = true));
    // The one real wait here, and the point of the check: the old clock jumped after 5 ms of it.
    const start = performance.now();
    while (performance.now() - start < 20) await turn();
    assert.equal(woke, false);
    assert.equal(clock.now(), T0);
  });

  it('tick wakes a sleep at its end, not 1 ms before, and sleeps started by woken code within the span', async () => {
    const clock = new FakeClock(T0);
    const woke: number[] = [];
    void clock.sleep(1_000).then(async () => {
      woke.push(clock.now() - T0);
      await clock.sleep(500);
      woke.push(clock.now() - T0);
    });
    await clock.tick(999);
    assert.deepEqual(woke, []);
    await clock.tick(501);
    assert.deepEqual(woke, [1_000, 1_500]);
    assert.equal(clock.now(), T0 + 1_500);
  });

  it('nextSleep resolves when the code starts to wait, with how long until it ends', async () => {
    const clock = new FakeClock(T0);
    const waiting = clock.nextSleep();
    await clock.tick(200);
    void clock.sleep(300);
    assert.equal(await waiting, 300);
  });

  it('runUntil jumps to each wait of sequential work and returns its result', async () => {
    const clock = new FakeClock(T0);
    const work = (async (): Promise<string> => {
      await clock.sleep(60_000);
      await clock.sleep(120_000);
      return 'done';
    })();
    assert.equal(await clock.runUntil(work), 'done');
    assert.equal(clock.now(), T0 + 180_000);
    assert.deepEqual(clock.sleeps, [60_000, 120_000]);
  });
});

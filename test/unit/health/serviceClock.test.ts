import assert from 'node:assert/strict';
import { incrementalSince, INCREMENTAL_OVERLAP_MS, type ListingMemory } from '../../../src/core/health/healthLoad';
import { useClientFixture } from '../http/clientFixture';

const T0 = Date.UTC(2026, 10, 27, 12, 0, 0);
const MINUTE = 60_000;

describe('resource health: incremental listings on the service\'s clock (a laptop clock that drifts)', () => {
  const fx = useClientFixture(T0);

  /** A service whose clock reads `aheadMs` ahead of ours (negative: behind), in its Date header. */
  async function serviceClock(aheadMs: number | undefined): Promise<void> {
    await fx.serve((_req, res) => {
      const headers: Record<string, string> = { 'content-type': 'application/json' };
      if (aheadMs !== undefined) headers.date = new Date(fx.clock.now() + aheadMs).toUTCString();
      else res.sendDate = false;
      res.writeHead(200, headers);
      res.end('{}');
    });
  }

  it('our clock 20 min ahead of the service: a change the service stamps 1 min after our last listing started is asked for', async () => {
    await serviceClock(-20 * MINUTE);
    const client = fx.client();
    await client.request({ method: 'GET', url: '/events' });
    // The listing started now, on the service's clock; a resource changed a minute later by its stamp.
    const startedAt = client.serviceTime(fx.clock.now());
    const changeStamp = fx.clock.now() - 20 * MINUTE + MINUTE;
    const memory: ListingMemory = { subscriptions: ['a'], fullAt: startedAt, startedAt };
    await fx.clock.tick(5 * MINUTE);
    const since = incrementalSince(memory, ['a'], 1, client.serviceTime(fx.clock.now()));
    assert.ok(since, 'within the hour: changes only');
    assert.ok(since.getTime() <= changeStamp, `asked from ${since.toISOString()}, the change is stamped ${new Date(changeStamp).toISOString()}`);
    assert.equal(since.getTime(), startedAt - INCREMENTAL_OVERLAP_MS);
    // On our own clock the same listing would have asked from 5 min after the change: missed.
    assert.ok(fx.clock.now() - 5 * MINUTE - INCREMENTAL_OVERLAP_MS > changeStamp);
  });

  it('our clock 20 min behind: the service\'s clock is used too (a wider overlap on ours, never a gap)', async () => {
    await serviceClock(20 * MINUTE);
    const client = fx.client();
    await client.request({ method: 'GET', url: '/events' });
    assert.ok(Math.abs(client.serviceTime(fx.clock.now()) - (fx.clock.now() + 20 * MINUTE)) <= 1_000, 'Date has one-second resolution');
  });

  it('no Date header yet (a proxy dropped it, or no answer so far): our clock stands in', async () => {
    const before = fx.client;
    await serviceClock(undefined);
    const client = before();
    assert.equal(client.serviceTime(fx.clock.now()), fx.clock.now(), 'before any answer');
    await client.request({ method: 'GET', url: '/events' });
    assert.equal(client.serviceTime(fx.clock.now()), fx.clock.now(), 'after an answer without Date');
  });
});

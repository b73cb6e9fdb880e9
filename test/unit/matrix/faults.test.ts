import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { HealthEventsApi, type SubscriptionEvents } from '../../../src/core/api/healthEventsApi';
import { EventsStore } from '../../../src/core/events/eventsStore';
import { ThrottledClient } from '../../../src/core/http/client';
import type { TokenProvider } from '../../../src/core/http/types';
import type { Fault } from '../../../src/core/sample/faults';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';
import { FakeClock } from '../http/fakeClock';
import { startLoopback, send, type Loopback } from '../http/loopback';
import { FAULT_CASES, MATRIX_CLIENT, renderFaultMatrix, SUB_A, SUB_B } from './faultCases';

const LONG_AGO = new Date(Date.UTC(2000, 0, 1));
const PAGE_SIZE = 8;
const EVENTS_PATH_A = `/subscriptions/${SUB_A}/providers/Microsoft.ResourceHealth/events`;

function countingTokens(token: string): TokenProvider & { forced: number } {
  const provider = {
    forced: 0,
    getToken: async ({ forceRefresh }: { forceRefresh: boolean }) => {
      if (forceRefresh) {
        provider.forced++;
      }
      return token;
    },
  };
  return provider;
}

function asResults(results: readonly SubscriptionEvents[]) {
  return results.map((r) => ({ ...r, queryStartTime: LONG_AGO.getTime() }));
}

describe('fault matrix (sample service faults, one subscription at a time)', () => {
  let service: SampleService;
  let foreign: Loopback;
  let pagesA = 0;
  let eventsA = 0;
  let eventsB = 0;

  before(async () => {
    service = await startSampleService({ seed: 5, events: 50, pageSize: PAGE_SIZE, subscriptionIds: [SUB_A, SUB_B],
      // The matrix is about faults, not quotas: the server's limits run on real time while the
      // client's waits use a fake clock, so limits are set out of reach.
      rateLimits: { primaryLimit: 1_000_000, pointsPerMinute: 1_000_000, armReadsCapacity: 1_000_000 },
    });
    // Stands in for "another origin": same host, other port, so only the origin check can stop it.
    foreign = await startLoopback((_r, res) => send(res, 200, {}, JSON.stringify({ value: [] })));
    eventsA = service.events.filter((g) => g.subscriptionIds.includes(SUB_A)).length;
    eventsB = service.events.filter((g) => g.subscriptionIds.includes(SUB_B)).length;
    pagesA = Math.max(1, Math.ceil(eventsA / PAGE_SIZE));
    assert.ok(pagesA >= 2, 'subscription A should need several pages');
    assert.ok(eventsB > 0);
  });
  after(async () => {
    await service.close();
    await foreign.close();
  });

  for (const c of FAULT_CASES) {
    it(`${c.id}: ${c.injected} -> ${c.expect.kind === 'success' ? 'recovers' : c.expect.errorName}`, async function () {
      this.timeout(10_000);
      service.faults.clear();
      const clock = new FakeClock();
      const logLines: string[] = [];
      const tokens = countingTokens(service.token);
      const client = new ThrottledClient({
        origin: service.url,
        tokenProvider: tokens,
        clock,
        random: () => 0.5,
        log: (line) => logLines.push(line),
        ...MATRIX_CLIENT,
        ...c.client,
      });
      const api = new HealthEventsApi({ client });
      const store = new EventsStore({ now: () => clock.now() });
      try {
        // A good load first: the "last good data" a failing refresh must not lose.
        const first = await clock.runUntil(api.listEventsForSubscriptions([SUB_A, SUB_B], { queryStartTime: LONG_AGO }));
        assert.deepEqual(first.map((r) => [r.events.length, r.error]), [[eventsA, undefined], [eventsB, undefined]]);
        store.applyResults(asResults(first), LONG_AGO.getTime());
        const forcedBefore = tokens.forced;

        service.resetStats();
        for (const { fault, times } of c.faults) {
          const f: Fault = fault.kind === 'foreignNextLink' ? { ...fault, origin: foreign.origin } : fault;
          service.faults.inject(f, { path: new RegExp(`^${EVENTS_PATH_A}$`, 'i'), ...(times ? { times } : {}) });
        }
        const second = await clock.runUntil(api.listEventsForSubscriptions([SUB_A, SUB_B], { queryStartTime: LONG_AGO }));
        const [a, b] = second;
        assert.ok(a && b);

        // The other subscription is never affected.
        assert.equal(b.error, undefined);
        assert.equal(b.events.length, eventsB);
        // Bounded, exact request count for the faulty subscription (from the service's own stats).
        assert.equal(service.stats.byPath.get(EVENTS_PATH_A) ?? 0, c.requests(pagesA), 'requests for subscription A');
        assert.equal(tokens.forced - forcedBefore, c.forcedRefreshes ?? 0, 'forced token refreshes');

        const outcome = store.applyResults(asResults(second), LONG_AGO.getTime());
        const storedA = store.getEvents().filter((e) => e.subscriptionId === SUB_A);
        if (c.expect.kind === 'success') {
          assert.equal(a.error, undefined, a.error?.message);
          assert.equal(a.events.length, eventsA);
          assert.equal(store.getState(SUB_A).lastError, undefined);
          assert.equal(outcome.failures.length, 0);
        } else {
          assert.ok(a.error, 'subscription A should fail');
          assert.equal(a.error.name, c.expect.errorName);
          assert.match(a.error.message, c.expect.message);
          // One sentence: a single line, one full stop at the end.
          assert.doesNotMatch(a.error.message, /\n/);
          // Last good data kept: A's previous events stay, flagged stale with the same sentence.
          assert.equal(storedA.length, eventsA);
          assert.equal(store.getState(SUB_A).lastError, a.error.message);
          assert.deepEqual(outcome.failures, [{ subscriptionId: SUB_A, message: a.error.message }]);
        }
        assert.equal(store.getEvents().filter((e) => e.subscriptionId === SUB_B).length, eventsB);
        if (c.id === 'schema-drift') {
          const drifted = a.events.filter((e) => e.properties?.eventType === 'QuantumMaintenance');
          assert.equal(drifted.length, Math.min(PAGE_SIZE, eventsA), 'first page carries the unknown enum value');
          assert.equal(drifted[0]?.properties?.status, 'Investigating');
        }
        // Nothing reached the other origin, and the token is in no message or log line.
        assert.equal(foreign.seen.length, 0);
        for (const text of [...logLines, ...second.map((r) => r.error?.message ?? '')]) {
          assert.ok(!text.includes(service.token), `token leaked into: ${text}`);
        }
      } finally {
        await client.close();
      }
    });
  }

  it('BENCHMARKS.md lists exactly the cases tested here', () => {
    const doc = readFileSync(join(__dirname, '..', '..', '..', '..', 'BENCHMARKS.md'), 'utf8');
    assert.ok(doc.includes(renderFaultMatrix()), 'regenerate the table in BENCHMARKS.md from renderFaultMatrix()');
  });
});

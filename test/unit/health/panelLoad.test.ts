/**
 * A resource health panel shown again while its first load is still out (a slow network, the user
 * clicking the resource twice): the newer load wins, the older one is aborted and its late answer
 * never overwrites the newer one's.
 */
import assert from 'node:assert/strict';
import type { AvailabilityStatus } from '../../../src/core/model/availability';
import { PanelLoader, type PanelParts } from '../../../src/core/health/panelLoad';

const ID = '/subscriptions/s1/resourceGroups/rg/providers/Microsoft.Compute/virtualMachines/vm1';

function status(state: string): AvailabilityStatus {
  return { id: `${ID}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`, properties: { availabilityState: state } } as AvailabilityStatus;
}

/** An API whose answers the test releases one by one, in any order; it ignores the abort, like an answer already on the wire. */
function heldApi() {
  const calls: { op: 'current' | 'history'; signal: AbortSignal | undefined; answer(value: unknown): void }[] = [];
  const call = <T>(op: 'current' | 'history', signal: AbortSignal | undefined) =>
    new Promise<T>((resolve) => calls.push({ op, signal, answer: (v) => resolve(v as T) }));
  return {
    calls,
    api: {
      getCurrent: (_id: string, o?: { signal?: AbortSignal }) => call<AvailabilityStatus>('current', o?.signal),
      listHistory: (_id: string, o?: { signal?: AbortSignal }) => call<AvailabilityStatus[]>('history', o?.signal),
    },
  };
}

const tick = () => new Promise<void>((r) => setImmediate(r));

describe('resource health panel loads (L5)', () => {
  it('a newer load aborts the one before, and the older answer arriving last does not overwrite it', async () => {
    const parts: PanelParts = { current: { kind: 'loading' } };
    const loader = new PanelLoader({ resourceId: ID, parts, render: () => undefined, warn: () => undefined });
    const { api, calls } = heldApi();
    const first = loader.load(api);
    const second = loader.load(api);
    assert.equal(calls.length, 2);
    assert.equal(calls[0]?.signal?.aborted, true, 'the first load is aborted');
    assert.equal(calls[1]?.signal?.aborted, false);
    calls[1]?.answer(status('Available'));
    await tick();
    calls[0]?.answer(status('Unavailable'));
    await first;
    assert.deepEqual(parts.current, { kind: 'loaded', value: status('Available') });
    const history = calls.find((c) => c.op === 'history');
    assert.ok(history, 'only the newer load goes on to the history');
    assert.equal(calls.filter((c) => c.op === 'history').length, 1);
    history.answer([status('Available')]);
    await second;
    assert.deepEqual(parts.history, { kind: 'loaded', value: [status('Available')] });
  });

  it('a single load shows the current status, then the history, and a failure stays in its part', async () => {
    const parts: PanelParts = { current: { kind: 'loading' } };
    const renders: string[] = [];
    const warnings: string[] = [];
    const loader = new PanelLoader({ resourceId: ID, parts, render: () => renders.push(`${parts.current.kind}/${parts.history?.kind ?? '-'}`), warn: (l) => warnings.push(l) });
    const load = loader.load({ getCurrent: () => Promise.resolve(status('Degraded')), listHistory: () => Promise.reject(new Error('history refused')) });
    await load;
    assert.deepEqual(renders, ['loading/loading', 'loaded/loading', 'loaded/error']);
    assert.deepEqual(parts.history, { kind: 'error', message: 'history refused' });
    assert.equal(warnings.length, 1);
  });

  it('closing the panel aborts its load: a late answer changes nothing', async () => {
    const parts: PanelParts = { current: { kind: 'loading' } };
    const loader = new PanelLoader({ resourceId: ID, parts, render: () => undefined, warn: () => undefined });
    const { api, calls } = heldApi();
    const load = loader.load(api);
    loader.abort();
    calls[0]?.answer(status('Unavailable'));
    await load;
    assert.deepEqual(parts.current, { kind: 'loading' });
  });
});

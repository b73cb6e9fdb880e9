import assert from 'node:assert/strict';
import type { StoredEvent } from '../../../src/core/events/eventFacts';
import type { ImpactedResource } from '../../../src/core/model/eventResourceSchemas';
import { Slicer } from '../../../src/core/text/slices';
import { ImpactedResourcesStore, seedFromListing, type ListResources } from '../../../src/ui/resources/impactedResourcesStore';

const copy = (subscriptionId: string, trackingId = 'VM01-XYZ', lastUpdateTime = '2026-11-25T10:00:00Z'): StoredEvent => ({
  subscriptionId,
  trackingId,
  event: { name: trackingId, properties: { lastUpdateTime } },
});
const resource = (sub: string, name: string): ImpactedResource => ({
  properties: { targetResourceId: `/subscriptions/${sub}/resourceGroups/rg/providers/Microsoft.Web/sites/${name}`, targetRegion: 'westeurope' },
});

/** A list function the test settles by hand, counting calls per copy. */
function scripted() {
  const calls: string[] = [];
  const pending = new Map<string, { resolve: (r: ImpactedResource[]) => void; reject: (e: Error) => void }>();
  const list: ListResources = (stored) => {
    calls.push(`${stored.subscriptionId}/${stored.trackingId}`);
    return new Promise((resolve, reject) => pending.set(`${stored.subscriptionId}/${stored.trackingId}`, { resolve, reject }));
  };
  return { calls, pending, list };
}

describe('ImpactedResourcesStore', () => {
  it('loads once per event copy, shows loading meanwhile, then the rows; later asks hit the cache', async () => {
    const s = scripted();
    const store = new ImpactedResourcesStore({ list: () => s.list });
    const copies = [copy('s1')];
    assert.equal(store.peek(copies), undefined, 'nothing asked yet');
    const loading = store.load(copies);
    assert.deepEqual(store.peek(copies), { kind: 'loading' });
    void store.load(copies);
    s.pending.get('s1/VM01-XYZ')?.resolve([resource('s1', 'a'), resource('s1', 'b')]);
    const state = await loading;
    assert.equal(state?.kind, 'loaded');
    assert.deepEqual(state?.kind === 'loaded' ? state.rows.map((r) => r.name) : [], ['a', 'b']);
    await store.load(copies);
    assert.deepEqual(s.calls, ['s1/VM01-XYZ'], 'one request per event copy');
    assert.equal(store.countOf('vm01-xyz'), 2, 'counts by incident (tracking ids compare case-insensitively)');
  });

  it('an incident listed for two subscriptions shows the union; one failing copy is a partial error', async () => {
    const s = scripted();
    const store = new ImpactedResourcesStore({ list: () => s.list });
    const copies = [copy('s1'), copy('s2')];
    const done = store.load(copies);
    s.pending.get('s1/VM01-XYZ')?.resolve([resource('s1', 'a')]);
    s.pending.get('s2/VM01-XYZ')?.reject(new Error('You need the Reader role on subscription s2.'));
    const state = await done;
    assert.ok(state?.kind === 'loaded');
    assert.equal(state.rows.length, 1);
    assert.equal(state.partialError, 'You need the Reader role on subscription s2.');
  });

  it('an error is kept (no request storm) until a retry asks again', async () => {
    const s = scripted();
    const store = new ImpactedResourcesStore({ list: () => s.list });
    const copies = [copy('s1')];
    const first = store.load(copies);
    s.pending.get('s1/VM01-XYZ')?.reject(new Error('The service is busy; try again in a minute.'));
    assert.deepEqual(await first, { kind: 'error', message: 'The service is busy; try again in a minute.' });
    await store.load(copies);
    assert.equal(s.calls.length, 1);
    const retried = store.load(copies, { retry: true });
    s.pending.get('s1/VM01-XYZ')?.resolve([]);
    assert.deepEqual(await retried, { kind: 'loaded', rows: [] });
    assert.equal(store.countOf('VM01-XYZ'), 0, 'known to affect none');
    assert.equal(s.calls.length, 2);
  });

  it('an updated event (new lastUpdateTime) is listed again; clear() forgets everything', async () => {
    const s = scripted();
    let changes = 0;
    const store = new ImpactedResourcesStore({ list: () => s.list });
    store.onDidChange(() => changes++);
    const first = store.load([copy('s1')]);
    s.pending.get('s1/VM01-XYZ')?.resolve([resource('s1', 'a')]);
    await first;
    const updated = [copy('s1', 'VM01-XYZ', '2026-11-25T11:00:00Z')];
    assert.equal(store.peek(updated), undefined, 'the cached list was for the earlier version');
    const second = store.load(updated);
    s.pending.get('s1/VM01-XYZ')?.resolve([resource('s1', 'a'), resource('s1', 'c')]);
    await second;
    assert.equal(store.countOf('VM01-XYZ'), 2);
    assert.ok(changes >= 4, 'loading and loaded announced for each load');
    store.clear();
    assert.equal(store.peek(updated), undefined);
    assert.equal(store.countOf('VM01-XYZ'), undefined);
  });

  it('a load settling after clear() (connection changed) is not announced nor kept', async () => {
    const s = scripted();
    const store = new ImpactedResourcesStore({ list: () => s.list });
    const pending = store.load([copy('s1')]);
    store.clear();
    let changes = 0;
    store.onDidChange(() => changes++);
    s.pending.get('s1/VM01-XYZ')?.resolve([resource('s1', 'a')]);
    await pending;
    assert.equal(changes, 0);
    assert.equal(store.countOf('VM01-XYZ'), undefined);
  });

  it('without a connection the row says what to do', async () => {
    const store = new ImpactedResourcesStore({ list: () => undefined });
    const state = await store.load([copy('s1')]);
    assert.equal(state?.kind, 'error');
    assert.match(state?.kind === 'error' ? state.message : '', /sign in or use the sample service/i);
  });

  it('says its sentences in the words the extension passes (vscode.l10n there), for not connected and for a failure without a message', async () => {
    const text = { notConnected: 'Nicht verbunden.', failed: 'Fehlgeschlagen.' };
    const offline = await new ImpactedResourcesStore({ list: () => undefined, text }).load([copy('s1')]);
    assert.deepEqual(offline, { kind: 'error', message: 'Nicht verbunden.' });
    const s = scripted();
    const store = new ImpactedResourcesStore({ list: () => s.list, text });
    const loading = store.load([copy('s1')]);
    s.pending.get('s1/VM01-XYZ')?.reject(new Error(''));
    assert.deepEqual(await loading, { kind: 'error', message: 'Fehlgeschlagen.' });
  });
  it('seed: lists got from one Resource Graph query count as listed (no request); an updated event, or a copy that failed, takes the new list; a loaded one is kept', async () => {
    const s = scripted();
    const store = new ImpactedResourcesStore({ list: () => s.list });
    let changes = 0;
    store.onDidChange(() => changes++);
    const kept = copy('s1', 'KEPT-1');
    const loading = store.load([kept]);
    s.pending.get('s1/KEPT-1')?.resolve([resource('s1', 'listed')]);
    await loading;
    const failed = copy('s1', 'FAIL-2');
    const failing = store.load([failed]);
    s.pending.get('s1/FAIL-2')?.reject(new Error('throttled'));
    await failing;
    changes = 0;
    const seeded = store.seed([
      { stored: kept, resources: [resource('s1', 'graph')] },
      { stored: failed, resources: [resource('s1', 'x'), resource('s1', 'y')] },
      { stored: copy('s2', 'NEW-3'), resources: [] },
    ]);
    assert.equal(seeded, 2, 'the failed copy and the new one');
    assert.equal(changes, 1, 'one redraw for the whole seed');
    assert.equal(store.countOf('KEPT-1'), 1, 'the loaded list stays');
    assert.equal(store.countOf('FAIL-2'), 2);
    assert.equal(store.countOf('NEW-3'), 0, 'listed with none: known to affect none (impacted:no), not unknown');
    await store.load([copy('s2', 'NEW-3')]);
    assert.deepEqual(s.calls, ['s1/KEPT-1', 's1/FAIL-2'], 'a seeded copy is not asked again');
    // The event updated since (new lastUpdateTime): its seeded list is replaced by the next seed.
    assert.equal(store.seed([{ stored: copy('s1', 'KEPT-1', '2026-11-26T10:00:00Z'), resources: [] }]), 1);
    assert.equal(store.countOf('KEPT-1'), 0);
    assert.equal(store.seed([]), 0);
    assert.equal(changes, 2, 'an empty seed draws nothing');
  });

  it('seedFromListing in slices: the same rows as one seed, each copy its subscription\'s list, the rows of "affects N" built before one redraw (issue 32)', async () => {
    const copies = ['s1', 's2', 's3'].map((sub) => copy(sub, 'BIG-1'));
    const rows = new Map(copies.map((c) => [c.subscriptionId, Array.from({ length: 50 }, (_, i) => resource(c.subscriptionId, `r${i}`))]));
    const byEvent = { of: (_trackingId: string, sub: string) => rows.get(sub) ?? [] };
    const sliced = new ImpactedResourcesStore({ list: () => undefined });
    let changes = 0;
    sliced.onDidChange(() => changes++);
    const slicer = new Slicer({ budgetMs: 0, yieldNow: async () => undefined });
    assert.equal(await seedFromListing(sliced, copies, byEvent, ['S3'], slicer), 2, 's3 was left out: listed per event instead');
    assert.ok(slicer.yielded >= 100, `${slicer.yielded} yields`);
    assert.equal(changes, 1, 'one redraw, after the rows are built');
    const whole = new ImpactedResourcesStore({ list: () => undefined });
    whole.seed(copies.slice(0, 2).map((stored) => ({ stored, resources: rows.get(stored.subscriptionId) ?? [] })));
    assert.deepEqual(sliced.rowsOf('BIG-1'), whole.rowsOf('BIG-1'));
    assert.equal(sliced.countOf('big-1'), 100);
  });

  it('a seed in slices stops when superseded (another connection): nothing after the yield is put', async () => {
    const store = new ImpactedResourcesStore({ list: () => undefined });
    let n = 0;
    const slicer = new Slicer({ budgetMs: 0, yieldNow: async () => undefined, superseded: () => ++n > 1 });
    const copies = ['s1', 's2', 's3'].map((sub) => copy(sub, 'BIG-1'));
    assert.equal(await seedFromListing(store, copies, { of: (_t: string, sub: string) => [resource(sub, 'r')] }, [], slicer), 0);
    assert.equal(store.countOf('BIG-1'), undefined);
  });
});

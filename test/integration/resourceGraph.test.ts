// Many subscriptions in a real VS Code: past serviceHealth.resourceGraphThreshold the extension
// lists events through Resource Graph (one query instead of one listing per subscription), shows
// the same events, and lists per subscription again when Resource Graph is denied.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ServiceHealthApi } from '../../src/extension';
import { generateEvents, generateGuids, type SampleService } from '../../src/core/sample';
import { activateExtension } from './extensionApi';

const GRAPH_PATH = /^\/providers\/Microsoft\.ResourceGraph\/resources$/i;
const EVENTS_PATH = /^\/subscriptions\/[^/]+\/providers\/Microsoft\.ResourceHealth\/events$/i;
const IMPACTED_PATH = /^\/subscriptions\/[^/]+\/providers\/Microsoft\.ResourceHealth\/events\/[^/]+\/impactedResources$/i;

/** Polls `done` (what the extension does after a load runs on its own) for up to 20 s. */
async function waitUntil(done: () => boolean, what: string): Promise<void> {
  for (const deadline = Date.now() + 20_000; !done(); ) {
    if (Date.now() > deadline) throw new Error(`Timed out: ${what}.`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('Resource Graph for many subscriptions (real VS Code)', function () {
  this.timeout(120_000);
  let health: ServiceHealthApi;
  let sample: SampleService;
  const subscriptions = generateGuids(31, 12);
  const eventsOverride = generateEvents({ count: 60, seed: 31, now: Date.now(), subscriptionIds: subscriptions, maxSubscriptionsPerEvent: 3 });

  const requests = (path: RegExp): number => [...sample.stats.byPath].filter(([p]) => path.test(p)).reduce((n, [, c]) => n + c, 0);
  const setThreshold = (value: number | undefined): Thenable<void> =>
    vscode.workspace.getConfiguration('serviceHealth').update('resourceGraphThreshold', value, vscode.ConfigurationTarget.Global);
  const eventIds = (): string[] => health.getEvents().map((e) => `${e.subscriptionId ?? ''}/${e.trackingId ?? ''}`).sort();

  before(async () => {
    health = await activateExtension();
    await health.useSampleService({ eventsOverride, seed: 31 });
    const s = health.sampleService();
    assert.ok(s);
    sample = s;
    assert.equal(sample.subscriptionIds.length, 12);
  });

  after(async () => {
    await setThreshold(undefined);
    await health.useSampleService({});
  });

  it('12 subscriptions, threshold 12: one Resource Graph query, no per-subscription listing, the same events as threshold 13', async () => {
    await setThreshold(13);
    sample.resetStats();
    await health.refresh({ full: true });
    const perSubscription = eventIds();
    assert.ok(perSubscription.length > 0);
    assert.equal(requests(GRAPH_PATH), 0, 'below the threshold: no Resource Graph query');
    assert.equal(requests(EVENTS_PATH), 12);

    await setThreshold(12);
    sample.resetStats();
    await health.refresh({ full: true });
    assert.equal(sample.stats.byGraphQuery.get('events'), 1, 'at the threshold: one events query for all 12');
    assert.equal(requests(EVENTS_PATH), 0);
    assert.deepEqual(eventIds(), perSubscription);
    // After the load, the impacted resources' query runs on its own: let it land before the next test counts.
    await waitUntil(() => sample.stats.byGraphQuery.get('impactedResources') === 1, 'the impacted resources were not asked of Resource Graph');
  });

  it('denied (403): the events still load, listed per subscription', async () => {
    await setThreshold(12);
    sample.knobs.denyResourceGraph = true;
    try {
      sample.resetStats();
      await health.refresh({ full: true });
      assert.equal(requests(EVENTS_PATH), 12, 'every subscription listed after the denial');
      assert.ok(health.getEvents().length > 0);
      // The events query, then (after the load) the impacted resources' query: each refused, and only refused.
      await waitUntil(() => requests(GRAPH_PATH) >= 2, 'the impacted resources were not asked of Resource Graph');
      assert.equal(sample.stats.byStatus.get(403), requests(GRAPH_PATH), 'a request other than Resource Graph was refused');
      assert.equal(requests(IMPACTED_PATH), 0, 'a refused query lists nothing per event by itself (only on expand)');
    } finally {
      sample.knobs.denyResourceGraph = false;
    }
  });
  it('past the threshold every event\'s impacted resources come with the load (one ServiceHealthResources query): impacted:yes holds without expanding; below it, nothing is known until asked', async () => {
    await setThreshold(13);
    await health.useSampleService({ eventsOverride, seed: 31 });
    sample = health.sampleService() ?? sample;
    await health.refresh({ full: true });
    assert.equal(sample.stats.byGraphQuery.get('impactedResources') ?? 0, 0, 'below the threshold: no Resource Graph query');
    assert.deepEqual(health.query('impacted:yes'), [], 'below the threshold nothing is listed before an event is expanded');

    await setThreshold(12);
    sample.resetStats();
    await health.refresh({ full: true });
    await waitUntil(() => health.query('impacted:yes').length > 0, 'impacted:yes matched nothing after the load');
    assert.equal(sample.stats.byGraphQuery.get('impactedResources'), 1, 'one query for the 12 subscriptions');
    assert.equal(requests(IMPACTED_PATH), 0, 'no listing per event');
    const affected = health.query('impacted:yes');
    const none = health.query('impacted:no');
    assert.ok(none.length > 0, 'events with no impacted resource are known to affect none');
    assert.equal(affected.length + none.length, health.getEvents().filter((e) => e.event.properties?.eventType !== 'SecurityAdvisory').length, 'every event but security advisories is known');
    // Its resources, asked as an expand would: already known, so no request.
    const first = affected[0];
    assert.ok(first);
    const state = await health.impactedResources({ subscriptionId: first.subscriptionId, trackingId: first.trackingId });
    assert.ok(state?.kind === 'loaded' && state.rows.length > 0);
    assert.equal(requests(IMPACTED_PATH), 0);
  });
});

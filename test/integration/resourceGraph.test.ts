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
    assert.equal(requests(GRAPH_PATH), 1, 'at the threshold: one query for all 12');
    assert.equal(requests(EVENTS_PATH), 0);
    assert.deepEqual(eventIds(), perSubscription);
  });

  it('denied (403): the events still load, listed per subscription', async () => {
    await setThreshold(12);
    sample.knobs.denyResourceGraph = true;
    try {
      sample.resetStats();
      await health.refresh({ full: true });
      assert.equal(requests(GRAPH_PATH), 1);
      assert.equal(requests(EVENTS_PATH), 12, 'every subscription listed after the denial');
      assert.ok(health.getEvents().length > 0);
      assert.equal(sample.stats.byStatus.get(403), 1);
    } finally {
      sample.knobs.denyResourceGraph = false;
    }
  });
});

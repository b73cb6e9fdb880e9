// The reload offer for a bundle missing after an update (src/ui/base/reloadOffer.ts): once per
// window, with Reload Window, and a command that failed that way does not say it a second time.
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { BUNDLE_MISSING_MESSAGE, BundleMissingError, requireBundle } from '../../../src/core/bundles/bundleLoader';
import { commandFailure } from '../../../src/ui/base/commandFailure';
import { offerReloadOnce, RELOAD_WINDOW_ACTION, type ReloadOfferHost } from '../../../src/ui/base/reloadOffer';

interface FakeHost extends ReloadOfferHost {
  readonly shown: Array<{ message: string; actions: string[] }>;
  reloads: number;
}

function host(answer: string | undefined): FakeHost {
  const h: FakeHost = {
    shown: [],
    reloads: 0,
    showWarningMessage: (message, ...actions) => {
      h.shown.push({ message, actions });
      return Promise.resolve(answer);
    },
    reloadWindow: () => {
      h.reloads++;
      return Promise.resolve();
    },
  };
  return h;
}

describe('reload offer for a bundle missing after an update', () => {
  let dir: string;
  const stops: Array<() => void> = [];
  /** A real failed load: the bundle file is not in the (empty) folder. */
  const missing = (name: string): BundleMissingError => {
    try {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- Node's own require, as a loader does
      requireBundle(name, () => require(join(dir, `${name}Bundle`)) as unknown);
    } catch (error) {
      assert.ok(error instanceof BundleMissingError);
      return error;
    }
    assert.fail('the bundle loaded');
  };
  const settle = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));

  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'service-health-reload-'));
  });
  after(() => rmSync(dir, { recursive: true, force: true }));
  afterEach(() => {
    for (const stop of stops.splice(0)) stop();
  });

  it('the first missing bundle shows the sentence with Reload Window, and picking it reloads the window', async () => {
    const h = host(RELOAD_WINDOW_ACTION);
    stops.push(offerReloadOnce(h));
    const error = missing('details');
    await settle();
    assert.deepEqual(h.shown, [{ message: BUNDLE_MISSING_MESSAGE, actions: [RELOAD_WINDOW_ACTION] }]);
    assert.equal(h.reloads, 1);
    assert.equal(error.reloadOffered, true);
  });

  it('a second missing bundle in the same window offers nothing more (once per window)', async () => {
    const h = host(undefined);
    stops.push(offerReloadOnce(h));
    missing('details');
    const second = missing('chat');
    await settle();
    assert.equal(h.shown.length, 1);
    assert.equal(second.reloadOffered, false);
  });

  it('dismissing the offer does not reload', async () => {
    const h = host(undefined);
    stops.push(offerReloadOnce(h));
    missing('query');
    await settle();
    assert.equal(h.shown.length, 1);
    assert.equal(h.reloads, 0);
  });

  it('a command that failed on the offered bundle logs the sentence without showing it again; a later one shows it', () => {
    stops.push(offerReloadOnce(host(undefined)));
    const first = missing('details');
    const later = missing('details');
    assert.deepEqual(commandFailure('serviceHealth.showEventDetails', first), {
      message: BUNDLE_MISSING_MESSAGE,
      logLine: `serviceHealth.showEventDetails: ${BUNDLE_MISSING_MESSAGE}`,
      shown: true,
    });
    assert.deepEqual(commandFailure('serviceHealth.showEventDetails', later), {
      message: BUNDLE_MISSING_MESSAGE,
      logLine: `serviceHealth.showEventDetails: ${BUNDLE_MISSING_MESSAGE}`,
    });
  });

  it('after its removal (the window closed) the offer no longer listens', async () => {
    const h = host(undefined);
    offerReloadOnce(h)();
    missing('agent');
    await settle();
    assert.deepEqual(h.shown, []);
  });
});

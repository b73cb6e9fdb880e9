// A lazy bundle gone from under a running window (the real-world "VS Code updated the extension
// in the background and removed the old version's folder"), in a real VS Code: dist/query.js is
// moved away and dropped from Node's module cache, then the Events view's query filter needs it.
import * as assert from 'node:assert/strict';
import { renameSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import type { ServiceHealthApi } from '../../src/extension';
import { BUNDLE_MISSING_MESSAGE } from '../../src/core/bundles/bundleLoader';
import { activateExtension, EXTENSION_ID } from './extensionApi';

describe('a lazy bundle missing after a background update (real VS Code)', function () {
  this.timeout(60_000);
  let health: ServiceHealthApi;

  before(async () => {
    health = await activateExtension();
    await health.useSampleService({});
  });

  it('a feature needing it fails with the one sentence, Reload Window is offered once, and the bundle back makes it work again', async () => {
    const ext = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(ext);
    const bundle = join(ext.extensionPath, 'dist', 'query.js');
    const cached = require.cache[bundle];
    renameSync(bundle, `${bundle}.away`);
    delete require.cache[bundle];
    try {
      const offersBefore = health.reloadOffers().length;
      const logStart = health.logLines().length;
      // The command fails softly: no query applied, its log line is the sentence (no stack trace).
      await vscode.commands.executeCommand('serviceHealth.filterByQuery', 'priority:high');
      assert.equal(health.treeQuery(), undefined);
      assert.ok(health.logLines().slice(logStart).some((l) => l.endsWith(`serviceHealth.filterByQuery: ${BUNDLE_MISSING_MESSAGE}`)), 'the command did not log the sentence');
      // The test API's own loader (another copy of requireBundle) fails with the same sentence.
      assert.throws(() => health.query('priority:high'), { message: BUNDLE_MISSING_MESSAGE });
      const offers = health.reloadOffers().slice(offersBefore);
      assert.ok(offers.length <= 1, `Reload Window was offered ${offers.length} times`);
      assert.ok(offersBefore + offers.length === 1, 'Reload Window was never offered in this window');
    } finally {
      renameSync(`${bundle}.away`, bundle);
      if (cached) require.cache[bundle] = cached;
    }
    await vscode.commands.executeCommand('serviceHealth.filterByQuery', 'priority:high');
    assert.equal(health.treeQuery(), 'priority:high');
    await vscode.commands.executeCommand('serviceHealth.filterByQuery', '');
  });
});

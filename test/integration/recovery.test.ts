// The embedded sample service dies under the extension (the real-world "the local server crashed":
// its listener is closed through the test hook) and the view recovers by itself, in a real VS Code:
// a new sample service on a new port, the events loaded again, and no advice about networks or
// proxies for a process on this machine.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ServiceHealthApi } from '../../src/extension';
import { activateExtension, until } from './extensionApi';

describe('sample service recovery (real VS Code)', function () {
  this.timeout(90_000);
  let health: ServiceHealthApi;

  before(async () => {
    health = await activateExtension();
    await health.useSampleService({ events: 40, seed: 3 });
    await health.refresh({ full: true });
    assert.ok(health.getEvents().length > 0, 'the sample service listed no events to start with');
  });

  after(async () => {
    await health.useSampleService({});
  });

  it('a sample service that crashed is started again by itself and the events come back, without network or proxy advice', async () => {
    const before = health.sampleService();
    assert.ok(before);
    const oldUrl = before.url;
    const logStart = health.logLines().length;
    await before.close();
    // The next refresh meets a refused loopback port.
    await health.refresh({ full: true });
    const after = await until('a new sample service', () => {
      const s = health.sampleService();
      return s && s.url !== oldUrl ? s : undefined;
    });
    await until('the events loaded from the new service', () => health.getEvents().length > 0 && health.viewState().phase === 'ready' && !health.viewState().stale);
    assert.notEqual(after.url, oldUrl);
    assert.ok(after.stats.requests > 0, 'nothing was asked of the new sample service');
    const log = health.logLines().slice(logStart).join('\n');
    assert.match(log, /The local sample service stopped \(Nothing answered at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)\); it was started again/);
    assert.match(log, /Restarting the sample service, which stopped\./);
    assert.doesNotMatch(log, /network connection|proxy settings/i, 'a stopped local process was blamed on the network');
    assert.deepEqual(health.connectionProblems(), [], 'a recovery that worked raised a notification');
    const message = health.viewState().message ?? '';
    assert.doesNotMatch(message, /Couldn't|could not|Nothing answered/i, `the view still shows a problem: ${message}`);
  });

  it('Restart Sample Service from the command palette starts a new service and reloads the view', async () => {
    const oldUrl = health.sampleService()?.url;
    await vscode.commands.executeCommand('serviceHealth.restartSampleService');
    const s = await until('a restarted sample service', () => {
      const now = health.sampleService();
      return now && now.url !== oldUrl ? now : undefined;
    });
    await until('the events loaded again', () => health.getEvents().length > 0 && s.stats.requests > 0);
    assert.deepEqual(health.connectionProblems(), []);
  });
});

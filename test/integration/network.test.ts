// VS Code's proxy settings in a real VS Code: the extension reads http.proxy and
// http.proxyAuthorization from the user settings, logs the proxy without its credentials, and
// makes a new client as soon as they change (Azure mode; the sample service is always direct).
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ServiceHealthApi } from '../../src/extension';
import { NetworkCache } from '../../src/core/http/networkCache';
import { recordingLog } from '../../src/ui/app/logRecorder';
import { AzureAuth } from '../../src/ui/auth/azureAuth';
import { cloudConfig } from '../../src/ui/config/clouds';
import { readSettings, type ServiceHealthSettings } from '../../src/ui/config/settings';
import { ConnectionManager } from '../../src/ui/connection/connectionManager';
import { activateExtension } from './extensionApi';
import { MemoryMemento, OneAccount } from './trustKit';

const SECRET_PASSWORD = 's3cret-proxy-pass';
const SECRET_AUTH = 'Basic c2VjcmV0LXByb3h5LWF1dGhvcml6YXRpb24=';

async function waitForLine(health: ServiceHealthApi, pattern: RegExp, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const line = health.logLines().find((l) => pattern.test(l));
    if (line !== undefined) return line;
    if (Date.now() > deadline) throw new Error(`no log line matched ${String(pattern)}; last lines:\n${health.logLines().slice(-8).join('\n')}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('proxy settings (real VS Code)', function () {
  this.timeout(60_000);
  let health: ServiceHealthApi;
  const http = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('http');

  before(async () => {
    health = await activateExtension();
  });

  after(async () => {
    // Leave the user settings as found for other suites.
    await http().update('proxy', undefined, vscode.ConfigurationTarget.Global);
    await http().update('proxyAuthorization', undefined, vscode.ConfigurationTarget.Global);
    await http().update('proxySupport', undefined, vscode.ConfigurationTarget.Global);
    await http().update('proxyStrictSSL', undefined, vscode.ConfigurationTarget.Global);
    await health.useAzure(); // the default mode, for the suites that follow
    await health.settings.update('timeWindowDays', undefined);
  });

  it('the network set-up (system certificate store included) is resolved once for repeated applies, and again after an http.* setting changes', async () => {
    await http().update('proxy', undefined, vscode.ConfigurationTarget.Global);
    const owned: vscode.Disposable[] = [];
    try {
      const channel = vscode.window.createOutputChannel('Service Health network cache test', { log: true });
      const lines: string[] = [];
      const log = recordingLog(channel, lines);
      const account = new OneAccount('eyJ0eXAiOiJKV1QifQ.network-cache-test.sig');
      const auth = new AzureAuth({ cloud: cloudConfig('AzureCloud'), tenant: undefined }, new MemoryMemento(), log, account);
      // The real resolution and real settings; only the system store is counted (and kept small).
      let storeReads = 0;
      const cache = new NetworkCache({ systemCertificates: () => (storeReads++, []) });
      const connections = new ConnectionManager(auth, log, undefined, cache);
      owned.push(channel, account, auth, connections);
      const settings = (): ServiceHealthSettings => ({ ...readSettings(), mode: 'azure', endpoint: 'http://127.0.0.1:9' });
      // As at start in Azure mode: once for the restored account, once after the silent sign-in.
      await connections.apply(settings());
      assert.equal(await auth.signInSilently(), true);
      await connections.apply(settings());
      const signedInClient = connections.current?.client;
      assert.equal(storeReads, 1, 'two applies with unchanged settings resolved the network twice');
      // A setting the network does not depend on (the extension's own time window) changes nothing.
      await health.settings.update('timeWindowDays', 14);
      await connections.apply(settings());
      assert.equal(storeReads, 1, 'a change of serviceHealth.timeWindowDays resolved the network again');
      assert.equal(connections.current?.client, signedInClient);
      // http.proxyStrictSSL does: resolved again, a new client, then kept again.
      await http().update('proxyStrictSSL', false, vscode.ConfigurationTarget.Global);
      await connections.apply(settings());
      assert.equal(storeReads, 2, 'a change of http.proxyStrictSSL was not resolved again');
      assert.notEqual(connections.current?.client, signedInClient, 'the changed set-up did not make a new client');
      await connections.apply(settings());
      assert.equal(storeReads, 2);
      // http.systemCertificates off: resolved again, without the store; on again: the store is read again.
      await http().update('systemCertificates', false, vscode.ConfigurationTarget.Global);
      await connections.apply(settings());
      assert.equal(storeReads, 2, 'the system store was read with http.systemCertificates off');
      await http().update('systemCertificates', undefined, vscode.ConfigurationTarget.Global);
      await connections.apply(settings());
      assert.equal(storeReads, 3, 'turning http.systemCertificates on again did not read the store');
    } finally {
      await http().update('systemCertificates', undefined, vscode.ConfigurationTarget.Global);
      for (const d of owned.reverse()) d.dispose();
    }
  });

  it('uses http.proxy and http.proxyAuthorization from user settings, logs neither credential, and follows a change at once', async () => {
    await http().update('proxy', `http://corp-user:${SECRET_PASSWORD}@127.0.0.1:3128`, vscode.ConfigurationTarget.Global);
    await http().update('proxyAuthorization', SECRET_AUTH, vscode.ConfigurationTarget.Global);
    await health.useAzure();
    await waitForLine(health, /^.*Network: proxy http:\/\/127\.0\.0\.1:3128 \(with credentials\) from http\.proxy; .*proxy authorization set/);
    // A change of http.* alone (no serviceHealth.* setting) makes a new client with the new proxy.
    await http().update('proxy', 'http://127.0.0.1:3129', vscode.ConfigurationTarget.Global);
    await waitForLine(health, /Network: proxy http:\/\/127\.0\.0\.1:3129 from http\.proxy/);
    const all = health.logLines().join('\n');
    assert.ok(!all.includes(SECRET_PASSWORD), 'the proxy password reached the log');
    assert.ok(!all.includes(SECRET_AUTH) && !all.includes('c2VjcmV0LXByb3h5'), 'the proxy authorization reached the log');
  });

  it("a proxy setting that cannot be used (a SOCKS proxy in http.proxy) is shown to the user, not only logged", async () => {
    await http().update('proxy', 'socks5://127.0.0.1:1080', vscode.ConfigurationTarget.Global);
    await health.useAzure();
    await waitForLine(health, /Shown to the user: The proxy in http\.proxy uses socks5, which is not supported, so connections go direct; use an http:\/\/ or https:\/\/ proxy\./);
    await waitForLine(health, /Network: direct connections \(no proxy\)/);
  });

  it("http.proxySupport 'off' (the user turned proxies off for extensions) goes direct even with http.proxy set", async () => {
    await http().update('proxy', 'http://127.0.0.1:3130', vscode.ConfigurationTarget.Global);
    await http().update('proxySupport', 'off', vscode.ConfigurationTarget.Global);
    await health.useAzure();
    await waitForLine(health, /Network: direct connections \(http\.proxySupport is off\)/);
    await http().update('proxySupport', 'override', vscode.ConfigurationTarget.Global);
    await waitForLine(health, /Network: proxy http:\/\/127\.0\.0\.1:3130 from http\.proxy/);
  });
});

// Trust boundaries in a real VS Code: a workspace cannot send the Azure token elsewhere, text
// fetched with Fetch details is never persisted (webview state, caches), Sign Out forgets the
// account's cache and panels, and the webview loads only from its own folders.
import * as assert from 'node:assert/strict';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { SHARD_COUNT } from '../../src/core/cache/cacheShards';
import type { EventRef, StoredEvent } from '../../src/core/events/eventFacts';
import type { DetailsViewModel } from '../../src/core/render/detailsModel';
import { eventPortalUrl, linkUrl } from '../../src/core/render/links';
import { startSampleService, type SampleService } from '../../src/core/sample';
import { recordDetailsPanels } from '../../src/ui/app/detailsRecorder';
import { recordingLog } from '../../src/ui/app/logRecorder';
import { signOutAndForget } from '../../src/ui/app/signOut';
import { testApiFor } from '../../src/ui/app/testApi';
import { AzureAuth } from '../../src/ui/auth/azureAuth';
import { cloudConfig } from '../../src/ui/config/clouds';
import { readSettings, type ServiceHealthSettings } from '../../src/ui/config/settings';
import { ignoredSettingMessage } from '../../src/ui/config/workspaceSettingsGuard';
import { ConnectionManager } from '../../src/ui/connection/connectionManager';
import { EventDetailsPanels, externalUri, WEBVIEW_ROOTS } from '../../src/ui/details/eventDetailsPanels';
import { EventsController } from '../../src/ui/events/eventsController';
import { SubscriptionSelection } from '../../src/ui/subscriptions/subscriptionSelection';
import { activateExtension, EXTENSION_ID } from './extensionApi';
import { countFiles, filesContaining, MemoryMemento, OneAccount, startRecorder, waitFor } from './trustKit';

const TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.trust-suite-token.sig';
const SUBSCRIPTION = '11111111-2222-3333-4444-555555555555';

/** A signed-in account (scripted provider) and a ConnectionManager using it, with a recording log. */
async function signedIn(token: string, owned: vscode.Disposable[], lines: string[]): Promise<{ auth: AzureAuth; connections: ConnectionManager; log: vscode.LogOutputChannel }> {
  const channel = vscode.window.createOutputChannel('Service Health trust test', { log: true });
  const log = recordingLog(channel, lines);
  const provider = new OneAccount(token);
  const auth = new AzureAuth({ cloud: cloudConfig('AzureCloud'), tenant: undefined }, new MemoryMemento(), log, provider);
  const connections = new ConnectionManager(auth, log);
  owned.push(channel, provider, auth, connections);
  assert.equal(await auth.signInSilently(), true, 'the scripted account signs in');
  return { auth, connections, log };
}

/** The longest run of plain words (letters, digits, spaces) in the strings `after` has and `before` has not. */
function fetchedText(before: DetailsViewModel, after: DetailsViewModel): string {
  const old = new Set(allStrings(before));
  const runs = allStrings(after)
    .filter((s) => !old.has(s))
    .flatMap((s) => s.replace(/<[^>]*>/g, ' ').match(/[A-Za-z0-9][A-Za-z0-9 ]{23,}/g) ?? []);
  const longest = runs.sort((a, b) => b.length - a.length)[0];
  assert.ok(longest, 'Fetch details brought no new text');
  return longest.trim().slice(0, 40);
}

function allStrings(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) allStrings(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) allStrings(v, out);
  return out;
}

function refOf(e: StoredEvent): EventRef {
  return { subscriptionId: e.subscriptionId, trackingId: e.trackingId };
}

describe('trust boundaries (real VS Code)', function () {
  this.timeout(60_000);
  const owned: vscode.Disposable[] = [];
  const lines: string[] = [];

  afterEach(() => {
    for (const d of owned.splice(0).reverse()) d.dispose();
    for (const line of lines.splice(0)) assert.ok(!line.includes(TOKEN), `a log line holds the token: ${line}`);
  });

  describe('serviceHealth.endpoint set in a workspace', () => {
    let recorder: Awaited<ReturnType<typeof startRecorder>>;
    let dotVscode: vscode.Uri;

    before(async () => {
      recorder = await startRecorder();
      const folder = vscode.workspace.workspaceFolders?.[0];
      assert.ok(folder, 'the test workbench opens a folder');
      dotVscode = vscode.Uri.joinPath(folder.uri, '.vscode');
      // editor.tabSize is a marker: once VS Code reports it, it has read the file.
      const text = JSON.stringify({ 'editor.tabSize': 7, 'serviceHealth.endpoint': recorder.url }, null, 2);
      await vscode.workspace.fs.writeFile(vscode.Uri.joinPath(dotVscode, 'settings.json'), Buffer.from(text, 'utf8'));
      await waitFor('VS Code to read the workspace settings', () =>
        vscode.workspace.getConfiguration('editor').inspect('tabSize')?.workspaceValue === 7 ? true : undefined,
      );
    });

    after(async () => {
      await vscode.workspace.getConfiguration('serviceHealth').update('endpoint', undefined, vscode.ConfigurationTarget.Global);
      await vscode.workspace.fs.delete(dotVscode, { recursive: true, useTrash: false });
      await recorder.close();
    });

    it('is ignored: requests and the token go to the cloud\'s endpoint, the workspace\'s server gets none, and the user is warned once', async () => {
      const health = await activateExtension();
      assert.deepEqual(await health.checkWorkspaceSettings(), ['endpoint']);
      await health.checkWorkspaceSettings();
      assert.deepEqual(
        health.workspaceSettingWarnings().filter((w) => w.includes('serviceHealth.endpoint')),
        ["Service Health ignored serviceHealth.endpoint from this workspace's settings: set it in your user settings if you trust it."],
      );
      assert.equal(ignoredSettingMessage('endpoint'), health.workspaceSettingWarnings()[0]);

      const settings: ServiceHealthSettings = { ...readSettings(), mode: 'azure', subscriptions: [SUBSCRIPTION] };
      assert.equal(settings.endpoint, undefined);
      const { connections } = await signedIn(TOKEN, owned, lines);
      await connections.apply(settings);
      assert.equal(connections.current?.origin, 'https://management.azure.com');
      // Azure is out of reach offline; what matters is where the request (and token) did not go.
      await connections.current.api.listEventsForSubscriptions([SUBSCRIPTION], { signal: AbortSignal.timeout(3_000) }).catch(() => undefined);
      assert.deepEqual(recorder.requests, []);
    });

    it('set in the user settings instead, the same server gets the requests with the token (the check above can fail)', async () => {
      await vscode.workspace.getConfiguration('serviceHealth').update('endpoint', recorder.url, vscode.ConfigurationTarget.Global);
      const settings: ServiceHealthSettings = { ...readSettings(), mode: 'azure', subscriptions: [SUBSCRIPTION] };
      assert.equal(settings.endpoint, recorder.url);
      const { connections } = await signedIn(TOKEN, owned, lines);
      await connections.apply(settings);
      assert.equal(connections.current?.origin, recorder.url);
      await connections.current.api.listEventsForSubscriptions([SUBSCRIPTION], { signal: AbortSignal.timeout(10_000) });
      assert.ok(recorder.requests.length > 0, 'the user-set endpoint got no request');
      assert.equal(recorder.requests[0]?.authorization, `Bearer ${TOKEN}`);
    });
  });

  describe('text fetched with Fetch details', () => {
    it('is not in the state the webview saves, and a restored panel offers Fetch details again without it', async () => {
      const health = await activateExtension();
      await health.useSampleService({});
      const sensitive = health.getEvents().find((e) => e.event.properties?.isEventSensitive === true);
      assert.ok(sensitive, 'the sample has a sensitive event');
      const ref = refOf(sensitive);
      assert.equal(await health.openDetails(ref), true);
      const before = await waitFor('the first render', () => health.lastRenderedDetails(ref)?.model);
      assert.equal(before.detailsHidden, true);
      assert.equal(await health.fetchDetails(ref), true);
      const after = await waitFor('the fetched render', () => {
        const m = health.lastRenderedDetails(ref)?.model;
        return m && !m.detailsHidden ? m : undefined;
      });
      const secret = fetchedText(before, after);
      const persist = health.lastRenderedDetails(ref)?.persist;
      assert.ok(persist, 'the webview was given state to save');
      assert.ok(!JSON.stringify(persist).includes(secret), 'the saved webview state holds the fetched text');

      // A window reload: the panel is gone and the serializer restores it from the saved state.
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await waitFor('the panels to close', () => (health.detailsPanelCount() === 0 ? true : undefined));
      health.restoreDetailsPanel({ persist });
      const restored = await waitFor('the restored render', () => health.lastRenderedDetails(ref)?.model);
      assert.equal(restored.detailsHidden, true, 'a restored panel offers Fetch details');
      assert.ok(!JSON.stringify(restored).includes(secret), 'a restored panel shows the fetched text');

      const storage = health.storage();
      assert.ok(!storage.state.includes(secret), 'globalState or workspaceState holds the fetched text');
      for (const folder of storage.folders) assert.deepEqual(await filesContaining(folder, secret), [], folder.toString());
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });
  });

  describe('an Azure account (scripted sign-in) against the sample service as its endpoint', () => {
    let sample: SampleService;
    let storageDir: string;

    before(async () => {
      sample = await startSampleService({ token: TOKEN, events: 120, seed: 3 });
      storageDir = await mkdtemp(join(tmpdir(), 'service-health-trust-'));
    });

    after(async () => {
      await sample.close();
      await rm(storageDir, { recursive: true, force: true });
    });

    it('caches its events but never fetched text; Sign Out deletes that cache and closes its details panels', async () => {
      const { auth, connections, log } = await signedIn(TOKEN, owned, lines);
      const settings: ServiceHealthSettings = { ...readSettings(), mode: 'azure', endpoint: sample.url, subscriptions: sample.subscriptionIds };
      await connections.apply(settings);
      const storageUri = vscode.Uri.file(storageDir);
      const selection = new SubscriptionSelection(new MemoryMemento(), () => settings.subscriptions);
      const controller = new EventsController({
        connections,
        auth,
        selection,
        settings: () => settings,
        workspaceState: new MemoryMemento(),
        storageUri,
        log,
      });
      const ext = vscode.extensions.getExtension(EXTENSION_ID);
      assert.ok(ext);
      const details = new EventDetailsPanels({
        extensionUri: ext.extensionUri,
        fetchDetails: (r, signal) => connections.current!.api.fetchEventDetails(r.subscriptionId, r.trackingId, { signal }),
        log,
      });
      // What the panel shows, read as its webview gets it (the test API reads it the same way).
      const rendered = recordDetailsPanels();
      owned.push(controller, details, rendered);

      await controller.refresh();
      assert.equal(controller.phase(), 'ready');
      assert.equal(await countFiles(storageUri), 2 + SHARD_COUNT, "one cache for the account: its manifest, shards and the tree's first screen");
      const sensitive = controller.store.getEvents().find((e) => e.event.properties?.isEventSensitive === true);
      assert.ok(sensitive, 'the sample has a sensitive event');
      const ref = refOf(sensitive);
      details.show(ref, sensitive.event);
      const before = await waitFor('the first render', () => rendered.lastRendered(ref)?.model);
      await details.fetch(ref);
      const after = await waitFor('the fetched render', () => {
        const m = rendered.lastRendered(ref)?.model;
        return m && !m.detailsHidden ? m : undefined;
      });
      const secret = fetchedText(before, after);
      await controller.refresh();
      assert.deepEqual(await filesContaining(storageUri, secret), [], 'the cache holds the fetched text');

      await signOutAndForget({ auth, connections, details, controller, selection });
      assert.equal(auth.signedIn, false);
      assert.equal(details.openCount, 0, 'a details panel of the account is still open');
      assert.equal(controller.store.size, 0);
      assert.equal(await countFiles(storageUri), 0, 'the account\'s events cache is still on disk');
    });
  });

  describe('the test API of activate()', () => {
    it('exists in Test mode (which the harness gives) and in no other mode', async () => {
      await activateExtension();
      assert.ok(vscode.extensions.getExtension(EXTENSION_ID)?.exports, 'Test mode returns the API');
      let made = 0;
      const make = (): number => ++made;
      assert.equal(testApiFor(vscode.ExtensionMode.Production, make), undefined);
      assert.equal(testApiFor(vscode.ExtensionMode.Development, make), undefined);
      assert.equal(testApiFor(vscode.ExtensionMode.Test, make), 1);
      assert.equal(made, 1, 'the API is built only when it is returned');
    });
  });

  describe('details webview', () => {
    it('loads only from dist/webview and dist/codicons, its localResourceRoots', async () => {
      assert.deepEqual(WEBVIEW_ROOTS.map((r) => r.join('/')), ['dist/webview', 'dist/codicons']);
      const health = await activateExtension();
      await health.useSampleService({});
      const first = health.getEvents()[0];
      assert.ok(first);
      await health.openDetails(refOf(first));
      const html = await waitFor('the shell', () => health.lastRenderedDetails(refOf(first))?.html);
      const resources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => decodeURIComponent(m[1] ?? ''));
      assert.ok(resources.length >= 3, `expected the script, its CSS and the codicons: ${resources.join(', ')}`);
      for (const r of resources) assert.match(r, /\/dist\/(webview|codicons)\//, r);
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    });

    it('portal links open as a real Uri that VS Code turns back into the same URL', () => {
      const urls = [eventPortalUrl('ABCD-123', 'ServiceIssue'), linkUrl({ bladeName: 'B', extensionName: 'E', parameters: { trackingId: 'X-1' } })];
      for (const url of urls) {
        assert.ok(url);
        // What VS Code's opener does with a Uri: encodeURI(uri.toString(true)).
        assert.equal(encodeURI(externalUri(url).toString(true)), url);
      }
    });
  });
});

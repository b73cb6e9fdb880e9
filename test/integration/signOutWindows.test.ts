// Sign-out and selection changes against a running refresh, in a real VS Code: windows of one user
// share the extension's global storage (and, late and without an event, its globalState), so a
// Sign Out in one window must stop every other window from writing the deleted cache back; a
// selection changed while a refresh runs must be loaded right after it.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { startSampleService, type SampleService } from '../../src/core/sample';
import { recordingLog } from '../../src/ui/app/logRecorder';
import { signOutAndForget } from '../../src/ui/app/signOut';
import { AzureAuth, type AuthenticationApi } from '../../src/ui/auth/azureAuth';
import { SignOutMarker } from '../../src/ui/auth/signOutMarker';
import { cloudConfig } from '../../src/ui/config/clouds';
import { readSettings, type ServiceHealthSettings } from '../../src/ui/config/settings';
import { ConnectionManager } from '../../src/ui/connection/connectionManager';
import { EventsController } from '../../src/ui/events/eventsController';
import { SubscriptionSelection } from '../../src/ui/subscriptions/subscriptionSelection';
import { MemoryMemento, waitFor } from './trustKit';

const TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.sign-out-windows-token.sig';
/** Long enough that the test acts while the listing request is still at the service. */
const HELD_MS = 1500;

type Account = vscode.AuthenticationSessionAccountInformation;

/** VS Code's Microsoft sign-in in one window: the account's session, silent or interactive. */
class Accounts implements AuthenticationApi {
  private readonly emitter = new vscode.EventEmitter<vscode.AuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.emitter.event;

  constructor(private readonly account: Account) {}

  getSession(): Promise<vscode.AuthenticationSession | undefined> {
    return Promise.resolve({ id: `session-${this.account.id}`, accessToken: TOKEN, account: this.account, scopes: [] });
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

interface Window {
  readonly auth: AzureAuth;
  readonly connections: ConnectionManager;
  readonly controller: EventsController;
  readonly selection: SubscriptionSelection;
  readonly globalState: MemoryMemento;
  readonly started: Promise<void>;
}

describe('sign-out across windows and selection changes during a refresh (real VS Code)', function () {
  this.timeout(60_000);
  const ada: Account = { id: `ada-${randomUUID()}`, label: 'ada@contoso.com' };
  const lines: string[] = [];
  let sample: SampleService;
  let storageDir: string;
  let channel: vscode.LogOutputChannel;
  let log: vscode.LogOutputChannel;
  let base: ServiceHealthSettings;
  let owned: vscode.Disposable[] = [];

  /** One window, wired as the composition root does; its own globalState (another window's writes reach it late). */
  function openWindow(subscriptions: () => readonly string[]): Window {
    const globalState = new MemoryMemento();
    const storageUri = vscode.Uri.file(storageDir);
    const settings = (): ServiceHealthSettings => ({ ...base, subscriptions: [...subscriptions()] });
    const accounts = new Accounts(ada);
    const auth = new AzureAuth({ cloud: cloudConfig('AzureCloud'), tenant: undefined }, globalState, log, accounts, new SignOutMarker(storageUri));
    const connections = new ConnectionManager(auth, log);
    const selection = new SubscriptionSelection(globalState, subscriptions);
    const controller = new EventsController({ connections, auth, selection, settings, workspaceState: new MemoryMemento(), storageUri, log });
    owned.push(accounts, controller, connections, auth);
    connections.onDidChange(() => void controller.resetForConnection().then(() => controller.refresh()));
    auth.onDidChange(() => void connections.apply(settings()));
    const restored = auth.restore();
    const started = connections.apply(settings()).then(() => restored).then(() => connections.settled());
    return { auth, connections, controller, selection, globalState, started };
  }

  const cacheFiles = async (): Promise<string[]> => (await readdir(storageDir)).filter((f) => f.startsWith('events-'));
  const subscriptionsOf = (w: Window): string[] => [...new Set(w.controller.store.getEvents().map((e) => e.subscriptionId))].sort();

  before(async () => {
    channel = vscode.window.createOutputChannel('Service Health sign-out windows test', { log: true });
    log = recordingLog(channel, lines);
    sample = await startSampleService({ token: TOKEN, events: 300, seed: 21 });
    base = { ...readSettings(), mode: 'azure', endpoint: sample.url, subscriptions: [], tenant: undefined };
  });

  beforeEach(async () => {
    storageDir = await mkdtemp(join(tmpdir(), 'service-health-sign-out-'));
    sample.knobs.latencyMs = 0;
  });

  afterEach(async () => {
    for (const d of owned.reverse()) d.dispose();
    owned = [];
    sample.knobs.latencyMs = 0;
    await rm(storageDir, { recursive: true, force: true });
  });

  after(async () => {
    await sample.close();
    channel.dispose();
  });

  it('a subscription added to the setting while a refresh waits for the service is loaded right after that refresh', async () => {
    const [first, second] = sample.subscriptionIds;
    assert.ok(first && second && sample.events.some((e) => e.subscriptionIds.includes(second)), 'the sample has no events for its second subscription');
    let selected = [first];
    const w = openWindow(() => selected);
    await w.started;
    await w.controller.refresh();
    assert.deepEqual(subscriptionsOf(w), [first]);

    sample.knobs.latencyMs = HELD_MS;
    const running = w.controller.refresh();
    // The load has read the selection once it shows as loading; its request waits at the service.
    await waitFor('the refresh to start', () => w.controller.isLoading || undefined);
    selected = [first, second];
    // What the settings listener and Select Subscriptions do after the selection changed.
    const asked = w.controller.refresh();
    sample.knobs.latencyMs = 0;
    await Promise.all([running, asked]);
    assert.deepEqual(subscriptionsOf(w), [first, second].sort(), 'the new subscription was not loaded after the running refresh');
  });

  it('Sign Out forgets the subscription selection and names kept for the account in globalState', async () => {
    const w = openWindow(() => []);
    await w.started;
    const connection = w.connections.current;
    assert.ok(connection && w.auth.signedIn);
    const listed = await connection.api.listSubscriptions({});
    await w.selection.remember(connection, [listed[0]!.subscriptionId], listed);
    await w.selection.refreshNames(connection, true);
    const kept = (): string[] => w.globalState.keys().filter((k) => /^serviceHealth\.(selection|subscriptionNames):/.test(k));
    assert.equal(kept().length, 2, 'the selection and the names were not kept before Sign Out');
    let closed = 0;
    await signOutAndForget({ auth: w.auth, connections: w.connections, details: { closeAll: () => void closed++ }, controller: w.controller, selection: w.selection });
    assert.deepEqual(kept(), [], 'Sign Out left the selection or the names of the account');
    assert.equal(closed, 1);
    assert.equal(w.auth.signedIn, false);
  });

  it('Sign Out in one window: another window refreshing at that moment does not write the deleted cache back, signs out too and then sends nothing', async () => {
    const ids = sample.subscriptionIds;
    const a = openWindow(() => ids);
    const b = openWindow(() => ids);
    await Promise.all([a.started, b.started]);
    await Promise.all([a.controller.refresh(), b.controller.refresh()]);
    assert.notEqual((await cacheFiles()).length, 0, 'the windows wrote no cache to begin with');

    sample.knobs.latencyMs = HELD_MS;
    const running = b.controller.refresh({ full: true });
    await waitFor('the other window to start refreshing', () => b.controller.isLoading || undefined);
    await signOutAndForget({ auth: a.auth, connections: a.connections, details: { closeAll: () => undefined }, controller: a.controller, selection: a.selection });
    assert.deepEqual(await cacheFiles(), [], 'Sign Out left cache files');
    sample.knobs.latencyMs = 0;
    await running;
    await waitFor('the other window to empty its view', () => (b.controller.store.size === 0 ? true : undefined));
    assert.equal(b.auth.signedIn, false, 'the other window kept the session');
    assert.deepEqual(await cacheFiles(), [], 'the other window wrote the deleted cache back');

    const requests = sample.stats.requests;
    await b.controller.refresh({ full: true });
    assert.equal(sample.stats.requests, requests, 'the other window still sends requests for the signed-out account');
    assert.deepEqual(await cacheFiles(), []);

    // Sign In again (in any window) lifts it: that window caches its events again.
    assert.equal(await a.auth.signIn(), true);
    await a.connections.settled();
    await a.controller.refresh();
    await waitFor('the cache to be written after Sign In', async () => ((await cacheFiles()).length > 0 ? true : undefined));
  });
});

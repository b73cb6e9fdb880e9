// A restart on a slow network, in a real VS Code: the events cache written before the restart is
// shown before any request answers, even while VS Code's Microsoft sign-in still refreshes its token
// (a silent sign-in that takes long) and the service answers only after half a minute; and a
// sign-in that answers with another account, or none, takes the cached rows away at once.
import * as assert from 'node:assert/strict';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import * as vscode from 'vscode';
import { startSampleService, type SampleService } from '../../src/core/sample';
import { recordingLog } from '../../src/ui/app/logRecorder';
import { AzureAuth, type AuthenticationApi } from '../../src/ui/auth/azureAuth';
import { cloudConfig } from '../../src/ui/config/clouds';
import { readSettings, type ServiceHealthSettings } from '../../src/ui/config/settings';
import { ConnectionManager } from '../../src/ui/connection/connectionManager';
import type { CutGroup, FirstScreen } from '../../src/core/cache/firstScreen';
import { groupEvents, startsExpanded, type EventGroup } from '../../src/core/events/grouping';
import { EventsController } from '../../src/ui/events/eventsController';
import { ROWS_PER_PAGE } from '../../src/ui/tree/rowPaging';
import { SHARD_COUNT } from '../../src/core/cache/cacheShards';
import { SubscriptionSelection } from '../../src/ui/subscriptions/subscriptionSelection';
import { MemoryMemento, waitFor } from './trustKit';

const TOKEN = 'eyJ0eXAiOiJKV1QiLCJhbGciOiJSUzI1NiJ9.cached-start-token.sig';
/** Far longer than the test waits for rows: an answer that arrives cannot have drawn them. */
const SLOW_SERVICE_MS = 30_000;

type Account = vscode.AuthenticationSessionAccountInformation;

/** VS Code's Microsoft sign-in as the extension sees it; `answerAfter` holds silent answers back (a token refresh on a slow network). */
class ScriptedAccounts implements AuthenticationApi {
  private readonly emitter = new vscode.EventEmitter<vscode.AuthenticationSessionsChangeEvent>();
  readonly onDidChangeSessions = this.emitter.event;
  calls = 0;
  private gate: Promise<void> = Promise.resolve();
  private open: (() => void) | undefined;

  constructor(public account: Account | undefined) {}

  holdAnswers(): void {
    this.gate = new Promise((resolve) => (this.open = resolve));
  }

  release(): void {
    this.open?.();
  }

  async getSession(): Promise<vscode.AuthenticationSession | undefined> {
    this.calls++;
    await this.gate;
    const account = this.account;
    return account ? { id: `session-${account.id}`, accessToken: TOKEN, account, scopes: [] } : undefined;
  }

  dispose(): void {
    this.emitter.dispose();
  }
}

describe('start from the events cache on a slow network (real VS Code)', function () {
  this.timeout(60_000);
  const ada: Account = { id: `ada-${randomUUID()}`, label: 'ada@contoso.com' };
  const lines: string[] = [];
  let sample: SampleService;
  let storageDir: string;
  let channel: vscode.LogOutputChannel;
  let log: vscode.LogOutputChannel;
  let settings: ServiceHealthSettings;
  let owned: vscode.Disposable[] = [];
  /** globalState across the restarts: the remembered account and subscription names live there. */
  let globalState: MemoryMemento;
  let cachedKeys: string[];

  /** One extension start, wired as the composition root does (connection change -> cache -> refresh). */
  function start(accounts: ScriptedAccounts): { auth: AzureAuth; connections: ConnectionManager; controller: EventsController; started: Promise<void>; screens: (FirstScreen | undefined)[] } {
    const auth = new AzureAuth({ cloud: cloudConfig('AzureCloud'), tenant: undefined }, globalState, log, accounts);
    const connections = new ConnectionManager(auth, log);
    const controller = new EventsController({
      connections,
      auth,
      selection: new SubscriptionSelection(globalState, () => settings.subscriptions),
      settings: () => settings,
      workspaceState: new MemoryMemento(),
      storageUri: vscode.Uri.file(storageDir),
      log,
    });
    owned.push(accounts, controller, connections, auth);
    // What the tree would draw from before the cache is read (the refresh reads it first).
    const screens: (FirstScreen | undefined)[] = [];
    connections.onDidChange(() => void controller.resetForConnection().then(() => {
      screens.push(controller.firstScreen(settings.groupBy));
      return controller.refresh();
    }));
    auth.onDidChange(() => void connections.apply(settings));
    const restored = auth.restore();
    const started = connections.apply(settings).then(() => restored).then(() => undefined);
    return { auth, connections, controller, started, screens };
  }

  const keysOf = (controller: EventsController): string[] => controller.visibleEvents().map((e) => `${e.subscriptionId}/${e.trackingId}`).sort();

  before(async () => {
    channel = vscode.window.createOutputChannel('Service Health cached start test', { log: true });
    log = recordingLog(channel, lines);
    sample = await startSampleService({ token: TOKEN, events: 300, seed: 8 });
    storageDir = await mkdtemp(join(tmpdir(), 'service-health-cached-start-'));
    settings = { ...readSettings(), mode: 'azure', endpoint: sample.url, subscriptions: sample.subscriptionIds, tenant: undefined };
  });

  beforeEach(async () => {
    globalState = new MemoryMemento();
    sample.knobs.latencyMs = 0;
    // The first run: signed in, one full load, which writes the cache.
    const first = start(new ScriptedAccounts(ada));
    await first.started;
    await first.controller.refresh();
    cachedKeys = keysOf(first.controller);
    assert.ok(cachedKeys.length > 100, `the first load held ${cachedKeys.length} events`);
    const files = (await readdir(storageDir)).map((f) => f.replace(/^events-[0-9a-f]+/, 'events').replace(/^events\.shard\d+-[0-9a-f]{16}\.json$/, 'shard')).sort();
    assert.deepEqual(files, ['events.json', 'events.screen.json', ...Array<string>(SHARD_COUNT).fill('shard')], 'the cache (manifest, shards, first screen) was not written');
    for (const d of owned.reverse()) d.dispose();
    owned = [];
  });

  afterEach(() => {
    for (const d of owned.reverse()) d.dispose();
    owned = [];
  });

  after(async () => {
    await sample.close();
    channel.dispose();
    await rm(storageDir, { recursive: true, force: true });
  });

  it('shows the cached rows, marked stale, before any request and before the slow sign-in answers; then refreshes as that account', async () => {
    sample.knobs.latencyMs = SLOW_SERVICE_MS;
    const accounts = new ScriptedAccounts(ada);
    accounts.holdAnswers();
    const requestsBefore = sample.stats.requests;
    const { controller, auth, screens } = start(accounts);

    await waitFor('the cached rows', () => (keysOf(controller).length > 0 ? true : undefined), 15_000);
    assert.deepEqual(keysOf(controller), cachedKeys, 'the rows are not the cached ones');
    // Before the cache was read, the first screen stood for it: the same groups, counts and first rows.
    const screen = screens[0];
    assert.ok(screen, 'no cached first screen was drawn from');
    const drawn = (groups: readonly EventGroup[]): string[] =>
      groups.flatMap((g) => [`${g.id} ${g.count} ${g.activeCount}`, ...drawn(g.groups), ...g.incidents.slice(0, screenRows(g)).map((r) => `${g.id}/${r.key} ${r.copies.length}`)]);
    const screenRows = (g: EventGroup): number => ('cut' in g ? (g as CutGroup).incidents.length : startsExpanded(g) ? ROWS_PER_PAGE : 0);
    assert.deepEqual(drawn(screen.groups), drawn(groupEvents(controller.visibleEvents(), settings.groupBy)), 'the first screen differs from what the cache draws');
    assert.equal(controller.firstScreen(settings.groupBy), screen, 'the first screen no longer stands for the unchanged store');
    assert.equal(controller.phase(), 'ready');
    assert.ok(controller.store.restoredFromCacheAt !== undefined, 'cached rows are not marked as cached');
    assert.equal(auth.signedIn, false, 'the sign-in answered already; the test proves nothing');
    assert.equal(accounts.calls, 1, 'no silent sign-in was asked');
    // Requests need the sign-in's token: none went out, let alone came back.
    assert.equal(sample.stats.requests - requestsBefore, 0, 'a request went out before the sign-in answered');

    accounts.release();
    await waitFor('the refresh after the sign-in', () => (sample.stats.requests > requestsBefore ? true : undefined), 15_000);
    assert.equal(auth.signedIn, true);
    assert.deepEqual(keysOf(controller), cachedKeys, 'the same account lost its rows when its sign-in answered');
  });

  it('a sign-in that answers with another account takes the cached rows away at once', async () => {
    sample.knobs.latencyMs = SLOW_SERVICE_MS;
    const accounts = new ScriptedAccounts(ada);
    accounts.holdAnswers();
    const { controller, auth } = start(accounts);
    await waitFor('the cached rows', () => (keysOf(controller).length > 0 ? true : undefined), 15_000);

    accounts.account = { id: `grace-${randomUUID()}`, label: 'grace@fabrikam.com' };
    accounts.release();
    await waitFor('the other account', () => (auth.accountId === accounts.account?.id ? true : undefined), 15_000);
    await waitFor('the rows gone', () => (controller.store.size === 0 ? true : undefined), 15_000);
    assert.deepEqual(keysOf(controller), [], "another account's rows are shown");
    assert.equal(controller.firstScreen(settings.groupBy), undefined, "another account's cached first screen is drawn");
  });

  it('a sign-in that answers with no account leaves the view signed out, without the cached rows', async () => {
    const accounts = new ScriptedAccounts(ada);
    accounts.holdAnswers();
    const { controller } = start(accounts);
    await waitFor('the cached rows', () => (keysOf(controller).length > 0 ? true : undefined), 15_000);

    accounts.account = undefined;
    accounts.release();
    await waitFor('the signed-out view', () => (controller.phase() === 'signedOut' ? true : undefined), 15_000);
    assert.equal(controller.store.size, 0, 'cached events stay in memory after the account was gone');
    assert.equal(controller.firstScreen(settings.groupBy), undefined, 'the cached first screen is drawn while signed out');
  });
  /** Shard files and when each was last written. */
  async function shardFiles(): Promise<string[]> {
    const names = (await readdir(storageDir)).filter((f) => /\.shard\d+-/.test(f)).sort();
    return Promise.all(names.map(async (n) => `${n} ${(await stat(join(storageDir, n))).mtimeMs}`));
  }

  it('a refresh that changes no event rewrites no shard of the cache', async () => {
    const before = await shardFiles();
    const { controller, started } = start(new ScriptedAccounts(ada));
    await started;
    const requestsBefore = sample.stats.requests;
    await controller.refresh();
    assert.ok(sample.stats.requests > requestsBefore, 'no refresh went out; the test proves nothing');
    assert.deepEqual(keysOf(controller), cachedKeys);
    assert.deepEqual(await shardFiles(), before, 'shards were written again');
  });

  it('a grouping change writes the first screen for it, and no shard: the next start draws that grouping before the cache is read', async () => {
    const shardsBefore = await shardFiles();
    const original = settings;
    try {
      const first = start(new ScriptedAccounts(ada));
      await first.started;
      // The start's own refresh ends first (a refresh saves the cache itself); the store then holds the full cache.
      await first.controller.refresh();
      await first.controller.whenRestored();
      settings = { ...settings, groupBy: 'region' };
      await first.controller.saveScreen();
      assert.deepEqual(await shardFiles(), shardsBefore, 'a grouping change rewrote shards');
      for (const d of owned.reverse()) d.dispose();
      owned = [];

      sample.knobs.latencyMs = SLOW_SERVICE_MS;
      const accounts = new ScriptedAccounts(ada);
      accounts.holdAnswers();
      const next = start(accounts);
      await waitFor('the first screen', () => (next.screens.length > 0 ? true : undefined), 15_000);
      const screen = next.screens[0];
      assert.ok(screen, 'the start after a grouping change had no cached first screen to draw from');
      assert.equal(screen.groups[0]?.kind, 'region');
      sample.knobs.latencyMs = 0;
      accounts.release();
      // The refresh writes the cache again before the test ends (the storage folder is removed after).
      await next.controller.refresh();
    } finally {
      settings = original;
    }
  });

  // A user updates the extension: the cache the version before compression wrote is the same JSON, uncompressed.
  it('a cache written before compression (plain JSON files) is still read: its first screen, then every cached event, before any request', async () => {
    const gzipped = (bytes: Buffer): boolean => bytes[0] === 0x1f && bytes[1] === 0x8b;
    const files = (await readdir(storageDir)).filter((f) => f.startsWith('events-'));
    for (const f of files) {
      const bytes = await readFile(join(storageDir, f));
      assert.ok(gzipped(bytes), `${f} was not written compressed`);
      await writeFile(join(storageDir, f), gunzipSync(bytes));
    }
    sample.knobs.latencyMs = SLOW_SERVICE_MS;
    const accounts = new ScriptedAccounts(ada);
    accounts.holdAnswers();
    const requestsBefore = sample.stats.requests;
    const { controller, screens } = start(accounts);
    await waitFor('the first screen', () => (screens.length > 0 ? true : undefined), 15_000);
    assert.ok(screens[0], 'the plain first screen was not drawn from');
    await waitFor('the cached rows', () => (keysOf(controller).length > 0 ? true : undefined), 15_000);
    assert.deepEqual(keysOf(controller), cachedKeys, 'the rows are not the cached ones');
    assert.equal(sample.stats.requests - requestsBefore, 0, 'a request went out before the sign-in answered');

    sample.knobs.latencyMs = 0;
    accounts.release();
    await controller.refresh();
    // The next write is compressed; shards it did not rewrite stay plain, and are still read next time.
    const manifest = files.find((f) => /^events-[0-9a-f]+\.json$/.test(f));
    assert.ok(manifest && gzipped(await readFile(join(storageDir, manifest))), 'the refresh did not write the manifest compressed');
  });

  it('a torn shard (a crash or a full disk mid-write) shows no cached rows; the next refresh fills the view', async () => {
    const [torn] = (await readdir(storageDir)).filter((f) => /\.shard\d+-/.test(f) && f.length > 0);
    assert.ok(torn);
    const bytes = await readFile(join(storageDir, torn));
    await writeFile(join(storageDir, torn), bytes.subarray(0, Math.floor(bytes.length / 2)));
    sample.knobs.latencyMs = SLOW_SERVICE_MS;
    const accounts = new ScriptedAccounts(ada);
    accounts.holdAnswers();
    const { controller, screens } = start(accounts);
    await waitFor('the first screen', () => (screens.length > 0 ? true : undefined), 15_000);
    await controller.whenRestored();
    assert.equal(controller.store.size, 0, 'events of a torn cache are shown');
    assert.equal(controller.firstScreen(settings.groupBy), undefined, 'the first screen of a torn cache is still drawn');
    assert.ok(lines.some((l) => l.includes('The events cache could not be read')), 'the log does not say the cache was unreadable');

    sample.knobs.latencyMs = 0;
    accounts.release();
    await waitFor('the rows after the refresh', () => (keysOf(controller).length === cachedKeys.length ? true : undefined), 15_000);
    assert.deepEqual(keysOf(controller), cachedKeys);
    // The refresh writes the cache again before the test ends (the storage folder is removed after).
    await controller.refresh();
  });
});

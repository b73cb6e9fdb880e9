/** Loads events into the store. Why: docs/architecture.md#events-eventscontroller */
import * as vscode from 'vscode';
import { applyFilter, normalizeFilter, windowStartOf, type EventFilter } from '../../core/events/eventFilter';
import { EventsStore, type RefreshOutcome } from '../../core/events/eventsStore';
import { RefreshQueue } from '../../core/events/refreshQueue';
import type { QueryFacts } from '../../core/query/queryFacts';
import type { StoredEvent } from '../../core/events/eventFacts';
import type { ViewQuery } from '../../core/chat/viewQuery';
import type { AzureAuth } from '../auth/azureAuth';
import { Disposable } from '../base/disposable';
import { resourceGraphThreshold, type ServiceHealthSettings } from '../config/settings';
import type { Connection, ConnectionManager } from '../connection/connectionManager';
import type { SubscriptionSelection } from '../subscriptions/subscriptionSelection';
import { EventsCacheFiles } from '../cache/eventsCacheFiles';
import { CacheWrites, screenKey, screenScope, type ScreenView } from '../cache/firstScreenCache';
import { ShardedEventsCache } from '../cache/shardedCache';
import { readFirstScreen, type FirstScreen } from '../../core/cache/firstScreen';
import { restoreSnapshot } from '../../core/cache/snapshot';
import type { GroupBy } from '../../core/events/grouping';
import { phaseOf, type Phase } from './phase';
import { EventsRoute } from './eventsRoute';
import { groupByStart, listGroups, loadFailureText, refreshSummary, selectionScope } from './eventsListing';
import { errorText } from '../../core/text/errorText';

const FILTER_KEY = 'serviceHealth.filter';

/** The load failure without a message of its own, in the display language. */
const loadFailedText = (): string => vscode.l10n.t('Loading events failed; try Refresh again.');

export interface EventsControllerDeps {
  readonly connections: ConnectionManager;
  readonly auth: AzureAuth;
  readonly selection: SubscriptionSelection;
  readonly settings: () => ServiceHealthSettings;
  readonly workspaceState: vscode.Memento;
  readonly storageUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
  readonly now?: () => number;
}

/** One load's errors (empty when it succeeded) and the connection it ran on. */
export interface LoadResult {
  readonly errors: readonly unknown[];
  readonly connection: Connection;
}

export class EventsController extends Disposable {
  readonly store: EventsStore;
  private readonly now: () => number;
  private readonly route: EventsRoute;
  private readonly refreshes = new RefreshQueue(
    (full) => this.runRefresh(full),
    // A selection changed during a refresh (Select Subscriptions, the setting) loads right after it.
    () => ({ windowDays: this.filterValue.windowDays, scope: selectionScope(this.subscriptionIds()) }),
  );
  private abort: AbortController | undefined;
  private generation = 0;
  private loading = false;
  private readonly writes: CacheWrites;
  /** The screen key of the last saveScreen, so repeated calls for one change write once. */
  private screenSaved: string | undefined;
  private loadedOnce = false;
  private filterValue: EventFilter;
  /** The query-language filter ("Filter Events by Query…"), on top of the filter above. */
  private queryValue: ViewQuery | undefined;
  private readonly cache: ShardedEventsCache;
  private readonly cacheFiles: EventsCacheFiles;
  /** After the first screen was read: reads the full cache (once), see {@link whenRestored}. */
  private fullRestore: (() => Promise<void>) | undefined;
  private fullRestoring: Promise<void> | undefined;
  /** The connection's first cache read (first screen, or full cache without one), while it runs. */
  private cacheRead: Promise<void> | undefined;
  /** The cached first screen, while it stands for the store's content (see {@link firstScreen}). */
  private screen: FirstScreen | undefined;
  /** True while the store is empty and the first screen stands in for the unread cache. */
  private awaitingCache = false;
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fires when anything the view shows may have changed. */
  readonly onDidChange = this.changed.event;
  private readonly refreshed = this._register(new vscode.EventEmitter<RefreshOutcome>());
  /** Fires after every refresh the service answered, with what it found (notifications, auto-refresh timing). */
  readonly onDidRefresh = this.refreshed.event;
  private readonly loadEnded = this._register(new vscode.EventEmitter<LoadResult>());
  /** Fires after every load, failed or not, with its errors (connection-level remedies). */
  readonly onDidLoad = this.loadEnded.event;

  constructor(private readonly deps: EventsControllerDeps) {
    super();
    this.now = deps.now ?? Date.now;
    this.route = new EventsRoute(resourceGraphThreshold, (line) => deps.log.info(line));
    this.store = new EventsStore({
      now: this.now,
      describeError: (error) => loadFailureText(error, loadFailedText()),
    });
    this._register(this.store.onDidChange(() => this.changed.fire()));
    this.filterValue = normalizeFilter(deps.workspaceState.get(FILTER_KEY), deps.settings().timeWindowDays);
    this.cacheFiles = new EventsCacheFiles(deps.storageUri, () => deps.auth.signedOutElsewhere());
    this.cache = new ShardedEventsCache(this.cacheFiles);
    this.writes = new CacheWrites(this.cache, deps.log, this.now);
    this._register({ dispose: () => this.abort?.abort() });
  }

  get filter(): EventFilter {
    return this.filterValue;
  }

  get isLoading(): boolean {
    return this.loading;
  }

  /** True once a refresh finished (successfully or not) for the current connection. */
  get hasLoaded(): boolean {
    return this.loadedOnce;
  }

  /** One sentence on a setting that prevents any connection, if one does. */
  get configurationProblem(): string | undefined {
    return this.deps.connections.configurationProblem;
  }

  get connection(): Connection | undefined {
    return this.deps.connections.current;
  }

  phase(): Phase {
    return phaseOf(this.deps.connections, this.deps.auth, (c) => this.deps.selection.selected(c));
  }

  subscriptionIds(): string[] {
    const c = this.connection;
    return c ? this.deps.selection.selected(c) : [];
  }

  subscriptionNames(): Map<string, string> {
    const c = this.connection;
    return c ? this.deps.selection.names(c) : new Map();
  }

  /**
   * The cached first screen, when it shows what the store would for this grouping: same scope, no
   * query, no refresh since it was read, and no drawn event fallen out of the time window.
   */
  firstScreen(groupBy: GroupBy): FirstScreen | undefined {
    const screen = this.screen;
    if (!screen || this.queryValue || this.phase() !== 'ready' || screen.scope !== screenScope(groupBy, this.filterValue, this.subscriptionNames())) {
      return undefined;
    }
    return screen.oldest === undefined || screen.oldest >= windowStartOf(this.filterValue, this.now()) ? screen : undefined;
  }

  /** True when cached rows are drawn: restored events, or the first screen standing for them. */
  get hasCachedRows(): boolean {
    return this.store.size > 0 || this.screen !== undefined;
  }

  /** False while the tree is drawn from the cached first screen and the store is not read yet. */
  get holdsCache(): boolean {
    return !this.awaitingCache;
  }

  /** Events after the user's filter and query. */
  visibleEvents(): StoredEvent[] {
    if (this.phase() !== 'ready') {
      return [];
    }
    const now = this.now();
    const held = this.store.getEvents();
    const filtered = applyFilter(held, this.filterValue, now, this.facts.impactedCount);
    return this.queryValue ? this.queryValue.select(filtered, held, now, this.facts) : filtered;
  }

  /**
   * What `impacted:`, `workspace:` and the resource terms read: each part is added by the feature
   * that learns it (impacted resources and their health, the templates' reader), wired after this.
   */
  facts: QueryFacts = {};

  /** Draws the rows again (the workspace's templates were read again). */
  redraw(): void {
    this.changed.fire();
  }

  get query(): ViewQuery | undefined {
    return this.queryValue;
  }

  setQuery(query: ViewQuery | undefined): void {
    this.queryValue = query;
    this.changed.fire();
  }

  async setFilter(filter: EventFilter): Promise<void> {
    const widened = filter.windowDays > this.filterValue.windowDays;
    this.filterValue = filter;
    await this.deps.workspaceState.update(FILTER_KEY, filter);
    this.changed.fire();
    if (widened) {
      // The store plans a full load for the wider window by itself.
      await this.refresh();
    } else {
      await this.saveScreen();
    }
  }

  /**
   * The grouping or the filter changed: writes the cached first screen for it (the shards stay), so
   * the next start draws from it instead of waiting for the full cache. Only while the store holds
   * the full cache and no refresh runs, which saves the cache itself.
   */
  saveScreen(): Promise<void> {
    const c = this.connection;
    if (c?.mode !== 'azure' || this.awaitingCache || this.loading || this.store.size === 0) {
      return Promise.resolve();
    }
    const key = screenKey(this.screenView(), this.store);
    if (key === this.screenSaved) {
      return Promise.resolve();
    }
    this.screenSaved = key;
    return this.saveCache(c);
  }

  /** The connection changed: forget what belongs to the old one and show the new one's cache. */
  async resetForConnection(): Promise<void> {
    // Cleared before the store empties, so whatever its change event renders sees no load yet.
    this.loadedOnce = false;
    this.fullRestoring = undefined;
    this.dropHeld();
    const c = this.connection;
    if (c?.mode === 'azure') {
      this.cacheRead = this.restoreCache(c, this.generation);
      await this.cacheRead;
    }
    this.changed.fire();
  }

  /**
   * Resolves once the store holds full events, not only the preview the tree was first drawn from
   * (details, Markdown and chat read the long texts). Reads the full cache if that is pending.
   */
  async whenRestored(): Promise<void> {
    // A refresh asked for while the first screen is being read merges into the cache too.
    await this.cacheRead;
    const pending = this.fullRestore;
    if (pending) {
      this.fullRestore = undefined;
      this.fullRestoring = pending();
    }
    await this.fullRestoring;
  }

  /**
   * Sign Out: stops any refresh for `connection` (so it cannot write the cache again), empties the
   * store and deletes that account's cache file. Resolves to whether a cache file was deleted.
   */
  async forget(connection: Connection): Promise<boolean> {
    this.dropHeld();
    this.changed.fire();
    // A write under way ends first; the ones queued after it see the new generation and write nothing.
    await this.writes.settled();
    return this.cacheFiles.delete(connection.identity);
  }

  /** Stops any refresh and cache read under way (a new generation) and empties the store. */
  private dropHeld(): void {
    this.generation++;
    this.abort?.abort();
    this.refreshes.reset();
    this.loading = false;
    this.fullRestore = undefined;
    this.cacheRead = undefined;
    this.screen = undefined;
    this.awaitingCache = false;
    this.cache.forget();
    this.store.clear();
  }

  /**
   * Refreshes the selected subscriptions. Joins a refresh already running, unless this one asks
   * for more (a full refresh, a wider window, another selection): then it runs right after.
   */
  async refresh(options: { full?: boolean } = {}): Promise<void> {
    // A refresh merges into the full cached events, never into the preview.
    await this.whenRestored();
    const restoring = this.deps.auth.restoring;
    if (restoring && this.connection?.mode === 'azure') {
      // No token until the silent sign-in answers; its answer may also change the connection.
      return restoring.then(() => this.deps.connections.settled()).then(() => this.refresh(options));
    }
    if (!this.refreshes.busy && this.phase() !== 'ready') {
      this.changed.fire();
      return Promise.resolve();
    }
    return this.refreshes.request(options.full === true);
  }

  private runRefresh(full: boolean): Promise<void> {
    if (this.phase() !== 'ready') {
      this.changed.fire();
      return Promise.resolve();
    }
    return Promise.resolve(vscode.window.withProgress({ location: { viewId: 'serviceHealth.events' } }, () => this.load(full))).then(
      () => undefined,
      (e: unknown) => this.deps.log.error(`Refresh failed: ${errorText(e)}`),
    );
  }

  private async load(full: boolean): Promise<void> {
    const connection = this.connection;
    if (!connection) {
      return;
    }
    const generation = this.generation;
    const abort = new AbortController();
    this.abort = abort;
    this.loading = true;
    this.changed.fire();
    const subscriptionIds = this.subscriptionIds();
    const startedAt = this.now();
    const windowStart = windowStartOf(this.filterValue, startedAt);
    try {
      this.store.setSubscriptions(subscriptionIds);
      const byStart = groupByStart(this.store, subscriptionIds, windowStart, full);
      // Signed out in another window: this one follows (its auth change resets the store) and sends nothing.
      if (connection.mode === 'azure' && (await this.deps.auth.followSignOutElsewhere())) {
        return;
      }
      const results = await listGroups(this.route, connection, byStart, abort.signal);
      if (generation !== this.generation) {
        return;
      }
      // The store now differs from the cache the first screen stood for.
      this.screen = undefined;
      const outcome = this.store.applyResults(results, windowStart, startedAt);
      this.deps.log.info(refreshSummary(subscriptionIds.length, results, this.store.size, outcome));
      for (const f of outcome.failures) {
        this.deps.log.warn(`Subscription ${f.subscriptionId}: ${f.message}`);
      }
      if (connection.mode === 'azure') {
        if (await this.deps.auth.followSignOutElsewhere()) {
          return;
        }
        await this.saveCache(connection);
      }
      this.refreshed.fire(outcome);
      this.loadEnded.fire({ errors: results.filter((r) => r.error !== undefined).map((r) => r.error), connection });
    } catch (error) {
      if (generation !== this.generation || abort.signal.aborted) {
        return;
      }
      // Only unexpected failures land here (listEventsForSubscriptions reports per subscription).
      const message = loadFailureText(error, loadFailedText());
      this.store.applyResults(subscriptionIds.map((id) => ({ subscriptionId: id, events: [], error: new Error(message), queryStartTime: windowStart })), windowStart, startedAt);
      this.deps.log.error(`Refresh failed: ${message}`);
      this.loadEnded.fire({ errors: [error], connection });
    } finally {
      if (generation === this.generation) {
        this.loading = false;
        this.loadedOnce = true;
        this.changed.fire();
      }
    }
  }

  /** What the tree is drawn for now. */
  private screenView(): ScreenView {
    return { groupBy: this.deps.settings().groupBy, filter: this.filterValue, names: this.subscriptionNames() };
  }

  /** Queues a write of the store; none runs after Sign Out or a connection change. */
  private saveCache(connection: Connection): Promise<void> {
    const generation = this.generation;
    return this.writes.write(connection.identity, this.store, () => this.screenView(), () => generation === this.generation);
  }

  /** Draws from the cached first screen when it fits the view as it is now (the full cache follows in whenRestored), else from the full cache. */
  private async restoreCache(connection: Connection, generation: number): Promise<void> {
    const scope = screenScope(this.deps.settings().groupBy, this.filterValue, this.subscriptionNames());
    const screen = scope === undefined ? undefined : readFirstScreen(await this.cacheFiles.read(connection.identity, 'screen'), scope);
    if (generation !== this.generation) {
      return;
    }
    if (screen) {
      this.deps.log.info(`Showing the cached first screen (${screen.held} incident(s)) until the cache is read.`);
      this.screen = screen;
      this.awaitingCache = true;
      this.fullRestore = () => this.restoreFull(connection, generation);
      return;
    }
    await this.restoreFull(connection, generation);
  }

  private async restoreFull(connection: Connection, generation: number): Promise<void> {
    const read = await this.cache.read(connection.identity, () => generation === this.generation);
    if (generation !== this.generation) {
      return;
    }
    const hadScreen = this.awaitingCache;
    this.awaitingCache = false;
    if (this.screen && read?.stamp !== this.screen.stamp) {
      // A first screen left by an interrupted write stands for other events.
      this.screen = undefined;
    }
    if (read && restoreSnapshot(this.store, read.snapshot, { checked: true })) {
      this.cache.restored(connection.identity, this.store, read.shards);
      if (!hadScreen) {
        this.deps.log.info(`Showing ${this.store.size} cached event(s) until the first refresh.`);
      }
    } else if (hadScreen) {
      // A first screen without its full cache: its rows could open without their texts, so none show.
      this.deps.log.warn('The events cache could not be read; the next refresh fills the view.');
      this.screen = undefined;
      this.store.clear();
    }
  }
}

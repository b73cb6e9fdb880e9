/**
 * The composition root: builds every part once, wires them together, registers the commands and
 * owns every disposable (released in reverse order on deactivate).
 */
import * as vscode from 'vscode';
import type { EventRef, StoredEvent } from '../../core/events/eventFacts';
import { eventKey, trackingIdOrUndefined } from '../../core/events/eventFacts';
import { incidentKey, type GroupBy } from '../../core/events/grouping';
import { defaultFilter } from '../../core/events/eventFilter';
import type { ServerQuery } from '../../core/query';
import { KnownNamesCache, runQuery } from '../../core/chat/eventQuery';
import { AzureAuth } from '../auth/azureAuth';
import { Disposable } from '../base/disposable';
import { cloudConfig } from '../config/clouds';
import { resolveNetwork } from '../../core/http/network';
import { HTTP_SECTION, readProxySettings } from '../config/network';
import { readSettings, SECTION, updateSetting, writeModeForWorkspace, type Mode, type ServiceHealthSettings } from '../config/settings';
import { WorkspaceSettingsGuard } from '../config/workspaceSettingsGuard';
import { ConnectionManager } from '../connection/connectionManager';
import { ConnectionRecovery } from '../connection/connectionRecovery';
import { DETAILS_VIEW_TYPE, EventDetailsPanels, registerDetailsSerializer } from '../details/eventDetailsPanels';
import { AutoRefresh } from '../refresh/autoRefresh';
import { EventNotifier } from '../refresh/eventNotifier';
import { EventsController } from '../refresh/eventsController';
import { QuotaStatusBar } from '../status/quotaStatusBar';
import { SubscriptionSelection } from '../subscriptions/subscriptionSelection';
import { HealthChat } from '../chat/healthParticipant';
import { EventResourcesApi } from '../../core/api/eventResourcesApi';
import { registerAgentTools, type AgentRegistration } from '../lm/registerAgentTools';
import { QueryCommands } from '../query/queryCommands';
import { EventsView } from '../tree/eventsView';
import { EventNode, isFromTree, OPEN_DETAILS_COMMAND } from '../tree/nodes';
import { ImpactedResourcesFeature } from '../resources/impactedResourcesFeature';
import { pickFilter, pickGroupBy } from '../tree/pickers';
import { recordingLog } from './logRecorder';
import type { ServiceHealthApi } from './serviceHealthApi';
import { signOutAndForget } from './signOut';

export type { SampleTestOptions, ServiceHealthApi } from './serviceHealthApi';

export class ServiceHealthApp extends Disposable {
  private readonly log: vscode.LogOutputChannel;
  private readonly auth: AzureAuth;
  private readonly connections: ConnectionManager;
  private readonly recovery: ConnectionRecovery;
  private readonly selection: SubscriptionSelection;
  private readonly controller: EventsController;
  private readonly view: EventsView;
  private readonly details: EventDetailsPanels;
  private readonly statusBar: QuotaStatusBar;
  private readonly autoRefresh: AutoRefresh;
  private readonly queries: QueryCommands;
  private readonly chat: HealthChat;
  private readonly impacted: ImpactedResourcesFeature;
  private readonly agents: AgentRegistration;
  private readonly settingsGuard: WorkspaceSettingsGuard;
  private readonly queryNames = new KnownNamesCache();
  private settings: ServiceHealthSettings;
  /** A mode chosen in a window with no folder open, where no workspace setting can hold it. */
  private modeOverride: Mode | undefined;
  private ready: Promise<void> = Promise.resolve();
  private readonly logRecord: string[] = [];
  private readonly constructedMs: number;

  constructor(private readonly context: vscode.ExtensionContext) {
    super();
    const started = performance.now();
    this.settings = readSettings(this.modeOverride);
    const channel = vscode.window.createOutputChannel('Service Health', { log: true });
    // Outside Production, keep every log line for the integration tests' no-token assertions.
    this.log = this._register(context.extensionMode === vscode.ExtensionMode.Production ? channel : recordingLog(channel, this.logRecord));
    this.settingsGuard = this._register(new WorkspaceSettingsGuard(this.log));
    this.auth = this._register(
      new AzureAuth({ cloud: cloudConfig(this.settings.cloud), tenant: this.settings.tenant }, context.globalState, this.log, vscode.authentication),
    );
    this.connections = this._register(new ConnectionManager(this.auth, this.log));
    this.recovery = this._register(
      new ConnectionRecovery({
        connections: this.connections,
        settings: () => this.settings,
        log: this.log,
        proxyConfigured: () => resolveNetwork({ settings: readProxySettings(), env: process.env }).proxySource !== 'none',
      }),
    );
    this.selection = new SubscriptionSelection(context.globalState, () => this.settings.subscriptions);
    const notifier = new EventNotifier({
      level: () => this.settings.notifications,
      sample: () => this.connections.current?.mode === 'sample',
      open: (ref) => this.openDetails(ref),
      reveal: (ref) => this.revealEvent(ref),
    });
    this.controller = this._register(
      new EventsController({
        connections: this.connections,
        auth: this.auth,
        selection: this.selection,
        settings: () => this.settings,
        workspaceState: context.workspaceState,
        storageUri: context.globalStorageUri,
        log: this.log,
        onOutcome: (outcome) => {
          notifier.notify(outcome);
          this.autoRefresh.noteRefreshed();
        },
        onLoadResult: (errors, connection) => void this.recovery.onLoadResult(errors, connection),
      }),
    );
    this.impacted = this._register(
      new ImpactedResourcesFeature({
        connection: () => this.connections.current,
        events: () => this.controller.store.getEvents(),
        currentEvent: () => this.details.activeRef() ?? this.view.view.selection.find((n) => n instanceof EventNode)?.stored,
        log: this.log,
      }),
    );
    this.controller.impactedCount = this.impacted.impactedCount;
    this.view = this._register(new EventsView(this.controller, () => this.settings.groupBy, this.impacted.treeHooks));
    this.details = this._register(
      new EventDetailsPanels({
        extensionUri: context.extensionUri,
        fetchDetails: (ref, signal) => {
          const c = this.connections.current;
          if (!c) {
            return Promise.reject(new Error('Not connected to a service; sign in or use the sample service, then try again.'));
          }
          return c.api.fetchEventDetails(ref.subscriptionId, ref.trackingId, { signal });
        },
        log: this.log,
        portalUrl: () => this.connections.current?.portalUrl ?? cloudConfig(this.settings.cloud).portalUrl,
        isSample: () => this.connections.current?.mode === 'sample',
        impactedResources: (ref) => this.impacted.panelSection(ref),
      }),
    );
    this._register(
      this.impacted.store.onDidChange(() => {
        this.view.render();
        this.details.refreshImpactedResources();
      }),
    );
    this._register(registerDetailsSerializer(this.details));
    this.statusBar = this._register(
      new QuotaStatusBar({
        refreshFromService: async () => (await this.connections.current?.api.getRateLimitStatus()) !== undefined,
        subscriptionName: (id) => this.controller.subscriptionNames().get(id.toLowerCase()),
        log: this.log,
      }),
    );
    this.autoRefresh = this._register(
      new AutoRefresh({
        intervalMinutes: () => this.settings.refreshIntervalMinutes,
        quota: () => this.connections.current?.client.quota,
        refresh: () => this.controller.refresh(),
      }),
    );
    this._register(this.view.view.onDidChangeVisibility((e) => this.autoRefresh.setVisible(e.visible)));
    this.autoRefresh.setVisible(this.view.view.visible);

    let previousMode = this.connections.current?.mode;
    this._register(
      this.connections.onDidChange((c) => {
        // Panels of made-up events must not stay open next to real ones.
        if (previousMode === 'sample' && c?.mode !== 'sample') {
          this.details.closeAll();
        }
        previousMode = c?.mode;
        this.impacted.store.clear();
        this.statusBar.setSource(c?.client);
        // Cached events are drawn before the first request goes out (see PaintTracker).
        void this.controller
          .resetForConnection()
          .then(() => (this.controller.store.size > 0 ? this.view.painted() : undefined))
          .then(() => this.controller.refresh());
        this.refreshSubscriptionNames(false);
      }),
    );
    this._register(
      this.auth.onDidChange(() => {
        void setContext('serviceHealth.signedIn', this.auth.signedIn);
        this.ready = this.connections.apply(this.settings).then(() => {
          this.afterApply();
          // A sign-in lists the account's subscription names again (renamed, new ones).
          this.refreshSubscriptionNames(true);
        });
      }),
    );
    this._register(this.auth.onDidChangeSigningIn((pending) => void setContext('serviceHealth.signingIn', pending)));
    this._register(vscode.workspace.onDidChangeConfiguration((e) => this.onConfigurationChanged(e)));
    this.registerCommands();
    this.queries = this._register(
      new QueryCommands({
        events: () => this.controller.store.getEvents(),
        openDetails: async (ref, event) => {
          // Events the palette fetched beyond the held window are not in the store: show them as given.
          if (event && !this.controller.store.getEvent(ref.subscriptionId, ref.trackingId)) {
            this.details.show(ref, event);
            return true;
          }
          return this.openDetailsAndReveal(ref);
        },
        fetchEvents: (server, signal) => this.fetchEvents(server, signal),
        setTreeQuery: (q) => this.controller.setQuery(q),
        windowDays: () => this.controller.filter.windowDays,
        impactedCount: this.impacted.impactedCount,
        workspaceState: context.workspaceState,
        globalState: context.globalState,
        log: this.log,
      }),
    );
    this.chat = this._register(
      new HealthChat({
        events: () => this.controller.store.getEvents(),
        notReadyReason: () => this.notReadyReason(),
        needsRefresh: () => !this.controller.hasLoaded || this.controller.store.isStale,
        refresh: async () => {
          await this.ready;
          await this.controller.refresh();
        },
        quota: () => this.connections.current?.client.quota,
        windowDays: () => this.controller.filter.windowDays,
        openCommand: OPEN_DETAILS_COMMAND,
        extensionUri: context.extensionUri,
        log: this.log,
        impactedCount: this.impacted.impactedCount,
        impactedResources: (subscriptionId, trackingId, signal) => {
          const c = this.connections.current;
          if (!c) throw new Error('Service Health is not connected; sign in or use the sample service, then ask again.');
          return new EventResourcesApi({ client: c.client, origin: c.origin }).listImpactedResources(subscriptionId, trackingId, { signal });
        },
      }),
    );
    this.agents = this._register(registerAgentTools(this.agentDeps(context)));
    void setContext('serviceHealth.signedIn', false);
    this.ready = this.start();
    this.constructedMs = performance.now() - started;
  }

  private async start(): Promise<void> {
    void this.settingsGuard.check();
    if (this.settings.mode === 'azure') {
      // The last account's cached rows show before the silent sign-in answers (AzureAuth.restore).
      const restored = this.auth.restore();
      await this.connections.apply(this.settings);
      this.afterApply();
      await restored;
    }
    await this.connections.apply(this.settings);
    this.afterApply();
  }

  /** Lists subscription names once per connection (or again on sign-in) and repaints what shows them. */
  private refreshSubscriptionNames(force: boolean): void {
    const c = this.connections.current;
    if (!c || (c.mode === 'azure' && !this.auth.signedIn)) {
      return;
    }
    void this.selection.refreshNames(c, force).then(
      (changed) => changed && this.connections.current === c && this.view.render(),
      (error: unknown) => this.log.warn(`Listing subscription names failed (GUIDs are shown instead): ${error instanceof Error ? error.message : String(error)}`),
    );
  }

  /** Renders the view; while signed out, checks that a configured endpoint can be reached at all. */
  private afterApply(): void {
    this.view.render();
    void (this.controller.phase() === 'signedOut' ? this.recovery.probeWhileSignedOut() : this.recovery.clearProbe());
  }

  private onConfigurationChanged(e: vscode.ConfigurationChangeEvent): void {
    if (!e.affectsConfiguration(SECTION)) {
      if (e.affectsConfiguration(HTTP_SECTION)) {
        // Proxy or certificate settings: the connection manager makes a new client if they changed.
        this.ready = this.connections
          .apply(this.settings)
          .then(() => this.view.render())
          .catch((err: unknown) => this.log.error(`Applying network settings failed: ${String(err)}`));
      }
      return;
    }
    const before = this.settings;
    this.settings = readSettings(this.modeOverride);
    const s = this.settings;
    this.ready = (async () => {
      if (s.cloud !== before.cloud || s.tenant !== before.tenant) {
        await this.auth.setTarget({ cloud: cloudConfig(s.cloud), tenant: s.tenant });
      }
      if (s.mode === 'azure' && before.mode !== 'azure' && !this.auth.signedIn) {
        await this.auth.signInSilently();
      }
      await this.connections.apply(s);
      if (s.subscriptions.join() !== before.subscriptions.join()) {
        await this.controller.refresh();
      }
      if (s.timeWindowDays !== before.timeWindowDays && this.controller.filter.windowDays === before.timeWindowDays) {
        await this.controller.setFilter({ ...this.controller.filter, windowDays: s.timeWindowDays });
      }
      this.autoRefresh.schedule();
      this.afterApply();
    })().catch((err: unknown) => this.log.error(`Applying settings failed: ${String(err)}`));
  }

  private registerCommands(): void {
    const reg = (id: string, fn: (...args: never[]) => unknown): void => {
      this._register(
        vscode.commands.registerCommand(id, async (...args: never[]) => {
          try {
            return await fn(...args);
          } catch (error) {
            const message = error instanceof Error && error.message ? error.message : String(error);
            this.log.error(`${id}: ${message}`);
            void vscode.window.showErrorMessage(message);
            return undefined;
          }
        }),
      );
    };
    reg('serviceHealth.refresh', () => (this.controller.phase() === 'signedOut' ? this.recovery.probeWhileSignedOut() : this.controller.refresh()));
    reg('serviceHealth.signIn', async () => {
      const ok = await this.auth.signIn();
      if (ok) {
        await this.connections.apply(this.settings);
        const c = this.connections.current;
        if (c && this.selection.selected(c).length === 0) {
          await vscode.commands.executeCommand('serviceHealth.selectSubscriptions');
        }
      }
      return ok;
    });
    reg('serviceHealth.cancelSignIn', () => this.auth.cancelSignIn());
    reg('serviceHealth.signOut', () => this.signOut());
    reg('serviceHealth.selectSubscriptions', async () => {
      await this.ready;
      const c = this.connections.current;
      if (!c) {
        void vscode.window.showInformationMessage('Sign in or use the sample service first, then select subscriptions.');
        return;
      }
      if (c.mode === 'azure' && !this.auth.signedIn) {
        void vscode.window.showInformationMessage('Sign in first, then select subscriptions.', 'Sign In').then((choice) => {
          if (choice) {
            void vscode.commands.executeCommand('serviceHealth.signIn');
          }
        });
        return;
      }
      const ids = await this.selection.pick(c);
      if (ids) {
        this.view.render();
        await this.controller.refresh();
      }
    });
    reg('serviceHealth.useSampleService', () => this.setMode('sample'));
    reg('serviceHealth.useAzure', () => this.setMode('azure'));
    reg('serviceHealth.filter', async () => {
      const next = await pickFilter(this.controller.filter, this.controller.store.getEvents());
      if (next) {
        await this.controller.setFilter(next);
      }
    });
    reg('serviceHealth.clearFilter', async () => {
      await this.queries.applyToTree('');
      await this.controller.setFilter(defaultFilter(this.controller.filter.windowDays));
    });
    reg('serviceHealth.groupBy', async () => {
      const next = await pickGroupBy(this.settings.groupBy);
      if (next) {
        await this.setGroupBy(next);
      }
    });
    reg('serviceHealth.markAllSeen', () => {
      this.controller.store.markSeen(this.controller.store.getEvents().map((e) => eventKey(e.subscriptionId, e.trackingId)));
    });
    reg('serviceHealth.copyTrackingId', async (arg: unknown) => {
      const ref = refFromArg(arg);
      if (ref) {
        await vscode.env.clipboard.writeText(ref.trackingId);
      }
    });
    reg('serviceHealth.showLog', () => this.log.show());
    // Rows pass an origin marker (their context menu passes the node): they are already where the user clicked.
    reg(OPEN_DETAILS_COMMAND, (arg: unknown, origin: unknown) => {
      const ref = refFromArg(arg);
      if (!ref) {
        return false;
      }
      return isFromTree(arg, origin) ? this.openDetails(ref) : this.openDetailsAndReveal(ref);
    });
  }

  private signOut(): Promise<void> {
    return signOutAndForget({ auth: this.auth, connections: this.connections, details: this.details, controller: this.controller });
  }

  private async setMode(mode: Mode): Promise<void> {
    const kept = await writeModeForWorkspace(mode);
    this.modeOverride = kept === 'window' ? mode : undefined;
    // The configuration listener applies it too; applying here as well lets callers await it.
    this.settings = readSettings(this.modeOverride);
    if (mode === 'azure' && !this.auth.signedIn) {
      await this.auth.signInSilently();
    }
    this.ready = this.connections.apply(this.settings);
    await this.ready;
    this.view.render();
  }

  private async setGroupBy(groupBy: GroupBy): Promise<void> {
    await updateSetting('groupBy', groupBy);
    this.settings = readSettings(this.modeOverride);
    this.view.render();
  }

  /** One listing for a query reaching past the held window; not merged into the store (its window stays). */
  private async fetchEvents(server: ServerQuery, signal: AbortSignal): Promise<StoredEvent[]> {
    const c = this.connections.current;
    const ids = this.controller.subscriptionIds();
    if (!c || this.controller.phase() !== 'ready' || ids.length === 0) {
      throw new Error('Connect to a service and select subscriptions first, then search again.');
    }
    const results = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: 'Searching Service Health events…' }, () =>
      c.api.listEventsForSubscriptions(ids, { ...(server.filter ? { filter: server.filter } : {}), ...(server.queryStartTime ? { queryStartTime: new Date(server.queryStartTime) } : {}), signal }),
    );
    const failed = results.filter((r) => r.error);
    if (failed.length === results.length && failed[0]?.error) {
      throw failed[0].error;
    }
    for (const f of failed) {
      this.log.warn(`Query search, subscription ${f.subscriptionId}: ${f.error?.message ?? 'failed'}`);
    }
    return results.flatMap((r) =>
      r.events.flatMap((event) => {
        const trackingId = trackingIdOrUndefined(event);
        return trackingId ? [{ subscriptionId: r.subscriptionId, trackingId, event }] : [];
      }),
    );
  }

  /** What the language-model tools and the MCP server definition read (src/ui/lm). */
  private agentDeps(context: vscode.ExtensionContext): Parameters<typeof registerAgentTools>[0] {
    return {
      connection: () => this.connections.current,
      heldEvents: () => this.controller.store.getEvents(),
      heldWindowDays: () => (this.controller.hasLoaded ? this.controller.filter.windowDays : undefined),
      subscriptionIds: () => this.controller.subscriptionIds(),
      notReadyReason: () => this.notReadyReason(),
      ready: () => this.ready,
      token: async () =>
        this.connections.current?.mode === 'sample' ? this.connections.sampleService?.token : this.auth.tokenProvider.getToken({ forceRefresh: false }),
      onDidChange: this.controller.onDidChange,
      extensionUri: context.extensionUri,
      log: this.log,
    };
  }

  /** Why `@health` cannot load events yet, as one sentence saying what to do; undefined when it can. */
  private notReadyReason(): string | undefined {
    switch (this.controller.phase()) {
      case 'misconfigured':
        return this.controller.configurationProblem ?? 'A Service Health setting prevents connecting; check the serviceHealth settings.';
      case 'connecting':
        return 'Service Health is still connecting; ask again in a moment.';
      case 'signedOut':
        return 'Sign in to Azure from the Service Health view (or use the sample service), then ask again.';
      case 'noSubscriptions':
        return 'Select the subscriptions to watch in the Service Health view, then ask again.';
      default:
        return undefined;
    }
  }

  private async openDetails(ref: EventRef): Promise<boolean> {
    // Rows drawn from the cache preview open with their full texts.
    await this.controller.whenRestored();
    const stored = this.controller.store.getEvent(ref.subscriptionId, ref.trackingId);
    if (!stored) {
      void vscode.window.showInformationMessage('That event is no longer in the list; refresh the Service Health view.');
      return false;
    }
    this.details.show(ref, stored.event);
    // The tree shows an incident once for all the subscriptions that list it: opening it reads them all.
    const incident = incidentKey(ref.trackingId);
    const copies = this.controller.store.getEvents().filter((e) => incidentKey(e.trackingId) === incident);
    this.controller.store.markSeen([eventKey(ref.subscriptionId, ref.trackingId), ...copies.map((e) => eventKey(e.subscriptionId, e.trackingId))]);
    return true;
  }

  /** Opening from chat or Query Events: also selects the row, if the view is showing (never opens it). */
  private async openDetailsAndReveal(ref: EventRef): Promise<boolean> {
    const opened = await this.openDetails(ref);
    if (opened && this.view.view.visible) {
      void this.revealEvent(ref);
    }
    return opened;
  }

  private async revealEvent(ref: EventRef): Promise<boolean> {
    try {
      return await this.view.revealEvent(ref);
    } catch (error) {
      // The row can vanish between finding and revealing it (a refresh): nothing for the user to do.
      this.log.warn(`Could not reveal event ${ref.trackingId} in the Events view: ${error instanceof Error ? error.message : String(error)}`);
      return false;
    }
  }

  /** The test API (see {@link ServiceHealthApi}). */
  api(): ServiceHealthApi {
    return {
      settings: { get: () => this.settings, update: (key, value) => updateSetting(key, value) },
      getEvents: () => this.controller.store.getEvents(),
      getVisibleEvents: () => this.controller.visibleEvents(),
      refresh: async (options) => {
        await this.ready;
        await this.controller.refresh(options);
      },
      useSampleService: async (options) => {
        await this.setMode('sample');
        if (options) {
          await this.connections.restartSample(this.settings, options);
        }
        await this.controller.refresh();
        const url = this.connections.sampleUrl;
        if (!url) {
          throw new Error(this.connections.configurationProblem ?? 'The sample service did not start.');
        }
        return url;
      },
      useAzure: () => this.setMode('azure'),
      setGroupBy: (g) => this.setGroupBy(g),
      getTreeSnapshot: (depth) => this.view.snapshot(depth),
      viewState: () => ({
        title: this.view.view.title,
        message: this.view.view.message,
        description: this.view.view.description,
        badge: this.view.view.badge?.value,
        stale: this.controller.store.isStale,
        phase: this.controller.phase(),
      }),
      quota: () => this.connections.current?.client.quota,
      openDetails: (ref) => this.openDetails(ref),
      revealEvent: async (ref) => {
        await this.ready;
        return this.revealEvent(ref);
      },
      selectedTreeIds: () => this.view.selectedIds(),
      detailsPanelCount: () => this.details.openCount,
      signIn: async (options) => {
        await this.ready;
        return options?.silent ? this.auth.signInSilently() : this.auth.signIn();
      },
      isSignedIn: () => this.auth.signedIn,
      query: (text) => {
        const held = this.controller.store.getEvents();
        return runQuery(text, held, Date.now(), this.queryNames.of(held), this.impacted.impactedCount).selected;
      },
      treeQuery: () => this.queries.treeQuery,
      queryPalette: () => this.queries.paletteState(),
      chat: (prompt, command) => this.chat.answerForTest(prompt, command),
      mcpServer: async () => {
        const provider = this.agents.mcp;
        const shape = provider?.shape();
        const definition = provider?.provideMcpServerDefinitions()[0];
        if (!provider || !shape || !definition) return undefined;
        const resolved = await provider.resolveMcpServerDefinition(definition);
        return resolved ? { ...shape, env: { ...resolved.env } } : undefined;
      },
      sampleService: () => this.connections.sampleService,
      lastRenderedDetails: (ref) => this.details.lastRendered(ref),
      logLines: () => [...this.logRecord],
      activationMs: () => this.constructedMs,
      checkWorkspaceSettings: () => this.settingsGuard.check(),
      workspaceSettingWarnings: () => [...this.settingsGuard.shown],
      fetchDetails: (ref) => this.details.fetch(ref),
      restoreDetailsPanel: (state) => {
        const panel = vscode.window.createWebviewPanel(DETAILS_VIEW_TYPE, 'Restoring…', vscode.ViewColumn.Active, {});
        this.details.restore(panel, state);
      },
      storage: () => {
        const mementos = [this.context.globalState, this.context.workspaceState];
        const state = JSON.stringify(mementos.map((m) => m.keys().map((k) => [k, m.get<unknown>(k)])));
        return { state, folders: [this.context.globalStorageUri, ...(this.context.storageUri ? [this.context.storageUri] : [])] };
      },
      signOut: () => this.signOut(),
      impactedResources: (ref) => this.impacted.store.load(this.impacted.copiesOf(ref)),
      lastExport: () => this.impacted.lastExport,
      connectionProblems: () => [...this.recovery.said],
    };
  }
}

function refFromArg(arg: unknown): EventRef | undefined {
  // Called with a ref (tree item command) or a tree node (context menu).
  const candidate = (arg as { stored?: unknown } | undefined)?.stored ?? arg;
  const r = candidate as { subscriptionId?: unknown; trackingId?: unknown } | undefined;
  return typeof r?.subscriptionId === 'string' && typeof r.trackingId === 'string'
    ? { subscriptionId: r.subscriptionId, trackingId: r.trackingId }
    : undefined;
}

function setContext(key: string, value: unknown): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', key, value);
}

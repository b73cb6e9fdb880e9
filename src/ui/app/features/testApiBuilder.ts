/** Builds the test API (see ServiceHealthApi) from the parts the composition root registered. */
import * as vscode from 'vscode';
import type { KnownNamesCache } from '../../../core/chat/eventQuery';
import { updateSetting } from '../../config/settings';
import type { HealthChat } from '../../chat/chatParticipant';
import { DETAILS_VIEW_TYPE } from '../../details/detailsShared';
import type { DetailsPanels } from '../../lazy/details';
import { loadQuery } from '../../lazy/query';
import type { AgentRegistration } from '../../lm/registerAgentTools';
import type { QueryCommands } from '../../query/queryCommands';
import type { AppState } from '../appState';
import type { ServiceHealthApi } from '../serviceHealthApi';
import type { ConnectionParts } from './connection';
import type { EventsParts } from './events';
import type { ConnectionLifecycle } from './lifecycle';
import type { EventNavigation } from './navigation';

export interface TestApiParts {
  readonly context: vscode.ExtensionContext;
  readonly state: AppState;
  readonly logRecord: readonly string[];
  readonly constructedMs: number;
  readonly connection: ConnectionParts;
  readonly events: EventsParts;
  readonly details: DetailsPanels;
  readonly navigation: EventNavigation;
  readonly lifecycle: ConnectionLifecycle;
  readonly queries: QueryCommands;
  readonly chat: HealthChat;
  readonly agents: AgentRegistration;
}

export function buildTestApi(parts: TestApiParts): ServiceHealthApi {
  const { context, state, connection, events, details, navigation, lifecycle } = parts;
  const { auth, connections } = connection;
  const { controller, view, impacted } = events;
  let queryNames: KnownNamesCache | undefined;
  return {
    settings: { get: () => state.settings, update: (key, value) => updateSetting(key, value) },
    getEvents: () => controller.store.getEvents(),
    getVisibleEvents: () => controller.visibleEvents(),
    refresh: async (options) => {
      await state.ready;
      await controller.refresh(options);
    },
    useSampleService: async (options) => {
      await lifecycle.setMode('sample');
      if (options) {
        await connections.restartSample(state.settings, options);
      }
      await controller.refresh();
      const url = connections.sampleUrl;
      if (!url) {
        throw new Error(connections.configurationProblem ?? 'The sample service did not start.');
      }
      return url;
    },
    useAzure: () => lifecycle.setMode('azure'),
    setGroupBy: (g) => lifecycle.setGroupBy(g),
    getTreeSnapshot: (depth) => view.snapshot(depth),
    viewState: () => ({
      title: view.view.title,
      message: view.view.message,
      description: view.view.description,
      badge: view.view.badge?.value,
      stale: controller.store.isStale,
      phase: controller.phase(),
    }),
    quota: () => connections.current?.client.quota,
    openDetails: (ref) => navigation.openDetails(ref),
    revealEvent: async (ref) => {
      await state.ready;
      return navigation.revealEvent(ref);
    },
    selectedTreeIds: () => view.selectedIds(),
    detailsPanelCount: () => details.openCount,
    signIn: async (options) => {
      await state.ready;
      return options?.silent ? auth.signInSilently() : auth.signIn();
    },
    isSignedIn: () => auth.signedIn,
    query: (text) => {
      const held = controller.store.getEvents();
      const query = loadQuery();
      queryNames ??= new query.KnownNamesCache();
      return query.runQuery(text, held, Date.now(), queryNames.of(held), impacted.impactedCount).selected;
    },
    treeQuery: () => parts.queries.treeQuery,
    queryPalette: () => parts.queries.paletteState(),
    chat: (prompt, command) => parts.chat.answerForTest(prompt, command),
    mcpServer: async () => {
      const provider = parts.agents.mcp;
      const shape = provider?.shape();
      const definition = provider?.provideMcpServerDefinitions()[0];
      if (!provider || !shape || !definition) return undefined;
      const resolved = await provider.resolveMcpServerDefinition(definition);
      return resolved ? { ...shape, env: { ...resolved.env } } : undefined;
    },
    sampleService: () => connections.sampleService,
    lastRenderedDetails: (ref) => details.lastRendered(ref),
    logLines: () => [...parts.logRecord],
    activationMs: () => parts.constructedMs,
    checkWorkspaceSettings: () => connection.settingsGuard.check(),
    workspaceSettingWarnings: () => [...connection.settingsGuard.shown],
    fetchDetails: (ref) => details.fetch(ref),
    restoreDetailsPanel: (restored) => {
      const panel = vscode.window.createWebviewPanel(DETAILS_VIEW_TYPE, 'Restoring…', vscode.ViewColumn.Active, {});
      details.restore(panel, restored);
    },
    storage: () => {
      const mementos = [context.globalState, context.workspaceState];
      const stored = JSON.stringify(mementos.map((m) => m.keys().map((k) => [k, m.get<unknown>(k)])));
      return { state: stored, folders: [context.globalStorageUri, ...(context.storageUri ? [context.storageUri] : [])] };
    },
    signOut: () => lifecycle.signOut(),
    impactedResources: (ref) => impacted.store.load(impacted.copiesOf(ref)),
    lastExport: () => impacted.lastExport,
    connectionProblems: () => [...connection.recovery.said],
  };
}

/**
 * Builds the test API (see ServiceHealthApi) from the parts the composition root registered. Its own
 * bundle (dist/testApi.js), loaded only in Test mode; a production build has none (scripts/build.mjs).
 */
import * as vscode from 'vscode';
import type { KnownNamesCache } from '../../core/chat/eventQuery';
import { OPEN_SETTINGS_ACTION, RESTART_SAMPLE_ACTION } from '../../core/api/connectionProblems';
import { RELOAD_WINDOW_ACTION } from '../base/reloadOffer';
import { updateSetting, USER_ONLY_SETTINGS } from '../config/settings';
import { ignoredSettingMessage } from '../config/workspaceSettingsGuard';
import type { HealthChat } from '../chat/chatParticipant';
import type { AnswerStream, RecordedAnswer } from '../chat/healthParticipant';
import { DETAILS_VIEW_TYPE } from '../details/detailsShared';
import type { DetailsPanels } from '../details/lazyPanels';
import { loadQuery } from '../query/lazyQuery';
import type { AgentRegistration } from '../lm/registerAgentTools';
import type { QueryCommands } from '../query/queryCommands';
import type { AppState } from './appState';
import { recordDetailsPanels, type DetailsRecorder } from './detailsRecorder';
import { recordQueryPalette } from './paletteRecorder';
import type { SampleTestOptions, ServiceHealthApi } from './serviceHealthApi';
import type { ConnectionParts } from './wiring/connection';
import type { EventsParts } from './wiring/events';
import type { ConnectionLifecycle } from './wiring/lifecycle';
import type { EventNavigation } from './wiring/navigation';

export interface TestApiParts {
  readonly context: vscode.ExtensionContext;
  readonly state: AppState;
  readonly logRecord: readonly string[];
  readonly constructedMs: number;
  readonly sampleOptions: SampleTestOptionsHolder | undefined;
  readonly connection: ConnectionParts;
  readonly events: EventsParts;
  readonly details: DetailsPanels;
  readonly navigation: EventNavigation;
  readonly lifecycle: ConnectionLifecycle;
  readonly queries: QueryCommands;
  readonly chat: HealthChat;
  readonly agents: AgentRegistration;
}

/** This build has the test API (a production build's stub says false: scripts/build.mjs). */
export const available = true;

/** What the sample service serves in Test mode: useSampleService(options) sets it; restarts keep it. */
export class SampleTestOptionsHolder {
  current: SampleTestOptions = {};
}

export function buildTestApi(parts: TestApiParts): ServiceHealthApi {
  const { state, connection, events, details, navigation, lifecycle } = parts;
  const { auth, connections } = connection;
  const { controller, view, impacted } = events;
  let queryNames: KnownNamesCache | undefined;
  const notifications = recordNotifications();
  const rendered = recordDetailsPanels();
  const palette = recordQueryPalette();
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
      if (options && parts.sampleOptions) {
        parts.sampleOptions.current = options;
        await connections.restartSampleService(state.settings);
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
      return query.runQuery(text, held, Date.now(), queryNames.of(held), controller.facts).selected;
    },
    treeQuery: () => parts.queries.treeQuery,
    queryPalette: () => palette.state(),
    chat: (prompt, command) => recordAnswer(parts.chat, prompt, command),
    fetchDetails: (ref) => details.fetch(ref),
    restoreDetailsPanel: (restored) => {
      const panel = vscode.window.createWebviewPanel(DETAILS_VIEW_TYPE, 'Restoring…', vscode.ViewColumn.Active, {});
      details.restore(panel, restored);
    },
    signOut: () => lifecycle.signOut(),
    impactedResources: (ref) => impacted.store.load(impacted.copiesOf(ref)),
    ...inspectionApi(parts, notifications, rendered),
  };
}

/** What tests read of the host's state: the MCP definition, logs, storage and the notifications shown. */
function inspectionApi(parts: TestApiParts, notifications: ReturnType<typeof recordNotifications>, rendered: DetailsRecorder): Pick<ServiceHealthApi, InspectionKeys> {
  const { context, connection } = parts;
  const { connections } = connection;
  return {
    mcpServer: async () => {
      const provider = parts.agents.mcp;
      const shape = provider?.shape();
      const definition = provider?.provideMcpServerDefinitions()[0];
      if (!provider || !shape || !definition) return undefined;
      const resolved = await provider.resolveMcpServerDefinition(definition);
      return resolved ? { ...shape, env: { ...resolved.env } } : undefined;
    },
    sampleService: () => connections.sampleService,
    lastRenderedDetails: (ref) => rendered.lastRendered(ref),
    logLines: () => [...parts.logRecord],
    activationMs: () => parts.constructedMs,
    checkWorkspaceSettings: () => connection.settingsGuard.check(),
    workspaceSettingWarnings: () => notifications.of('warning').map((n) => n.message).filter((m) => USER_ONLY_SETTINGS.some((key) => m === ignoredSettingMessage(key))),
    storage: () => {
      const mementos = [context.globalState, context.workspaceState];
      const stored = JSON.stringify(mementos.map((m) => m.keys().map((k) => [k, m.get<unknown>(k)])));
      return { state: stored, folders: [context.globalStorageUri, ...(context.storageUri ? [context.storageUri] : [])] };
    },
    // A connection problem is the error notification offering its way out (restart the sample service, open the endpoint setting).
    reloadOffers: () => notifications.of('warning').filter((n) => n.actions.includes(RELOAD_WINDOW_ACTION)).map((n) => n.message),
    connectionProblems: () => notifications.of('error').filter((n) => n.actions.some((a) => a === RESTART_SAMPLE_ACTION || a === OPEN_SETTINGS_ACTION)).map((n) => n.message),
  };
}

type InspectionKeys =
  | 'mcpServer'
  | 'sampleService'
  | 'lastRenderedDetails'
  | 'logLines'
  | 'activationMs'
  | 'checkWorkspaceSettings'
  | 'workspaceSettingWarnings'
  | 'storage'
  | 'connectionProblems'
  | 'reloadOffers';

/** Asks `@health` through a stream that records what it writes (no language model). */
async function recordAnswer(chat: HealthChat, prompt: string, command?: string): Promise<RecordedAnswer> {
  const parts: string[] = [];
  const progress: string[] = [];
  const buttons: vscode.Command[] = [];
  const stream: AnswerStream = {
    markdown: (value) => parts.push(typeof value === 'string' ? value : value.value),
    progress: (value) => progress.push(value),
    button: (value) => buttons.push(value),
  };
  const source = new vscode.CancellationTokenSource();
  try {
    const result = await chat.answer({ prompt, command }, stream, source.token);
    return { markdown: parts.join(''), progress, buttons, result };
  } finally {
    source.dispose();
  }
}

type Severity = 'error' | 'warning' | 'information';

interface Notification {
  readonly severity: Severity;
  readonly message: string;
  /** The buttons it offers. */
  readonly actions: readonly string[];
}

/**
 * Records the notifications the extension shows, as the user reads them: wraps this extension's
 * own `vscode.window.show*Message` (the API object VS Code gives each extension), Test mode only.
 */
function recordNotifications(): { of(severity: Severity): Notification[] } {
  const shown: Notification[] = [];
  type Show = 'showErrorMessage' | 'showWarningMessage' | 'showInformationMessage';
  const window = vscode.window as { -readonly [K in Show]: (message: string, ...rest: unknown[]) => Thenable<unknown> };
  const wrap = (severity: Severity, key: Show): void => {
    const show = window[key].bind(vscode.window);
    window[key] = (message, ...rest) => {
      const actions = rest.flatMap((r) => (typeof r === 'string' ? [r] : typeof (r as Partial<vscode.MessageItem> | undefined)?.title === 'string' ? [(r as vscode.MessageItem).title] : []));
      shown.push({ severity, message, actions });
      return show(message, ...rest);
    };
  };
  wrap('error', 'showErrorMessage');
  wrap('warning', 'showWarningMessage');
  wrap('information', 'showInformationMessage');
  return { of: (severity) => shown.filter((n) => n.severity === severity) };
}

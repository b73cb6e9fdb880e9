/**
 * The language-model tools (Copilot agent mode and any chat that calls tools): the agent core's
 * six operations behind `vscode.lm.registerTool`. Results are JSON text, one bounded page with
 * the total and how to get more; a failure is thrown with a sentence the model can act on.
 */
import * as vscode from 'vscode';
import type { HealthTools } from '../../core/agent/healthTools';
import type { CheckWorkspaceInput, GetEventInput, GetResourceHealthInput, ImpactedResourcesInput, ListEventsInput, ListResourceHealthInput } from '../../core/agent/inputs';
import type { HealthDataSource } from '../../core/agent/source';
import { loadAgentTools, type AgentParts } from './lazyAgentTools';
import { workspaceParts, type WorkspaceTemplates } from './workspaceCheck';

export const LM_TOOL_NAMES = {
  listEvents: 'serviceHealth_listEvents',
  getEvent: 'serviceHealth_getEvent',
  getQuota: 'serviceHealth_getQuota',
  listImpactedResources: 'serviceHealth_listImpactedResources',
  listResourceHealth: 'serviceHealth_listResourceHealth',
  getResourceHealth: 'serviceHealth_getResourceHealth',
  checkWorkspace: 'serviceHealth_checkWorkspace',
} as const;

type Run<T> = (tools: HealthTools, input: T, signal: AbortSignal) => Promise<Record<string, unknown>>;

/** The tools' code (with the query language and the input schemas), loaded with the first tool call. */
interface LoadedTools {
  readonly parts: AgentParts;
  readonly tools: HealthTools;
}

function tool<T>(
  load: () => LoadedTools,
  parse: (parts: AgentParts, input: unknown) => T,
  run: Run<T>,
  prepare: (input: T) => vscode.PreparedToolInvocation,
  log: vscode.LogOutputChannel,
  name: string,
): vscode.LanguageModelTool<T> {
  return {
    prepareInvocation: (options) => {
      try {
        return prepare(parse(load().parts, options.input));
      } catch {
        // An invalid input is reported by invoke, in words for the model.
        return { invocationMessage: vscode.l10n.t('Reading Service Health…') };
      }
    },
    invoke: async (options, token) => {
      const controller = new AbortController();
      const sub = token.onCancellationRequested(() => controller.abort());
      try {
        const { parts, tools } = load();
        const result = await run(tools, parse(parts, options.input), controller.signal);
        // Within the answer budget whatever the estate (core/agent/budget.ts).
        return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(parts.answerText(result))]);
      } catch (error) {
        const message = load().parts.toolErrorMessage(error);
        log.info(`${name}: ${message}`);
        throw new Error(message);
      } finally {
        sub.dispose();
      }
    },
  };
}

/** Registers the seven tools; the returned disposables unregister them. */
export function registerLmTools(source: HealthDataSource, log: vscode.LogOutputChannel, templates: WorkspaceTemplates): vscode.Disposable[] {
  let loaded: LoadedTools | undefined;
  const tools = (): LoadedTools => {
    if (!loaded) {
      const parts = loadAgentTools();
      loaded = { parts, tools: new parts.HealthTools(source) };
    }
    return loaded;
  };
  const listEvents = tool<ListEventsInput>(
    tools,
    (p, i) => p.parseInput(p.listEventsInput, i),
    (t, i, s) => t.listEvents(i, s),
    (i) => ({ invocationMessage: i.query ? vscode.l10n.t('Searching Service Health events for “{0}”', i.query.slice(0, 80)) : vscode.l10n.t('Listing Service Health events') }),
    log,
    LM_TOOL_NAMES.listEvents,
  );
  const getEvent = tool<GetEventInput>(
    tools,
    (p, i) => p.parseInput(p.getEventInput, i),
    (t, i, s) => t.getEvent(i, s),
    (i) => ({
      invocationMessage: vscode.l10n.t('Reading Service Health event {0}', i.trackingId),
      // Sensitive text (security advisories and the like) goes to the model only with the user's consent.
      ...(i.includeSensitiveDetails === true
        ? {
            confirmationMessages: {
              title: vscode.l10n.t('Fetch sensitive event details?'),
              message: new vscode.MarkdownString(
                vscode.l10n.t(
                  'The full text of event **{0}** may be sensitive (for example a security advisory). Service Health will fetch it from Azure and give it to the language model.',
                  i.trackingId.replace(/[\\`*_[\]()<>|~&$#]/g, ''),
                ),
              ),
            },
          }
        : {}),
    }),
    log,
    LM_TOOL_NAMES.getEvent,
  );
  const impacted = tool<ImpactedResourcesInput>(
    tools,
    (p, i) => p.parseInput(p.impactedResourcesInput, i),
    (t, i, s) => t.listImpactedResources(i, s),
    (i) => ({ invocationMessage: vscode.l10n.t('Finding the resources affected by {0}', i.trackingId) }),
    log,
    LM_TOOL_NAMES.listImpactedResources,
  );
  const quota = tool<Record<string, never>>(
    tools,
    () => ({}),
    (t, _i, s) => t.getQuota(s),
    () => ({ invocationMessage: vscode.l10n.t('Reading the Service Health API quota') }),
    log,
    LM_TOOL_NAMES.getQuota,
  );
  return [
    vscode.lm.registerTool(LM_TOOL_NAMES.listEvents, listEvents),
    vscode.lm.registerTool(LM_TOOL_NAMES.getEvent, getEvent),
    vscode.lm.registerTool(LM_TOOL_NAMES.listImpactedResources, impacted),
    ...resourceHealthTools(tools, log),
    checkWorkspaceTool(tools, log, templates),
    vscode.lm.registerTool(LM_TOOL_NAMES.getQuota, quota),
  ];
}

/** What the workspace's templates deploy against the active events (issue 24). */
function checkWorkspaceTool(tools: () => LoadedTools, log: vscode.LogOutputChannel, templates: WorkspaceTemplates): vscode.Disposable {
  const check = tool<CheckWorkspaceInput>(
    tools,
    (p, i) => p.parseInput(p.checkWorkspaceInput, i),
    async (t, i, s) => {
      const { parts, where } = await workspaceParts(templates, i.folder, (message) => new (tools().parts.ToolInputError)(message));
      return t.checkInfrastructure(parts, where, s);
    },
    (i) => ({
      invocationMessage: i.folder
        ? vscode.l10n.t('Checking the templates in {0} against Service Health', i.folder.slice(0, 80))
        : vscode.l10n.t('Checking the workspace’s templates against Service Health'),
    }),
    log,
    LM_TOOL_NAMES.checkWorkspace,
  );
  return vscode.lm.registerTool(LM_TOOL_NAMES.checkWorkspace, check);
}

/** Resource Health: the estate's availability, and one resource's. */
function resourceHealthTools(tools: () => LoadedTools, log: vscode.LogOutputChannel): vscode.Disposable[] {
  const listHealth = tool<ListResourceHealthInput>(
    tools,
    (p, i) => p.parseInput(p.listResourceHealthInput, i),
    (t, i, s) => t.listResourceHealth(i, s),
    () => ({ invocationMessage: vscode.l10n.t('Reading the health of your resources') }),
    log,
    LM_TOOL_NAMES.listResourceHealth,
  );
  const getHealth = tool<GetResourceHealthInput>(
    tools,
    (p, i) => p.parseInput(p.getResourceHealthInput, i),
    (t, i, s) => t.getResourceHealth(i, s),
    (i) => ({ invocationMessage: vscode.l10n.t('Reading the health of {0}', i.resourceId.split('/').filter(Boolean).pop() ?? i.resourceId) }),
    log,
    LM_TOOL_NAMES.getResourceHealth,
  );
  return [vscode.lm.registerTool(LM_TOOL_NAMES.listResourceHealth, listHealth), vscode.lm.registerTool(LM_TOOL_NAMES.getResourceHealth, getHealth)];
}

/** The language-model tools and the MCP server definition (src/ui/lm). */
import type * as vscode from 'vscode';
import { registerAgentTools, type AgentRegistration } from '../../lm/registerAgentTools';
import type { AppState } from '../appState';
import type { ConnectionParts } from './connection';
import { notReadyReason, type EventsParts } from './events';
import type { Register } from './register';

export function registerAgents(
  register: Register,
  deps: {
    readonly context: vscode.ExtensionContext;
    readonly log: vscode.LogOutputChannel;
    readonly state: AppState;
    readonly connection: ConnectionParts;
    readonly events: EventsParts;
  },
): AgentRegistration {
  const { auth, connections } = deps.connection;
  const { controller } = deps.events;
  return register(
    registerAgentTools({
      connection: () => connections.current,
      heldEvents: () => controller.store.getEvents(),
      heldWindowDays: () => (controller.hasLoaded ? controller.filter.windowDays : undefined),
      subscriptionIds: () => controller.subscriptionIds(),
      notReadyReason: () => notReadyReason(controller),
      ready: () => deps.state.ready,
      token: async () => (connections.current?.mode === 'sample' ? connections.sampleService?.token : auth.tokenProvider.getToken({ forceRefresh: false })),
      onDidChange: controller.onDidChange,
      extensionUri: deps.context.extensionUri,
      log: deps.log,
    }),
  );
}

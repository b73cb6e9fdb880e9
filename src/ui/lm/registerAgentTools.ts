/**
 * Everything the extension offers to AI agents, registered in one place: the language-model
 * tools and the MCP server definition provider. Hosts without the `vscode.lm` tool or MCP API
 * (older or stripped builds) still run the rest of the extension.
 */
import * as vscode from 'vscode';
import { extensionSource, type AgentHostDeps } from './agentSource';
import { registerLmTools } from './healthLmTools';
import { registerMcpProvider, type HealthMcpProvider, type McpProviderDeps } from './mcpProvider';
import type { WorkspaceTemplates } from './workspaceCheck';
import { append } from '../../core/text/lists';

export type AgentRegistrationDeps = AgentHostDeps &
  Omit<McpProviderDeps, 'connection' | 'subscriptionIds'> & {
    /** The workspace's templates as the extension read them (serviceHealth_checkWorkspace). */
    readonly templates: WorkspaceTemplates;
  };

export interface AgentRegistration extends vscode.Disposable {
  /** undefined when the host has no MCP API. */
  readonly mcp?: HealthMcpProvider;
}

export function registerAgentTools(deps: AgentRegistrationDeps): AgentRegistration {
  const disposables: vscode.Disposable[] = [];
  if (typeof vscode.lm?.registerTool === 'function') {
    append(disposables, registerLmTools(extensionSource(deps), deps.log, deps.templates));
  } else {
    deps.log.info('The language-model tool API is not available in this host; the Service Health tools are not registered.');
  }
  let mcp: HealthMcpProvider | undefined;
  if (typeof vscode.lm?.registerMcpServerDefinitionProvider === 'function') {
    const registered = registerMcpProvider(deps);
    mcp = registered.provider;
    append(disposables, registered.disposables);
  } else {
    deps.log.info('The MCP server API is not available in this host; the Service Health MCP server is not offered.');
  }
  return { ...(mcp ? { mcp } : {}), dispose: () => disposables.forEach((d) => d.dispose()) };
}

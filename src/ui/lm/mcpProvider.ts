/**
 * Offers `health-events mcp` (dist/mcp.js) to VS Code as an MCP server: a stdio definition run
 * with the extension host's own Node (process.execPath; ELECTRON_RUN_AS_NODE makes the desktop
 * binary behave as Node). The definition names the connection's endpoint and subscriptions and
 * never holds a token: the token is added at resolve time, i.e. each time VS Code starts the
 * server, from the signed-in session (or the embedded sample service's own token).
 */
import * as vscode from 'vscode';
import { Disposable } from '../base/disposable';
import type { Connection } from '../connection/connectionManager';

export const MCP_PROVIDER_ID = 'serviceHealth.mcp';
export const MCP_SERVER_LABEL = 'Service Health';

export interface McpProviderDeps {
  readonly extensionUri: vscode.Uri;
  connection(): Connection | undefined;
  subscriptionIds(): readonly string[];
  /** A current access token for the connection (the sample service's own in sample mode). */
  token(): Promise<string | undefined>;
  /** Fires when the connection, account or subscriptions change. */
  readonly onDidChange: vscode.Event<unknown>;
  readonly log: vscode.LogOutputChannel;
}

/** What a definition is made of, without the token (also the test hook's view of it). */
export interface McpDefinitionShape {
  readonly command: string;
  readonly args: readonly string[];
  readonly version: string;
}

export class HealthMcpProvider extends Disposable implements vscode.McpServerDefinitionProvider<vscode.McpStdioServerDefinition> {
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  readonly onDidChangeMcpServerDefinitions = this.changed.event;
  private generation = 1;
  private lastKey: string | undefined;

  constructor(private readonly deps: McpProviderDeps) {
    super();
    this.lastKey = this.key();
    this._register(
      deps.onDidChange(() => {
        const key = this.key();
        if (key === this.lastKey) return;
        // A new version tells VS Code the server's endpoint, account or subscriptions changed.
        this.lastKey = key;
        this.generation += 1;
        this.changed.fire();
      }),
    );
  }

  private key(): string {
    const c = this.deps.connection();
    return JSON.stringify([c?.identity ?? '', this.deps.subscriptionIds()]);
  }

  /** undefined while there is nothing to serve (signed out, no subscriptions). */
  shape(): McpDefinitionShape | undefined {
    const c = this.deps.connection();
    const subscriptions = this.deps.subscriptionIds();
    if (!c || subscriptions.length === 0) return undefined;
    const script = vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'mcp.js').fsPath;
    const args = [script, '--endpoint', c.origin, ...subscriptions.flatMap((s) => ['--subscription', s])];
    return { command: process.execPath, args, version: String(this.generation) };
  }

  provideMcpServerDefinitions(): vscode.McpStdioServerDefinition[] {
    const shape = this.shape();
    if (!shape) return [];
    const definition = new vscode.McpStdioServerDefinition(MCP_SERVER_LABEL, shape.command, [...shape.args], { ELECTRON_RUN_AS_NODE: '1' }, shape.version);
    return [definition];
  }

  async resolveMcpServerDefinition(server: vscode.McpStdioServerDefinition): Promise<vscode.McpStdioServerDefinition | undefined> {
    const token = await this.deps.token();
    if (!token) {
      // Thrown errors reach the user (and a pending tool call's model) as the reason.
      throw new Error('Sign in to Azure from the Service Health view (or use the sample service), then start the Service Health MCP server again.');
    }
    this.deps.log.info('Starting the Service Health MCP server with the current session token.');
    server.env = { ...server.env, HEALTH_EVENTS_TOKEN: token };
    return server;
  }
}

export function registerMcpProvider(deps: McpProviderDeps): { provider: HealthMcpProvider; disposables: vscode.Disposable[] } {
  const provider = new HealthMcpProvider(deps);
  return { provider, disposables: [provider, vscode.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, provider)] };
}

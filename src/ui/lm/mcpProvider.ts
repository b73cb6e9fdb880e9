/** Offers `health-events mcp` (dist/mcp.js) to VS Code as an MCP server. Why: docs/architecture.md#lm-mcpprovider */
import { mkdir, writeFile } from 'node:fs/promises';
import * as vscode from 'vscode';
import { TOKEN_FILE_ENV, TokenFileRefresher, writeTokenFile } from '../../core/mcp/tokenFile';
import { Disposable } from '../base/disposable';
import type { Connection } from '../connection/connectionManager';

export const MCP_PROVIDER_ID = 'serviceHealth.mcp';
export const MCP_SERVER_LABEL = 'Service Health';
const TOKEN_FILE = 'mcp-token.json';
const SUBSCRIPTIONS_FILE = 'mcp-subscriptions.txt';

export interface McpProviderDeps {
  readonly extensionUri: vscode.Uri;
  connection(): Connection | undefined;
  subscriptionIds(): readonly string[];
  /** A current access token for the connection (the sample service's own in sample mode). */
  token(): Promise<string | undefined>;
  /** Fires when the connection, account or subscriptions change. */
  readonly onDidChange: vscode.Event<unknown>;
  /** The extension's private storage (context.globalStorageUri): the token and subscriptions files. */
  readonly storageUri: vscode.Uri;
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
  private refresher: TokenFileRefresher | undefined;

  constructor(private readonly deps: McpProviderDeps) {
    super();
    this.lastKey = this.key();
    const changed = (): void => {
      const key = this.key();
      if (key === this.lastKey) return;
      // A new version tells VS Code the server's endpoint, account, subscriptions or roots changed.
      this.lastKey = key;
      this.generation += 1;
      // A running server reads the new origin's token (and refuses it, for another endpoint) at once.
      void this.refresher?.refresh();
      this.changed.fire();
    };
    this._register(deps.onDidChange(changed));
    // The workspace folders are the roots check_infrastructure may read.
    this._register(vscode.workspace.onDidChangeWorkspaceFolders(changed));
    this._register({ dispose: () => this.refresher?.stop() });
  }

  private file(name: string): string {
    return vscode.Uri.joinPath(this.deps.storageUri, name).fsPath;
  }

  private key(): string {
    const c = this.deps.connection();
    return JSON.stringify([c?.identity ?? '', this.deps.subscriptionIds(), workspaceRoots()]);
  }

  /** undefined while there is nothing to serve (signed out, no subscriptions). */
  shape(): McpDefinitionShape | undefined {
    const c = this.deps.connection();
    const subscriptions = this.deps.subscriptionIds();
    if (!c || subscriptions.length === 0) return undefined;
    const script = vscode.Uri.joinPath(this.deps.extensionUri, 'dist', 'mcp.js').fsPath;
    const args = [script, '--endpoint', c.origin, '--subscriptions-file', this.file(SUBSCRIPTIONS_FILE), ...workspaceRoots().flatMap((root) => ['--root', root])];
    return { command: process.execPath, args, version: String(this.generation) };
  }

  provideMcpServerDefinitions(): vscode.McpStdioServerDefinition[] {
    const shape = this.shape();
    if (!shape) return [];
    const definition = new vscode.McpStdioServerDefinition(MCP_SERVER_LABEL, shape.command, [...shape.args], { ELECTRON_RUN_AS_NODE: '1' }, shape.version);
    return [definition];
  }

  async resolveMcpServerDefinition(server: vscode.McpStdioServerDefinition): Promise<vscode.McpStdioServerDefinition | undefined> {
    const c = this.deps.connection();
    const endpoint = server.args[server.args.indexOf('--endpoint') + 1];
    // Thrown errors reach the user (and a pending tool call's model) as the reason.
    if (!c || server.args.indexOf('--endpoint') < 0 || endpoint !== c.origin) {
      throw new Error(
        vscode.l10n.t('The Service Health connection changed since this server was listed; restart the Service Health MCP server (MCP: List Servers) to start it on the current one.'),
      );
    }
    const token = await this.deps.token();
    if (!token) {
      throw new Error(vscode.l10n.t('Sign in to Azure from the Service Health view (or use the sample service), then start the Service Health MCP server again.'));
    }
    await mkdir(this.deps.storageUri.fsPath, { recursive: true });
    await writeFile(this.file(SUBSCRIPTIONS_FILE), `${this.deps.subscriptionIds().join('\n')}\n`, { mode: 0o600 });
    const tokenFile = this.file(TOKEN_FILE);
    this.refresher?.stop();
    this.refresher = new TokenFileRefresher({
      current: async () => {
        const now = this.deps.connection();
        const fresh = now ? await this.deps.token() : undefined;
        return now && fresh ? { origin: now.origin, token: fresh } : undefined;
      },
      write: (content) => writeTokenFile(tokenFile, content),
      timer: { now: Date.now, setTimeout: (fn, ms) => setTimeout(fn, ms), clearTimeout: (h) => clearTimeout(h as ReturnType<typeof setTimeout> | undefined) },
      onError: () => this.deps.log.warn('Could not refresh the Service Health MCP server token file; the server asks you to sign in again when its token expires.'),
    });
    await this.refresher.refresh();
    this.deps.log.info('Starting the Service Health MCP server; its token file is kept fresh until the token is no longer available.');
    server.env = { ...server.env, [TOKEN_FILE_ENV]: tokenFile };
    return server;
  }
}

/** The local workspace folders: the only folders the server's check_infrastructure may read. */
function workspaceRoots(): string[] {
  return (vscode.workspace.workspaceFolders ?? []).filter((f) => f.uri.scheme === 'file').map((f) => f.uri.fsPath);
}

export function registerMcpProvider(deps: McpProviderDeps): { provider: HealthMcpProvider; disposables: vscode.Disposable[] } {
  const provider = new HealthMcpProvider(deps);
  return { provider, disposables: [provider, vscode.lm.registerMcpServerDefinitionProvider(MCP_PROVIDER_ID, provider)] };
}

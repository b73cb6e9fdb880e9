/**
 * Sign-in with VS Code's built-in Microsoft authentication (or its sovereign-cloud provider).
 *
 * - Silent first: on start and after account changes we only ask `{ silent: true }`, which never
 *   prompts; the interactive flow runs only from the "Sign In" command.
 * - "Sign Out" forgets our use of the session (and remembers that choice across restarts, so we do
 *   not silently re-attach); the accounts themselves belong to VS Code's Accounts menu.
 * - Tokens: every `getToken` asks VS Code again (`silent`), which returns a token it has refreshed
 *   itself before expiry. After a 401 (`forceRefresh`) we make the same fresh silent call:
 *   `forceNewSession` would prompt the user in the middle of a background refresh, so a token the
 *   service still refuses surfaces as "sign in again" instead, and the Sign In command recovers.
 * - Tokens are never logged; only the account label is.
 */
import * as vscode from 'vscode';
import type { TokenProvider } from '../../core/http/types';
import { Disposable } from '../base/disposable';
import { armScopes, isValidTenant, type CloudConfig } from '../config/clouds';

const SIGNED_OUT_KEY = 'serviceHealth.auth.signedOut';

/**
 * The part of `vscode.authentication` this class uses; the composition root passes
 * `vscode.authentication` itself, tests a scripted fake (no Microsoft account offline).
 */
export interface AuthenticationApi {
  getSession(
    providerId: string,
    scopes: readonly string[],
    options: vscode.AuthenticationGetSessionOptions,
  ): Thenable<vscode.AuthenticationSession | undefined>;
  readonly onDidChangeSessions: vscode.Event<vscode.AuthenticationSessionsChangeEvent>;
}

export interface AuthTarget {
  readonly cloud: CloudConfig;
  readonly tenant: string | undefined;
}

export class AzureAuth extends Disposable {
  private session: vscode.AuthenticationSession | undefined;
  private target: AuthTarget;
  /**
   * Bumped by Sign Out and by a cloud or tenant change: a provider answer that arrives after
   * either belongs to a state the user has left, and is dropped.
   */
  private epoch = 0;
  private readonly changed = this._register(new vscode.EventEmitter<void>());
  /** Fires when the signed-in state or account changes. */
  readonly onDidChange = this.changed.event;

  constructor(
    target: AuthTarget,
    private readonly memento: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
    private readonly authentication: AuthenticationApi,
  ) {
    super();
    this.target = target;
    this._register(
      authentication.onDidChangeSessions((e) => {
        if (e.provider.id === this.target.cloud.authProviderId) {
          void this.signInSilently();
        }
      }),
    );
  }

  get signedIn(): boolean {
    return this.session !== undefined;
  }

  get accountLabel(): string | undefined {
    return this.session?.account.label;
  }

  /** Identity of the account, for per-account memory (subscription selection, cache). */
  get accountId(): string | undefined {
    return this.session?.account.id;
  }

  get scopes(): string[] {
    const tenant = this.target.tenant && isValidTenant(this.target.tenant) ? this.target.tenant : undefined;
    return armScopes(this.target.cloud, tenant);
  }

  /** Cloud or tenant changed: the old session is for another audience. */
  async setTarget(target: AuthTarget): Promise<void> {
    if (target.cloud.name === this.target.cloud.name && target.tenant === this.target.tenant) {
      return;
    }
    this.target = target;
    this.epoch++;
    this.setSession(undefined);
    await this.signInSilently();
  }

  /** Attaches to an existing session without any UI. Returns whether one was found. */
  async signInSilently(): Promise<boolean> {
    if (this.memento.get<boolean>(SIGNED_OUT_KEY) === true) {
      this.setSession(undefined);
      return false;
    }
    const epoch = this.epoch;
    const session = await this.getSession({ silent: true });
    if (epoch !== this.epoch) {
      return false;
    }
    this.setSession(session);
    return session !== undefined;
  }

  /** The "Sign In" command: may show VS Code's sign-in flow. Returns whether signed in. */
  async signIn(): Promise<boolean> {
    this.warnIfSovereignProviderUnset();
    const epoch = this.epoch;
    const session = await this.getSession({ createIfNone: true });
    if (epoch !== this.epoch) {
      return false;
    }
    if (session) {
      await this.memento.update(SIGNED_OUT_KEY, undefined);
    }
    this.setSession(session ?? this.session);
    return session !== undefined;
  }

  /** Forgets the session for this extension; the account stays in VS Code. */
  async signOut(): Promise<void> {
    this.epoch++;
    await this.memento.update(SIGNED_OUT_KEY, true);
    this.setSession(undefined);
    this.log.info('Signed out of Service Health (the account stays available in VS Code\'s Accounts menu).');
  }

  readonly tokenProvider: TokenProvider = {
    getToken: async ({ forceRefresh }) => {
      const current = this.session;
      if (!current) {
        return undefined;
      }
      const epoch = this.epoch;
      const fresh = await this.getSession({ silent: true, account: current.account });
      if (epoch !== this.epoch || this.session?.account.id !== current.account.id) {
        // Signed out, another cloud or tenant, or another account meanwhile: not this request's token.
        return undefined;
      }
      if (!fresh) {
        if (forceRefresh) {
          this.setSession(undefined);
        }
        return undefined;
      }
      if (fresh.account.id !== current.account.id || fresh.id !== current.id) {
        this.setSession(fresh);
      }
      return fresh.accessToken;
    },
  };

  private async getSession(options: vscode.AuthenticationGetSessionOptions): Promise<vscode.AuthenticationSession | undefined> {
    const provider = this.target.cloud.authProviderId;
    try {
      return await this.authentication.getSession(provider, this.scopes, options);
    } catch (error) {
      // Cancelled consent, a provider that is missing or misconfigured: never a crash, one log line.
      const message = error instanceof Error ? error.message : String(error);
      if (options.createIfNone) {
        void vscode.window.showWarningMessage(`Sign-in did not complete: ${message}. Run "Service Health: Sign In" to try again.`);
      }
      this.log.warn(`Sign-in with provider ${provider} did not complete: ${message}`);
      return undefined;
    }
  }

  private warnIfSovereignProviderUnset(): void {
    const env = this.target.cloud.sovereignEnvironment;
    if (!env) {
      return;
    }
    const configured = vscode.workspace.getConfiguration('microsoft-sovereign-cloud').get<string>('environment');
    if (configured !== env) {
      this.log.warn(
        `Signing in to ${this.target.cloud.name} needs the setting "microsoft-sovereign-cloud.environment" set to "${env}" (it is "${configured ?? 'unset'}").`,
      );
    }
  }

  private setSession(session: vscode.AuthenticationSession | undefined): void {
    const before = this.session;
    this.session = session;
    if (before?.id !== session?.id || before?.account.id !== session?.account.id) {
      this.log.info(session ? `Signed in as ${session.account.label}.` : 'Not signed in.');
      this.changed.fire();
    }
  }
}

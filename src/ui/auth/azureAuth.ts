/** Sign-in with VS Code's built-in Microsoft authentication (or its sovereign-cloud provider). Why: docs/architecture.md#auth-azureauth */
import * as vscode from 'vscode';
import { sovereignCloudEnvironment } from '../config/settings';
import type { TokenProvider } from '../../core/http/types';
import { Disposable } from '../base/disposable';
import { armScopes, isValidTenant, type CloudConfig } from '../config/clouds';
import { errorText } from '../../core/text/errorText';

const SIGNED_OUT_KEY = 'serviceHealth.auth.signedOut';
/** The account signed in when VS Code last ran (id and label, never a token), per cloud and tenant. */
const LAST_ACCOUNT_KEY = 'serviceHealth.auth.lastAccount';

interface LastAccount {
  readonly id: string;
  readonly label: string;
  /** Cloud name and tenant ('' for none) it was signed in for. */
  readonly target: string;
}

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

/** Sign Out as every window sees it at once (see SignOutMarker); tests without one pass none. */
export interface SignOutSignal {
  set(): Promise<void>;
  clear(): Promise<void>;
  isSet(): Promise<boolean>;
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
  /** The interactive sign-in waiting for the provider, if any; Cancel stops the wait. */
  private pending: vscode.CancellationTokenSource | undefined;
  private readonly pendingChanged = this._register(new vscode.EventEmitter<boolean>());
  /**
   * While the first silent sign-in after start has not answered: the account signed in last time,
   * so its cached events (keyed by account) can be drawn before any request. Requests wait for
   * {@link restoring}; an answer with another account or none replaces it at once.
   */
  private provisional: LastAccount | undefined;
  private restoringValue: Promise<boolean> | undefined;
  /** Fires with `signingIn` when an interactive sign-in starts or ends. */
  readonly onDidChangeSigningIn = this.pendingChanged.event;

  constructor(
    target: AuthTarget,
    private readonly memento: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
    private readonly authentication: AuthenticationApi,
    private readonly signedOutMarker?: SignOutSignal,
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

  /**
   * Identity of the account, for per-account memory (subscription selection, cache): the signed-in
   * one, or while {@link restoring} the one signed in last time.
   */
  get accountId(): string | undefined {
    return this.session?.account.id ?? this.provisional?.id;
  }

  /** Set until the silent sign-in started by {@link restore} answers; resolves to whether it found a session. */
  get restoring(): Promise<boolean> | undefined {
    return this.restoringValue;
  }

  /** True while the account signed in last time stands in for the silent sign-in's answer. */
  get restoringAccount(): boolean {
    return this.session === undefined && this.provisional !== undefined;
  }

  /**
   * Start: takes the account signed in last time (same cloud and tenant, not signed out since) as
   * provisional at once, then asks silently. A slow provider (a token refresh over a slow network)
   * then delays the first request, not the cached rows.
   */
  restore(): Promise<boolean> {
    if (this.memento.get<boolean>(SIGNED_OUT_KEY) !== true) {
      const last = this.memento.get<unknown>(LAST_ACCOUNT_KEY);
      this.provisional = isLastAccount(last) && last.target === this.targetKey() ? last : undefined;
    }
    const restoring = this.signInSilently().finally(() => {
      if (this.restoringValue === restoring) {
        this.restoringValue = undefined;
      }
    });
    this.restoringValue = restoring;
    return restoring;
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
    this.dropProvisional();
    this.setSession(undefined);
    await this.signInSilently();
  }

  /** Attaches to an existing session without any UI. Returns whether one was found. */
  async signInSilently(): Promise<boolean> {
    // Taken before any await: a Sign Out while the marker is read must still win.
    const epoch = this.epoch;
    if (this.memento.get<boolean>(SIGNED_OUT_KEY) === true || (await this.signedOutElsewhere())) {
      this.dropProvisional();
      this.setSession(undefined);
      return false;
    }
    if (epoch !== this.epoch) {
      return false;
    }
    const session = await this.getSession({ silent: true });
    if (epoch !== this.epoch) {
      return false;
    }
    // The answer replaces the stand-in: the same account keeps its identity (no reset), another or none does not.
    const stoodIn = this.provisional;
    this.provisional = undefined;
    this.setSession(session);
    if (stoodIn && !session) {
      this.log.info('Not signed in.');
      this.rememberAccount(undefined);
      this.changed.fire();
    }
    return session !== undefined;
  }

  /** True while an interactive sign-in waits for the provider (consent, browser, account pick). */
  get signingIn(): boolean {
    return this.pending !== undefined;
  }

  /** Stops waiting for a pending interactive sign-in (VS Code's getSession takes no cancellation token). */
  cancelSignIn(): void {
    if (this.pending) {
      this.log.info('Sign-in cancelled.');
      this.pending.cancel();
    }
  }

  /**
   * The "Sign In" command: may show VS Code's sign-in flow. Returns whether signed in. After Sign Out
   * VS Code is asked to forget which account this extension used, so the user can pick another one.
   */
  async signIn(): Promise<boolean> {
    this.warnIfSovereignProviderUnset();
    if (this.pending) {
      return false;
    }
    const epoch = this.epoch;
    const chooseAccount = this.memento.get<boolean>(SIGNED_OUT_KEY) === true;
    const cancel = new vscode.CancellationTokenSource();
    this.setPending(cancel);
    try {
      // The status bar shows it is waiting; the progress ends with the wait, however it ends.
      const session = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Signing in…') }, () =>
        untilCancelled(this.getSession({ createIfNone: true, ...(chooseAccount ? { clearSessionPreference: true } : {}) }), cancel.token),
      );
      if (epoch !== this.epoch || cancel.token.isCancellationRequested) {
        return false;
      }
      if (session) {
        await this.signedOutMarker?.clear();
        await this.memento.update(SIGNED_OUT_KEY, undefined);
      }
      this.setSession(session ?? this.session);
      return session !== undefined;
    } finally {
      this.setPending(undefined);
      cancel.dispose();
    }
  }

  /** Forgets the session for this extension; the account stays in VS Code. */
  async signOut(): Promise<void> {
    this.epoch++;
    this.dropProvisional();
    await this.signedOutMarker?.set();
    await this.memento.update(SIGNED_OUT_KEY, true);
    this.setSession(undefined);
    this.log.info('Signed out of Service Health (the account stays available in VS Code\'s Accounts menu).');
  }

  /** True when a window of this user signed out and nobody signed in since (see SignOutMarker). */
  async signedOutElsewhere(): Promise<boolean> {
    return (await this.signedOutMarker?.isSet()) === true;
  }

  /**
   * Another window signed out: this one follows (no session, no stand-in) and resolves to true, so
   * the caller loads and writes nothing for the account.
   */
  async followSignOutElsewhere(): Promise<boolean> {
    if ((!this.session && !this.provisional) || !(await this.signedOutElsewhere())) {
      return false;
    }
    this.epoch++;
    this.dropProvisional();
    await this.memento.update(SIGNED_OUT_KEY, true);
    this.log.info('Signed out of Service Health in another window.');
    this.setSession(undefined);
    return true;
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
      const message = errorText(error);
      if (options.createIfNone && !isDismissal(message)) {
        void vscode.window.showWarningMessage(vscode.l10n.t('Sign-in did not complete ({0}); select Sign In to try again.', message.replace(/\.$/, '')));
      }
      this.log.warn(`Sign-in with provider ${provider} did not complete: ${message}`);
      return undefined;
    }
  }

  private setPending(next: vscode.CancellationTokenSource | undefined): void {
    const was = this.pending !== undefined;
    this.pending = next;
    if (was !== (next !== undefined)) {
      this.pendingChanged.fire(next !== undefined);
    }
  }

  private warnIfSovereignProviderUnset(): void {
    const env = this.target.cloud.sovereignEnvironment;
    if (!env) {
      return;
    }
    const configured = sovereignCloudEnvironment();
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
      this.rememberAccount(session);
      this.changed.fire();
    }
  }

  /** Sign Out or a new cloud or tenant during the start: the last account no longer stands in. */
  private dropProvisional(): void {
    if (this.provisional && !this.session) {
      this.provisional = undefined;
      this.changed.fire();
    }
    this.provisional = undefined;
  }

  private rememberAccount(session: vscode.AuthenticationSession | undefined): void {
    const value: LastAccount | undefined = session ? { id: session.account.id, label: session.account.label, target: this.targetKey() } : undefined;
    void Promise.resolve(this.memento.update(LAST_ACCOUNT_KEY, value)).catch(() => undefined);
  }

  private targetKey(): string {
    return `${this.target.cloud.name}|${this.target.tenant ?? ''}`;
  }
}

function isLastAccount(value: unknown): value is LastAccount {
  const v = value as Partial<LastAccount> | undefined;
  return typeof v?.id === 'string' && v.id.length > 0 && typeof v.label === 'string' && typeof v.target === 'string';
}

/** VS Code's answer when the user dismissed its consent dialog or account picker: their choice, not a failure. */
function isDismissal(message: string): boolean {
  return /did not consent|cancel/i.test(message);
}

/** Resolves with the promise's value, or undefined as soon as the token is cancelled. */
function untilCancelled<T>(promise: Thenable<T | undefined>, token: vscode.CancellationToken): Promise<T | undefined> {
  if (token.isCancellationRequested) {
    return Promise.resolve(undefined);
  }
  return new Promise<T | undefined>((resolve, reject) => {
    const sub = token.onCancellationRequested(() => {
      sub.dispose();
      resolve(undefined);
    });
    promise.then(
      (value) => {
        sub.dispose();
        resolve(value);
      },
      (error: unknown) => {
        sub.dispose();
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

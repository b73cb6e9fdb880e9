/** Turns connection-level failures into what the user can do about them. Why: docs/architecture.md#connection-connectionrecovery */
import * as vscode from 'vscode';
import { remedyFor, remedyOf } from '../../core/api/errorAdvice';
import { connectionProblemMessage, OPEN_SETTINGS_ACTION, RESTART_SAMPLE_ACTION } from '../../core/api/connectionProblems';
import { checkReachable } from '../../core/http/reachability';
import { Command, ContextKey } from '../base/commandIds';
import { executeCommand, registerCommand, setContext } from '../base/commands';
import type { ServiceHealthSettings } from '../config/settings';
import type { Connection, ConnectionManager } from './connectionManager';
import { errorText } from '../../core/text/errorText';


export interface ConnectionRecoveryDeps {
  readonly connections: ConnectionManager;
  readonly settings: () => ServiceHealthSettings;
  readonly log: vscode.LogOutputChannel;
  /** True when requests go through a proxy (http.proxy or HTTPS_PROXY): the probe then says nothing. */
  readonly proxyConfigured?: () => boolean;
  /** Shows an error with buttons; resolves to the button picked (a seam for tests). */
  readonly showError?: (message: string, ...actions: string[]) => Thenable<string | undefined>;
}

export class ConnectionRecovery implements vscode.Disposable {
  /** True after an automatic restart, until a load succeeds: a second stop asks the user instead. */
  private autoRestarted = false;
  private restarting: Promise<boolean> | undefined;
  /** The last sentence shown, so auto refresh does not raise the same notification again. */
  private shown: string | undefined;
  private probing: Promise<string | undefined> | undefined;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly showError: NonNullable<ConnectionRecoveryDeps['showError']>;

  constructor(private readonly deps: ConnectionRecoveryDeps) {
    this.showError = deps.showError ?? ((message, ...actions) => vscode.window.showErrorMessage(message, ...actions));
    this.disposables.push(
      registerCommand(Command.restartSampleService, () => this.restartSample('user'), deps.log),
      registerCommand(Command.openEndpointSetting, () => openEndpointSetting(), deps.log),
    );
    void setContext(ContextKey.endpointUnreachable, false);
  }

  /** Called after every load with the errors it met (none: it succeeded). */
  async onLoadResult(errors: readonly unknown[], connection: Connection): Promise<void> {
    if (errors.length === 0) {
      this.autoRestarted = false;
      this.shown = undefined;
      return;
    }
    const remedy = remedyOf(errors);
    const first = errors.find((e) => remedyFor(e) === remedy) ?? errors[0];
    const reason = errorText(first);
    if (remedy === 'restartLocalService' && connection.mode === 'sample' && connection === this.deps.connections.current) {
      if (!this.autoRestarted) {
        this.autoRestarted = true;
        this.deps.log.warn(connectionProblemMessage('sampleStopped', connection.origin, reason));
        await this.restartSample('auto');
        return;
      }
      await this.say(connectionProblemMessage('sampleRestartFailed', connection.origin, reason), RESTART_SAMPLE_ACTION);
      return;
    }
    const endpoint = this.deps.settings().endpoint;
    if (remedy !== undefined && connection.mode === 'azure' && endpoint) {
      await this.say(connectionProblemMessage('endpointUnreachable', connection.origin, reason), OPEN_SETTINGS_ACTION);
    }
  }

  /**
   * While signed out, checks that something listens at the configured endpoint (its host
   * resolves and accepts a connection), sending no request. Resolves to the problem sentence, if any; the welcome
   * content shows it through a context key. Only for a configured endpoint: the default ARM
   * origin being unreachable means offline, which the first sign-in will say.
   */
  probeWhileSignedOut(): Promise<string | undefined> {
    this.probing ??= this.probe().finally(() => (this.probing = undefined));
    return this.probing;
  }

  /** Signed in (or sample mode): the welcome content about an unreachable endpoint goes away. */
  clearProbe(): Thenable<unknown> {
    return setContext(ContextKey.endpointUnreachable, false);
  }

  private async probe(): Promise<string | undefined> {
    const c = this.deps.connections.current;
    const endpoint = this.deps.settings().endpoint;
    if (!c || c.mode !== 'azure' || !endpoint) {
      await setContext(ContextKey.endpointUnreachable, false);
      return undefined;
    }
    let problem: string | undefined;
    // No request is sent while signed out (nothing reaches the service without a sign-in): a
    // connection is opened and closed. Behind a proxy a direct connection proves nothing.
    const proxied = Boolean(this.deps.proxyConfigured?.());
    const failure = proxied ? undefined : await checkReachable(c.origin);
    // In Azure mode a refused loopback endpoint is the setting's problem too (no sample service to restart).
    if (failure && remedyFor(failure) !== undefined) {
      problem = connectionProblemMessage('endpointUnreachable', c.origin, failure.message);
    }
    if (problem) {
      this.deps.log.error(problem);
    }
    await setContext(ContextKey.endpointUnreachable, problem !== undefined);
    return problem;
  }

  /** Starts a new sample service (the connection change reloads the view); false when it failed. */
  restartSample(by: 'auto' | 'user'): Promise<boolean> {
    this.restarting ??= (async () => {
      if (by === 'user') {
        this.shown = undefined;
      }
      this.deps.log.info(by === 'auto' ? 'Restarting the sample service, which stopped.' : 'Restarting the sample service.');
      await this.deps.connections.restartSampleService(this.deps.settings());
      const problem = this.deps.connections.configurationProblem;
      if (problem) {
        await this.say(problem, RESTART_SAMPLE_ACTION);
        return false;
      }
      if (by === 'user') {
        this.autoRestarted = false;
      }
      return true;
    })().finally(() => (this.restarting = undefined));
    return this.restarting;
  }

  private async say(message: string, action: string): Promise<void> {
    if (this.shown === message) {
      return;
    }
    this.shown = message;
    this.deps.log.error(message);
    const picked = await this.showError(message, action);
    if (picked === RESTART_SAMPLE_ACTION) {
      await executeCommand(Command.restartSampleService);
    } else if (picked === OPEN_SETTINGS_ACTION) {
      await openEndpointSetting();
    }
  }

  dispose(): void {
    for (const d of this.disposables.splice(0)) {
      d.dispose();
    }
  }
}

/** Opens the Settings editor on serviceHealth.endpoint in the user settings (its only scope). */
function openEndpointSetting(): Thenable<unknown> {
  return vscode.commands.executeCommand('workbench.action.openSettings', '@id:serviceHealth.endpoint');
}

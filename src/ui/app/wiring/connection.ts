/**
 * Sign-in and connection: the workspace-settings guard, Azure auth, the connection manager and
 * the recovery that says what to do when a connection fails.
 */
import * as vscode from 'vscode';
import { AzureAuth } from '../../auth/azureAuth';
import { SignOutMarker } from '../../auth/signOutMarker';
import { cloudConfig } from '../../config/clouds';
import { WorkspaceSettingsGuard } from '../../config/workspaceSettingsGuard';
import { ConnectionManager } from '../../connection/connectionManager';
import { ConnectionRecovery } from '../../connection/connectionRecovery';
import type { AppState } from '../appState';
import type { SampleTestOptions } from '../serviceHealthApi';
import { recordingLog } from '../logRecorder';
import type { Register } from './register';

export interface ConnectionParts {
  readonly settingsGuard: WorkspaceSettingsGuard;
  readonly auth: AzureAuth;
  readonly connections: ConnectionManager;
  readonly recovery: ConnectionRecovery;
}

/** The log channel; outside Production it keeps every line for the integration tests' no-token assertions. */
export function registerLog(register: Register, context: vscode.ExtensionContext, record: string[]): vscode.LogOutputChannel {
  const channel = vscode.window.createOutputChannel('Service Health', { log: true });
  return register(context.extensionMode === vscode.ExtensionMode.Production ? channel : recordingLog(channel, record));
}

export function registerConnection(
  register: Register,
  deps: {
    readonly context: vscode.ExtensionContext;
    readonly log: vscode.LogOutputChannel;
    readonly state: AppState;
    /** What the sample service serves, when not the extension's own sample (Test mode sets it). */
    readonly sampleOptions?: () => SampleTestOptions;
  },
): ConnectionParts {
  const { context, log, state } = deps;
  const settingsGuard = register(new WorkspaceSettingsGuard(log));
  const auth = register(
    new AzureAuth({ cloud: cloudConfig(state.settings.cloud), tenant: state.settings.tenant }, context.globalState, log, vscode.authentication, new SignOutMarker(context.globalStorageUri)),
  );
  const connections = register(new ConnectionManager(auth, log, undefined, undefined, deps.sampleOptions));
  const recovery = register(
    new ConnectionRecovery({
      connections,
      settings: () => state.settings,
      log,
      proxyConfigured: () => connections.network().proxySource !== 'none',
    }),
  );
  return { settingsGuard, auth, connections, recovery };
}

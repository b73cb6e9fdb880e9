/**
 * The one way to register and run our commands and to set our context keys (ids in commandIds.ts).
 * Every command gets the same error handling: one sentence to the user, one log line, nothing for a cancellation.
 */
import * as vscode from 'vscode';
import type { CommandId, ContextKeyName } from './commandIds';
import { withErrorHandling } from './commandFailure';

export type CommandLog = Pick<vscode.LogOutputChannel, 'error'>;

export function registerCommand(id: CommandId, run: (...args: unknown[]) => unknown, log: CommandLog): vscode.Disposable {
  return vscode.commands.registerCommand(
    id,
    withErrorHandling(
      id,
      run,
      (failure) => {
        log.error(failure.logLine);
        if (!failure.shown) {
          void vscode.window.showErrorMessage(failure.message);
        }
      },
      (command) => vscode.l10n.t('The command {0} failed without a reason; run "Service Health: Show Log" and try again.', command),
    ),
  );
}

/** Runs one of our commands. */
export function executeCommand<T = unknown>(id: CommandId, ...args: unknown[]): Thenable<T | undefined> {
  return vscode.commands.executeCommand<T | undefined>(id, ...args);
}

export function setContext(key: ContextKeyName, value: unknown): Thenable<unknown> {
  return vscode.commands.executeCommand('setContext', key, value);
}

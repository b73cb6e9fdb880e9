/** The reload offer (reloadOffer.ts) with VS Code's notification and Reload Window command, for the window's lifetime. */
import * as vscode from 'vscode';
import { offerReloadOnce } from './reloadOffer';

export function offerReloadWhenBundleMissing(): vscode.Disposable {
  return new vscode.Disposable(
    offerReloadOnce({
      showWarningMessage: (message, ...actions) => vscode.window.showWarningMessage(message, ...actions),
      reloadWindow: () => vscode.commands.executeCommand('workbench.action.reloadWindow'),
    }),
  );
}

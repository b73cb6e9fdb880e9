/**
 * The Get Started walkthrough (contributes.walkthroughs), opened once per user on the first
 * activation, unless VS Code's own `workbench.welcomePage.walkthroughs.openOnInstall` is off.
 * Steps: connect, subscriptions, openEvent, askHealth, quota, templates (done by a hover naming an
 * event on a template line, or by Show Events That Touch This Workspace: ContextKey.templatesChecked).
 */
import * as vscode from 'vscode';
import { walkthroughsOpenOnInstall } from '../config/settings';
import { errorText } from '../../core/text/errorText';

export const WALKTHROUGH_ID = 'serviceHealth.gettingStarted';
/** globalState key: the walkthrough was opened once for this user. */
export const WALKTHROUGH_SHOWN_KEY = 'serviceHealth.walkthroughShown';

export function openWalkthroughOnce(context: vscode.ExtensionContext, log: vscode.LogOutputChannel): void {
  if (context.globalState.get<boolean>(WALKTHROUGH_SHOWN_KEY) === true) return;
  if (!walkthroughsOpenOnInstall()) return;
  void context.globalState.update(WALKTHROUGH_SHOWN_KEY, true);
  // Beside nothing (false): the user just opened the Service Health view, which stays in front.
  void vscode.commands.executeCommand('workbench.action.openWalkthrough', `${context.extension.id}#${WALKTHROUGH_ID}`, false).then(undefined, (error: unknown) => {
    log.warn(`The Get Started walkthrough did not open: ${errorText(error)}`);
  });
}

/**
 * The parts of the details panels that activation needs (the panel type the serializer restores,
 * opening portal links): kept apart so the panels themselves load on first use (lazyPanels.ts).
 */
import * as vscode from 'vscode';

export interface EventRef {
  readonly subscriptionId: string;
  readonly trackingId: string;
}

export const DETAILS_VIEW_TYPE = 'serviceHealth.eventDetails';

/**
 * Opens an https URL as a real Uri. VS Code opens a Uri as `encodeURI(uri.toString(true))`, so the
 * `/`-separated fragments of portal deep links arrive unchanged (see `externalUri` in the tests).
 */
export function externalUri(url: string): vscode.Uri {
  return vscode.Uri.parse(url, true);
}

/**
 * Restores details panels after a window reload. Needs the activation event
 * `onWebviewPanel:serviceHealth.eventDetails` in package.json.
 */
export function registerDetailsSerializer(panels: { restore(panel: vscode.WebviewPanel, state: unknown): void }): vscode.Disposable {
  return vscode.window.registerWebviewPanelSerializer(DETAILS_VIEW_TYPE, {
    deserializeWebviewPanel: (panel: vscode.WebviewPanel, state: unknown): Promise<void> => {
      panels.restore(panel, state);
      return Promise.resolve();
    },
  });
}

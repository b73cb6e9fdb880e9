/**
 * What the details panels show, read as the webview gets it: each panel's HTML and the last view
 * model posted to it. Test mode only (the test API's bundle and the integration tests): it wraps
 * this extension's own `vscode.window.createWebviewPanel`, the way recordNotifications wraps messages.
 */
import * as vscode from 'vscode';
import type { DetailsViewModel } from '../../core/render/detailsModel';
import { eventKey, type HostToWebview, type PersistedDetails } from '../../core/render/messages';
import { DETAILS_VIEW_TYPE, type EventRef } from '../details/detailsShared';

export interface RenderedDetails {
  readonly html: string;
  readonly model: DetailsViewModel | undefined;
  /** What the webview saves for a reload (see PersistedDetails). */
  readonly persist: PersistedDetails | undefined;
}

export interface DetailsRecorder extends vscode.Disposable {
  /** The open panel of this event (once it was rendered): its shell HTML and last render. */
  lastRendered(ref: EventRef): RenderedDetails | undefined;
}

interface Recorded {
  readonly panel: vscode.WebviewPanel;
  model?: DetailsViewModel;
  persist?: PersistedDetails;
}

export function recordDetailsPanels(): DetailsRecorder {
  const open = new Set<Recorded>();
  const window = vscode.window as { createWebviewPanel: typeof vscode.window.createWebviewPanel };
  const create = window.createWebviewPanel;
  window.createWebviewPanel = (viewType, ...rest) => {
    const panel = create.call(vscode.window, viewType, ...rest);
    if (viewType === DETAILS_VIEW_TYPE) {
      const recorded: Recorded = { panel };
      open.add(recorded);
      const webview = panel.webview;
      const post = webview.postMessage.bind(webview);
      webview.postMessage = (message: HostToWebview) => {
        if (message.type === 'render') {
          recorded.model = message.model;
          recorded.persist = message.persist;
        }
        return post(message);
      };
      panel.onDidDispose(() => open.delete(recorded));
    }
    return panel;
  };
  return {
    lastRendered: (ref) => {
      const key = eventKey(ref);
      const found = [...open].find((r) => r.persist && eventKey(r.persist.ref) === key);
      return found ? { html: found.panel.webview.html, model: found.model, persist: found.persist } : undefined;
    },
    dispose: () => {
      window.createWebviewPanel = create;
      open.clear();
    },
  };
}

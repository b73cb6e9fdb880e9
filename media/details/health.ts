/**
 * Resource health webview script. The host sends the body as HTML it built with every value
 * escaped (src/core/health/healthPanelHtml.ts); this inserts it and turns clicks into messages:
 * links and event links never navigate, the host checks and opens them.
 */
import type { HealthToHost, HealthToWebview, PersistedHealth } from '../../src/core/health/healthMessages';

interface VsCodeApi {
  postMessage(message: HealthToHost): void;
  getState(): unknown;
  setState(state: { persist: PersistedHealth }): void;
}
declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
const root = document.getElementById('root') as HTMLElement;

document.addEventListener('click', (e) => {
  const target = e.target instanceof Element ? e.target.closest('a') : null;
  if (!target) {
    return;
  }
  e.preventDefault();
  const { subscriptionId, trackingId } = target.dataset;
  if (subscriptionId && trackingId) {
    vscode.postMessage({ type: 'openEvent', subscriptionId, trackingId });
    return;
  }
  const href = target.getAttribute('href');
  if (href && href !== '#') {
    vscode.postMessage({ type: 'openLink', url: href });
  }
});

window.addEventListener('message', (e: MessageEvent<HealthToWebview | null>) => {
  const msg = e.data;
  if (msg?.type === 'render') {
    vscode.setState({ persist: msg.persist });
    // The host escaped every value of this HTML (the only HTML this page inserts).
    root.innerHTML = msg.html;
    document.title = msg.title;
  }
});

vscode.postMessage({ type: 'ready' });

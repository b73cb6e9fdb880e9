/**
 * Resource health panels: one per resource (by ARM id, any case), reused on re-open and restored
 * after a window reload. They share the event details' shell (CSP with a nonce, stylesheet,
 * codicons) and its link rule: the host opens only https URLs it built itself. The current status
 * shows first (the Resources view's copy at once, then a fresh one); the history loads after.
 */
import * as vscode from 'vscode';
import { AvailabilityApi } from '../../core/api/availabilityApi';
import { healthPanelModel, panelUrls, type HealthPanelModel, type Loadable, type PanelEventInput } from '../../core/health/healthPanel';
import { renderHealthBody } from '../../core/health/healthPanelHtml';
import { HEALTH_VIEW_TYPE, parseHealthMessage, readPersistedHealth, type HealthToWebview } from '../../core/health/healthMessages';
import { PanelLoader } from '../../core/health/panelLoad';
import type { AvailabilityStatus } from '../../core/model/availability';
import { resourceNameOfId } from '../../core/model/availability';
import { renderDetailsHtml } from '../../core/render/html';
import { checkExternalUrl, portalBase } from '../../core/render/links';
import { errorText } from '../../core/text/errorText';
import type { Connection } from '../connection/connectionManager';
import { externalUri } from '../details/detailsShared';
import { WEBVIEW_ROOTS } from '../details/eventDetailsPanels';

export interface ResourceHealthPanelDeps {
  readonly extensionUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
  readonly connection: () => Connection | undefined;
  /** The portal of the configured cloud when not connected. */
  readonly portalUrl: () => string;
  /** The Resources view's status of the resource, shown while the current one loads. */
  readonly listed: (resourceId: string) => AvailabilityStatus | undefined;
  /** The active events that touch the resource (given its current status). */
  readonly events: (resourceId: string, status: AvailabilityStatus | undefined) => readonly PanelEventInput[];
  /** Opens an event's details (the openDetails command). */
  readonly openEvent: (ref: { subscriptionId: string; trackingId: string }) => void;
  readonly subscriptionName?: (id: string) => string | undefined;
}

interface Entry {
  readonly panel: vscode.WebviewPanel;
  readonly resourceId: string;
  current: Loadable<AvailabilityStatus>;
  history?: Loadable<readonly AvailabilityStatus[]>;
  model?: HealthPanelModel;
  /** Its loads in order: a newer one aborts the one before (see core/health/panelLoad.ts). */
  loader?: PanelLoader;
  disposed: boolean;
}

export class ResourceHealthPanels implements vscode.Disposable {
  private readonly panels = new Map<string, Entry>();

  constructor(private readonly deps: ResourceHealthPanelDeps) {}

  get openCount(): number {
    return this.panels.size;
  }

  /** Opens the resource's panel, or reveals (and reloads) the one already open. */
  show(resourceId: string): void {
    const id = resourceId.trim();
    const existing = this.panels.get(id.toLowerCase());
    if (existing) {
      existing.panel.reveal(existing.panel.viewColumn, false);
      void this.load(existing);
      return;
    }
    const panel = vscode.window.createWebviewPanel(
      HEALTH_VIEW_TYPE,
      titleOf(id),
      { viewColumn: vscode.ViewColumn.Active, preserveFocus: false },
      { ...this.webviewOptions(), retainContextWhenHidden: false, enableFindWidget: true },
    );
    this.attach(panel, id);
  }

  /** Restores a panel from its saved (untrusted) state: only a resource id is read from it. */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    const id = readPersistedHealth(state);
    if (!id) {
      this.deps.log.warn('Closed a resource health panel whose saved state could not be read.');
      panel.dispose();
      return;
    }
    const existing = this.panels.get(id.toLowerCase());
    if (existing) {
      panel.dispose();
      existing.panel.reveal(existing.panel.viewColumn, true);
      return;
    }
    panel.webview.options = this.webviewOptions();
    this.attach(panel, id);
  }

  /** The resource of the active panel, if one is active. */
  activeResourceId(): string | undefined {
    return [...this.panels.values()].find((e) => e.panel.active)?.resourceId;
  }

  /** Renders the open panels again (the events or names they list may have changed). */
  refresh(): void {
    for (const entry of this.panels.values()) {
      this.postRender(entry);
    }
  }

  closeAll(): void {
    for (const entry of [...this.panels.values()]) {
      entry.panel.dispose();
    }
  }

  dispose(): void {
    this.closeAll();
    this.panels.clear();
  }

  private webviewOptions(): vscode.WebviewOptions {
    const root = this.deps.extensionUri;
    return { enableScripts: true, enableCommandUris: false, localResourceRoots: WEBVIEW_ROOTS.map((folder) => vscode.Uri.joinPath(root, ...folder)) };
  }

  private attach(panel: vscode.WebviewPanel, resourceId: string): void {
    const key = resourceId.toLowerCase();
    const listed = this.deps.listed(resourceId);
    const entry: Entry = { panel, resourceId, current: listed ? { kind: 'loaded', value: listed } : { kind: 'loading' }, disposed: false };
    entry.loader = new PanelLoader({ resourceId, parts: entry, render: () => this.postRender(entry), warn: (line) => this.deps.log.warn(line) });
    this.panels.set(key, entry);
    const media = vscode.Uri.joinPath(this.deps.extensionUri, 'media', 'details');
    panel.iconPath = { light: vscode.Uri.joinPath(media, 'icon-light.svg'), dark: vscode.Uri.joinPath(media, 'icon-dark.svg') };
    panel.title = titleOf(resourceId);
    const subscriptions = [
      panel.webview.onDidReceiveMessage((data: unknown) => this.onMessage(entry, data)),
      panel.onDidDispose(() => {
        entry.disposed = true;
        entry.loader?.abort();
        if (this.panels.get(key) === entry) {
          this.panels.delete(key);
        }
        subscriptions.forEach((s) => s.dispose());
      }),
    ];
    const uri = (...path: string[]): string => panel.webview.asWebviewUri(vscode.Uri.joinPath(this.deps.extensionUri, ...path)).toString();
    panel.webview.html = renderDetailsHtml({
      cspSource: panel.webview.cspSource,
      scriptUri: uri('dist', 'webview', 'health.js'),
      codiconCssUri: uri('dist', 'codicons', 'codicon.css'),
      styleUri: uri('dist', 'webview', 'details.css'),
      title: panel.title,
      loadingText: vscode.l10n.t('Loading resource health…'),
    });
    void this.load(entry);
  }

  /** Loads the current status, then the history; each failure stays in its own part of the panel. */
  private async load(entry: Entry): Promise<void> {
    const connection = this.deps.connection();
    if (!connection) {
      entry.loader?.abort();
      entry.current = { kind: 'error', message: vscode.l10n.t('Not connected to a service; sign in or use the sample service, then open the panel again.') };
      entry.history = undefined;
      this.postRender(entry);
      return;
    }
    await entry.loader?.load(new AvailabilityApi({ client: connection.client, origin: connection.origin, subscriptionName: connection.subscriptionName }));
  }

  private postRender(entry: Entry): void {
    if (entry.disposed) {
      return;
    }
    const connection = this.deps.connection();
    const status = entry.current.kind === 'loaded' ? entry.current.value : undefined;
    entry.model = healthPanelModel({
      resourceId: entry.resourceId,
      current: entry.current,
      ...(entry.history ? { history: entry.history } : {}),
      events: this.deps.events(entry.resourceId, status),
      portal: portalBase(connection?.portalUrl ?? this.deps.portalUrl()),
      now: Date.now(),
      sample: connection?.mode === 'sample',
      ...(this.deps.subscriptionName ? { subscriptionName: this.deps.subscriptionName } : {}),
    });
    const message: HealthToWebview = { type: 'render', html: renderHealthBody(entry.model), title: entry.panel.title, persist: { version: 1, resourceId: entry.resourceId } };
    // A hidden webview drops it; it posts `ready` again when shown and gets this render then.
    void entry.panel.webview.postMessage(message);
  }

  private onMessage(entry: Entry, data: unknown): void {
    const msg = parseHealthMessage(data);
    if (!msg) {
      this.deps.log.warn('Ignored a malformed message from the resource health view.');
      return;
    }
    if (msg.type === 'ready') {
      this.postRender(entry);
    } else if (msg.type === 'openEvent') {
      // Only an event the panel lists: the page's content is not trusted to name others.
      const listed = entry.model?.events.some((e) => e.subscriptionId === msg.subscriptionId && e.trackingId === msg.trackingId);
      if (listed) {
        this.deps.openEvent({ subscriptionId: msg.subscriptionId, trackingId: msg.trackingId });
      } else {
        this.deps.log.warn('Ignored a request to open an event the resource health panel does not list.');
      }
    } else {
      void this.openLink(entry, msg.url);
    }
  }

  private async openLink(entry: Entry, raw: string): Promise<void> {
    const url = checkExternalUrl(raw);
    if (!url || !entry.model || !panelUrls(entry.model).includes(url)) {
      const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(raw.trim())?.[0] ?? '(none)';
      this.deps.log.warn(`Refused to open a link (scheme ${scheme}) that the resource health panel did not build.`);
      return;
    }
    this.deps.log.info(`Resource health panel: opening ${url}`);
    try {
      await vscode.env.openExternal(externalUri(url));
    } catch (error) {
      this.deps.log.error(`Could not open ${url}: ${errorText(error)}`);
    }
  }
}

function titleOf(resourceId: string): string {
  return vscode.l10n.t('Health: {0}', resourceNameOfId(resourceId) ?? resourceId);
}

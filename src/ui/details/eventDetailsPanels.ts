/**
 * Event details webview panels: one per event (subscription + tracking id), reused on re-open.
 * The host builds a sanitized view model (src/core/render) and posts it after the webview's
 * `ready`; the webview only lays it out. Links come back as messages and are checked again here.
 */
import * as vscode from 'vscode';
import { ContextKey } from '../base/commandIds';
import { setContext } from '../base/commands';
import { eventSchema, type HealthEvent } from '../../core/model/schemas';
import type { DetailsViewModel } from '../../core/render/detailsModel';
import { renderDetailsHtml } from '../../core/render/html';
import { checkExternalUrl, portalBase } from '../../core/render/links';
import { eventKey, parseWebviewMessage, type HostToWebview, type PersistedDetails, type WebviewToHost } from '../../core/render/messages';
import type { ResourcesView } from '../../core/render/resourcesView';
import { vendorText } from '../../core/render/sanitize';
import { buildDetailsViewModel, detailsHidden } from '../../core/render/viewModel';
import { DETAILS_VIEW_TYPE, externalUri, type EventRef } from './detailsShared';
import { subscriptionDisplay, type SubscriptionNamer } from '../../core/subscriptions/names';

export { DETAILS_VIEW_TYPE, externalUri, registerDetailsSerializer, type EventRef } from './detailsShared';

export interface EventDetailsDeps {
  readonly extensionUri: vscode.Uri;
  /** Calls fetchEventDetails for sensitive events (may throw an Error whose message is user-facing). */
  readonly fetchDetails: (ref: EventRef, signal: AbortSignal) => Promise<HealthEvent>;
  readonly log: vscode.LogOutputChannel;
  /** Portal base for deep links, default https://portal.azure.com; sovereign clouds differ. */
  readonly portalUrl?: () => string;
  /** True while events come from the embedded sample service (their tracking ids are made up). */
  readonly isSample?: () => boolean;
  /** The "Impacted resources" section of an event (asking for it starts loading them). */
  readonly impactedResources?: (ref: EventRef) => ResourcesView | undefined;
  /** The subscription's display name, shown in the facts instead of its GUID. */
  readonly subscriptionName?: SubscriptionNamer;
}

const MAX_TITLE = 48;

/** The folders the details webview may load from (relative to the extension folder). */
export const WEBVIEW_ROOTS: readonly (readonly string[])[] = [
  ['dist', 'webview'],
  ['dist', 'codicons'],
];

interface PanelEntry {
  readonly panel: vscode.WebviewPanel;
  readonly ref: EventRef;
  event: HealthEvent;
  /** The event as listed (a sensitive one without its text): the only one ever persisted. */
  listed: HealthEvent;
  /** True once the full text of a sensitive event was fetched. */
  fetched: boolean;
  disposed: boolean;
  fetch?: AbortController;
  model?: DetailsViewModel;
  readonly subscriptions: vscode.Disposable[];
}

function shortTitle(event: HealthEvent, ref: EventRef): string {
  const title = vendorText(event.properties?.title) || ref.trackingId;
  return title.length > MAX_TITLE ? `${title.slice(0, MAX_TITLE - 1).trimEnd()}…` : title;
}

function errorMessage(error: unknown): string {
  return error instanceof Error && error.message ? error.message : vscode.l10n.t('Could not fetch the event details. Try again later.');
}

export class EventDetailsPanels implements vscode.Disposable {
  private readonly panels = new Map<string, PanelEntry>();

  constructor(private readonly deps: EventDetailsDeps) {}

  get openCount(): number {
    return this.panels.size;
  }

  /** Opens (or reveals and updates the one already open for this event) a panel. */
  show(ref: EventRef, event: HealthEvent): void {
    // The walkthrough's "Open an event" step (a tree row's click reaches VS Code as a delegated command, not as openDetails).
    void setContext(ContextKey.eventOpened, true);
    const existing = this.panels.get(eventKey(ref));
    if (existing) {
      // A listing refresh sends the sensitive event without its text again; keep the fetched
      // text unless the event changed since.
      const keepFetched =
        existing.fetched && detailsHidden(event) && event.properties?.lastUpdateTime === existing.event.properties?.lastUpdateTime;
      if (!keepFetched) {
        existing.event = event;
        existing.fetched = false;
      }
      existing.listed = event;
      existing.panel.title = shortTitle(existing.event, ref);
      existing.panel.reveal(existing.panel.viewColumn, false);
      this.postRender(existing);
      return;
    }
    const panel = vscode.window.createWebviewPanel(
      DETAILS_VIEW_TYPE,
      shortTitle(event, ref),
      { viewColumn: vscode.ViewColumn.Active, preserveFocus: false },
      { ...this.webviewOptions(), retainContextWhenHidden: false, enableFindWidget: true },
    );
    this.attach(panel, { subscriptionId: ref.subscriptionId, trackingId: ref.trackingId }, event);
  }

  /**
   * Restores a panel after a window reload from the state its webview saved. The state is
   * untrusted: the event is validated again and the view model rebuilt (re-sanitized).
   */
  restore(panel: vscode.WebviewPanel, state: unknown): void {
    const persisted = readPersisted(state);
    if (!persisted) {
      this.deps.log.warn('Closed an event details panel whose saved state could not be read.');
      panel.dispose();
      return;
    }
    const existing = this.panels.get(eventKey(persisted.ref));
    if (existing) {
      panel.dispose();
      existing.panel.reveal(existing.panel.viewColumn, true);
      return;
    }
    panel.webview.options = this.webviewOptions();
    this.attach(panel, persisted.ref, persisted.event);
  }

  /** What the panel's Fetch details button does; resolves once fetched (or failed). False when no panel shows `ref`. */
  async fetch(ref: EventRef): Promise<boolean> {
    const entry = this.panels.get(eventKey(ref));
    if (!entry) {
      return false;
    }
    await this.fetchDetails(entry);
    return true;
  }

  /** Renders again the open panels whose impacted resources changed (others keep their scroll). */
  refreshImpactedResources(): void {
    for (const entry of this.panels.values()) {
      const next = this.deps.impactedResources?.(entry.ref);
      if (JSON.stringify(next) !== JSON.stringify(entry.model?.impactedResources)) {
        this.postRender(entry);
      }
    }
  }

  /** Renders again the open panels whose subscription now has a (new) name, e.g. a panel restored before the names were listed. */
  refreshSubscriptionNames(): void {
    for (const entry of this.panels.values()) {
      if (entry.model && subscriptionDisplay(entry.ref.subscriptionId, this.deps.subscriptionName) !== entry.model.subscription) {
        this.postRender(entry);
      }
    }
  }

  /** The event of the active details panel, if one is active. */
  activeRef(): EventRef | undefined {
    return [...this.panels.values()].find((e) => e.panel.active)?.ref;
  }

  /** Closes every details panel (Sign Out: they may hold that account's events). */
  closeAll(): void {
    for (const entry of [...this.panels.values()]) {
      entry.panel.dispose();
    }
  }

  dispose(): void {
    for (const entry of [...this.panels.values()]) {
      entry.panel.dispose();
    }
    this.panels.clear();
  }

  private webviewOptions(): vscode.WebviewOptions {
    const root = this.deps.extensionUri;
    return {
      enableScripts: true,
      enableCommandUris: false,
      // Only what the shell loads: the script and its CSS (dist/webview) and the codicons
      // (dist/codicons), all copied there by scripts/build.mjs.
      localResourceRoots: WEBVIEW_ROOTS.map((folder) => vscode.Uri.joinPath(root, ...folder)),
    };
  }

  private attach(panel: vscode.WebviewPanel, ref: EventRef, event: HealthEvent): void {
    const key = eventKey(ref);
    const media = vscode.Uri.joinPath(this.deps.extensionUri, 'media', 'details');
    panel.iconPath = { light: vscode.Uri.joinPath(media, 'icon-light.svg'), dark: vscode.Uri.joinPath(media, 'icon-dark.svg') };
    panel.title = shortTitle(event, ref);
    const entry: PanelEntry = { panel, ref, event, listed: event, fetched: false, disposed: false, subscriptions: [] };
    this.panels.set(key, entry);
    entry.subscriptions.push(
      panel.webview.onDidReceiveMessage((data: unknown) => this.onMessage(entry, data)),
      panel.onDidDispose(() => {
        entry.disposed = true;
        entry.fetch?.abort();
        if (this.panels.get(key) === entry) {
          this.panels.delete(key);
        }
        for (const s of entry.subscriptions) {
          s.dispose();
        }
      }),
    );
    panel.webview.html = this.shellHtml(panel.webview, panel.title);
  }

  private shellHtml(webview: vscode.Webview, title: string): string {
    const root = this.deps.extensionUri;
    const uri = (...path: string[]): string => webview.asWebviewUri(vscode.Uri.joinPath(root, ...path)).toString();
    return renderDetailsHtml({
      cspSource: webview.cspSource,
      scriptUri: uri('dist', 'webview', 'details.js'),
      codiconCssUri: uri('dist', 'codicons', 'codicon.css'),
      styleUri: uri('dist', 'webview', 'details.css'),
      title,
    });
  }

  private post(entry: PanelEntry, message: HostToWebview): void {
    // A hidden webview drops messages; it posts `ready` again when shown and gets a fresh render.
    if (entry.disposed) {
      return;
    }
    void entry.panel.webview.postMessage(message);
  }

  private postRender(entry: PanelEntry): void {
    const portal = portalBase(this.deps.portalUrl?.());
    const model = buildDetailsViewModel(entry.ref, entry.event, { now: Date.now(), portal, sample: this.deps.isSample?.() === true, ...(this.deps.subscriptionName ? { subscriptionName: this.deps.subscriptionName } : {}) });
    const resources = this.deps.impactedResources?.(entry.ref);
    entry.model = resources ? { ...model, impactedResources: resources } : model;
    // VS Code writes webview state to disk: fetched sensitive text never goes there.
    const persist: PersistedDetails = { version: 1, ref: entry.ref, event: entry.listed };
    this.post(entry, { type: 'render', model: entry.model, persist, saveModel: !entry.fetched });
    if (entry.fetch) {
      this.post(entry, { type: 'fetchState', state: 'loading' });
    }
  }

  private onMessage(entry: PanelEntry, data: unknown): void {
    const msg: WebviewToHost | undefined = parseWebviewMessage(data);
    if (!msg) {
      this.deps.log.warn('Ignored a malformed message from the event details view.');
      return;
    }
    switch (msg.type) {
      case 'ready':
        this.postRender(entry);
        return;
      case 'openLink':
        if (entry.model?.sample) {
          // The page disables these links; a made-up tracking id must not lead to a real portal page.
          this.deps.log.warn('Ignored a link from a sample event: its tracking id is made up.');
          return;
        }
        void this.openLink(msg.url);
        return;
      case 'copyTrackingId':
        void vscode.env.clipboard.writeText(entry.ref.trackingId).then(() => {
          vscode.window.setStatusBarMessage(vscode.l10n.t('Copied tracking ID {0}', entry.ref.trackingId), 3000);
        });
        return;
      case 'fetchDetails':
        void this.fetchDetails(entry);
        return;
    }
  }

  private async openLink(raw: string): Promise<void> {
    const url = checkExternalUrl(raw);
    if (!url) {
      // Log the scheme only: the rest is vendor content and may be long.
      const scheme = /^[a-z][a-z0-9+.-]*:/i.exec(raw.trim())?.[0] ?? '(none)';
      this.deps.log.warn(`Refused to open a link with scheme ${scheme}: only https links are opened.`);
      return;
    }
    try {
      await vscode.env.openExternal(externalUri(url));
    } catch (error) {
      this.deps.log.error(`Could not open ${url}: ${errorMessage(error)}`);
    }
  }

  private async fetchDetails(entry: PanelEntry): Promise<void> {
    if (entry.fetch) {
      return;
    }
    const controller = new AbortController();
    entry.fetch = controller;
    this.post(entry, { type: 'fetchState', state: 'loading' });
    const { ref } = entry;
    try {
      const full = await vscode.window.withProgress(
        { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Fetching details of {0}…', ref.trackingId), cancellable: true },
        (_progress, token) => {
          const cancel = token.onCancellationRequested(() => controller.abort());
          return this.deps.fetchDetails(ref, controller.signal).finally(() => cancel.dispose());
        },
      );
      if (controller.signal.aborted) {
        throw controller.signal.reason ?? new Error(vscode.l10n.t('Cancelled.'));
      }
      entry.fetch = undefined;
      entry.event = full;
      entry.fetched = true;
      entry.panel.title = shortTitle(full, ref);
      this.deps.log.info(`Fetched the details of event ${ref.trackingId}.`);
      this.postRender(entry);
    } catch (error) {
      entry.fetch = undefined;
      if (controller.signal.aborted) {
        this.deps.log.info(`Fetching the details of event ${ref.trackingId} was cancelled.`);
        this.post(entry, { type: 'fetchState', state: 'idle' });
        return;
      }
      const message = errorMessage(error);
      this.deps.log.error(`Fetching the details of event ${ref.trackingId} failed: ${message}`);
      this.post(entry, { type: 'fetchState', state: 'error', message });
    }
  }
}

/** Reads the webview state saved by media/details/main.ts; undefined when it is not usable. */
function readPersisted(state: unknown): PersistedDetails | undefined {
  if (typeof state !== 'object' || state === null) {
    return undefined;
  }
  const persist = (state as { persist?: unknown }).persist;
  if (typeof persist !== 'object' || persist === null) {
    return undefined;
  }
  const { version, ref, event } = persist as { version?: unknown; ref?: unknown; event?: unknown };
  if (version !== 1 || typeof ref !== 'object' || ref === null) {
    return undefined;
  }
  const { subscriptionId, trackingId } = ref as { subscriptionId?: unknown; trackingId?: unknown };
  if (typeof subscriptionId !== 'string' || !subscriptionId || typeof trackingId !== 'string' || !trackingId) {
    return undefined;
  }
  const parsed = eventSchema.safeParse(event);
  return parsed.success ? { version: 1, ref: { subscriptionId, trackingId }, event: parsed.data } : undefined;
}

/**
 * The "Events" tree view: view message/description/badge, the context keys that pick the welcome
 * content (signed out, no subscriptions, nothing in the window), reveal and snapshot. The rows come
 * from EventsTreeProvider (eventsTreeProvider.ts).
 */
import * as vscode from 'vscode';
import type { WorkspacePlaces } from '../infra/workspaceSection';
import type { EventRef } from '../../core/events/eventFacts';
import { isRestricted } from '../../core/events/eventFilter';
import type { GroupBy } from '../../core/events/grouping';
import { countIncidents } from '../../core/events/incidents';
import { Command, ContextKey } from '../base/commandIds';
import { registerCommand, setContext, type CommandLog } from '../base/commands';
import { Disposable } from '../base/disposable';
import type { EventsController } from '../events/eventsController';
import { EventsTreeProvider, type TreeSnapshotNode } from './eventsTreeProvider';
import type { ImpactedTreeHooks, TreeNode } from './nodes';
import { registerTreeRetryCommand } from './safeTreeProvider';

export const EVENTS_VIEW_ID = 'serviceHealth.events';
/** The view's name in package.json; the title says "Sample Data" in sample mode. */
const viewTitle = (): string => vscode.l10n.t('Events');
// "Sample" leads: a 300 px side bar cuts the end of "SERVICE HEALTH: …", never its start.
const sampleViewTitle = (): string => vscode.l10n.t('Sample Data — Events');
/**
 * Shown above the tree in sample mode when no other message is. The view description says
 * "Sample data" too, but VS Code hides the pane header (and so the description) while the
 * container holds a single view; the title and this line stay visible.
 */
export const sampleMessage = (): string => vscode.l10n.t('Made-up events from the local sample service. Sign in to see your subscriptions.');

export { EventsTreeProvider, type TreeSnapshotNode };

export class EventsView extends Disposable {
  private readonly provider: EventsTreeProvider;
  readonly view: vscode.TreeView<TreeNode>;
  /** {@link treeKey} when the rows were last drawn again. */
  private firedKey: string | undefined;

  constructor(
    private readonly controller: EventsController,
    private readonly groupBy: () => GroupBy,
    impacted: ImpactedTreeHooks | undefined,
    log: CommandLog,
  ) {
    super();
    this._register(registerTreeRetryCommand(log));
    this.provider = this._register(new EventsTreeProvider(controller, groupBy, impacted, (where, error) => log.error(`Events tree ${where} failed:`, error)));
    this.view = this._register(vscode.window.createTreeView(EVENTS_VIEW_ID, { treeDataProvider: this.provider, showCollapseAll: true }));
    this._register(controller.onDidChange(() => this.render()));
    this._register(
      registerCommand(
        Command.showMoreEvents,
        async (groupId, limit) => {
          if (typeof groupId === 'string' && typeof limit === 'number') {
            // Rows past the cached first screen's page come from the full cache.
            await this.controller.whenRestored();
            this.provider.showMore(groupId, limit);
          }
        },
        log,
      ),
    );
    this.render();
  }

  /** What the workspace's templates deploy: the rows' marker and the "This workspace" section (undefined: none). */
  setWorkspace(places: WorkspacePlaces | undefined): void {
    this.provider.workspace = places;
    this.provider.fire();
  }

  /** Resolves once the current rows are on screen as far as the extension can tell (see PaintTracker.drawn). */
  painted(): Promise<void> {
    const view = this.view;
    return this.provider.paint.drawn({
      get visible() {
        return view.visible;
      },
      onDidShow: (listener) => view.onDidChangeVisibility((e) => e.visible && listener()),
    });
  }

  /** Re-renders nodes, message, description, badge and context keys. */
  render(): void {
    this.renderView(true);
  }

  /**
   * After a connection apply, which at start often changes nothing (the silent sign-in confirms the
   * restored account): the rows are drawn again only when the phase or the connection changed.
   * Drawing them again makes VS Code ask for every expanded group's rows anew, which at start came
   * between the cached top rows and their event rows.
   */
  renderAfterApply(): void {
    this.renderView(this.treeKey() !== this.firedKey);
  }

  /** What the rows depend on besides the data the controller announces (it fires onDidChange for that). */
  private treeKey(): string {
    const c = this.controller;
    return JSON.stringify([c.phase(), c.connection?.identity, this.groupBy()]);
  }

  private renderView(rows: boolean): void {
    const c = this.controller;
    const phase = c.phase();
    const connection = c.connection;
    const visible = c.visibleEvents();
    void setContext(ContextKey.mode, connection?.mode ?? 'azure');
    void setContext(ContextKey.hasSubscriptions, phase === 'ready');
    void setContext(ContextKey.empty, phase === 'ready' && c.hasLoaded && !c.isLoading && visible.length === 0 && !(c.store.lastError && c.store.size === 0));
    void setContext(ContextKey.filtered, isRestricted(c.filter) || c.query !== undefined);
    void setContext(ContextKey.stale, c.store.isStale);

    const parts: string[] = [];
    if (connection?.mode === 'sample') {
      parts.push(vscode.l10n.t('Sample data'));
    }
    if (phase === 'ready') {
      parts.push(vscode.l10n.t('{0}d', c.filter.windowDays));
      if (isRestricted(c.filter)) {
        parts.push(vscode.l10n.t('filtered'));
      }
      if (c.query) {
        parts.push(c.query.describe(c.store.getEvents(), Date.now()));
      }
    }
    if (c.store.isStale || c.store.restoredFromCacheAt !== undefined || !c.holdsCache) {
      parts.push(vscode.l10n.t('(stale)'));
    }
    this.view.description = parts.join(' · ') || undefined;
    const sample = connection?.mode === 'sample';
    const title = sample ? sampleViewTitle() : viewTitle();
    if (this.view.title !== title) {
      this.view.title = title;
    }
    // Errors, staleness and filter notes win; the sample note only fills an empty slot, and only
    // over rows (an empty tree shows the welcome content, which a message would hide).
    // Any other message (an error, a filter note) still says the events are made up.
    const message = this.message(phase);
    this.view.message = sample && message !== undefined ? vscode.l10n.t('Sample data — {0}', message) : (message ?? (sample && phase === 'ready' && visible.length > 0 ? sampleMessage() : undefined));

    // Counted in incidents, like the tree rows: one incident listed for three subscriptions is one.
    // Filters do not hide an outage from the badge, and made-up sample outages never get one.
    const screen = c.holdsCache ? undefined : c.firstScreen(this.groupBy());
    const unseen = phase !== 'ready' || sample ? 0 : screen ? screen.unseen : countIncidents(c.store.unseenActiveServiceIssues());
    this.view.badge = unseen > 0 ? { value: unseen, tooltip: unseen === 1 ? vscode.l10n.t('1 active service issue not yet opened') : vscode.l10n.t('{0} active service issues not yet opened', unseen) } : undefined;
    if (rows) {
      this.firedKey = this.treeKey();
      this.provider.fire();
    }
  }

  private message(phase: ReturnType<EventsController['phase']>): string | undefined {
    const c = this.controller;
    if (phase === 'misconfigured') {
      return c.configurationProblem;
    }
    if (phase !== 'ready') {
      return undefined;
    }
    if (c.isLoading && c.store.size === 0) {
      return vscode.l10n.t('Loading events…');
    }
    const error = c.store.lastError;
    if (error && c.store.size > 0) {
      const at = c.store.lastSuccessAt;
      return at ? vscode.l10n.t('Showing earlier results from {0}: {1}', new Date(at).toLocaleTimeString(), error) : vscode.l10n.t('Showing earlier results: {0}', error);
    }
    const cachedAt = c.store.restoredFromCacheAt ?? (c.holdsCache ? undefined : c.firstScreen(this.groupBy())?.savedAt);
    if (cachedAt !== undefined && !c.isLoading) {
      return vscode.l10n.t('Showing cached events from {0}.', new Date(cachedAt).toLocaleString());
    }
    // The filter says itself in the tree's first row ("Filtered: … · N of M shown").
    return undefined;
  }

  /**
   * Selects the row showing the event in the current grouping, expanding its group parents, without
   * moving focus. Resolves to false when no row shows it (unknown, filtered out, not loaded yet).
   * Note: VS Code opens the view to reveal; callers that must not open it check `view.visible` first.
   */
  async revealEvent(ref: EventRef): Promise<boolean> {
    // A refresh of the tree (regrouping, a load finishing) that lands while the reveal runs can
    // drop its selection: the row is revealed again, a few times at most, until it is selected.
    for (let attempt = 0; attempt < 3; attempt++) {
      const rows = this.provider.rowsShowing(ref);
      // An incident listed under several regions/services: keep the occurrence the user selected.
      const selected = new Set(this.view.selection.map((n) => n.id));
      const target = rows.find((r) => selected.has(r.id)) ?? rows[0];
      if (!target) {
        return false;
      }
      // A row past its group's "Show more" row is not in the tree until the group shows it.
      this.provider.showRow(target);
      const settled = this.selectionOf(target.id, 2_000);
      await this.view.reveal(target, { select: true, focus: false, expand: false });
      if (this.view.selection.some((n) => n.id === target.id) || (await settled)) {
        return true;
      }
    }
    return this.provider.rowsShowing(ref).length > 0;
  }

  /** Resolves true once `id` is selected (now or by a selection change within `timeoutMs`). */
  private selectionOf(id: string, timeoutMs: number): Promise<boolean> {
    return new Promise<boolean>((resolve) => {
      const has = (): boolean => this.view.selection.some((n) => n.id === id);
      const done = (value: boolean): void => {
        clearTimeout(timer);
        listener.dispose();
        resolve(value);
      };
      const listener = this.view.onDidChangeSelection(() => {
        if (has()) done(true);
      });
      const timer = setTimeout(() => done(has()), timeoutMs);
    });
  }

  /** Ids of the selected rows. */
  selectedIds(): string[] {
    return this.view.selection.map((n) => n.id);
  }

  /** Labels and descriptions of the tree, to `depth` levels. */
  snapshot(depth = 3): TreeSnapshotNode[] {
    const walk = (nodes: TreeNode[], level: number): TreeSnapshotNode[] =>
      nodes.map((n) => {
        const item = n.getTreeItem();
        const label = typeof item.label === 'string' ? item.label : (item.label?.label ?? '');
        const children = level < depth && item.collapsibleState !== vscode.TreeItemCollapsibleState.None ? walk(n.getChildren(), level + 1) : undefined;
        return {
          id: item.id,
          label,
          description: typeof item.description === 'string' ? item.description : undefined,
          contextValue: item.contextValue,
          ...(item.command ? { command: { command: item.command.command, ...(item.command.arguments ? { arguments: item.command.arguments } : {}) } } : {}),
          ...(children ? { children } : {}),
        };
      });
    return walk(this.provider.roots(), 1);
  }

  unseenActiveCount(): number {
    return countIncidents(this.controller.store.unseenActiveServiceIssues());
  }
}

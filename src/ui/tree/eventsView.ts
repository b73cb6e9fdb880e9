/**
 * The "Events" tree view: provider, view message/description/badge, and the context keys that
 * pick the welcome content (signed out, no subscriptions, nothing in the window).
 */
import * as vscode from 'vscode';
import type { EventRef } from '../../core/events/eventFacts';
import { isRestricted } from '../../core/events/eventFilter';
import type { FirstScreen } from '../../core/cache/firstScreen';
import { findGroup, groupEvents, startsExpanded, type EventGroup, type GroupBy } from '../../core/events/grouping';
import { countIncidents } from '../../core/events/incidents';
import { filterRow, filterRowOf } from './filterRow';
import { Command, ContextKey } from '../base/commandIds';
import { registerCommand, setContext, type CommandLog } from '../base/commands';
import { Disposable } from '../base/disposable';
import type { EventsController } from '../events/eventsController';
import { EventNode, GroupNode, MessageNode, type ImpactedTreeHooks, type NodeContext, type TreeNode } from './nodes';
import { PaintTracker } from './paintTracker';
import { registerTreeRetryCommand, SafeTreeDataProvider, type TreeErrorRow } from './safeTreeProvider';
import { GroupLimits, limitShowing } from './rowPaging';

export const EVENTS_VIEW_ID = 'serviceHealth.events';
/** The view's name in package.json; the title says "Sample Data" in sample mode. */
const VIEW_TITLE = 'Events';
// "Sample" leads: a 300 px side bar cuts the end of "SERVICE HEALTH: …", never its start.
const SAMPLE_VIEW_TITLE = 'Sample Data — Events';
/**
 * Shown above the tree in sample mode when no other message is. The view description says
 * "Sample data" too, but VS Code hides the pane header (and so the description) while the
 * container holds a single view; the title and this line stay visible.
 */
export const SAMPLE_MESSAGE = 'Made-up events from the local sample service. Sign in to see your subscriptions.';

/** Plain data of a rendered tree, for integration tests. */
export interface TreeSnapshotNode {
  readonly id?: string;
  readonly label: string;
  readonly description?: string;
  readonly contextValue?: string;
  /** What a click runs (tests run it as the tree would). */
  readonly command?: { readonly command: string; readonly arguments?: readonly unknown[] };
  readonly children?: TreeSnapshotNode[];
}

export class EventsTreeProvider extends SafeTreeDataProvider<TreeNode> {
  readonly paint = new PaintTracker();
  private readonly limits = new GroupLimits();
  /** The group nodes VS Code last got, by id: a refresh of one group must name the instance it holds. */
  private readonly servedGroups = new Map<string, GroupNode>();
  /** Whether the rows VS Code last got came from the cached first screen. */
  private drawnFromScreen = false;

  constructor(
    private readonly controller: EventsController,
    private readonly groupBy: () => GroupBy,
    private readonly impacted?: ImpactedTreeHooks,
    onError?: (where: string, error: unknown) => void,
  ) {
    super(onError);
  }

  fire(): void {
    // Every change of grouping or filter comes through here, even while VS Code asks for no rows.
    this.enterScope();
    this.paint.changed();
    this.changed.fire(undefined);
  }

  /** Raised row limits hold while the grouping and filter stay the same. */
  private enterScope(): void {
    const c = this.controller;
    this.limits.enter(JSON.stringify([this.groupBy(), c.filter, c.query?.text ?? '']));
  }

  protected override refresh(node: TreeNode | undefined): void {
    if (node === undefined) {
      this.fire();
    } else {
      this.changed.fire(node);
    }
  }

  protected treeItem(node: TreeNode): vscode.TreeItem {
    return node.getTreeItem();
  }

  protected errorNode(parent: TreeNode | undefined, row: TreeErrorRow): TreeNode {
    return new MessageNode(`rows-error:${parent?.id ?? 'root'}`, row.label, {
      description: row.description,
      tooltip: row.tooltip,
      icon: new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground')),
      command: row.command,
      contextValue: 'serviceHealth.treeError',
    }, parent);
  }

  protected override resolve(item: vscode.TreeItem, node: TreeNode): vscode.TreeItem {
    if (node instanceof EventNode && item.tooltip === undefined) {
      item.tooltip = node.tooltip();
    }
    return item;
  }

  protected children(node: TreeNode | undefined): TreeNode[] {
    // Expanding an event loads its impacted resources (once; the store caches them).
    if (node instanceof EventNode) {
      this.impacted?.ensure(node.row);
    }
    const rows = node ? node.getChildren() : this.roots();
    if (node === undefined) {
      this.servedGroups.clear();
    }
    const expanded: string[] = [];
    for (const n of rows) {
      if (n instanceof GroupNode) {
        this.servedGroups.set(n.group.id, n);
        if (startsExpanded(n.group)) expanded.push(n.id);
      }
    }
    this.paint.served(node?.id, expanded);
    return rows;
  }

  /**
   * Raises a group's row limit and redraws that group only (the rest of the tree stays as it is).
   * Returns whether the limit changed.
   */
  showMore(groupId: string, limit: number): boolean {
    if (!this.limits.raise(groupId, limit)) {
      return false;
    }
    if (this.drawnFromScreen) {
      // The cached first screen holds one page per group: the tree is drawn from the store now.
      this.fire();
      return true;
    }
    // A group VS Code never got has no rows on screen: it asks for them when it shows the group.
    const node = this.servedGroups.get(groupId);
    if (node) {
      this.changed.fire(node);
    }
    return true;
  }

  protected override parentOf(node: TreeNode): TreeNode | undefined {
    return node.parent;
  }

  /**
   * Every row showing the event in the current grouping, in tree order (region/service groups list
   * an incident more than once), past the groups' row limits too; `showRow` makes one exist.
   */
  rowsShowing(ref: EventRef): EventNode[] {
    const walk = (nodes: readonly TreeNode[]): EventNode[] =>
      nodes.flatMap((n) => {
        if (!(n instanceof GroupNode)) {
          return [];
        }
        return n.group.groups.length > 0 ? walk(n.getChildren()) : n.rowsShowing(ref).map((r) => r.row);
      });
    return walk(this.liveRoots());
  }

  /** Raises the row limit of the row's group so the row is among its children; true when it changed. */
  showRow(row: EventNode): boolean {
    const group = row.parent;
    if (!(group instanceof GroupNode)) {
      return false;
    }
    const index = group.group.incidents.indexOf(row.row);
    const limit = this.limits.of(group.group.id);
    return index >= 0 && this.showMore(group.group.id, limitShowing(index, limit));
  }

  /** The top rows as drawn: from the cached first screen while it stands for the store (see EventsController.firstScreen). */
  roots(): TreeNode[] {
    this.enterScope();
    const screen = this.limits.raised || this.controller.phase() !== 'ready' ? undefined : this.controller.firstScreen(this.groupBy());
    this.drawnFromScreen = screen !== undefined;
    return screen ? this.screenRoots(screen) : this.liveRoots();
  }

  private screenRoots(screen: FirstScreen): TreeNode[] {
    const c = this.controller;
    this.enterScope();
    const ctx: NodeContext = {
      ...this.context(),
      // Until the store is read, what was seen is what the first screen recorded.
      isSeen: (key) => (c.holdsCache ? c.store.isSeen(key) : screen.seen.has(key)),
      fullGroup: (groupId) => (c.holdsCache ? findGroup(this.liveGroups(), groupId) : undefined),
    };
    const filter = filterRowOf(c, screen.shown, screen.held);
    const groups = screen.groups.map((g) => new GroupNode(g, ctx));
    return filter ? [filter, ...groups] : groups;
  }

  private context(): NodeContext {
    const c = this.controller;
    return {
      now: Date.now(),
      isSeen: (key) => c.store.isSeen(key),
      subscriptionNames: c.subscriptionNames(),
      multipleSubscriptions: c.subscriptionIds().length > 1,
      ...(this.impacted ? { impacted: this.impacted } : {}),
      limitOf: (groupId) => this.limits.of(groupId),
    };
  }

  private liveGroups(): EventGroup[] {
    return groupEvents(this.controller.visibleEvents(), this.groupBy(), { subscriptionNames: this.controller.subscriptionNames() });
  }

  /** The top rows made from the store. */
  liveRoots(): TreeNode[] {
    const c = this.controller;
    if (c.phase() !== 'ready') {
      return []; // the welcome content explains what to do
    }
    const events = c.visibleEvents();
    if (events.length === 0) {
      const error = c.store.lastError;
      if (error && c.store.size === 0) {
        return [
          new MessageNode('error', "Couldn't load events", {
            description: 'Retry',
            tooltip: error,
            icon: new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground')),
            command: { command: Command.refresh, title: 'Retry' },
            contextValue: 'serviceHealth.error',
          }),
          new MessageNode('error-detail', error, { icon: new vscode.ThemeIcon('blank') }),
        ];
      }
      return [];
    }
    const names = c.subscriptionNames();
    this.enterScope();
    const filter = filterRow(c, events);
    const ctx = this.context();
    const groups = groupEvents(events, this.groupBy(), { subscriptionNames: names }).map((g) => new GroupNode(g, ctx));
    return filter ? [filter, ...groups] : groups;
  }

  override dispose(): void {
    this.paint.dispose();
    super.dispose();
  }
}

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
      parts.push('Sample data');
    }
    if (phase === 'ready') {
      parts.push(`${c.filter.windowDays}d`);
      if (isRestricted(c.filter)) {
        parts.push('filtered');
      }
      if (c.query) {
        parts.push(c.query.describe(c.store.getEvents(), Date.now()));
      }
    }
    if (c.store.isStale || c.store.restoredFromCacheAt !== undefined || !c.holdsCache) {
      parts.push('(stale)');
    }
    this.view.description = parts.join(' · ') || undefined;
    const sample = connection?.mode === 'sample';
    const title = sample ? SAMPLE_VIEW_TITLE : VIEW_TITLE;
    if (this.view.title !== title) {
      this.view.title = title;
    }
    // Errors, staleness and filter notes win; the sample note only fills an empty slot, and only
    // over rows (an empty tree shows the welcome content, which a message would hide).
    // Any other message (an error, a filter note) still says the events are made up.
    const message = this.message(phase);
    this.view.message = sample && message !== undefined ? `Sample data — ${message}` : (message ?? (sample && phase === 'ready' && visible.length > 0 ? SAMPLE_MESSAGE : undefined));

    // Counted in incidents, like the tree rows: one incident listed for three subscriptions is one.
    // Filters do not hide an outage from the badge, and made-up sample outages never get one.
    const screen = c.holdsCache ? undefined : c.firstScreen(this.groupBy());
    const unseen = phase !== 'ready' || sample ? 0 : screen ? screen.unseen : countIncidents(c.store.unseenActiveServiceIssues());
    this.view.badge = unseen > 0 ? { value: unseen, tooltip: `${unseen} active service issue${unseen === 1 ? '' : 's'} not yet opened` } : undefined;
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
      return 'Loading events…';
    }
    const error = c.store.lastError;
    if (error && c.store.size > 0) {
      const at = c.store.lastSuccessAt;
      return `Showing earlier results${at ? ` from ${new Date(at).toLocaleTimeString()}` : ''}: ${error}`;
    }
    const cachedAt = c.store.restoredFromCacheAt ?? (c.holdsCache ? undefined : c.firstScreen(this.groupBy())?.savedAt);
    if (cachedAt !== undefined && !c.isLoading) {
      return `Showing cached events from ${new Date(cachedAt).toLocaleString()}.`;
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

/**
 * The Events tree's data provider: the rows from the store or the cached first screen, row paging,
 * and which groups start expanded (decided on a group's first load, then left to the user).
 */
import * as vscode from 'vscode';
import type { EventRef } from '../../core/events/eventFacts';
import type { FirstScreen } from '../../core/cache/firstScreen';
import type { StoredEvent } from '../../core/events/eventFacts';
import { findGroup, groupEvents, startsExpanded, workspaceGroup, type EventGroup, type GroupBy } from '../../core/events/grouping';
import { sectionEvents, type WorkspacePlaces } from '../infra/workspaceSection';
import { filterRow, filterRowOf } from './filterRow';
import { Command } from '../base/commandIds';
import type { EventsController } from '../events/eventsController';
import { EventNode, GroupNode, MessageNode, type ImpactedTreeHooks, type NodeContext, type TreeNode } from './nodes';
import { PaintTracker } from './paintTracker';
import { SafeTreeDataProvider, type TreeErrorRow } from './safeTreeProvider';
import { GroupLimits, limitShowing } from './rowPaging';

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
  /**
   * Each group's expansion, decided the first time it is drawn: later loads keep it (VS Code keeps
   * the user's folding of a known row), so only the first load decides what opens.
   */
  private readonly expansion = new Map<string, boolean>();
  /** What the workspace's templates deploy (set by the infra feature): the rows' marker and the "This workspace" section. */
  workspace: WorkspacePlaces | undefined;

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
        if (this.startsExpanded(n.group)) expanded.push(n.id);
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
    // The cached first screen knows no templates: with a workspace section to show, the rows come from the store.
    const withSection = this.workspace !== undefined && this.section(this.controller.visibleEvents()) !== undefined;
    const screen = withSection || this.limits.raised || this.controller.phase() !== 'ready' ? undefined : this.controller.firstScreen(this.groupBy());
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

  /** Active service issues and events affecting the user's resources open their groups; the rest stay folded. */
  private startsExpanded(group: EventGroup): boolean {
    let decided = this.expansion.get(group.id);
    if (decided === undefined) {
      const impacted = this.impacted;
      decided = startsExpanded(group, impacted ? (row) => impacted.note(row) !== undefined : undefined);
      this.expansion.set(group.id, decided);
    }
    return decided;
  }

  private context(): NodeContext {
    const c = this.controller;
    return {
      startsExpanded: (group) => this.startsExpanded(group),
      now: Date.now(),
      isSeen: (key) => c.store.isSeen(key),
      subscriptionNames: c.subscriptionNames(),
      multipleSubscriptions: c.subscriptionIds().length > 1,
      ...(this.impacted ? { impacted: this.impacted } : {}),
      limitOf: (groupId) => this.limits.of(groupId),
      workspacePlace: (row) => {
        const places = this.workspace;
        return places ? row.copies.map((copy) => places.placeOf(copy.event)).find((t) => t !== undefined) : undefined;
      },
    };
  }

  /** The "This workspace" section at the top, or undefined without templates or a match. Why: docs/architecture.md#tree-workspace */
  private section(events: readonly StoredEvent[]): EventGroup | undefined {
    const touching = sectionEvents(events, this.workspace);
    return touching.length > 0 ? workspaceGroup(touching, vscode.l10n.t('This workspace')) : undefined;
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
          new MessageNode('error', vscode.l10n.t("Couldn't load events"), {
            description: vscode.l10n.t('Retry'),
            tooltip: error,
            icon: new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground')),
            command: { command: Command.refresh, title: vscode.l10n.t('Retry') },
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
    const section = this.section(events);
    return [...(filter ? [filter] : []), ...(section ? [new GroupNode(section, ctx)] : []), ...groups];
  }

  override dispose(): void {
    this.paint.dispose();
    super.dispose();
  }
}

/**
 * Rows of the Resources view: a state (Unavailable, Degraded, …) with its resource groups, each
 * listing its resources as `name · type · region` with "since" or the ETA. A resource row is a
 * ResourceNode, so the impacted resources' Open in Azure Portal and Reveal in Azure Resources act on it.
 */
import * as vscode from 'vscode';
import type { HealthRow, StateSection } from '../../core/health/healthRows';
import { NO_RESOURCE_GROUP } from '../../core/render/impactedRows';
import { formatWhen } from '../../core/render/time';
import { Command } from '../base/commandIds';
import { TreeNode } from '../tree/nodes';
import { RESOURCE_CONTEXT } from './resourceContext';
import { appendResourceFacts, ResourceNode } from './resourceNodes';
import { stateIcon } from './stateIcons';

/** What the rows need from the view: the time now and the portal base (undefined in sample mode). */
export interface HealthNodeContext {
  readonly now: number;
  readonly portal: string | undefined;
}

export class StateNode extends TreeNode {
  constructor(
    readonly section: StateSection,
    private readonly ctx: HealthNodeContext,
  ) {
    super(undefined);
  }

  get id(): string {
    return `health-state:${this.section.state.toLowerCase()}`;
  }

  getTreeItem(): vscode.TreeItem {
    const s = this.section;
    // What needs attention opens; Available stays folded with its count.
    const open = s.rank < 4 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed;
    const item = new vscode.TreeItem(s.state, open);
    item.id = this.id;
    item.description = String(s.count);
    item.iconPath = stateIcon(s.state);
    item.tooltip = s.count === 1 ? vscode.l10n.t('1 resource is {0}', s.state) : vscode.l10n.t('{0} resources are {1}', s.count, s.state);
    item.contextValue = 'serviceHealth.healthState';
    return item;
  }

  override getChildren(): TreeNode[] {
    return this.section.groups.map((g) => new HealthGroupNode(g.resourceGroup, g.rows, this.ctx, this));
  }
}

export class HealthGroupNode extends TreeNode {
  constructor(
    private readonly name: string,
    private readonly rows: readonly HealthRow[],
    private readonly ctx: HealthNodeContext,
    parent: StateNode,
  ) {
    super(parent);
  }

  get id(): string {
    return `${this.parent?.id ?? ''}:rg:${this.name.toLowerCase()}`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.name || NO_RESOURCE_GROUP, vscode.TreeItemCollapsibleState.Expanded);
    item.id = this.id;
    item.description = String(this.rows.length);
    item.iconPath = new vscode.ThemeIcon('symbol-namespace');
    item.contextValue = 'serviceHealth.resourceGroup';
    return item;
  }

  override getChildren(): TreeNode[] {
    return this.rows.map((r, i) => new HealthResourceNode(r, `${this.id}:${i}`, this.ctx, this));
  }
}

/** "since 2 hours ago (…)" or, when the service expects a resolution, "ETA in 1 hour (…)". */
export function healthWhen(row: HealthRow, now: number): string | undefined {
  if (row.eta !== undefined && row.eta > now) {
    return vscode.l10n.t('ETA {0}', formatWhen(row.eta, now));
  }
  return row.since !== undefined ? vscode.l10n.t('since {0}', formatWhen(row.since, now)) : undefined;
}

export class HealthResourceNode extends ResourceNode {
  constructor(
    readonly health: HealthRow,
    key: string,
    private readonly ctx: HealthNodeContext,
    parent: TreeNode,
  ) {
    super(health, key, ctx.portal, parent);
  }

  override getTreeItem(): vscode.TreeItem {
    const r = this.health;
    const item = new vscode.TreeItem(r.label || vscode.l10n.t('(unnamed resource)'), vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    const when = healthWhen(r, this.ctx.now);
    if (when) {
      item.description = when;
    }
    item.iconPath = stateIcon(r.state);
    const flags = [RESOURCE_CONTEXT, this.portalUrl ? 'portal' : undefined, r.resourceId ? 'id' : undefined].filter(Boolean);
    item.contextValue = flags.join(';');
    item.tooltip = this.tooltip(when);
    if (r.resourceId) {
      item.command = { command: Command.showResourceHealth, title: vscode.l10n.t('Show Health Details'), arguments: [r.resourceId] };
    }
    item.accessibilityInformation = { label: [r.label, r.state, when].filter(Boolean).join(', '), role: 'treeitem' };
    return item;
  }

  private tooltip(when: string | undefined): vscode.MarkdownString {
    const r = this.health;
    const md = new vscode.MarkdownString(undefined, false);
    md.isTrusted = false;
    md.supportHtml = false;
    md.appendMarkdown('**');
    md.appendText(`${r.name || vscode.l10n.t('(unnamed resource)')}: ${r.state}`);
    md.appendMarkdown('**\n\n');
    for (const text of [r.summary, r.detailedStatus, when]) {
      if (text) {
        md.appendText(text);
        md.appendMarkdown('\n\n');
      }
    }
    appendResourceFacts(md, r);
    return md;
  }
}

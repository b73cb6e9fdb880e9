/**
 * Tree rows of an event's impacted resources: resource group rows, each listing its resources
 * (name; type and region as the description). Loading, empty and error states are message rows;
 * the error row says what went wrong and retries on click.
 */
import * as vscode from 'vscode';
import type { IncidentRow } from '../../core/events/grouping';
import { affectsText, groupByResourceGroup, NO_RESOURCE_GROUP, resourceCount, resourcePortalUrl, shortType, type ImpactedRow, type ResourcesState } from '../../core/render/impactedRows';
import { MessageNode, TreeNode, type ImpactedTreeHooks } from '../tree/nodes';
import type { ImpactedResourcesStore } from './impactedResourcesStore';
import { RESOURCE_CONTEXT } from './resourceContext';
import { Command } from '../base/commandIds';
import { stateIcon } from './stateIcons';

/** A resource's current health as the Resources view last listed it (see core/health/healthIndex.ts); undefined: unknown. */
export interface HealthMark {
  readonly state: string;
  readonly summary?: string;
}

export type HealthOf = (resourceId: string | undefined) => HealthMark | undefined;

export class ResourceGroupNode extends TreeNode {
  constructor(
    private readonly name: string,
    private readonly rows: readonly ImpactedRow[],
    private readonly idPrefix: string,
    private readonly portal: string | undefined,
    parent: TreeNode,
    private readonly health?: HealthOf,
  ) {
    super(parent);
  }

  get id(): string {
    return `rg:${this.idPrefix}:${this.name.toLowerCase()}`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.name || NO_RESOURCE_GROUP, vscode.TreeItemCollapsibleState.Expanded);
    item.id = this.id;
    item.description = resourceCount(this.rows.length);
    item.iconPath = new vscode.ThemeIcon('symbol-namespace');
    item.contextValue = 'serviceHealth.resourceGroup';
    const count = resourceCount(this.rows.length);
    item.tooltip = this.name ? vscode.l10n.t('Resource group {0}: {1} impacted', this.name, count) : vscode.l10n.t('No resource group given: {0} impacted', count);
    return item;
  }

  override getChildren(): TreeNode[] {
    return this.rows.map((r, i) => new ResourceNode(r, `${this.id}:${i}`, this.portal, this, this.health?.(r.resourceId)));
  }
}

export class ResourceNode extends TreeNode {
  constructor(
    readonly row: ImpactedRow,
    private readonly key: string,
    private readonly portal: string | undefined,
    parent: TreeNode,
    /** Its current health when known: shown as the icon and a word; nothing when unknown (never "healthy"). */
    readonly healthMark?: HealthMark,
  ) {
    super(parent);
  }

  get id(): string {
    return `resource:${this.row.resourceId?.toLowerCase() ?? this.key}:${this.key}`;
  }

  /** The resource's portal page; undefined for sample data and for resources without an ARM id. */
  get portalUrl(): string | undefined {
    return this.portal ? resourcePortalUrl(this.row.resourceId, this.portal) : undefined;
  }

  getTreeItem(): vscode.TreeItem {
    const r = this.row;
    const item = new vscode.TreeItem(r.name, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    const health = this.healthMark;
    item.description = [r.type ? shortType(r.type) : undefined, r.region || undefined, health?.state].filter(Boolean).join(' · ');
    item.iconPath = health ? stateIcon(health.state) : new vscode.ThemeIcon('symbol-field');
    const flags = [RESOURCE_CONTEXT, this.portalUrl ? 'portal' : undefined, r.resourceId ? 'id' : undefined].filter(Boolean);
    item.contextValue = flags.join(';');
    const md = new vscode.MarkdownString(undefined, false);
    md.isTrusted = false;
    md.supportHtml = false;
    md.appendMarkdown('**');
    md.appendText(r.name);
    md.appendMarkdown('**\n\n');
    if (health) {
      md.appendText(vscode.l10n.t('Health now: {0}', health.state));
      md.appendMarkdown('\n\n');
      if (health.summary) {
        md.appendText(health.summary);
        md.appendMarkdown('\n\n');
      }
    }
    appendResourceFacts(md, r);
    item.tooltip = md;
    const parts = [
      r.name,
      r.type || vscode.l10n.t('resource'),
      r.resourceGroup ? vscode.l10n.t('resource group {0}', r.resourceGroup) : vscode.l10n.t('resource group not given'),
      r.region || vscode.l10n.t('region not given'),
      ...(health ? [health.state] : []),
    ];
    item.accessibilityInformation = { label: parts.join(', '), role: 'treeitem' };
    return item;
  }
}

/** The rows for one state of an incident's resources. */
export function resourceChildren(state: ResourcesState | undefined, row: IncidentRow, idPrefix: string, portal: string | undefined, parent: TreeNode, health?: HealthOf): TreeNode[] {
  const key = `resources:${idPrefix}`;
  if (state === undefined) {
    // Never asked (a snapshot walking the tree): only an expand loads, and only then a row shows.
    return [];
  }
  if (state.kind === 'loading') {
    return [new MessageNode(`${key}:loading`, vscode.l10n.t('Loading impacted resources…'), { icon: new vscode.ThemeIcon('loading~spin'), contextValue: 'serviceHealth.resourcesLoading' }, parent)];
  }
  const ref = { subscriptionId: row.primary.subscriptionId, trackingId: row.primary.trackingId };
  const retry: vscode.Command = { command: Command.retryImpactedResources, title: vscode.l10n.t('Retry'), arguments: [ref] };
  if (state.kind === 'error') {
    return [
      new MessageNode(`${key}:error`, state.message, {
        icon: new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground')),
        tooltip: vscode.l10n.t('{0} Click to try again.', state.message),
        command: retry,
        contextValue: 'serviceHealth.resourcesError',
      }, parent),
    ];
  }
  if (state.rows.length === 0) {
    const none = new MessageNode(`${key}:none`, vscode.l10n.t('No impacted resources in your subscriptions'), {
      icon: new vscode.ThemeIcon('pass'),
      tooltip: vscode.l10n.t('The service lists none of your resources as impacted by this event.'),
      contextValue: 'serviceHealth.resourcesNone',
    }, parent);
    return [none];
  }
  const nodes: TreeNode[] = groupByResourceGroup(state.rows).map((g) => new ResourceGroupNode(g.resourceGroup, g.rows, idPrefix, portal, parent, health));
  if (state.partialError) {
    nodes.push(new MessageNode(`${key}:partial`, vscode.l10n.t('Some subscriptions could not be listed: {0}', state.partialError), {
      icon: new vscode.ThemeIcon('warning', new vscode.ThemeColor('list.warningForeground')),
      command: retry,
      tooltip: vscode.l10n.t('{0} Click to try again.', state.partialError),
    }, parent));
  }
  return nodes;
}

/** The hooks the Events tree uses, over the store; `portal` is undefined in sample mode (made-up resources have no page). */
export function impactedTreeHooks(store: ImpactedResourcesStore, portal: () => string | undefined, health: () => HealthOf): ImpactedTreeHooks {
  return {
    children: (row, idPrefix, parent) => resourceChildren(store.peek(row.copies), row, idPrefix, portal(), parent, health()),
    note: (row) => {
      const n = store.countOf(row.primary.trackingId);
      return n === undefined || n === 0 ? undefined : affectsText(n);
    },
    ensure: (row) => {
      void store.load(row.copies);
    },
  };
}

/** A resource's facts in a tooltip, one "Label: value" line each (values as text, never Markdown); the Resources view shares them. */
export function appendResourceFacts(
  md: vscode.MarkdownString,
  r: { readonly type?: string; readonly resourceGroup?: string; readonly region?: string; readonly subscriptionId?: string; readonly resourceId?: string },
): void {
  const line = (label: string, value: string | undefined): void => {
    if (value) {
      md.appendMarkdown(`${label}: `);
      md.appendText(value);
      md.appendMarkdown('  \n');
    }
  };
  line(vscode.l10n.t('Type'), r.type);
  line(vscode.l10n.t('Resource group'), r.resourceGroup);
  line(vscode.l10n.t('Region'), r.region);
  line(vscode.l10n.t('Subscription'), r.subscriptionId);
  line(vscode.l10n.t('Resource ID'), r.resourceId);
}

/**
 * Tree nodes of the events view. Each node renders itself (getTreeItem) and knows its children.
 * Ids are stable across refreshes (group path + subscription + tracking id) so expansion and
 * selection survive a refresh.
 */
import * as vscode from 'vscode';
import {
  eventKey,
  isActive,
  lastUpdateOf,
  regionsOf,
  relativeTime,
  servicesOf,
  titleOf,
  type StoredEvent,
} from '../../core/events/eventFacts';
import type { EventGroup } from '../../core/events/grouping';
import type { Impact } from '../../core/model/schemas';

export const OPEN_DETAILS_COMMAND = 'serviceHealth.openDetails';

/** What nodes need to know about the view as a whole. */
export interface NodeContext {
  readonly now: number;
  readonly isSeen: (key: string) => boolean;
  readonly subscriptionNames: ReadonlyMap<string, string>;
  /** More than one subscription is shown: event tooltips name theirs. */
  readonly multipleSubscriptions: boolean;
}

export abstract class TreeNode {
  abstract getTreeItem(): vscode.TreeItem;
  getChildren(): TreeNode[] {
    return [];
  }
}

export class GroupNode extends TreeNode {
  constructor(
    readonly group: EventGroup,
    private readonly ctx: NodeContext,
  ) {
    super();
  }

  getTreeItem(): vscode.TreeItem {
    const g = this.group;
    // Active groups and groups with active events start expanded; resolved ones stay folded.
    const expanded = g.key === 'Active' || (g.kind !== 'status' && g.activeCount > 0 && g.groups.length > 0);
    const item = new vscode.TreeItem(g.label, expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = `group:${g.id}`;
    item.description = g.activeCount > 0 && g.activeCount !== g.count && g.groups.length > 0 ? `${g.count} · ${g.activeCount} active` : String(g.count);
    item.contextValue = `serviceHealth.group.${g.kind}`;
    item.iconPath = groupIcon(g);
    item.tooltip = `${g.label}: ${g.count} event${g.count === 1 ? '' : 's'}${g.activeCount > 0 ? `, ${g.activeCount} active` : ''}`;
    return item;
  }

  override getChildren(): TreeNode[] {
    if (this.group.groups.length > 0) {
      return this.group.groups.map((g) => new GroupNode(g, this.ctx));
    }
    return this.group.events.map((e) => new EventNode(e, this.ctx, this.group.id));
  }
}

export class EventNode extends TreeNode {
  constructor(
    readonly stored: StoredEvent,
    private readonly ctx: NodeContext,
    private readonly parentId: string,
  ) {
    super();
  }

  get key(): string {
    return eventKey(this.stored.subscriptionId, this.stored.trackingId);
  }

  getTreeItem(): vscode.TreeItem {
    const { event, subscriptionId, trackingId } = this.stored;
    const hasImpact = (event.properties?.impact ?? []).some((i) => i.impactedService);
    const item = new vscode.TreeItem(titleOf(event), hasImpact ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = `event:${this.parentId}/${this.key}`;
    item.description = describeEvent(this.stored, this.ctx.now);
    item.iconPath = eventIcon(this.stored);
    item.tooltip = eventTooltip(this.stored, this.ctx);
    const flags = [
      'serviceHealth.event',
      isActive(event) ? 'active' : 'resolved',
      event.properties?.isEventSensitive ? 'sensitive' : undefined,
      this.ctx.isSeen(this.key) ? 'seen' : 'unseen',
    ].filter(Boolean);
    item.contextValue = flags.join(';');
    item.command = { command: OPEN_DETAILS_COMMAND, title: 'Open Event Details', arguments: [{ subscriptionId, trackingId }] };
    item.accessibilityInformation = { label: `${titleOf(event)}, ${event.properties?.eventType ?? 'event'}, ${event.properties?.status ?? ''}`, role: 'treeitem' };
    return item;
  }

  override getChildren(): TreeNode[] {
    return (this.stored.event.properties?.impact ?? [])
      .filter((i) => i.impactedService)
      .map((impact, index) => new ImpactNode(impact, `${this.parentId}/${this.key}/${index}`));
  }
}

export class ImpactNode extends TreeNode {
  constructor(
    private readonly impact: Impact,
    private readonly idPrefix: string,
  ) {
    super();
  }

  getTreeItem(): vscode.TreeItem {
    const regions = this.impact.impactedRegions ?? [];
    const item = new vscode.TreeItem(this.impact.impactedService ?? 'Service', regions.length > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
    item.id = `impact:${this.idPrefix}:${this.impact.impactedServiceGuid ?? this.impact.impactedService ?? ''}`;
    item.description = `${regions.length} region${regions.length === 1 ? '' : 's'}`;
    item.iconPath = new vscode.ThemeIcon('server-environment');
    item.contextValue = 'serviceHealth.impact';
    return item;
  }

  override getChildren(): TreeNode[] {
    return (this.impact.impactedRegions ?? []).map(
      (r, i) => new MessageNode(`${this.idPrefix}:r${i}`, r.impactedRegion ?? 'Unknown region', {
        description: r.status ?? undefined,
        icon: r.status === 'Active' ? new vscode.ThemeIcon('circle-filled', new vscode.ThemeColor('list.warningForeground')) : new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
        contextValue: 'serviceHealth.region',
      }),
    );
  }
}

/** A status or error row (e.g. "Couldn't load events" with a retry command). */
export class MessageNode extends TreeNode {
  constructor(
    private readonly id: string,
    private readonly label: string,
    private readonly options: { description?: string; icon?: vscode.ThemeIcon; command?: vscode.Command; tooltip?: string; contextValue?: string } = {},
  ) {
    super();
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = `message:${this.id}`;
    item.description = this.options.description;
    item.iconPath = this.options.icon;
    item.command = this.options.command;
    item.tooltip = this.options.tooltip;
    item.contextValue = this.options.contextValue ?? 'serviceHealth.message';
    return item;
  }
}

function listShort(values: string[], max: number): string {
  return values.length <= max ? values.join(', ') : `${values.slice(0, max).join(', ')} +${values.length - max}`;
}

export function describeEvent(stored: StoredEvent, now: number): string {
  const parts: string[] = [];
  const services = servicesOf(stored.event);
  const regions = regionsOf(stored.event);
  if (services.length > 0) {
    parts.push(listShort(services, 2));
  }
  if (regions.length > 0) {
    parts.push(listShort(regions, 2));
  }
  const updated = lastUpdateOf(stored.event);
  if (updated !== undefined) {
    parts.push(relativeTime(updated, now));
  }
  return parts.join(' · ');
}

const TYPE_ICONS: Record<string, string> = {
  ServiceIssue: 'error',
  PlannedMaintenance: 'tools',
  HealthAdvisory: 'info',
  SecurityAdvisory: 'shield',
  EmergingIssues: 'flame',
  RCA: 'book',
  Billing: 'credit-card',
};

function levelColor(stored: StoredEvent): vscode.ThemeColor | undefined {
  const props = stored.event.properties;
  if (!isActive(stored.event)) {
    return new vscode.ThemeColor('disabledForeground');
  }
  const level = props?.eventLevel ?? props?.level;
  switch (level) {
    case 'Critical':
    case 'Error':
      return new vscode.ThemeColor('errorForeground');
    case 'Warning':
      return new vscode.ThemeColor('list.warningForeground');
    case 'Informational':
      return new vscode.ThemeColor('charts.blue');
    default:
      return props?.eventType === 'ServiceIssue' ? new vscode.ThemeColor('errorForeground') : undefined;
  }
}

export function eventIcon(stored: StoredEvent): vscode.ThemeIcon {
  const props = stored.event.properties;
  if (props?.isEventSensitive) {
    return new vscode.ThemeIcon('lock', levelColor(stored));
  }
  const type = props?.eventType ?? '';
  const name = !isActive(stored.event) && type === 'ServiceIssue' ? 'pass' : (TYPE_ICONS[type] ?? 'circle-outline');
  return new vscode.ThemeIcon(name, levelColor(stored));
}

function groupIcon(g: EventGroup): vscode.ThemeIcon {
  switch (g.kind) {
    case 'type':
      return new vscode.ThemeIcon(TYPE_ICONS[g.key] ?? 'question');
    case 'status':
      return g.key === 'Active' ? new vscode.ThemeIcon('pulse', new vscode.ThemeColor('list.warningForeground')) : new vscode.ThemeIcon('check');
    case 'region':
      return new vscode.ThemeIcon('globe');
    case 'service':
      return new vscode.ThemeIcon('server-environment');
    case 'subscription':
      return new vscode.ThemeIcon('key');
  }
}

function eventTooltip(stored: StoredEvent, ctx: NodeContext): vscode.MarkdownString {
  const { event, trackingId, subscriptionId } = stored;
  const p = event.properties;
  const md = new vscode.MarkdownString(undefined, true);
  md.supportHtml = false;
  md.isTrusted = false;
  md.appendMarkdown('**');
  md.appendText(titleOf(event));
  md.appendMarkdown('**\n\n');
  const row = (label: string, value: string | undefined | null): void => {
    if (value) {
      md.appendMarkdown(`${label}: `);
      md.appendText(value);
      md.appendMarkdown('  \n');
    }
  };
  row('Type', p?.eventType);
  row('Status', p?.status);
  row('Level', p?.eventLevel ?? p?.level);
  row('Priority', typeof p?.priority === 'number' ? String(p.priority) : undefined);
  row('Services', servicesOf(event).join(', '));
  row('Regions', regionsOf(event).join(', '));
  const updated = lastUpdateOf(event);
  row('Last update', updated !== undefined ? `${new Date(updated).toUTCString()} (${relativeTime(updated, ctx.now)})` : undefined);
  row('Tracking ID', trackingId);
  if (ctx.multipleSubscriptions) {
    row('Subscription', ctx.subscriptionNames.get(subscriptionId.toLowerCase()) ?? subscriptionId);
  }
  if (p?.isEventSensitive) {
    md.appendMarkdown('\n$(lock) Sensitive: open the event to fetch its full text.');
  }
  return md;
}

/** Tree nodes of the events view. Why: docs/architecture.md#tree-nodes */
import * as vscode from 'vscode';
import { eventKey, isActive, titleOf, type EventRef, type StoredEvent } from '../../core/events/eventFacts';
import { incidentKey, incidentRegions, incidentServices, mergedImpacts, startsExpanded, typeLabel, type EventGroup, type IncidentRow } from '../../core/events/grouping';
import type { CutGroup } from '../../core/cache/firstScreen';
import type { Impact } from '../../core/model/schemas';
import type { InfraTarget } from '../../core/infra/types';
import { placeText } from '../infra/workspaceSection';
import { touchesWords, workspaceMarkUri } from './workspaceMark';
import { parseShownTime } from '../../core/model/eventModel';
import { eventTypeWords, levelWords, statusWords } from '../../core/render/enumWords';
import { formatWhen } from '../../core/render/time';
import { describeGroup, describeIncident, distinctLabels, levelOf, subscriptionNamesOf, type RowWords } from './rowText';

/** The row descriptions' counted words in the display language. */
const rowWords: RowWords = {
  subscriptions: (n) => vscode.l10n.t('{0} subscriptions', n),
  active: (n) => vscode.l10n.t('{0} active', n),
  resolved: (n) => vscode.l10n.t('{0} resolved', n),
};

/** The "Show more" row's sentences in the display language (whole sentences, one per case). */
const moreWords: MoreWords = {
  label: (next) => vscode.l10n.t('Show {0} more', next),
  notShown: (hidden) => vscode.l10n.t('{0} not shown', hidden),
  accessible: (next, nextText, notShown) =>
    next === 1
      ? notShown ? vscode.l10n.t('Show {0} more event ({1})', nextText, notShown) : vscode.l10n.t('Show {0} more event', nextText)
      : notShown ? vscode.l10n.t('Show {0} more events ({1})', nextText, notShown) : vscode.l10n.t('Show {0} more events', nextText),
};
import { pageRows, type MoreWords } from './rowPaging';
import { Command } from '../base/commandIds';

/** What the Events tree asks of the impacted-resources feature (see NodeContext.impacted); resources/resourceNodes.ts implements it. */
export interface ImpactedTreeHooks {
  /** Rows listing the incident's impacted resources, shown before its services. */
  children(row: IncidentRow, idPrefix: string, parent: TreeNode): TreeNode[];
  /** "affects 3 of your resources", once known. */
  note(row: IncidentRow): string | undefined;
  /** The row was expanded: load its resources if not yet. */
  ensure(row: IncidentRow): void;
}


/** Second argument of the rows' open command: the row is already where the user clicked, so no reveal. */
export interface OpenOrigin {
  readonly source: 'tree';
}
const FROM_TREE: OpenOrigin = { source: 'tree' };

/** Whether an open-details command came from the tree itself (a row click or its context menu). */
export function isFromTree(arg: unknown, origin: unknown): boolean {
  return arg instanceof TreeNode || (origin as Partial<OpenOrigin> | undefined)?.source === 'tree';
}

/** What nodes need to know about the view as a whole. */
export interface NodeContext {
  readonly now: number;
  readonly isSeen: (key: string) => boolean;
  readonly subscriptionNames: ReadonlyMap<string, string>;
  /** More than one subscription is shown: event tooltips name theirs. */
  readonly multipleSubscriptions: boolean;
  /** Impacted resources: an event's first children, and its "affects N of your resources" note. */
  readonly impacted?: ImpactedTreeHooks;
  /** How many event rows a group shows before its "Show more" row. */
  readonly limitOf: (groupId: string) => number;
  /** A group as drawn from the full cache, once it is read (the cached first screen lacks folded groups' rows). */
  readonly fullGroup?: (groupId: string) => EventGroup | undefined;
  /** Whether a group starts expanded: decided when it is first drawn, then kept (the user's folding wins after). */
  readonly startsExpanded?: (group: EventGroup) => boolean;
  /** The first template target the incident touches (see infra/workspaceSection), for the row's marker and tooltip. */
  readonly workspacePlace?: (row: IncidentRow) => InfraTarget | undefined;
}

export abstract class TreeNode {
  constructor(readonly parent: TreeNode | undefined) {}
  /** The TreeItem id: unique in the tree and stable across refreshes. */
  abstract get id(): string;
  abstract getTreeItem(): vscode.TreeItem;
  getChildren(): TreeNode[] {
    return [];
  }
}

export class GroupNode extends TreeNode {
  constructor(
    readonly group: EventGroup,
    private readonly ctx: NodeContext,
    parent?: GroupNode,
  ) {
    super(parent);
  }

  get id(): string {
    return `group:${this.group.id}`;
  }

  getTreeItem(): vscode.TreeItem {
    const g = this.group;
    const expanded = this.ctx.startsExpanded?.(g) ?? startsExpanded(g);
    const item = new vscode.TreeItem(g.label, expanded ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.Collapsed);
    item.id = this.id;
    item.description = describeGroup(g, rowWords);
    item.contextValue = `serviceHealth.group.${g.kind}`;
    item.iconPath = groupIcon(g);
    item.tooltip =
      g.kind === 'workspace'
        ? vscode.l10n.t("{0}: events in a service and region this workspace's templates deploy (the query workspace:yes lists the same)", g.label)
        : `${g.label}: ${g.count} event${g.count === 1 ? '' : 's'}${g.activeCount > 0 ? `, ${g.activeCount} active` : ''}`;
    return item;
  }

  override getChildren(): TreeNode[] {
    if (this.group.groups.length > 0) {
      return this.group.groups.map((g) => new GroupNode(g, this.ctx, this));
    }
    const cut = 'cut' in this.group ? (this.group as CutGroup).cut : undefined;
    if (cut?.missing) {
      // A folded group of the cached first screen: its rows come from the full cache (the node in
      // their parent slot has this group's id, which is all VS Code matches).
      const full = this.ctx.fullGroup?.(this.group.id);
      return full ? new GroupNode(full, this.ctx, this.parent instanceof GroupNode ? this.parent : undefined).getChildren() : [new MessageNode(`loading:${this.group.id}`, vscode.l10n.t('Loading cached events…'), { icon: new vscode.ThemeIcon('loading~spin') }, this)];
    }
    // Labels are told apart over every row, so a row reads the same before and after "Show more".
    const labels = cut ? cut.labels : distinctLabels(this.group.incidents, this.group);
    const page = pageRows(this.group.incidents, this.ctx.limitOf(this.group.id), undefined, cut?.total, moreWords);
    const rows: TreeNode[] = page.shown.map((r, i) => new EventNode(r, labels[i] ?? titleOf(r.primary.event), this.ctx, this));
    const more = page.more;
    if (more) {
      rows.push(
        new MessageNode(`more:${this.group.id}`, more.label, {
          ...(more.description ? { description: more.description } : {}),
          icon: new vscode.ThemeIcon('more'),
          command: { command: Command.showMoreEvents, title: more.label, arguments: [this.group.id, more.nextLimit] },
          tooltip: vscode.l10n.t('{0} in {1}', more.accessibleLabel, this.group.label),
          contextValue: 'serviceHealth.more',
          accessibleLabel: more.accessibleLabel,
        }, this),
      );
    }
    return rows;
  }

  /** Every row of a leaf group showing the event, past the limit too, with its index in the group. */
  rowsShowing(ref: EventRef): { row: EventNode; index: number }[] {
    const found: { row: EventNode; index: number }[] = [];
    let labels: string[] | undefined;
    this.group.incidents.forEach((r, index) => {
      const row = new EventNode(r, '', this.ctx, this);
      if (row.shows(ref)) {
        labels ??= distinctLabels(this.group.incidents, this.group);
        found.push({ row: new EventNode(r, labels[index] ?? titleOf(r.primary.event), this.ctx, this), index });
      }
    });
    return found;
  }
}

/** One incident: every subscription's copy of it (one copy in subscription grouping). */
export class EventNode extends TreeNode {
  constructor(
    readonly row: IncidentRow,
    /** What tells the row apart from its siblings (see rowText); the title is in the tooltip. */
    private readonly label: string,
    private readonly ctx: NodeContext,
    private readonly group: GroupNode,
  ) {
    super(group);
  }

  get id(): string {
    return `event:${this.path}`;
  }

  /** Group path + row key: the prefix of the ids below it too. */
  private get path(): string {
    return `${this.group.group.id}/${this.row.key}`;
  }

  /** Whether the row shows the event (any subscription's copy; tracking ids compare as incident keys). */
  shows(ref: EventRef): boolean {
    const subscription = ref.subscriptionId.toLowerCase();
    const incident = incidentKey(ref.trackingId);
    return this.row.copies.some((c) => c.subscriptionId.toLowerCase() === subscription && incidentKey(c.trackingId) === incident);
  }

  /** The copy the row shows and opens (context-menu commands read it too). */
  get stored(): StoredEvent {
    return this.row.primary;
  }

  getTreeItem(): vscode.TreeItem {
    const { event, subscriptionId, trackingId } = this.row.primary;
    const impacts = mergedImpacts(this.row);
    // With impacted resources, every event has children (its resources, loaded on expand).
    const collapsible = impacts.length > 0 || this.ctx.impacted !== undefined;
    const item = new vscode.TreeItem(this.label, collapsible ? vscode.TreeItemCollapsibleState.Collapsed : vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    const affects = this.ctx.impacted?.note(this.row);
    item.description = [describeIncident(this.row, this.ctx.now, rowWords), affects].filter(Boolean).join(' · ');
    // The marker: a badge (see workspaceMark.ts); the section's own rows need none. Why: docs/architecture.md#tree-workspace
    const place = this.ctx.workspacePlace?.(this.row);
    if (place && this.group.group.kind !== 'workspace') {
      item.resourceUri = workspaceMarkUri(place);
    }
    item.iconPath = eventIcon(this.row.primary);
    // The tooltip is made on hover (resolveTreeItem): thousands of rows would carry it over for nothing.
    // Opening marks every copy seen, so "seen" means all of them.
    const seen = this.row.copies.every((c) => this.ctx.isSeen(eventKey(c.subscriptionId, c.trackingId)));
    const flags = [
      'serviceHealth.event',
      isActive(event) ? 'active' : 'resolved',
      event.properties?.isEventSensitive ? 'sensitive' : undefined,
      seen ? 'seen' : 'unseen',
      place ? 'workspace' : undefined,
    ].filter(Boolean);
    item.contextValue = flags.join(';');
    item.command = { command: Command.openDetails, title: vscode.l10n.t('Open Event Details'), arguments: [{ subscriptionId, trackingId }, FROM_TREE] };
    const subscriptions = this.row.copies.length > 1 ? `, ${this.row.copies.length} subscriptions` : '';
    // The full title first: screen readers (and the UI tests) read what the short label leaves out.
    const type = event.properties?.eventType;
    const level = levelOf(this.row);
    item.accessibilityInformation = {
      label: [titleOf(event), type ? typeLabel(type) : 'Event', event.properties?.status ?? undefined, level, this.label].filter(Boolean).join(', ') + subscriptions + (affects ? `, ${affects}` : '') + (place ? `, ${touchesWords(placeText(place))}` : ''),
      role: 'treeitem',
    };
    return item;
  }

  /** The row's tooltip: full title, type, status, level, services, regions, subscriptions. */
  tooltip(): vscode.MarkdownString {
    return eventTooltip(this.row, this.ctx, this.ctx.impacted?.note(this.row), this.ctx.workspacePlace?.(this.row));
  }

  override getChildren(): TreeNode[] {
    const resources = this.ctx.impacted?.children(this.row, this.path, this) ?? [];
    return [...resources, ...mergedImpacts(this.row).map((impact, index) => new ImpactNode(impact, `${this.path}/${index}`, this))];
  }
}

export class ImpactNode extends TreeNode {
  constructor(
    private readonly impact: Impact,
    private readonly idPrefix: string,
    parent: EventNode,
  ) {
    super(parent);
  }

  get id(): string {
    return `impact:${this.idPrefix}:${this.impact.impactedServiceGuid ?? this.impact.impactedService ?? ''}`;
  }

  getTreeItem(): vscode.TreeItem {
    const regions = this.impact.impactedRegions ?? [];
    const item = new vscode.TreeItem(this.impact.impactedService ?? 'Service', regions.length > 0 ? vscode.TreeItemCollapsibleState.Expanded : vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = `${regions.length} region${regions.length === 1 ? '' : 's'}`;
    item.iconPath = new vscode.ThemeIcon('server-environment');
    item.contextValue = 'serviceHealth.impact';
    return item;
  }

  override getChildren(): TreeNode[] {
    return (this.impact.impactedRegions ?? []).map(
      (r, i) => new MessageNode(`${this.idPrefix}:r${i}`, r.impactedRegion ?? vscode.l10n.t('Unknown region'), {
        description: r.status ?? undefined,
        icon: r.status === 'Active' ? new vscode.ThemeIcon('circle-filled', new vscode.ThemeColor('list.warningForeground')) : new vscode.ThemeIcon('pass', new vscode.ThemeColor('testing.iconPassed')),
        contextValue: 'serviceHealth.region',
      }, this),
    );
  }
}

/** A status or error row (e.g. "Couldn't load events" with a retry command). */
export class MessageNode extends TreeNode {
  constructor(
    private readonly key: string,
    private readonly label: string,
    private readonly options: { description?: string; icon?: vscode.ThemeIcon; command?: vscode.Command; tooltip?: string; contextValue?: string; accessibleLabel?: string } = {},
    parent?: TreeNode,
  ) {
    super(parent);
  }

  get id(): string {
    return `message:${this.key}`;
  }

  getTreeItem(): vscode.TreeItem {
    const item = new vscode.TreeItem(this.label, vscode.TreeItemCollapsibleState.None);
    item.id = this.id;
    item.description = this.options.description;
    item.iconPath = this.options.icon;
    item.command = this.options.command;
    item.tooltip = this.options.tooltip;
    item.contextValue = this.options.contextValue ?? 'serviceHealth.message';
    if (this.options.accessibleLabel) {
      item.accessibilityInformation = { label: this.options.accessibleLabel, role: 'treeitem' };
    }
    return item;
  }
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
    case 'workspace':
      return new vscode.ThemeIcon('file-code');
  }
}

function eventTooltip(incident: IncidentRow, ctx: NodeContext, affects?: string, place?: InfraTarget): vscode.MarkdownString {
  const { event, trackingId } = incident.primary;
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
  const level = p?.eventLevel ?? p?.level;
  row(vscode.l10n.t('Type'), p?.eventType ? eventTypeWords(p.eventType) : undefined);
  row(vscode.l10n.t('Status'), p?.status ? statusWords(p.status) : undefined);
  row(vscode.l10n.t('Level'), level ? levelWords(level) : undefined);
  row(vscode.l10n.t('Priority'), typeof p?.priority === 'number' ? String(p.priority) : undefined);
  row(vscode.l10n.t('Services'), incidentServices(incident).join(', '));
  row(vscode.l10n.t('Regions'), incidentRegions(incident).join(', '));
  const updated = parseShownTime(event.properties?.lastUpdateTime);
  row(vscode.l10n.t('Last update'), updated !== undefined ? formatWhen(updated, ctx.now) : undefined);
  row(vscode.l10n.t('Tracking ID'), trackingId);
  row(vscode.l10n.t('Impacted resources'), affects ? affects.replace(/^affects/u, 'Affects') : undefined);
  const subscriptions = subscriptionNamesOf(incident, ctx.subscriptionNames);
  if (subscriptions.length > 1) {
    md.appendMarkdown(`${vscode.l10n.t('Listed for {0} subscriptions (details open the most recently updated copy):', subscriptions.length)}\n\n`);
    for (const name of subscriptions) {
      md.appendMarkdown('- ');
      md.appendText(name);
      md.appendMarkdown('\n');
    }
  } else if (ctx.multipleSubscriptions) {
    row('Subscription', subscriptions[0]);
  }
  if (place) {
    md.appendMarkdown('\n$(file-code) ');
    md.appendText(touchesWords(placeText(place)));
    md.appendMarkdown('  \n');
  }
  if (p?.isEventSensitive) {
    md.appendMarkdown('\n$(lock) Sensitive: open the event to fetch its full text.');
  }
  return md;
}

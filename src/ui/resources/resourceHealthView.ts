/**
 * The Resources view: the availability of every resource in the selected subscriptions, listed
 * after events loads (when, and how much: docs/architecture.md#health-healthload), cached per
 * account. A failed subscription is an error row; the others keep showing. Resources turning
 * Unavailable or Degraded are announced.
 */
import * as vscode from 'vscode';
import { AvailabilityApi, type SubscriptionStatuses } from '../../core/api/availabilityApi';
import { listAvailability } from '../../core/api/availabilityListing';
import { ResourceGraphApi } from '../../core/api/resourceGraphApi';
import { healthSnapshotOf, readHealthSnapshot } from '../../core/cache/healthSnapshot';
import type { HeldHealth } from '../../core/agent/availabilitySource';
import type { ResourceHealthMark } from '../../core/health/healthIndex';
import { afterEventsLoad, incrementalSince, subscriptionsKey, type ListingMemory } from '../../core/health/healthLoad';
import { HealthBaseline, rowsToAnnounce, stateSections, stateSectionsInSlices, type HealthRow, type StateSection } from '../../core/health/healthRows';
import { HeldStatuses, type SubscriptionError } from '../../core/health/heldStatuses';
import type { StatusesByName } from '../../core/health/templateHealth';
import type { AvailabilityStatus } from '../../core/model/availability';
import { portalBase } from '../../core/render/links';
import { errorText } from '../../core/text/errorText';
import { Slicer } from '../../core/text/slices';
import { Command } from '../base/commandIds';
import { registerCommand } from '../base/commands';
import type { NotificationLevel } from '../config/settings';
import type { Connection } from '../connection/connectionManager';
import { resourceGraphThreshold } from '../config/settings';
import { MessageNode, type TreeNode } from '../tree/nodes';
import { SafeTreeDataProvider, type TreeErrorRow } from '../tree/safeTreeProvider';
import { StateNode } from './healthNodes';
import { loadResourceFilter } from './lazyResourceFilter';
import { ResourceFilter, type StatusMatcher } from './resourceFilter';
import { ResourceNode } from './resourceNodes';

export const RESOURCES_VIEW_ID = 'serviceHealth.resources';

export interface ResourceHealthDeps {
  readonly log: vscode.LogOutputChannel;
  readonly notifications: () => NotificationLevel;
  readonly subscriptionName: (id: string) => string | undefined;
  /** The account's health cache file (events-<hash>.health.json); none in tests. */
  readonly cache?: { read(identity: string): Promise<unknown>; write(identity: string, value: unknown): Promise<void> };
  readonly now?: () => number;
  /** Where the view's filter survives a reload; none in tests. */
  readonly workspaceState?: vscode.Memento;
}

/** What the view shows; when loaded, the statuses, error rows and cache marks are those of HeldStatuses. */
type Held = { kind: 'none' } | { kind: 'loading' } | { kind: 'loaded'; portal: string | undefined };

class ResourcesTreeProvider extends SafeTreeDataProvider<TreeNode> {
  constructor(
    private readonly held: () => Held,
    private readonly errors: () => readonly SubscriptionError[],
    private readonly statuses: () => readonly AvailabilityStatus[],
    private readonly sections: () => StateSection[],
    private readonly now: () => number,
    private readonly name: (id: string) => string,
    private readonly matches: () => StatusMatcher | undefined,
    log: vscode.LogOutputChannel,
  ) {
    super((where, e) => log.error(`Resources view (${where}): ${errorText(e)}`));
  }

  changedAll(): void {
    this.refresh(undefined);
  }

  protected children(element: TreeNode | undefined): TreeNode[] {
    if (element) {
      return element.getChildren();
    }
    const held = this.held();
    if (held.kind === 'none') {
      return [];
    }
    if (held.kind === 'loading') {
      return [new MessageNode('health-loading', vscode.l10n.t('Loading resource health…'), { icon: new vscode.ThemeIcon('loading~spin') })];
    }
    const errors = this.errors().map(
      (e) =>
        new MessageNode(`health-error:${e.subscriptionId}`, vscode.l10n.t('{0}: {1}', this.name(e.subscriptionId), e.message), {
          icon: new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground')),
          tooltip: e.message,
          contextValue: 'serviceHealth.healthError',
        }),
    );
    const ctx = { now: this.now(), portal: held.portal };
    const matches = this.matches();
    const statuses = this.statuses();
    const sections = this.sections().map((s) => new StateNode(s, ctx));
    if (sections.length === 0 && matches && statuses.length > 0) {
      const clear = { command: Command.clearResourceFilter, title: vscode.l10n.t('Clear Filter') };
      return [new MessageNode('health-none-match', vscode.l10n.t('No resources match the filter.'), { description: vscode.l10n.t('Clear Filter'), command: clear, icon: new vscode.ThemeIcon('clear-all') }), ...errors];
    }
    if (sections.length === 0 && errors.length === 0) {
      return [new MessageNode('health-none', vscode.l10n.t('No resources with health information in the selected subscriptions.'), { icon: new vscode.ThemeIcon('info') })];
    }
    return [...sections, ...errors];
  }

  protected treeItem(element: TreeNode): vscode.TreeItem {
    return element.getTreeItem();
  }

  protected override parentOf(element: TreeNode): TreeNode | undefined {
    return element.parent;
  }

  protected errorNode(parent: TreeNode | undefined, row: TreeErrorRow): TreeNode {
    return new MessageNode(`health-rows-error:${parent?.id ?? 'root'}`, row.label, { description: row.description, tooltip: row.tooltip, command: row.command, icon: new vscode.ThemeIcon('error') }, parent);
  }
}

export class ResourceHealthView implements vscode.Disposable {
  readonly provider: ResourcesTreeProvider;
  readonly view: vscode.TreeView<TreeNode>;
  private held: Held = { kind: 'none' };
  private generation = 0;
  private loading: Promise<void> | undefined;
  /** A listing is being put into the store, slice by slice. */
  private applying = false;
  /** The tree's sections, for these statuses and this filter. */
  private shown: { statuses: readonly AvailabilityStatus[]; matches: StatusMatcher | undefined; sections: StateSection[] } | undefined;
  private filterGeneration = 0;
  private readonly baseline = new HealthBaseline();
  private loggedErrors = '';
  /** The statuses held, by subscription and resource (also the index of healthOf), the error rows and which are only the cache's. */
  private readonly holding = new HeldStatuses();
  /** The last listing, for an incremental next one (see incrementalSince). */
  private listing: ListingMemory | undefined;
  /** An events load happened while the view was hidden and nothing needed statuses: list when shown. */
  private pending: { connection: Connection; subscriptionIds: readonly string[] } | undefined;
  private readonly now: () => number;
  private readonly changed = new vscode.EventEmitter<void>();
  /** Fires when the statuses held change (loaded, restored, cleared): impacted-resource rows show them. */
  readonly onDidChangeHealth = this.changed.event;
  private readonly disposables: vscode.Disposable[] = [];
  /** The view's query (Filter Resources…); the statuses held, and what other parts read, stay unfiltered. */
  readonly filter: ResourceFilter;

  constructor(private readonly deps: ResourceHealthDeps) {
    const now = deps.now ?? Date.now;
    this.now = now;
    this.filter = new ResourceFilter(deps.workspaceState, now, () => void this.showFilter());
    this.provider = new ResourcesTreeProvider(() => this.held, () => this.holding.errors, () => this.statuses(), () => this.sections(), now, (id) => deps.subscriptionName(id) ?? id, () => this.filter.matches, deps.log);
    this.view = vscode.window.createTreeView(RESOURCES_VIEW_ID, { treeDataProvider: this.provider, showCollapseAll: true });
    this.disposables.push(this.provider, this.view, this.changed, registerCommand(Command.copyResourceId, (arg: unknown) => this.copyId(arg), deps.log));
    this.disposables.push(
      registerCommand(Command.filterResources, () => this.askFilter(), deps.log),
      registerCommand(Command.clearResourceFilter, () => this.filter.set(undefined), deps.log),
    );
    this.disposables.push(this.view.onDidChangeVisibility((e) => this.onVisible(e.visible)));
    this.view.description = this.filterDescription();
  }

  private async askFilter(): Promise<void> {
    const text = await loadResourceFilter().askResourceFilter(this.filter.text, () => this.statuses(), this.now);
    if (text !== undefined) {
      await this.filter.set(text);
    }
  }

  /** The filter, and "from cache" while the statuses shown are the cache's (not listed since the window opened). */
  private filterDescription(): string | undefined {
    const text = this.filter.text;
    const filtered = text ? vscode.l10n.t('Filtered: {0}', text) : undefined;
    if (this.held.kind !== 'loaded' || !this.holding.fromCache) {
      return filtered;
    }
    const cached = vscode.l10n.t('from cache');
    return filtered ? `${filtered} · ${cached}` : cached;
  }

  /** The filter changed: the title says it, and the rows follow once their sections are made (in slices). */
  private async showFilter(): Promise<void> {
    this.view.description = this.filterDescription();
    const generation = ++this.filterGeneration;
    const statuses = this.statuses();
    const matches = this.filter.matches;
    const sections = await stateSectionsInSlices(statuses, matches, new Slicer({ superseded: () => generation !== this.filterGeneration }));
    if (sections && generation === this.filterGeneration) {
      this.shown = { statuses, matches, sections };
    }
    this.provider.changedAll();
  }

  /** What the tree shows: made in slices once per change; made here (in one go) only when something changed since. */
  private sections(): StateSection[] {
    const statuses = this.statuses();
    const matches = this.filter.matches;
    if (this.shown?.statuses !== statuses || this.shown.matches !== matches) {
      this.shown = { statuses, matches, sections: stateSections(matches ? statuses.filter(matches) : statuses) };
    }
    return this.shown.sections;
  }

  /** Every status held, for tests and other parts (empty until loaded). */
  statuses(): readonly AvailabilityStatus[] {
    return this.held.kind === 'loaded' ? this.holding.store.all() : [];
  }

  /** The status held for a resource (by its id, without case; one lookup); undefined when none or not loaded. */
  statusOf(resourceId: string): AvailabilityStatus | undefined {
    return this.held.kind === 'loaded' ? this.holding.store.statusOf(resourceId) : undefined;
  }

  /** The statuses held by resource name (the templates' hover); undefined until loaded. */
  statusesByName(): StatusesByName | undefined {
    return this.held.kind === 'loaded' ? this.holding.store : undefined;
  }

  /** A resource's current health as last listed; undefined when unknown (not listed, its subscription failed or was left out). */
  healthOf(resourceId: string | undefined): ResourceHealthMark | undefined {
    return this.held.kind === 'loaded' ? this.holding.store.healthOf(resourceId) : undefined;
  }

  /** After an events load: list now, when the view is shown, or not at all (every subscription refused the token). */
  afterEventsLoad(connection: Connection, subscriptionIds: readonly string[], errors: readonly unknown[]): void {
    const next = afterEventsLoad({ visible: this.view.visible, notifications: this.deps.notifications(), errors, subscriptionCount: subscriptionIds.length });
    this.pending = next === 'whenShown' ? { connection, subscriptionIds } : undefined;
    if (next === 'load') {
      void this.load(connection, subscriptionIds);
    } else if (next === 'skip' && subscriptionIds.length > 0) {
      this.deps.log.info('Resource health: not listed, as every subscription refused the token; sign in again to list it.');
    }
  }

  private onVisible(visible: boolean): void {
    const pending = this.pending;
    if (visible && pending) {
      this.pending = undefined;
      void this.load(pending.connection, pending.subscriptionIds);
    }
  }

  /** The account's cached statuses, shown until the first listing answers (never over statuses already listed). */
  async restore(connection: Connection): Promise<void> {
    if (connection.mode === 'sample' || !this.deps.cache) {
      return;
    }
    const generation = this.generation;
    const cached = readHealthSnapshot(await this.deps.cache.read(connection.identity).catch(() => undefined));
    // Never into a listing being put into the store between its slices.
    if (!cached || generation !== this.generation || this.held.kind === 'loaded' || this.applying) {
      return;
    }
    this.listing = cached.listing;
    this.holding.restore(cached);
    this.set({ kind: 'loaded', portal: portalBase(connection.portalUrl) });
    this.deps.log.info(`Resource health: showing ${cached.statuses.length} cached status(es) until the next listing.`);
  }

  /** What is held once the load in flight (if any) is done: for `@health`; undefined when nothing is loaded. */
  async settled(): Promise<(HeldHealth & { failed: readonly string[]; portal: string | undefined }) | undefined> {
    // A listing held back while the view was hidden runs now: the question needs it.
    const pending = this.pending;
    if (pending) {
      this.pending = undefined;
      void this.load(pending.connection, pending.subscriptionIds);
    }
    await this.loading;
    const held = this.held;
    if (held.kind !== 'loaded') {
      return undefined;
    }
    const { errors, subscriptions, fromCache, store } = this.holding;
    return { statuses: store.all(), errors, subscriptions, failed: errors.map((e) => e.subscriptionId), portal: held.portal, ...(fromCache ? { fromCache } : {}) };
  }

  /** Lists the subscriptions' availability over this connection; a later load or clear() wins over this one. */
  load(connection: Connection, subscriptionIds: readonly string[]): Promise<void> {
    this.loading = this.loadNow(connection, subscriptionIds);
    return this.loading;
  }

  private async loadNow(connection: Connection, subscriptionIds: readonly string[]): Promise<void> {
    const generation = ++this.generation;
    if (subscriptionIds.length === 0) {
      this.set({ kind: 'none' });
      return;
    }
    if (this.held.kind !== 'loaded') {
      this.set({ kind: 'loading' });
    }
    // On the service's clock: an incremental listing asks for changes since then by the service's times (clock drift).
    const startedAt = connection.client.serviceTime(this.now());
    const threshold = resourceGraphThreshold();
    const since = this.held.kind === 'loaded' ? incrementalSince(this.listing, subscriptionIds, threshold, startedAt) : undefined;
    let results: SubscriptionStatuses[];
    let changesOnly: string[] = [];
    try {
      const outcome = await listAvailability(
        {
          api: new AvailabilityApi({ client: connection.client, origin: connection.origin, subscriptionName: connection.subscriptionName }),
          graph: new ResourceGraphApi({ client: connection.client, origin: connection.origin }),
          threshold,
          ...(since ? { since } : {}),
          log: (line) => this.deps.log.info(line),
        },
        subscriptionIds,
      );
      results = outcome.results;
      changesOnly = outcome.changesOnly;
    } catch (error) {
      // Only unexpected failures land here (the listing reports per subscription): every subscription shows it.
      results = subscriptionIds.map((subscriptionId) => ({ subscriptionId, statuses: [], error: error instanceof Error ? error : new Error(errorText(error)) }));
    }
    if (generation !== this.generation) {
      return;
    }
    if (await this.apply(results, new Set(changesOnly.map((id) => id.toLowerCase())), connection, generation)) {
      this.remember(results, subscriptionIds, startedAt, changesOnly.length > 0, connection);
    }
  }

  /** Signed out or another connection: nothing shown, and the next load is a baseline again. */
  clear(): void {
    this.generation++;
    this.baseline.clear();
    this.loggedErrors = '';
    this.listing = undefined;
    this.pending = undefined;
    this.set({ kind: 'none' });
  }

  /** Keeps the listing memory (only when every subscription answered) and caches the statuses of the account. */
  private remember(results: readonly SubscriptionStatuses[], subscriptionIds: readonly string[], startedAt: number, incremental: boolean, connection: Connection): void {
    const complete = results.every((r) => !r.error);
    const fullAt = incremental && this.listing ? this.listing.fullAt : startedAt;
    this.listing = complete ? { subscriptions: subscriptionsKey(subscriptionIds), fullAt, startedAt } : undefined;
    if (!complete || connection.mode === 'sample' || !this.deps.cache || !this.listing) {
      return;
    }
    const snapshot = healthSnapshotOf(this.statuses(), this.listing, this.now());
    this.deps.cache.write(connection.identity, snapshot).catch((e: unknown) => this.deps.log.warn(`Resource health: the cache could not be written (${errorText(e)}).`));
  }

  /**
   * Puts a listing into the store in slices that yield (HeldStatuses.apply: listed subscriptions are
   * current, failed ones error rows), then shows it and announces what turned; false when a newer
   * load or clear() superseded it meanwhile.
   */
  private async apply(results: readonly SubscriptionStatuses[], changesOnly: ReadonlySet<string>, connection: Connection, generation: number): Promise<boolean> {
    this.applying = true;
    let turned: HealthRow[] | undefined;
    const slicer = new Slicer({ superseded: () => generation !== this.generation });
    try {
      turned = await this.holding.apply(results, changesOnly, this.baseline, slicer);
    } finally {
      this.applying = false;
    }
    if (!turned) {
      return false;
    }
    // The tree's sections, made before it is told (the filter applied); a filter changed meanwhile makes its own.
    const statuses = this.holding.store.all();
    const matches = this.filter.matches;
    const sections = await stateSectionsInSlices(statuses, matches, slicer);
    if (!sections) {
      return false;
    }
    if (statuses === this.holding.store.all()) {
      this.shown = { statuses, matches, sections };
    }
    this.logErrors(this.holding.errors);
    const portal = connection.mode !== 'sample' ? portalBase(connection.portalUrl) : undefined;
    this.set({ kind: 'loaded', portal });
    this.announce(rowsToAnnounce(turned, this.deps.notifications(), connection.mode === 'sample'));
    return true;
  }

  /** One line when the failing subscriptions change, not one per subscription and refresh (the log stays readable). */
  private logErrors(errors: readonly { subscriptionId: string; message: string }[]): void {
    const summary = errors.map((e) => `${e.subscriptionId}: ${e.message}`).join(' ');
    if (summary !== this.loggedErrors) {
      this.loggedErrors = summary;
      const [first] = errors;
      if (first) {
        this.deps.log.warn(`Resource health: ${errors.length} subscription(s) could not be listed (${first.subscriptionId}: ${first.message}).`);
      }
    }
  }

  private announce(rows: readonly HealthRow[]): void {
    const [first] = rows;
    if (!first) {
      return;
    }
    const show = vscode.l10n.t('Show Resources');
    const text =
      rows.length === 1
        ? vscode.l10n.t('{0} is now {1}.', first.name, first.state)
        : vscode.l10n.t('{0} resources turned Unavailable or Degraded, {1} among them.', rows.length, first.name);
    void Promise.resolve(vscode.window.showWarningMessage(text, show)).then((choice) => {
      if (choice === show) {
        void vscode.commands.executeCommand(`${RESOURCES_VIEW_ID}.focus`);
      }
    });
  }

  private set(held: Held): void {
    this.held = held;
    this.view.description = this.filterDescription();
    if (held.kind !== 'loaded') {
      this.holding.clear();
    }
    this.provider.changedAll();
    this.changed.fire();
  }

  private async copyId(arg: unknown): Promise<void> {
    const id = arg instanceof ResourceNode ? arg.row.resourceId : undefined;
    if (!id) {
      void vscode.window.showInformationMessage(vscode.l10n.t('This row has no resource ID to copy; select a resource row.'));
      return;
    }
    await vscode.env.clipboard.writeText(id);
    vscode.window.setStatusBarMessage(vscode.l10n.t('Copied the resource ID of {0}', arg instanceof ResourceNode ? arg.row.name : id), 3000);
  }

  dispose(): void {
    this.disposables.reverse().forEach((d) => d.dispose());
  }
}

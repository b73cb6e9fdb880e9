/**
 * The Resources view: the availability of every resource in the selected subscriptions, loaded
 * after each events load through the connection's client (per subscription, or Resource Graph from
 * `serviceHealth.resourceGraphThreshold` on). A subscription that failed is an error row; the
 * others keep showing. Resources turning Unavailable or Degraded after the first load are announced.
 */
import * as vscode from 'vscode';
import { AvailabilityApi, type SubscriptionStatuses } from '../../core/api/availabilityApi';
import { listAvailability } from '../../core/api/availabilityListing';
import { ResourceGraphApi } from '../../core/api/resourceGraphApi';
import { HealthBaseline, rowsToAnnounce, stateSections, type HealthRow } from '../../core/health/healthRows';
import type { AvailabilityStatus } from '../../core/model/availability';
import { portalBase } from '../../core/render/links';
import { errorText } from '../../core/text/errorText';
import { Command } from '../base/commandIds';
import { registerCommand } from '../base/commands';
import type { NotificationLevel } from '../config/settings';
import type { Connection } from '../connection/connectionManager';
import { resourceGraphThreshold } from '../events/resourceGraphHook';
import { MessageNode, type TreeNode } from '../tree/nodes';
import { SafeTreeDataProvider, type TreeErrorRow } from '../tree/safeTreeProvider';
import { StateNode } from './healthNodes';
import { ResourceNode } from './resourceNodes';

export const RESOURCES_VIEW_ID = 'serviceHealth.resources';

export interface ResourceHealthDeps {
  readonly log: vscode.LogOutputChannel;
  readonly notifications: () => NotificationLevel;
  readonly subscriptionName: (id: string) => string | undefined;
  readonly now?: () => number;
}

type Held = { kind: 'none' } | { kind: 'loading' } | { kind: 'loaded'; statuses: AvailabilityStatus[]; errors: { subscriptionId: string; message: string }[]; portal: string | undefined };

class ResourcesTreeProvider extends SafeTreeDataProvider<TreeNode> {
  constructor(
    private readonly held: () => Held,
    private readonly now: () => number,
    private readonly name: (id: string) => string,
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
    const errors = held.errors.map(
      (e) =>
        new MessageNode(`health-error:${e.subscriptionId}`, vscode.l10n.t('{0}: {1}', this.name(e.subscriptionId), e.message), {
          icon: new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground')),
          tooltip: e.message,
          contextValue: 'serviceHealth.healthError',
        }),
    );
    const ctx = { now: this.now(), portal: held.portal };
    const sections = stateSections(held.statuses).map((s) => new StateNode(s, ctx));
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
  private readonly baseline = new HealthBaseline();
  private loggedErrors = '';
  private readonly disposables: vscode.Disposable[] = [];

  constructor(private readonly deps: ResourceHealthDeps) {
    const now = deps.now ?? Date.now;
    this.provider = new ResourcesTreeProvider(() => this.held, now, (id) => deps.subscriptionName(id) ?? id, deps.log);
    this.view = vscode.window.createTreeView(RESOURCES_VIEW_ID, { treeDataProvider: this.provider, showCollapseAll: true });
    this.disposables.push(this.provider, this.view, registerCommand(Command.copyResourceId, (arg: unknown) => this.copyId(arg), deps.log));
  }

  /** Every status held, for tests and other parts (empty until loaded). */
  statuses(): readonly AvailabilityStatus[] {
    return this.held.kind === 'loaded' ? this.held.statuses : [];
  }

  /** What is held once the load in flight (if any) is done: for `@health`; undefined when nothing is loaded. */
  async settled(): Promise<{ statuses: readonly AvailabilityStatus[]; failed: readonly string[]; portal: string | undefined } | undefined> {
    await this.loading;
    const held = this.held;
    return held.kind === 'loaded' ? { statuses: held.statuses, failed: held.errors.map((e) => e.subscriptionId), portal: held.portal } : undefined;
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
    let results: SubscriptionStatuses[];
    try {
      const outcome = await listAvailability(
        {
          api: new AvailabilityApi({ client: connection.client, origin: connection.origin, subscriptionName: connection.subscriptionName }),
          graph: new ResourceGraphApi({ client: connection.client, origin: connection.origin }),
          threshold: resourceGraphThreshold(),
          log: (line) => this.deps.log.info(line),
        },
        subscriptionIds,
      );
      results = outcome.results;
    } catch (error) {
      // Only unexpected failures land here (the listing reports per subscription): every subscription shows it.
      results = subscriptionIds.map((subscriptionId) => ({ subscriptionId, statuses: [], error: error instanceof Error ? error : new Error(errorText(error)) }));
    }
    if (generation !== this.generation) {
      return;
    }
    this.apply(results, connection);
  }

  /** Signed out or another connection: nothing shown, and the next load is a baseline again. */
  clear(): void {
    this.generation++;
    this.baseline.clear();
    this.loggedErrors = '';
    this.set({ kind: 'none' });
  }

  private apply(results: readonly SubscriptionStatuses[], connection: Connection): void {
    const statuses: AvailabilityStatus[] = [];
    const errors: { subscriptionId: string; message: string }[] = [];
    const turned: HealthRow[] = [];
    for (const r of results) {
      statuses.push(...r.statuses);
      if (r.error) {
        errors.push({ subscriptionId: r.subscriptionId, message: errorText(r.error) });
      } else {
        turned.push(...this.baseline.update(r.subscriptionId, r.statuses));
      }
    }
    this.logErrors(errors);
    const portal = connection.mode !== 'sample' ? portalBase(connection.portalUrl) : undefined;
    this.set({ kind: 'loaded', statuses, errors, portal });
    this.announce(rowsToAnnounce(turned, this.deps.notifications(), connection.mode === 'sample'));
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
    this.provider.changedAll();
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

/**
 * Impacted resources in the extension: the store (loaded on expand / panel open), the tree hooks,
 * the `impacted:` query counts, the details panel section, and the commands Open in Azure portal,
 * Reveal in Azure Resources, Copy as Markdown and Export Impacted Resources as CSV….
 * Built once by the composition root, which passes `treeHooks` to the Events view.
 */
import * as vscode from 'vscode';
import { impactedResourcesByEvent } from '../../core/api/availabilityListing';
import { EventResourcesApi } from '../../core/api/eventResourcesApi';
import { ResourceGraphApi } from '../../core/api/resourceGraphApi';
import { csvFileBytes, impactedResourcesCsv } from '../../core/export/csv';
import type { EventRef, StoredEvent } from '../../core/events/eventFacts';
import { incidentKey } from '../../core/events/grouping';
import { eventsToAsk } from '../../core/events/incidents';
import { stateIconOf } from '../../core/health/order';
import { trackingIdOf, type HealthEvent } from '../../core/model/eventModel';
import type { ResourceFact } from '../../core/query/queryFacts';
import { portalBase } from '../../core/render/links';
import { errorText } from '../../core/text/errorText';
import { resourcesViewOf, type ResourcesView } from '../../core/render/resourcesView';
import { Command, ContextKey, type CommandId } from '../base/commandIds';
import { registerCommand, setContext } from '../base/commands';
import { Disposable } from '../base/disposable';
import type { Connection } from '../connection/connectionManager';
import { externalUri } from '../details/detailsShared';
import { resourceGraphThreshold } from '../config/settings';
import { eventMarkdown } from '../details/lazyPanels';
import { ImpactedResourcesStore, type ListResources } from './impactedResourcesStore';
import type { ImpactedTreeHooks } from '../tree/nodes';
import { impactedTreeHooks, ResourceNode, type HealthOf } from './resourceNodes';

export const AZURE_RESOURCES_EXTENSION_ID = 'ms-azuretools.vscode-azureresourcegroups';
const REVEAL_COMMAND = 'azureResourceGroups.revealResource';

export interface ImpactedResourcesDeps {
  readonly connection: () => Connection | undefined;
  /** Every held event (each subscription's copy). */
  readonly events: () => readonly StoredEvent[];
  /** The event the Events view has selected (commands run without a row; an active details panel comes first). */
  readonly currentEvent: () => EventRef | undefined;
  readonly log: vscode.LogOutputChannel;
}

/** Lists an event's impacted resources over this connection (security advisories have their own operation). */
function listFor(connection: Connection): ListResources {
  const api = new EventResourcesApi({ client: connection.client, origin: connection.origin, subscriptionName: connection.subscriptionName });
  return (stored, signal) =>
    stored.event.properties?.eventType === 'SecurityAdvisory'
      ? api.listSecurityAdvisoryImpactedResources(stored.subscriptionId, stored.trackingId, { signal })
      : api.listImpactedResources(stored.subscriptionId, stored.trackingId, { signal });
}

export class ImpactedResourcesFeature extends Disposable {
  readonly store: ImpactedResourcesStore;
  readonly treeHooks: ImpactedTreeHooks;
  private listConnection: Connection | undefined;
  private list: ListResources | undefined;
  /** The active details panel's event; the details wiring says where to find it (see followActivePanel). */
  private activePanel: () => EventRef | undefined = () => undefined;
  /** The current health of a resource; the Resources view says where to find it (see followHealth). */
  private healthOf: HealthOf = () => undefined;
  /** The last Resource Graph listing of every event's impacted resources (settled when none runs). */
  private graphListing: Promise<void> = Promise.resolve();
  /** Lists the resources' health now if it was held back (the view hidden); resolves when it settles. */
  private settleHealth: () => Promise<unknown> = () => Promise.resolve();

  constructor(private readonly deps: ImpactedResourcesDeps) {
    super();
    this.store = new ImpactedResourcesStore({
      list: () => this.lister(),
      log: (line) => deps.log.warn(line),
      text: {
        notConnected: vscode.l10n.t('Not connected: sign in or use the sample service, then expand the event again.'),
        failed: vscode.l10n.t('Could not list the impacted resources; try again later.'),
      },
    });
    this.treeHooks = impactedTreeHooks(this.store, () => this.portal(), () => this.healthOf);
    this.registerCommands();
    void this.updateAzureResourcesContext();
    this._register(vscode.extensions.onDidChange(() => void this.updateAzureResourcesContext()));
  }

  /** Commands run without a row act on this panel's event first (the details panels come after this feature). */
  followActivePanel(active: () => EventRef | undefined): void {
    this.activePanel = active;
  }

  /** Rows and the panel section show each resource's health from here (the Resources view comes after this feature). */
  followHealth(healthOf: HealthOf, settle: () => Promise<unknown>): void {
    this.healthOf = healthOf;
    this.settleHealth = settle;
  }

  /** Known count for `impacted:yes` (by tracking id, over every subscription's copy). */
  readonly impactedCount = (event: HealthEvent): number | undefined => {
    const id = trackingIdOf(event);
    return id ? this.store.countOf(id) : undefined;
  };

  /** The listed impacted resources with their current health, for `health:`, `resource:` and `rg:` on events. */
  readonly impactedResources = (event: HealthEvent): ResourceFact[] | undefined => {
    const id = trackingIdOf(event);
    const rows = id ? this.store.rowsOf(id) : undefined;
    return rows?.map((r) => ({ name: r.name, resourceGroup: r.resourceGroup, id: r.resourceId, state: this.healthOf(r.resourceId)?.state }));
  };

  /**
   * Lists the impacted resources of the first active incidents (as `@health` asks), for a query
   * reading them (`impacted:yes`, `rg:`); others are listed when expanded. `health`: their state
   * too, so the Resources view lists now even while hidden. Resolves when all settle.
   */
  async listActive(health: boolean): Promise<void> {
    // One Resource Graph query may be answering for every event already: no per-event request before it settles.
    await this.graphListing;
    const { asked } = eventsToAsk(this.deps.events(), this.impactedCount);
    await Promise.all([...asked.map((e) => this.store.load(this.copiesOf(e))), ...(health ? [this.settleHealth()] : [])]);
  }

  /**
   * Past `serviceHealth.resourceGraphThreshold`, every held event's impacted resources in one
   * ServiceHealthResources query per batch ("affects N", `impacted:yes` without expanding). Left-out
   * subscriptions, security advisories and a failed query fall back to listing per event on demand.
   */
  listViaGraph(connection: Connection, subscriptionIds: readonly string[]): Promise<void> {
    const threshold = resourceGraphThreshold();
    if (threshold <= 0 || subscriptionIds.length < threshold) return Promise.resolve();
    this.graphListing = this.listGraphNow(connection, subscriptionIds);
    return this.graphListing;
  }

  private async listGraphNow(connection: Connection, subscriptionIds: readonly string[]): Promise<void> {
    try {
      const graph = new ResourceGraphApi({ client: connection.client, origin: connection.origin });
      const { byEvent, leftOut } = await impactedResourcesByEvent(graph, subscriptionIds);
      if (this.deps.connection() !== connection) return;
      const out = new Set(leftOut.map((id) => id.toLowerCase()));
      const lists = this.deps
        .events()
        .filter((e) => !out.has(e.subscriptionId.toLowerCase()) && e.event.properties?.eventType !== 'SecurityAdvisory')
        .map((stored) => ({
          stored,
          resources: byEvent.of(stored.trackingId, stored.subscriptionId),
        }));
      const seeded = this.store.seed(lists);
      this.deps.log.info(`Impacted resources from Resource Graph: ${byEvent.incidents} events with resources, ${seeded} event copies updated${leftOut.length ? `, ${leftOut.length} subscriptions left out` : ''}.`);
    } catch (error) {
      this.deps.log.warn(`Listing impacted resources through Resource Graph failed (${errorText(error)}); they are listed per event when expanded.`);
    }
  }

  /** Every held copy of the event's incident. */
  copiesOf(ref: EventRef): StoredEvent[] {
    const incident = incidentKey(ref.trackingId);
    const copies = this.deps.events().filter((e) => incidentKey(e.trackingId) === incident);
    // The ref's own copy first, so a panel's section starts with its subscription.
    return copies.sort((a, b) => Number(b.subscriptionId === ref.subscriptionId) - Number(a.subscriptionId === ref.subscriptionId));
  }

  /** The details panel section for an event (starts loading it). */
  panelSection(ref: EventRef): ResourcesView {
    const copies = this.copiesOf(ref);
    const view = resourcesViewOf(this.store.peek(copies), this.portal(), this.deps.connection()?.subscriptionName, (id) => {
      const mark = this.healthOf(id);
      return mark ? { state: mark.state, ...stateIconOf(mark.state) } : undefined;
    });
    // After this render: the load's change notice then re-renders the panel only if its section changed.
    queueMicrotask(() => void this.store.load(copies));
    return view;
  }

  /** Portal base for resource links; undefined in sample mode (made-up resources have no page). */
  private portal(): string | undefined {
    const c = this.deps.connection();
    return c && c.mode !== 'sample' ? portalBase(c.portalUrl) : undefined;
  }

  private lister(): ListResources | undefined {
    const c = this.deps.connection();
    if (c !== this.listConnection) {
      this.listConnection = c;
      this.list = c ? listFor(c) : undefined;
    }
    return this.list;
  }

  private async updateAzureResourcesContext(): Promise<void> {
    const installed = vscode.extensions.getExtension(AZURE_RESOURCES_EXTENSION_ID) !== undefined;
    await setContext(ContextKey.azureResourcesInstalled, installed);
  }

  private registerCommands(): void {
    const reg = (id: CommandId, run: (arg: unknown) => Promise<unknown>): void => void this._register(registerCommand(id, run, this.deps.log));
    reg(Command.retryImpactedResources, async (arg) => {
      const ref = this.refOf(arg);
      if (ref) {
        await this.store.load(this.copiesOf(ref), { retry: true });
      }
    });
    reg(Command.openResourceInPortal, async (arg) => {
      const url = arg instanceof ResourceNode ? arg.portalUrl : undefined;
      if (!url) {
        void vscode.window.showInformationMessage(vscode.l10n.t('This resource has no Azure portal page to open (sample data, or the service gave no resource ID).'));
        return;
      }
      await vscode.env.openExternal(externalUri(url));
    });
    reg(Command.revealInAzureResources, async (arg) => {
      const id = arg instanceof ResourceNode ? arg.row.resourceId : undefined;
      if (!id) {
        return;
      }
      if (!vscode.extensions.getExtension(AZURE_RESOURCES_EXTENSION_ID)) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Install the Azure Resources extension to reveal resources in its view.'));
        return;
      }
      await vscode.commands.executeCommand(REVEAL_COMMAND, id);
    });
    reg(Command.copyEventMarkdown, async (arg) => {
      const stored = this.eventOf(arg);
      if (!stored) {
        return;
      }
      const state = await this.store.load(this.copiesOf(stored));
      const markdown = eventMarkdown(stored, {
        portalUrl: portalBase(this.deps.connection()?.portalUrl),
        sample: this.deps.connection()?.mode === 'sample',
        subscriptionName: (id) => this.deps.connection()?.subscriptionName(id),
        ...(state?.kind === 'loaded' ? { resources: state.rows } : {}),
        ...(state?.kind === 'error' ? { resourcesError: state.message } : {}),
      });
      await vscode.env.clipboard.writeText(markdown);
      vscode.window.setStatusBarMessage(vscode.l10n.t('Copied {0} as Markdown', stored.trackingId), 3000);
    });
    reg(Command.exportImpactedResourcesCsv, async (arg) => this.exportCsv(arg));
  }

  private async exportCsv(arg: unknown): Promise<void> {
    const stored = this.eventOf(arg);
    if (!stored) {
      return;
    }
    const state = await this.store.load(this.copiesOf(stored));
    if (state?.kind !== 'loaded') {
      void vscode.window.showErrorMessage(state?.kind === 'error' ? state.message : vscode.l10n.t('The impacted resources could not be listed; try again.'));
      return;
    }
    if (state.rows.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No impacted resources are listed for {0}; there is nothing to export.', stored.trackingId));
      return;
    }
    const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
    const name = `impacted-resources-${stored.trackingId.replace(/[^A-Za-z0-9_-]/gu, '_')}.csv`;
    const target = await vscode.window.showSaveDialog({
      title: vscode.l10n.t('Export Impacted Resources as CSV'),
      saveLabel: vscode.l10n.t('Export'),
      filters: { [vscode.l10n.t('CSV UTF-8 (Excel and other spreadsheets)')]: ['csv'] },
      ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, name) } : {}),
    });
    if (!target) {
      return;
    }
    const text = impactedResourcesCsv(state.rows, this.deps.connection()?.subscriptionName);
    await vscode.workspace.fs.writeFile(target, csvFileBytes(text));
    const file = target.path.slice(target.path.lastIndexOf('/') + 1);
    const done =
      state.rows.length === 1
        ? vscode.l10n.t('Exported 1 impacted resource to {0}', file)
        : vscode.l10n.t('Exported {0} impacted resources to {1}', state.rows.length, file);
    vscode.window.setStatusBarMessage(done, 5000);
  }

  private refOf(arg: unknown): EventRef | undefined {
    // A row's context menu passes the node (its `stored` copy); a retry row passes a ref.
    const candidate = (arg as { stored?: unknown } | undefined)?.stored ?? arg;
    const r = candidate as { subscriptionId?: unknown; trackingId?: unknown } | undefined;
    if (typeof r?.subscriptionId === 'string' && typeof r.trackingId === 'string') {
      return { subscriptionId: r.subscriptionId, trackingId: r.trackingId };
    }
    return arg === undefined ? (this.activePanel() ?? this.deps.currentEvent()) : undefined;
  }

  private eventOf(arg: unknown): StoredEvent | undefined {
    const ref = this.refOf(arg);
    if (!ref) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Select an event in the Service Health view (or open its details), then run this again.'));
      return undefined;
    }
    const stored = this.deps.events().find((e) => e.subscriptionId === ref.subscriptionId && e.trackingId === ref.trackingId);
    if (!stored) {
      void vscode.window.showInformationMessage(vscode.l10n.t('That event is no longer in the list; refresh the Service Health view.'));
    }
    return stored;
  }
}

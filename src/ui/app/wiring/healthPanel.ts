/**
 * The resource health panel: the Show Health Details command (a Resources row, a resource id from
 * event details, chat or a command URI, or a pick), its restore-after-reload serializer, and what
 * it follows: events and impacted resources loading, connection changes and Sign Out.
 */
import * as vscode from 'vscode';
import { healthRowOf } from '../../../core/health/healthRows';
import { eventsForResource } from '../../../core/events/resourceEvents';
import { HEALTH_VIEW_TYPE } from '../../../core/health/healthMessages';
import type { AvailabilityStatus } from '../../../core/model/availability';
import { cloudConfig } from '../../config/clouds';
import { Command } from '../../base/commandIds';
import { executeCommand, registerCommand } from '../../base/commands';
import { detailsOutlive } from '../../details/detailsOutlive';
import { LazyHealthPanels, type HealthPanels } from '../../details/lazyHealthPanels';
import type { ResourceHealthView } from '../../resources/resourceHealthView';
import type { FeatureDeps } from './featureDeps';
import type { ConnectionLifecycle } from './lifecycle';
import type { Register } from './register';

/** The resource id a command argument names: a string, `{ resourceId }`, or a tree row holding one. */
export function resourceIdFromArg(arg: unknown): string | undefined {
  const candidate = typeof arg === 'string' ? arg : ((arg as { resourceId?: unknown; row?: { resourceId?: unknown } } | undefined)?.resourceId ?? (arg as { row?: { resourceId?: unknown } } | undefined)?.row?.resourceId);
  return typeof candidate === 'string' && /^\/subscriptions\/[^/]+\//i.test(candidate.trim()) ? candidate.trim() : undefined;
}

export function registerHealthPanel(
  register: Register,
  deps: FeatureDeps & { readonly health: ResourceHealthView; readonly lifecycle: Pick<ConnectionLifecycle, 'onDidChangeConnection' | 'onDidSignOut'> },
): HealthPanels {
  const { connections } = deps.connection;
  const { controller, impacted } = deps.events;
  const listed = (resourceId: string): AvailabilityStatus | undefined => deps.health.statusOf(resourceId);
  const panels = register(
    new LazyHealthPanels({
      extensionUri: deps.context.extensionUri,
      log: deps.log,
      connection: () => connections.current,
      portalUrl: () => cloudConfig(deps.state.settings.cloud).portalUrl,
      listed,
      events: (resourceId, status) =>
        eventsForResource(resourceId, status, controller.store.getEvents(), (copies) => {
          const state = impacted.store.peek(copies);
          return state?.kind === 'loaded' ? state.rows.flatMap((r) => (r.resourceId ? [r.resourceId] : [])) : undefined;
        }),
      openEvent: (ref) => void executeCommand(Command.openDetails, ref),
      subscriptionName: deps.events.subscriptionName,
    }),
  );
  register(
    registerCommand(
      Command.showResourceHealth,
      async (arg: unknown) => {
        const id = resourceIdFromArg(arg) ?? (arg === undefined ? await pickResource(deps.health.statuses()) : undefined);
        if (id) {
          panels.show(id);
        } else if (arg !== undefined) {
          void vscode.window.showInformationMessage(vscode.l10n.t('Show Health Details needs a resource ID such as /subscriptions/ID/resourceGroups/GROUP/providers/TYPE/NAME; select a resource row.'));
        }
      },
      deps.log,
    ),
  );
  register(vscode.window.registerWebviewPanelSerializer(HEALTH_VIEW_TYPE, { deserializeWebviewPanel: (panel, state) => Promise.resolve(panels.restore(panel, state)) }));
  register(controller.onDidLoad(() => panels.refresh()));
  register(impacted.store.onDidChange(() => panels.refresh()));
  register(
    deps.lifecycle.onDidChangeConnection(({ previous, current }) => {
      if (!detailsOutlive(previous, current)) {
        panels.closeAll();
      }
    }),
  );
  register(deps.lifecycle.onDidSignOut(() => panels.closeAll()));
  return panels;
}

/** From the palette: pick one of the resources the Resources view lists (not Available first). */
async function pickResource(statuses: readonly AvailabilityStatus[]): Promise<string | undefined> {
  const rows = statuses.map(healthRowOf).filter((r) => r.resourceId !== '');
  if (rows.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('No resource health is loaded yet; open the Resources view of Service Health, then try again.'));
    return undefined;
  }
  const picked = await vscode.window.showQuickPick(
    rows.map((r) => ({ label: r.label || r.resourceId, description: r.state, detail: r.resourceId, id: r.resourceId })),
    { placeHolder: vscode.l10n.t('Pick a resource to show its health'), matchOnDetail: true },
  );
  return picked?.id;
}

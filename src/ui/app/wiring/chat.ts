/** The `@health` chat participant. */
import * as vscode from 'vscode';
import { EventResourcesApi } from '../../../core/api/eventResourcesApi';
import { HealthChat } from '../../chat/chatParticipant';
import { Command } from '../../base/commandIds';
import { notReadyReason } from './events';
import type { FeatureDeps } from './featureDeps';
import type { Register } from './register';
import type { ResourceHealthView } from '../../resources/resourceHealthView';
import type { WorkspaceInfra } from '../../infra/workspaceInfra';

export function registerChat(
  register: Register,
  deps: FeatureDeps,
  parts: { readonly health: ResourceHealthView; readonly infra: WorkspaceInfra },
): HealthChat {
  const { connections } = deps.connection;
  const { controller } = deps.events;
  return register(
    new HealthChat({
      events: () => controller.store.getEvents(),
      notReadyReason: () => notReadyReason(controller),
      needsRefresh: () => !controller.hasLoaded || controller.store.isStale,
      refresh: async () => {
        await deps.state.ready;
        await controller.refresh();
      },
      quota: () => connections.current?.client.quota,
      windowDays: () => controller.filter.windowDays,
      openCommand: Command.openDetails,
      extensionUri: deps.context.extensionUri,
      log: deps.log,
      facts: () => controller.facts,
      subscriptionName: deps.events.subscriptionName,
      resourceHealth: () => parts.health.settled(),
      subscriptionIds: () => controller.subscriptionIds(),
      workspace: async () =>
        (await parts.infra.reports()).map(({ folder, report }) => ({
          report,
          link: (file: string, line: number) => vscode.Uri.joinPath(folder.uri, ...file.split('/')).with({ fragment: `L${line}` }).toString(),
        })),
      impactedResources: (subscriptionId, trackingId, signal) => {
        const c = connections.current;
        if (!c) throw new Error(vscode.l10n.t('Service Health is not connected; sign in or use the sample service, then ask again.'));
        return new EventResourcesApi({ client: c.client, origin: c.origin, subscriptionName: c.subscriptionName }).listImpactedResources(subscriptionId, trackingId, { signal });
      },
    }),
  );
}

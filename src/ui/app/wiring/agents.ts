/** The language-model tools and the MCP server definition (src/ui/lm). */
import { resourceGraphThreshold } from '../../config/settings';
import { registerAgentTools, type AgentRegistration } from '../../lm/registerAgentTools';
import type { ResourceHealthView } from '../../resources/resourceHealthView';
import { notReadyReason } from './events';
import type { FeatureDeps } from './featureDeps';
import type { InfraParts } from './infra';
import type { Register } from './register';

export function registerAgents(
  register: Register,
  deps: FeatureDeps & { readonly infra: InfraParts; readonly health: ResourceHealthView },
): AgentRegistration {
  const { auth, connections } = deps.connection;
  const { controller } = deps.events;
  return register(
    registerAgentTools({
      connection: () => connections.current,
      heldEvents: () => controller.store.getEvents(),
      heldFailure: (id) => controller.store.getState(id).lastError,
      heldWindowDays: () => (controller.hasLoaded ? controller.filter.windowDays : undefined),
      subscriptionIds: () => controller.subscriptionIds(),
      notReadyReason: () => notReadyReason(controller),
      ready: () => deps.state.ready,
      heldHealth: () => deps.health.settled(),
      graphThreshold: resourceGraphThreshold,
      token: async () => (connections.current?.mode === 'sample' ? connections.sampleService?.token : auth.tokenProvider.getToken({ forceRefresh: false })),
      onDidChange: controller.onDidChange,
      extensionUri: deps.context.extensionUri,
      storageUri: deps.context.globalStorageUri,
      log: deps.log,
      templates: deps.infra.infra,
    }),
  );
}

/**
 * The Resources view: lists resource health after events loads (when visible or notifications are
 * on), restores the account's cached statuses on each connection once its cached event rows are
 * drawn, clears on sign-out, and tells the impacted-resource rows and the details panels each
 * resource's current health.
 */
import { EventsCacheFiles } from '../../cache/eventsCacheFiles';
import type { DetailsPanels } from '../../details/lazyPanels';
import { ResourceHealthView } from '../../resources/resourceHealthView';
import type { ConnectionLifecycle } from './lifecycle';
import type { FeatureDeps } from './featureDeps';
import type { Register } from './register';

export function registerHealth(
  register: Register,
  deps: FeatureDeps & {
    readonly details: Pick<DetailsPanels, 'refreshImpactedResources'>;
    readonly lifecycle: Pick<ConnectionLifecycle, 'onDidChangeConnection' | 'onDidDrawCachedRows' | 'onDidSignOut'>;
  },
): ResourceHealthView {
  const { controller, impacted, view } = deps.events;
  // The events cache's folder and Sign Out rules: Sign Out deletes this file with the events'.
  const files = new EventsCacheFiles(deps.context.globalStorageUri, () => deps.connection.auth.signedOutElsewhere());
  const health = register(
    new ResourceHealthView({
      log: deps.log,
      notifications: () => deps.state.settings.notifications,
      subscriptionName: deps.events.subscriptionName,
      cache: { read: (identity) => files.read(identity, 'health'), write: (identity, value) => files.writePart(identity, 'health', value) },
      workspaceState: deps.context.workspaceState,
    }),
  );
  register(controller.onDidLoad(({ connection, errors }) => health.afterEventsLoad(connection, controller.subscriptionIds(), errors)));
  register(deps.lifecycle.onDidChangeConnection(() => health.clear()));
  // After the cached event rows are drawn: reading (and checking) the cached statuses would
  // otherwise share the extension host's thread with the first paint.
  register(
    deps.lifecycle.onDidDrawCachedRows((current) => {
      if (current) {
        void health.restore(current);
      }
    }),
  );
  register(deps.lifecycle.onDidSignOut(() => health.clear()));
  impacted.followHealth((id) => health.healthOf(id), () => health.settled());
  register(
    health.onDidChangeHealth(() => {
      view.render();
      deps.details.refreshImpactedResources();
    }),
  );
  return health;
}

/**
 * Event details panels (loaded with the first panel), their restore-after-reload serializer, and
 * what they follow: impacted resources, subscription names, connection changes and Sign Out.
 */
import * as vscode from 'vscode';
import { cloudConfig } from '../../config/clouds';
import { registerDetailsSerializer } from '../../details/detailsShared';
import { LazyDetailsPanels, type DetailsPanels } from '../../details/lazyPanels';
import { detailsOutlive } from '../../details/detailsOutlive';
import type { FeatureDeps } from './featureDeps';
import type { ConnectionLifecycle } from './lifecycle';
import type { Register } from './register';

export function registerDetails(
  register: Register,
  deps: FeatureDeps & { readonly lifecycle: Pick<ConnectionLifecycle, 'onDidChangeConnection' | 'onDidChangeSubscriptionNames' | 'onDidSignOut'> },
): DetailsPanels {
  const { connections } = deps.connection;
  const { impacted, view } = deps.events;
  const details = register(
    new LazyDetailsPanels({
      extensionUri: deps.context.extensionUri,
      fetchDetails: (ref, signal) => {
        const c = connections.current;
        if (!c) {
          return Promise.reject(new Error(vscode.l10n.t('Not connected to a service; sign in or use the sample service, then try again.')));
        }
        return c.api.fetchEventDetails(ref.subscriptionId, ref.trackingId, { signal });
      },
      log: deps.log,
      portalUrl: () => connections.current?.portalUrl ?? cloudConfig(deps.state.settings.cloud).portalUrl,
      isSample: () => connections.current?.mode === 'sample',
      impactedResources: (ref) => impacted.panelSection(ref),
      subscriptionName: deps.events.subscriptionName,
    }),
  );
  register(
    impacted.store.onDidChange(() => {
      view.render();
      details.refreshImpactedResources();
    }),
  );
  register(registerDetailsSerializer(details));
  // Panels show one account's events: they close when those leave the view (see detailsOutlive).
  register(
    deps.lifecycle.onDidChangeConnection(({ previous, current }) => {
      if (!detailsOutlive(previous, current)) {
        details.closeAll();
      }
    }),
  );
  register(deps.lifecycle.onDidSignOut(() => details.closeAll()));
  register(deps.lifecycle.onDidChangeSubscriptionNames(() => details.refreshSubscriptionNames()));
  impacted.followActivePanel(() => details.activeRef());
  return details;
}

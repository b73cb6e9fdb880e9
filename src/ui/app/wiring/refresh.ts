/** Automatic refresh while the view shows, and notifications of new or changed events. */
import { AutoRefresh } from '../../events/autoRefresh';
import { EventNotifier } from '../../events/eventNotifier';
import type { AppState } from '../appState';
import type { ConnectionParts } from './connection';
import type { EventsParts } from './events';
import type { ConnectionLifecycle } from './lifecycle';
import type { EventNavigation } from './navigation';
import type { Register } from './register';

export function registerRefresh(
  register: Register,
  deps: {
    readonly state: AppState;
    readonly connection: ConnectionParts;
    readonly events: EventsParts;
    readonly lifecycle: Pick<ConnectionLifecycle, 'onDidApplySettings'>;
    readonly navigation: EventNavigation;
  },
): AutoRefresh {
  const { connections } = deps.connection;
  const { controller, view } = deps.events;
  const notifier = new EventNotifier({
    level: () => deps.state.settings.notifications,
    sample: () => connections.current?.mode === 'sample',
    open: (ref) => deps.navigation.openDetails(ref),
    reveal: (ref) => deps.navigation.revealEvent(ref),
    subscriptionName: deps.events.subscriptionName,
  });
  const autoRefresh = register(
    new AutoRefresh({
      intervalMinutes: () => deps.state.settings.refreshIntervalMinutes,
      quota: () => connections.current?.client.quota,
      refresh: () => controller.refresh(),
    }),
  );
  register(view.view.onDidChangeVisibility((e) => autoRefresh.setVisible(e.visible)));
  autoRefresh.setVisible(view.view.visible);
  register(
    controller.onDidRefresh((outcome) => {
      notifier.notify(outcome);
      autoRefresh.noteRefreshed();
    }),
  );
  // A changed interval (or quota) takes effect at once.
  register(deps.lifecycle.onDidApplySettings(() => autoRefresh.schedule()));
  return autoRefresh;
}

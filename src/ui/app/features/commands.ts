/** The view's and palette's commands (Query Events and Filter by Query register with the query feature). */
import * as vscode from 'vscode';
import type { EventRef } from '../../../core/events/eventFacts';
import { eventKey } from '../../../core/events/eventFacts';
import { defaultFilter } from '../../../core/events/eventFilter';
import { isFromTree, OPEN_DETAILS_COMMAND } from '../../tree/nodes';
import { pickFilter, pickGroupBy } from '../../tree/pickers';
import type { AppState } from '../appState';
import type { ConnectionParts } from './connection';
import type { EventsParts } from './events';
import type { ConnectionLifecycle } from './lifecycle';
import type { EventNavigation } from './navigation';
import type { Register } from './register';
import { errorText } from '../../../core/text/errorText';

export interface CommandsDeps {
  readonly state: AppState;
  readonly log: vscode.LogOutputChannel;
  readonly connection: ConnectionParts;
  readonly events: EventsParts;
  readonly lifecycle: ConnectionLifecycle;
  readonly navigation: EventNavigation;
  /** Clears the Events view's query filter. */
  readonly clearTreeQuery: () => Promise<void>;
}

export function registerCommands(register: Register, deps: CommandsDeps): void {
  const { state, log, lifecycle, navigation } = deps;
  const { auth, connections, recovery } = deps.connection;
  const { controller, selection, view } = deps.events;
  const reg = (id: string, fn: (...args: never[]) => unknown): void => {
    register(
      vscode.commands.registerCommand(id, async (...args: never[]) => {
        try {
          return await fn(...args);
        } catch (error) {
          const message = errorText(error);
          log.error(`${id}: ${message}`);
          void vscode.window.showErrorMessage(message);
          return undefined;
        }
      }),
    );
  };
  reg('serviceHealth.refresh', () => (controller.phase() === 'signedOut' ? recovery.probeWhileSignedOut() : controller.refresh()));
  reg('serviceHealth.signIn', async () => {
    const ok = await auth.signIn();
    if (ok) {
      await connections.apply(state.settings);
      const c = connections.current;
      if (c && selection.selected(c).length === 0) {
        await vscode.commands.executeCommand('serviceHealth.selectSubscriptions');
      }
    }
    return ok;
  });
  reg('serviceHealth.cancelSignIn', () => auth.cancelSignIn());
  reg('serviceHealth.signOut', () => lifecycle.signOut());
  reg('serviceHealth.selectSubscriptions', async () => {
    await state.ready;
    const c = connections.current;
    if (!c) {
      void vscode.window.showInformationMessage('Sign in or use the sample service first, then select subscriptions.');
      return;
    }
    if (c.mode === 'azure' && !auth.signedIn) {
      void vscode.window.showInformationMessage('Sign in first, then select subscriptions.', 'Sign In').then((choice) => {
        if (choice) {
          void vscode.commands.executeCommand('serviceHealth.signIn');
        }
      });
      return;
    }
    const ids = await selection.pick(c);
    if (ids) {
      view.render();
      await controller.refresh();
    }
  });
  reg('serviceHealth.useSampleService', () => lifecycle.setMode('sample'));
  reg('serviceHealth.useAzure', () => lifecycle.setMode('azure'));
  reg('serviceHealth.filter', async () => {
    const next = await pickFilter(controller.filter, controller.store.getEvents());
    if (next) {
      await controller.setFilter(next);
    }
  });
  reg('serviceHealth.clearFilter', async () => {
    await deps.clearTreeQuery();
    await controller.setFilter(defaultFilter(controller.filter.windowDays));
  });
  reg('serviceHealth.groupBy', async () => {
    const next = await pickGroupBy(state.settings.groupBy);
    if (next) {
      await lifecycle.setGroupBy(next);
    }
  });
  reg('serviceHealth.markAllSeen', () => {
    controller.store.markSeen(controller.store.getEvents().map((e) => eventKey(e.subscriptionId, e.trackingId)));
  });
  reg('serviceHealth.copyTrackingId', async (arg: unknown) => {
    const ref = refFromArg(arg);
    if (ref) {
      await vscode.env.clipboard.writeText(ref.trackingId);
    }
  });
  reg('serviceHealth.showLog', () => log.show());
  // Rows pass an origin marker (their context menu passes the node): they are already where the user clicked.
  reg(OPEN_DETAILS_COMMAND, (arg: unknown, origin: unknown) => {
    const ref = refFromArg(arg);
    if (!ref) {
      return false;
    }
    return isFromTree(arg, origin) ? navigation.openDetails(ref) : navigation.openDetailsAndReveal(ref);
  });
}

function refFromArg(arg: unknown): EventRef | undefined {
  // Called with a ref (tree item command) or a tree node (context menu).
  const candidate = (arg as { stored?: unknown } | undefined)?.stored ?? arg;
  const r = candidate as { subscriptionId?: unknown; trackingId?: unknown } | undefined;
  return typeof r?.subscriptionId === 'string' && typeof r.trackingId === 'string'
    ? { subscriptionId: r.subscriptionId, trackingId: r.trackingId }
    : undefined;
}

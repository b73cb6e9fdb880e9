/** The view's and palette's commands, one group per concern (the other features register their own). */
import * as vscode from 'vscode';
import type { EventRef } from '../../../core/events/eventFacts';
import { eventKey } from '../../../core/events/eventFacts';
import { defaultFilter } from '../../../core/events/eventFilter';
import { Command, type CommandId } from '../../base/commandIds';
import { executeCommand, registerCommand } from '../../base/commands';
import { isFromTree } from '../../tree/nodes';
import { pickFilter, pickGroupBy } from '../../tree/pickers';
import type { AppState } from '../appState';
import type { ConnectionParts } from './connection';
import type { EventsParts } from './events';
import type { ConnectionLifecycle } from './lifecycle';
import type { EventNavigation } from './navigation';
import type { QueryCommands } from '../../query/queryCommands';
import type { Register } from './register';

export interface CommandsDeps {
  readonly state: AppState;
  readonly log: vscode.LogOutputChannel;
  readonly connection: ConnectionParts;
  readonly events: EventsParts;
  readonly lifecycle: ConnectionLifecycle;
  readonly navigation: EventNavigation;
  /** Clear Filter clears the Events view's query filter too. */
  readonly queries: Pick<QueryCommands, 'applyToTree'>;
}

type Reg = (id: CommandId, run: (...args: unknown[]) => unknown) => void;

export function registerCommands(register: Register, deps: CommandsDeps): void {
  const reg: Reg = (id, run) => void register(registerCommand(id, run, deps.log));
  registerSignInCommands(reg, deps);
  registerViewCommands(reg, deps);
  registerEventCommands(reg, deps);
}

/** Signing in and out, the mode, and which subscriptions to watch. */
function registerSignInCommands(reg: Reg, deps: CommandsDeps): void {
  const { state, lifecycle } = deps;
  const { auth, connections, recovery } = deps.connection;
  const { controller, selection } = deps.events;
  reg(Command.refresh, () => (controller.phase() === 'signedOut' ? recovery.probeWhileSignedOut() : controller.refresh()));
  reg(Command.signIn, async () => {
    const ok = await auth.signIn();
    if (ok) {
      await connections.apply(state.settings);
      const c = connections.current;
      if (c && selection.selected(c).length === 0) {
        await executeCommand(Command.selectSubscriptions);
      }
    }
    return ok;
  });
  reg(Command.cancelSignIn, () => auth.cancelSignIn());
  reg(Command.signOut, () => lifecycle.signOut());
  reg(Command.selectSubscriptions, () => selectSubscriptions(deps));
  reg(Command.useSampleService, () => lifecycle.setMode('sample'));
  reg(Command.useAzure, () => lifecycle.setMode('azure'));
  // The walkthrough's Ask @health: the Chat view with "@health " typed, for the user to finish.
  reg(Command.askInChat, () => vscode.commands.executeCommand('workbench.action.chat.open', { query: '@health ', isPartialQuery: true }));
}

async function selectSubscriptions(deps: CommandsDeps): Promise<void> {
  const { auth, connections } = deps.connection;
  const { controller, selection, view } = deps.events;
  await deps.state.ready;
  const c = connections.current;
  if (!c) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Sign in or use the sample service first, then select subscriptions.'));
    return;
  }
  if (c.mode === 'azure' && !auth.signedIn) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Sign in first, then select subscriptions.'), vscode.l10n.t('Sign In')).then((choice) => {
      if (choice) {
        void executeCommand(Command.signIn);
      }
    });
    return;
  }
  const ids = await selection.pick(c);
  if (ids) {
    view.render();
    await controller.refresh();
  }
}

/** What the Events view shows: filter, grouping, seen marks. */
function registerViewCommands(reg: Reg, deps: CommandsDeps): void {
  const { state, lifecycle } = deps;
  const { controller } = deps.events;
  reg(Command.filter, async () => {
    const next = await pickFilter(controller.filter, controller.store.getEvents());
    if (next) {
      await controller.setFilter(next);
    }
  });
  reg(Command.clearFilter, async () => {
    await deps.queries.applyToTree('');
    await controller.setFilter(defaultFilter(controller.filter.windowDays));
  });
  reg(Command.groupBy, async () => {
    const next = await pickGroupBy(state.settings.groupBy);
    if (next) {
      await lifecycle.setGroupBy(next);
    }
  });
  reg(Command.markAllSeen, () => {
    controller.store.markSeen(controller.store.getEvents().map((e) => eventKey(e.subscriptionId, e.trackingId)));
  });
}

/** One event's row or panel, and the log. */
function registerEventCommands(reg: Reg, deps: CommandsDeps): void {
  reg(Command.copyTrackingId, async (arg) => {
    const ref = refFromArg(arg);
    if (ref) {
      await vscode.env.clipboard.writeText(ref.trackingId);
    }
  });
  reg(Command.showLog, () => deps.log.show());
  // Rows pass an origin marker (their context menu passes the node): they are already where the user clicked.
  reg(Command.openDetails, (arg, origin) => {
    const ref = refFromArg(arg);
    if (!ref) {
      return false;
    }
    return isFromTree(arg, origin) ? deps.navigation.openDetails(ref) : deps.navigation.openDetailsAndReveal(ref);
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

/** The Resources view: loads resource health after each events load, clears on sign-out and on another connection. */
import type * as vscode from 'vscode';
import { ResourceHealthView } from '../../resources/resourceHealthView';
import type { AppState } from '../appState';
import type { EventsParts } from './events';
import type { ConnectionLifecycle } from './lifecycle';
import type { Register } from './register';

export function registerHealth(
  register: Register,
  deps: {
    readonly log: vscode.LogOutputChannel;
    readonly state: AppState;
    readonly events: EventsParts;
    readonly lifecycle: Pick<ConnectionLifecycle, 'onDidChangeConnection' | 'onDidSignOut'>;
  },
): ResourceHealthView {
  const { controller } = deps.events;
  const health = register(
    new ResourceHealthView({
      log: deps.log,
      notifications: () => deps.state.settings.notifications,
      subscriptionName: deps.events.subscriptionName,
    }),
  );
  register(controller.onDidLoad(({ connection }) => void health.load(connection, controller.subscriptionIds())));
  register(deps.lifecycle.onDidChangeConnection(() => health.clear()));
  register(deps.lifecycle.onDidSignOut(() => health.clear()));
  return health;
}

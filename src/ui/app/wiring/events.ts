/**
 * The events themselves: the subscription selection, the controller that loads them, the
 * impacted-resources feature and the Events tree view.
 */
import type * as vscode from 'vscode';
import type { SubscriptionNamer } from '../../../core/subscriptions/names';
import { EventsController } from '../../events/eventsController';
import { ImpactedResourcesFeature } from '../../resources/impactedResourcesFeature';
import { SubscriptionSelection } from '../../subscriptions/subscriptionSelection';
import { EventsView } from '../../tree/eventsView';
import { EventNode } from '../../tree/nodes';
import type { AppState } from '../appState';
import type { ConnectionParts } from './connection';
import type { Register } from './register';

export interface EventsParts {
  readonly selection: SubscriptionSelection;
  readonly controller: EventsController;
  readonly impacted: ImpactedResourcesFeature;
  readonly view: EventsView;
  /** The listed display name of a subscription (see SubscriptionSelection); parts show it instead of the GUID. */
  readonly subscriptionName: SubscriptionNamer;
}

export interface EventsDeps {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
  readonly state: AppState;
  readonly connection: ConnectionParts;
}

export function registerEvents(register: Register, deps: EventsDeps): EventsParts {
  const { context, log, state } = deps;
  const { auth, connections, recovery } = deps.connection;
  const selection = new SubscriptionSelection(context.globalState, () => state.settings.subscriptions);
  const controller = register(
    new EventsController({
      connections,
      auth,
      selection,
      settings: () => state.settings,
      workspaceState: context.workspaceState,
      storageUri: context.globalStorageUri,
      log,
    }),
  );
  register(controller.onDidLoad(({ errors, connection }) => void recovery.onLoadResult(errors, connection)));
  const impacted: ImpactedResourcesFeature = register(
    new ImpactedResourcesFeature({
      connection: () => connections.current,
      events: () => controller.store.getEvents(),
      currentEvent: () => view.view.selection.find((n) => n instanceof EventNode)?.stored,
      log,
    }),
  );
  // Past the Resource Graph threshold, every event's impacted resources come with each load.
  register(controller.onDidLoad(({ connection }) => void impacted.listViaGraph(connection, controller.subscriptionIds())));
  controller.facts = { ...controller.facts, impactedCount: impacted.impactedCount, impactedResources: impacted.impactedResources };
  const subscriptionName: SubscriptionNamer = (id) => controller.subscriptionNames().get(id.toLowerCase());
  connections.subscriptionName = subscriptionName;
  const view = register(new EventsView(controller, () => state.settings.groupBy, impacted.treeHooks, log));
  return { selection, controller, impacted, view, subscriptionName };
}

/** Why events cannot load yet, as one sentence saying what to do (for `@health` and the agent tools); undefined when they can. */
export function notReadyReason(controller: EventsController): string | undefined {
  switch (controller.phase()) {
    case 'misconfigured':
      return controller.configurationProblem ?? 'A Service Health setting prevents connecting; check the serviceHealth settings.';
    case 'connecting':
      return 'Service Health is still connecting; ask again in a moment.';
    case 'signedOut':
      return 'Sign in to Azure from the Service Health view (or use the sample service), then ask again.';
    case 'noSubscriptions':
      return 'Select the subscriptions to watch in the Service Health view, then ask again.';
    default:
      return undefined;
  }
}

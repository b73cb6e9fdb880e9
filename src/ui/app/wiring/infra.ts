/** What the workspace deploys: the templates' reader, the editor features (events and the Resources view's health on resource lines), the Events tree's marker and section, azd's subscription offer (issue 24). */
import * as vscode from 'vscode';
import { Command, ContextKey } from '../../base/commandIds';
import { registerCommand, setContext } from '../../base/commands';
import { AzdOffer } from '../../infra/azdOffer';
import { RegionChoices } from '../../../core/infra/regionChoice';
import { InfraEditor } from '../../infra/infraEditor';
import { chooseDeploymentRegion } from '../../infra/regionPicker';
import { WorkspaceInfra } from '../../infra/workspaceInfra';
import type { QueryCommands } from '../../query/queryCommands';
import type { ResourceHealthView } from '../../resources/resourceHealthView';
import { EVENTS_VIEW_ID } from '../../tree/eventsView';
import { WorkspaceMarkDecorations } from '../../tree/workspaceMark';
import type { AppState } from '../appState';
import type { ConnectionParts } from './connection';
import type { EventsParts } from './events';
import type { Register } from './register';

export interface InfraParts {
  readonly infra: WorkspaceInfra;
  readonly editor: InfraEditor;
  readonly azdOffer: AzdOffer;
}

export interface InfraDeps {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
  readonly state: AppState;
  readonly connection: Pick<ConnectionParts, 'auth' | 'connections'>;
  readonly events: Pick<EventsParts, 'controller' | 'view' | 'selection'>;
  readonly queries: Pick<QueryCommands, 'applyToTree'>;
  /** The Resources view's statuses: the hover links a template's resource names to their health. */
  readonly health: Pick<ResourceHealthView, 'statusesByName'>;
}

export function registerInfra(register: Register, deps: InfraDeps): InfraParts {
  const { controller, view, selection } = deps.events;
  // Where templates deploy when their region is decided at deployment: per folder, in workspace state (never a file).
  const infra = register(new WorkspaceInfra(deps.log, new RegionChoices(deps.context.workspaceState)));
  const editor = register(
    new InfraEditor({
      infra,
      events: () => controller.store.getEvents(),
      hasLoaded: () => controller.hasLoaded,
      onEventsChange: controller.onDidChange,
      onHoverShown: () => void setContext(ContextKey.templatesChecked, true),
      statusesByName: () => deps.health.statusesByName(),
    }),
  );
  controller.facts = { ...controller.facts, inWorkspace: (event) => infra.touches(event) };
  view.setWorkspace(infra);
  register(vscode.window.registerFileDecorationProvider(new WorkspaceMarkDecorations()));
  // A query with workspace:yes, the rows' marker and the "This workspace" section follow each read of the templates.
  register(infra.onDidChange(() => controller.redraw()));
  const azdOffer = register(
    new AzdOffer({
      azd: infra,
      workspaceState: deps.context.workspaceState,
      selection,
      connections: deps.connection.connections,
      auth: deps.connection.auth,
      settingIds: () => deps.state.settings.subscriptions,
      selectionChanged: async () => {
        view.render();
        await controller.refresh();
      },
      onEventsRefreshed: controller.onDidRefresh,
      log: deps.log,
    }),
  );
  register(
    registerCommand(
      Command.showWorkspaceEvents,
      async () => {
        void setContext(ContextKey.templatesChecked, true);
        await deps.queries.applyToTree('workspace:yes');
        await vscode.commands.executeCommand(`${EVENTS_VIEW_ID}.focus`);
      },
      deps.log,
    ),
  );
  register(
    registerCommand(
      Command.chooseDeploymentRegion,
      (folder) => chooseDeploymentRegion({ infra, connection: () => deps.connection.connections.current, subscriptions: (c) => selection.selected(c), log: deps.log }, folder),
      deps.log,
    ),
  );
  // After activation, not inside it: a template already open starts the read.
  setTimeout(() => editor.startForEditors(), 0);
  return { infra, editor, azdOffer };
}

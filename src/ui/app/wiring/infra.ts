/** What the workspace deploys: the templates' reader and the hovers, CodeLens and diagnostics on them (issue 24). */
import type * as vscode from 'vscode';
import { InfraEditor } from '../../infra/infraEditor';
import { WorkspaceInfra } from '../../infra/workspaceInfra';
import type { EventsParts } from './events';
import type { Register } from './register';

export interface InfraParts {
  readonly infra: WorkspaceInfra;
  readonly editor: InfraEditor;
}

export function registerInfra(register: Register, deps: { readonly log: vscode.LogOutputChannel; readonly events: Pick<EventsParts, 'controller'> }): InfraParts {
  const { controller } = deps.events;
  const infra = register(new WorkspaceInfra(deps.log));
  const editor = register(
    new InfraEditor({ infra, events: () => controller.store.getEvents(), hasLoaded: () => controller.hasLoaded, onEventsChange: controller.onDidChange }),
  );
  controller.inWorkspace = (event) => infra.touches(event);
  // A query with workspace:yes shows the rows again once the templates are (re)read.
  register(infra.onDidChange(() => controller.redraw()));
  // After activation, not inside it: a template already open starts the read.
  setTimeout(() => editor.startForEditors(), 0);
  return { infra, editor };
}

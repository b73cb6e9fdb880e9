/**
 * "Choose Resource Group for Templates…": where a workspace folder's templates deploy when their
 * region is decided at deployment. Lists the resource groups of the subscriptions in view (one ARM
 * list request each, through the connection's throttled client), or takes a region typed, or clears
 * the choice. What a choice resolves to and how it is kept: core/infra/regionChoice.ts.
 */
import * as vscode from 'vscode';
import { ResourceGroupsApi } from '../../core/api/resourceGroupsApi';
import { choiceOfGroup, sameChoice, typedRegion, type RegionChoice } from '../../core/infra/regionChoice';
import { errorText } from '../../core/text/errorText';
import type { Connection } from '../connection/connectionManager';
import { choiceText } from './infraEditor';
import type { WorkspaceInfra } from './workspaceInfra';

export interface RegionPickerDeps {
  readonly infra: Pick<WorkspaceInfra, 'folderOf' | 'regionChoice' | 'setRegionChoice'>;
  readonly connection: () => Connection | undefined;
  /** The subscriptions in view for this connection. */
  readonly subscriptions: (connection: Connection) => readonly string[];
  readonly log: vscode.LogOutputChannel;
}

type Item = vscode.QuickPickItem & { readonly action?: 'type' | 'clear'; readonly choice?: RegionChoice };

/** Runs the picker for a folder (its URI; by default the active editor's, else asked) and keeps the answer. */
export async function chooseDeploymentRegion(deps: RegionPickerDeps, folderArg?: unknown): Promise<void> {
  const folder = await folderToChoose(deps, folderArg);
  if (!folder) return;
  const current = deps.infra.regionChoice(folder.uri.toString());
  const picked = await pickChoice(deps, folder, current);
  if (picked === undefined) return;
  const choice = picked === 'clear' ? undefined : picked;
  await deps.infra.setRegionChoice(folder.uri.toString(), choice);
  deps.log.info(choice ? `Templates of ${folder.name}: the region decided at deployment is ${choiceText(choice)}.` : `Templates of ${folder.name}: the region choice was cleared.`);
}

async function folderToChoose(deps: RegionPickerDeps, arg: unknown): Promise<vscode.WorkspaceFolder | undefined> {
  const folders = vscode.workspace.workspaceFolders ?? [];
  const byUri = (uri: string): vscode.WorkspaceFolder | undefined => folders.find((f) => f.uri.toString() === uri);
  if (typeof arg === 'string' && byUri(arg)) return byUri(arg);
  const active = vscode.window.activeTextEditor?.document.uri;
  const ofActive = active && deps.infra.folderOf(active);
  if (ofActive && byUri(ofActive)) return byUri(ofActive);
  if (folders.length <= 1) {
    if (!folders[0]) void vscode.window.showInformationMessage(vscode.l10n.t('Open a folder with templates first; the choice is kept per workspace folder.'));
    return folders[0];
  }
  return vscode.window.showWorkspaceFolderPick({ placeHolder: vscode.l10n.t('Which folder’s templates?') });
}

/** The picker: a choice, 'clear', or undefined when dismissed. */
async function pickChoice(deps: RegionPickerDeps, folder: vscode.WorkspaceFolder, current: RegionChoice | undefined): Promise<RegionChoice | 'clear' | undefined> {
  const quickPick = vscode.window.createQuickPick<Item>();
  quickPick.title = vscode.l10n.t('Where the templates of {0} deploy', folder.name);
  quickPick.placeholder = vscode.l10n.t('Pick the resource group they deploy to, or type a region');
  quickPick.matchOnDescription = true;
  const fixed: Item[] = [
    { label: `$(edit) ${vscode.l10n.t('Type a region…')}`, action: 'type', alwaysShow: true },
    ...(current ? [{ label: `$(close) ${vscode.l10n.t('Clear the choice ({0})', choiceText(current))}`, action: 'clear' as const, alwaysShow: true }] : []),
  ];
  quickPick.items = fixed;
  quickPick.busy = true;
  const listing = listGroups(deps, current).then((groups) => {
    // Below the fixed items, so a row the user is about to click does not move when the groups arrive.
    quickPick.items = [...fixed, ...groups];
    quickPick.busy = false;
  });
  const answer = await new Promise<Item | undefined>((resolve) => {
    quickPick.onDidAccept(() => resolve(quickPick.selectedItems[0]));
    quickPick.onDidHide(() => resolve(undefined));
    quickPick.show();
  });
  // What was typed into the filter ("westeurope") starts the region box.
  const typed = quickPick.value;
  quickPick.dispose();
  await listing;
  if (!answer) return undefined;
  if (answer.choice) return answer.choice;
  if (answer.action === 'clear') return 'clear';
  return askRegion(typed.trim() !== '' ? typed.trim() : current && !current.group ? current.region : '');
}

/** The groups of every subscription in view, one list request each; a subscription whose listing failed is one item saying so. */
async function listGroups(deps: RegionPickerDeps, current: RegionChoice | undefined): Promise<Item[]> {
  const connection = deps.connection();
  if (!connection) {
    return [{ label: `$(warning) ${vscode.l10n.t('Not connected: sign in or use the sample service to list resource groups, or type a region below.')}`, action: 'type' }];
  }
  const api = new ResourceGroupsApi({ client: connection.client, origin: connection.origin });
  const subscriptions = deps.subscriptions(connection);
  if (subscriptions.length === 0) {
    return [{ label: `$(info) ${vscode.l10n.t('No subscription is selected: select one to list its resource groups, or type a region below.')}`, action: 'type' }];
  }
  const listed = await Promise.all(
    subscriptions.map(async (subscriptionId) => {
      const name = connection.subscriptionName(subscriptionId) ?? subscriptionId;
      try {
        const groups = await api.list(subscriptionId);
        const items: Item[] = [{ label: name, kind: vscode.QuickPickItemKind.Separator }];
        for (const group of [...groups].sort((a, b) => a.name.localeCompare(b.name))) {
          const choice = choiceOfGroup(group, subscriptionId);
          if (!choice) continue;
          items.push({ label: group.name, description: choice.region, choice, ...(sameChoice(choice, current) ? { detail: vscode.l10n.t('Chosen now') } : {}) });
        }
        return items;
      } catch (error) {
        deps.log.warn(`Listing the resource groups of ${subscriptionId} failed: ${errorText(error)}`);
        return [{ label: `$(warning) ${vscode.l10n.t("Couldn't list the resource groups of {0}; type the region instead.", name)}`, detail: errorText(error), action: 'type' as const }];
      }
    }),
  );
  return listed.flat();
}

async function askRegion(value: string): Promise<RegionChoice | undefined> {
  const typed = await vscode.window.showInputBox({
    title: vscode.l10n.t('Region the templates deploy to'),
    prompt: vscode.l10n.t('An Azure region, as "westeurope" or "West Europe"'),
    value,
    validateInput: (value) => (value.trim() === '' || typedRegion(value) ? undefined : vscode.l10n.t('"{0}" is not an Azure region; type a name such as westeurope or West Europe.', value.trim())),
  });
  const region = typed === undefined ? undefined : typedRegion(typed);
  return region ? { region } : undefined;
}

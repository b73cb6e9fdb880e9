/**
 * Settings that steer where the Azure token goes (USER_ONLY_SETTINGS) count only from the user's
 * own settings. When a workspace sets one anyway (`.vscode/settings.json`, a `.code-workspace`
 * file), it is ignored and the user is told once per session, with what to do instead.
 */
import * as vscode from 'vscode';
import { Disposable } from '../base/disposable';
import { SECTION, USER_ONLY_SETTINGS } from './settings';
import { setsNonEmptyString } from './settingsText';

export function ignoredSettingMessage(key: string): string {
  return vscode.l10n.t("Service Health ignored {0} from this workspace's settings: set it in your user settings if you trust it.", `${SECTION}.${key}`);
}

export class WorkspaceSettingsGuard extends Disposable {
  private readonly warned = new Set<string>();

  constructor(private readonly log: vscode.LogOutputChannel) {
    super();
    const recheck = (): void => void this.check();
    const watcher = this._register(vscode.workspace.createFileSystemWatcher('**/.vscode/settings.json'));
    this._register(watcher.onDidCreate(recheck));
    this._register(watcher.onDidChange(recheck));
    this._register(vscode.workspace.onDidChangeConfiguration((e) => e.affectsConfiguration(SECTION) && recheck()));
    this._register(vscode.workspace.onDidChangeWorkspaceFolders(recheck));
  }

  /** Looks for workspace values of the user-only settings; warns once per setting. Resolves to the keys found. */
  async check(): Promise<string[]> {
    const found: string[] = [];
    for (const key of USER_ONLY_SETTINGS) {
      if (await workspaceSets(key)) {
        found.push(key);
        this.warn(key);
      }
    }
    return found;
  }

  private warn(key: string): void {
    if (this.warned.has(key) || this.isDisposed) {
      return;
    }
    this.warned.add(key);
    const message = ignoredSettingMessage(key);
    this.log.warn(message);
    const openUserSettings = vscode.l10n.t('Open User Settings');
    void vscode.window.showWarningMessage(message, openUserSettings).then((choice) => {
      if (choice === openUserSettings) {
        void vscode.commands.executeCommand('workbench.action.openSettings', `${SECTION}.${key}`);
      }
    });
  }
}

/** Whether the open workspace (its folders or its .code-workspace file) sets `key`. */
async function workspaceSets(key: string): Promise<boolean> {
  const full = `${SECTION}.${key}`;
  const folders = vscode.workspace.workspaceFolders ?? [];
  // What VS Code itself reports (it may already drop application-scoped workspace values).
  const inspected = [vscode.workspace.getConfiguration(SECTION).inspect<unknown>(key), ...folders.map((f) => vscode.workspace.getConfiguration(SECTION, f.uri).inspect<unknown>(key))];
  if (inspected.some((i) => nonEmpty(i?.workspaceValue) || nonEmpty(i?.workspaceFolderValue))) {
    return true;
  }
  const files = folders.map((f) => vscode.Uri.joinPath(f.uri, '.vscode', 'settings.json'));
  const workspaceFile = vscode.workspace.workspaceFile;
  if (workspaceFile && workspaceFile.scheme !== 'untitled') {
    files.push(workspaceFile);
  }
  for (const file of files) {
    const text = await readText(file);
    if (text !== undefined && setsNonEmptyString(text, full)) {
      return true;
    }
  }
  return false;
}

function nonEmpty(value: unknown): boolean {
  return typeof value === 'string' && value.trim() !== '';
}

async function readText(uri: vscode.Uri): Promise<string | undefined> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri));
  } catch {
    return undefined;
  }
}

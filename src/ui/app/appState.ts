/**
 * The settings the parts read, and the latest settings-apply the commands wait for. One instance,
 * owned by the composition root and passed to the features that read or change it.
 */
import type * as vscode from 'vscode';
import { MODE_CHOICE_KEY, type Mode } from '../config/modeChoice';
import { readSettings, type ServiceHealthSettings } from '../config/settings';

export class AppState {
  settings: ServiceHealthSettings;
  /** The latest apply of settings or sign-in state; commands and tests await it. */
  ready: Promise<void> = Promise.resolve();

  /** `workspaceState`: where Use Sample Service / Use Azure keep the choice (never a settings file). */
  constructor(private readonly workspaceState: vscode.Memento) {
    this.settings = readSettings(this.modeChoice());
  }

  /** The mode chosen with Use Sample Service / Use Azure in this workspace, if any. */
  modeChoice(): unknown {
    return this.workspaceState.get<unknown>(MODE_CHOICE_KEY);
  }

  /** Keeps the choice for this workspace (it survives a reload); a `serviceHealth.mode` setting still wins. */
  async chooseMode(mode: Mode): Promise<void> {
    await this.workspaceState.update(MODE_CHOICE_KEY, mode);
  }

  /** Reads the settings again (with the workspace's mode choice) and keeps them. */
  reread(): ServiceHealthSettings {
    this.settings = readSettings(this.modeChoice());
    return this.settings;
  }
}

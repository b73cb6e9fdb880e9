/**
 * The settings the parts read, and the latest settings-apply the commands wait for. One instance,
 * owned by the composition root and passed to the features that read or change it.
 */
import { readSettings, type Mode, type ServiceHealthSettings } from '../config/settings';

export class AppState {
  settings: ServiceHealthSettings;
  /** A mode chosen in a window with no folder open, where no workspace setting can hold it. */
  modeOverride: Mode | undefined;
  /** The latest apply of settings or sign-in state; commands and tests await it. */
  ready: Promise<void> = Promise.resolve();

  constructor() {
    this.settings = readSettings(this.modeOverride);
  }

  /** Reads the settings again (with the window's mode override) and keeps them. */
  reread(): ServiceHealthSettings {
    this.settings = readSettings(this.modeOverride);
    return this.settings;
  }
}

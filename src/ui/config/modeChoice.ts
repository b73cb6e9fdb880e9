/**
 * Which mode a window runs in (VS Code-free, for a unit test). A `serviceHealth.mode` the user set
 * wins (the most specific scope: folder, workspace, user); else the Use Sample Service / Use Azure
 * choice kept in the workspace state (never a settings file: the user's repository stays as it
 * was); else `azure`, so invented outages are never mistaken for real ones.
 */
export type Mode = 'azure' | 'sample';

/** The state key of the Use Sample Service / Use Azure choice in the workspace Memento. */
export const MODE_CHOICE_KEY = 'serviceHealth.modeChoice';

/** The scopes of `WorkspaceConfiguration.inspect('mode')` that a user can write. */
export interface ModeSettingScopes {
  readonly globalValue?: unknown;
  readonly workspaceValue?: unknown;
  readonly workspaceFolderValue?: unknown;
}

export type ModeSource = 'folderSetting' | 'workspaceSetting' | 'userSetting' | 'choice' | 'default';

export interface ResolvedMode {
  readonly mode: Mode;
  readonly source: ModeSource;
}

export function isMode(value: unknown): value is Mode {
  return value === 'azure' || value === 'sample';
}

/** Settings values that are not a mode (a typo) are skipped, as if unset. */
export function resolveMode(setting: ModeSettingScopes | undefined, choice: unknown): ResolvedMode {
  if (isMode(setting?.workspaceFolderValue)) return { mode: setting.workspaceFolderValue, source: 'folderSetting' };
  if (isMode(setting?.workspaceValue)) return { mode: setting.workspaceValue, source: 'workspaceSetting' };
  if (isMode(setting?.globalValue)) return { mode: setting.globalValue, source: 'userSetting' };
  if (isMode(choice)) return { mode: choice, source: 'choice' };
  return { mode: 'azure', source: 'default' };
}

const WHERE: Readonly<Record<ModeSource, string>> = {
  folderSetting: "this folder's settings",
  workspaceSetting: "this workspace's settings",
  userSetting: 'your user settings',
  choice: '',
  default: '',
};

/**
 * What to tell a user whose Use Sample Service / Use Azure a setting overrides, or undefined when
 * the choice took effect.
 */
export function settingWinsMessage(chosen: Mode, resolved: ResolvedMode): string | undefined {
  if (resolved.mode === chosen || resolved.source === 'choice' || resolved.source === 'default') return undefined;
  return `Service Health stays on ${resolved.mode === 'sample' ? 'the sample service' : 'Azure'}: serviceHealth.mode is set to "${resolved.mode}" in ${WHERE[resolved.source]}, and a setting wins over this choice; remove or change it to switch.`;
}

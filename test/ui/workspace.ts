// A throw-away workspace folder whose settings put the extension in sample mode (it then starts its
// embedded sample service by itself) and keep the workbench quiet for tests and screenshots.
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface SampleWorkspace {
  readonly folder: string;
  /** Rewrites .vscode/settings.json (the workbench picks the change up by itself). */
  writeSettings(extra: Readonly<Record<string, unknown>>): Promise<void>;
  dispose(): Promise<void>;
}

/** Settings every run uses: sample mode, no welcome page, no chat panel, no auto refresh mid-test. */
export const BASE_SETTINGS: Readonly<Record<string, unknown>> = {
  'serviceHealth.mode': 'sample',
  'serviceHealth.groupBy': 'type',
  'serviceHealth.refreshIntervalMinutes': 0,
  // Toasts would cover the status bar and the panels under test.
  'serviceHealth.notifications': 'off',
  'workbench.startupEditor': 'none',
  'workbench.secondarySideBar.defaultVisibility': 'hidden',
  'workbench.tips.enabled': false,
  'workbench.colorTheme': 'Default Dark Modern',
  // No Chat panel or Copilot entry points: they take a third of the window in screenshots.
  'chat.disableAIFeatures': true,
  'chat.commandCenter.enabled': false,
  'window.commandCenter': true,
  'extensions.ignoreRecommendations': true,
  'git.enabled': false,
};

/** `name` is the folder's base name, which the window title shows (screenshots want a tidy one). */
export async function createSampleWorkspace(extra: Readonly<Record<string, unknown>> = {}, name = 'my-azure-app'): Promise<SampleWorkspace> {
  const parent = await mkdtemp(join(tmpdir(), 'service-health-ui-'));
  const folder = join(parent, name);
  const settingsDir = join(folder, '.vscode');
  await mkdir(settingsDir, { recursive: true });
  const writeSettings = (more: Readonly<Record<string, unknown>>): Promise<void> =>
    writeFile(join(settingsDir, 'settings.json'), `${JSON.stringify({ ...BASE_SETTINGS, ...more }, null, 2)}\n`);
  await writeSettings(extra);
  return { folder, writeSettings, dispose: () => rm(parent, { recursive: true, force: true }) };
}

// The smoke group's workbench: the packaged .vsix installed as a user would, and a workspace with
// only the quiet-workbench settings, so the extension starts as a new user meets it (Azure mode by
// default, signed out: the welcome view).
import { writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { PreparedWorkbench } from '../run';
import { BASE_SETTINGS, createSampleWorkspace } from '../workspace';

export async function prepareVsixWorkbench(vsix: string): Promise<PreparedWorkbench> {
  const workspace = await createSampleWorkspace();
  const quiet = Object.fromEntries(Object.entries(BASE_SETTINGS).filter(([key]) => !key.startsWith('serviceHealth.')));
  await writeFile(join(workspace.folder, '.vscode', 'settings.json'), `${JSON.stringify(quiet, null, 2)}\n`);
  return { folder: workspace.folder, installVsix: vsix, dispose: () => workspace.dispose() };
}

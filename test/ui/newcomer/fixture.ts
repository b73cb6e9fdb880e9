// A newcomer's workbench: a folder that looks like a user's repository (sources, a README, the
// user's own .vscode/settings.json without serviceHealth.mode), walkthroughs opening on install as
// in a default VS Code, and the test-only language model so @health can answer in the Chat view.
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { buildCompanion } from '../../harness/companion';
import type { PreparedWorkbench } from '../run';
import { createSampleWorkspace } from '../workspace';

export async function prepareNewcomerWorkbench(root: string): Promise<PreparedWorkbench> {
  const companion = await buildCompanion(root, 'lm-provider');
  // No mode at all (JSON leaves undefined out): the extension starts in its default, Azure.
  // The theme by its current name: VS Code rewrites the old "Default Dark Modern" in the settings
  // file by itself, at a moment of its choosing, which would read as a change the extension made.
  const workspace = await createSampleWorkspace({ 'serviceHealth.mode': undefined, 'chat.disableAIFeatures': false, 'workbench.colorTheme': 'Dark Modern' }, 'contoso-web').catch(async (err: unknown) => {
    await companion.dispose();
    throw err;
  });
  await mkdir(join(workspace.folder, 'src'), { recursive: true });
  await writeFile(join(workspace.folder, 'README.md'), '# contoso-web\n\nThe storefront.\n');
  await writeFile(join(workspace.folder, 'src', 'index.ts'), "export const greeting = 'hello';\n");
  return {
    folder: workspace.folder,
    preinstall: [companion.folder],
    machineSettings: { 'workbench.welcomePage.walkthroughs.openOnInstall': true },
    dispose: async () => {
      await Promise.all([companion.dispose(), workspace.dispose()]);
    },
  };
}

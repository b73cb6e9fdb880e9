// The chat workbench: the extension in sample mode plus the test-only language model
// (test/companion/lm-provider), preinstalled so the real Chat view has a model to dispatch with.
import { buildCompanion } from '../../harness/companion';
import type { PreparedWorkbench } from '../run';
import { createSampleWorkspace } from '../workspace';

export async function prepareChatWorkbench(root: string): Promise<PreparedWorkbench> {
  const companion = await buildCompanion(root, 'lm-provider');
  // The other groups turn chat off (chat.disableAIFeatures); with it on, Ctrl+Alt+I opens no Chat view.
  const workspace = await createSampleWorkspace({ 'chat.disableAIFeatures': false }).catch(async (err: unknown) => {
    await companion.dispose();
    throw err;
  });
  return {
    folder: workspace.folder,
    preinstall: [companion.folder],
    dispose: async () => {
      await Promise.all([companion.dispose(), workspace.dispose()]);
    },
  };
}

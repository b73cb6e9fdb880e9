// `npm run screenshots`: opens the workbench with the extension loaded (demo mode, no tests) and saves
// PNGs of each scene. Scenes for the extension's own views are added as the UI lands.
import { type Page } from 'playwright-core';
import { hideSecondarySideBar, launchWorkbench, screenshot } from './ui';

export interface Scene {
  readonly name: string;
  /** Brings the workbench into the state to capture; the PNG is taken right after. */
  prepare(page: Page): Promise<void>;
}

export const SCENES: readonly Scene[] = [
  // The title bar reads "[Extension Development Host]": the payload loaded the extension.
  {
    name: 'workbench',
    prepare: async (page) => {
      await page.locator('.window-title, .command-center').filter({ hasText: 'Extension Development Host' }).first().waitFor();
      await hideSecondarySideBar(page);
    },
  },
];

export interface ScreenshotOptions {
  readonly root: string;
  readonly outDir: string;
  readonly only?: readonly string[];
  readonly log?: (line: string) => void;
}

export async function takeScreenshots(options: ScreenshotOptions): Promise<string[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const session = await launchWorkbench({ root: options.root, viewport: { width: 1400, height: 900 } });
  const saved: string[] = [];
  let current = 'start';
  try {
    for (const scene of SCENES) {
      if (options.only && !options.only.includes(scene.name)) continue;
      current = scene.name;
      await scene.prepare(session.page);
      const file = await screenshot(session.page, options.outDir, scene.name);
      saved.push(file);
      log(`[screenshots] ${file}`);
    }
  } catch (err) {
    // What the page showed when the scene failed is the quickest clue.
    const failed = await screenshot(session.page, options.outDir, `${current}-failed`).catch(() => 'none');
    log(`[screenshots] scene ${current} failed (page: ${failed}); last workbench lines:\n${session.logs.slice(-30).join('\n')}`);
    throw err;
  } finally {
    await session.close();
  }
  return saved;
}

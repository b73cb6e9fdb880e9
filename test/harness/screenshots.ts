// `npm run screenshots`: opens the workbench with the extension loaded (demo mode, no tests) on a
// sample-mode workspace and saves the README's PNGs, one per scene. Each scene brings the workbench
// into its state by itself (so `npm run screenshots -- <scene>` works alone) and waits for what it shows.
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { closeAllEditors, CONTAINER_ID, containerPane, detailsFrame, eventRows, firstChildRow, groupRow, openEventsView, readQuotaTooltip, setExpanded, setPaneExpanded, viewTitleAction } from '../ui/steps';
import { resourcesPane } from '../ui/resourcesPane';
import { createSampleWorkspace, type SampleWorkspace } from '../ui/workspace';
import { applyTheme, THEMES, type ThemeKind } from './theme';
import { hideSecondarySideBar, launchWorkbench, openCommandPalette, screenshot, statusBarItem, treeRows, viewContainer, webviewFrame } from './ui';

/** What a scene may ask of the capture: a region instead of the whole window. */
export interface Shot {
  readonly clip?: { readonly x: number; readonly y: number; readonly width: number; readonly height: number };
}

export interface SceneContext {
  readonly workspace: SampleWorkspace;
  readonly log: (line: string) => void;
}

export interface Scene {
  readonly name: string;
  /** One line for the README / the run's log. */
  readonly caption: string;
  /** Brings the workbench into the state to capture; 'skip' when the feature is not there. */
  prepare(page: Page, ctx: SceneContext): Promise<Shot | 'skip' | void>;
}

const VIEWPORT = { width: 1400, height: 900 } as const;
/** VS Code's default side bar width: the README shows what a new user sees. */
const SIDEBAR_WIDTH = 300;
const DARK: ThemeKind = 'dark';
const LIGHT: ThemeKind = 'light';

/** Drags the side bar's sash so it is `width` pixels wide. */
async function setSidebarWidth(page: Page, width: number): Promise<void> {
  const box = await page.locator('.part.sidebar').boundingBox();
  if (!box || Math.abs(box.width - width) < 4) return;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width + 1, y);
  await page.mouse.down();
  await page.mouse.move(box.x + width + 1, y, { steps: 8 });
  await page.mouse.up();
  await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
}

/**
 * Switches the theme through the workspace settings and waits for the workbench's theme class
 * and side-bar colour to follow (a cold machine once took longer than a fixed wait); a switch
 * that did not apply is retried once through the theme picker, then fails saying what showed.
 */
async function setTheme(page: Page, ctx: SceneContext, theme: ThemeKind): Promise<void> {
  await applyTheme(page, theme, { set: (t) => ctx.workspace.writeSettings({ 'workbench.colorTheme': t.settingsId }) });
}

/** Events view open at `sidebarWidth`, no editors, no hover. */
async function baseState(page: Page, ctx: SceneContext, theme: ThemeKind = DARK, sidebarWidth = SIDEBAR_WIDTH): Promise<void> {
  await setTheme(page, ctx, theme);
  await hideSecondarySideBar(page);
  await openEventsView(page);
  await closeAllEditors(page);
  await setSidebarWidth(page, sidebarWidth);
}

/** Folds the tree, then unfolds `groups` (type groups) and their Active sub-group. */
async function showGroups(page: Page, groups: readonly string[]): Promise<void> {
  await (await viewTitleAction(page, 'Collapse All')).click();
  await treeRows(page, 'serviceHealth').nth(2).waitFor({ state: 'visible' });
  for (const label of groups) {
    const group = groupRow(page, label);
    await setExpanded(group, true);
  }
}

/** Opens the first active event row under `group` whose row matches `has` (a CSS selector inside the row). */
async function openEventIn(page: Page, group: string, has?: string): Promise<string> {
  await showGroups(page, [group]);
  const active = treeRows(page, 'serviceHealth').filter({ has: page.locator('.label-name', { hasText: /^Active$/ }) }).first();
  await setExpanded(active, true);
  const rows = has ? eventRows(page).filter({ has: page.locator(has) }) : eventRows(page);
  const row = rows.first();
  await row.waitFor({ state: 'visible' });
  const label = (await row.locator('.label-name').innerText()).trim();
  await row.click();
  await detailsFrame(page);
  // Move the pointer off the tree: a row hover would put a tooltip over the panel.
  await page.mouse.move(VIEWPORT.width - 10, 60);
  return label;
}

async function showDetailsOfServiceIssue(page: Page, ctx: SceneContext, theme: ThemeKind): Promise<void> {
  await baseState(page, ctx, theme);
  await openEventIn(page, 'Service issues');
  // The webview takes the theme from the workbench through its body class.
  await webviewFrame(page).locator(`body.${THEMES[theme].webviewClass}`).waitFor({ state: 'attached', timeout: 30_000 });
}

export const SCENES: readonly Scene[] = [
  {
    name: 'walkthrough',
    caption: 'The Get Started walkthrough: each step checks itself off when done (here the sample is in use).',
    prepare: async (page, ctx) => {
      await baseState(page, ctx);
      const input = await openCommandPalette(page);
      await input.fill('>Welcome: Open Walkthrough');
      await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Open Walkthrough' }).first().click();
      // The command's own pick of walkthroughs replaces the palette (its input starts empty).
      await page.waitForFunction("document.querySelector('.quick-input-widget input')?.value === ''", undefined, { timeout: 15_000 });
      await input.fill('Service Health');
      const row = page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Get Started with Service Health' }).first();
      await row.waitFor({ state: 'visible', timeout: 15_000 });
      await row.click();
      await page.locator('.gettingStartedContainer button.getting-started-step').first().waitFor({ state: 'visible', timeout: 30_000 });
      await page.mouse.move(VIEWPORT.width - 10, VIEWPORT.height / 2);
    },
  },
  {
    name: 'events-tree',
    caption: 'The Events view grouped by type: counts per group, active before resolved, service · region · age per event.',
    prepare: async (page, ctx) => {
      await baseState(page, ctx);
      await showGroups(page, ['Emerging issues', 'Security advisories']);
      // Collapse All folded the status sub-groups too: unfold each group's Active one (resolved stay folded).
      for (const label of ['Emerging issues', 'Security advisories']) {
        await setExpanded(await firstChildRow(page, groupRow(page, label)), true);
      }
      await eventRows(page).first().waitFor({ state: 'visible' });
      await page.mouse.move(VIEWPORT.width - 10, 60);
    },
  },
  {
    name: 'event-details',
    caption: 'Details of a service issue: title and badges, then summary, recommended actions and the latest update.',
    prepare: (page, ctx) => showDetailsOfServiceIssue(page, ctx, DARK),
  },
  {
    name: 'event-details-timeline',
    caption: 'Further down the same panel: the facts (tracking ID, times, links) and impacted services and regions.',
    prepare: async (page, ctx) => {
      await showDetailsOfServiceIssue(page, ctx, DARK);
      const frame = await detailsFrame(page);
      // From the latest update on: the facts, impacted services and regions, the earlier updates.
      await frame.locator('section.latest-update, section:has(dl.facts)').first().evaluate((el) => el.scrollIntoView({ block: 'start' }));
    },
  },
  {
    name: 'sensitive-event',
    caption: 'A sensitive event: its text is fetched only on request, for accounts allowed to read it.',
    prepare: async (page, ctx) => {
      await baseState(page, ctx, DARK);
      await openEventIn(page, 'Security advisories', '.codicon-lock');
      const frame = await detailsFrame(page);
      await frame.getByRole('button', { name: 'Fetch details' }).waitFor({ state: 'visible' });
    },
  },
  {
    name: 'quota-tooltip',
    caption: 'The API quota in the status bar, with every rate-limit bucket in its tooltip.',
    prepare: async (page, ctx) => {
      await baseState(page, ctx);
      await readQuotaTooltip(page);
      const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'API quota' }).first();
      const box = await hover.boundingBox();
      const item = await statusBarItem(page, 'serviceHealth.quota').boundingBox();
      if (!box || !item) return undefined;
      // The hover and the status bar beneath it, with a margin.
      const x = Math.max(0, Math.min(box.x, item.x) - 24);
      const y = Math.max(0, box.y - 24);
      return { clip: { x, y, width: VIEWPORT.width - x, height: VIEWPORT.height - y } };
    },
  },
  {
    name: 'quota-pick',
    caption: 'Clicking the quota item lists each bucket with its reset time and where the numbers came from.',
    prepare: async (page, ctx) => {
      await baseState(page, ctx);
      await page.mouse.move(VIEWPORT.width / 2, VIEWPORT.height / 2);
      await statusBarItem(page, 'serviceHealth.quota').click();
      await page.locator('.quick-input-widget .monaco-list-row').first().waitFor({ state: 'visible', timeout: 30_000 });
      await page.mouse.move(VIEWPORT.width - 10, VIEWPORT.height / 2);
    },
  },
  {
    name: 'query-events',
    caption: 'Query Events: plain-words queries over the held events, answered as you type.',
    prepare: async (page, ctx) => {
      await baseState(page, ctx);
      // Only once the command is contributed and registered (it is being built alongside this scene).
      const input = await openCommandPalette(page);
      await input.fill('>Service Health: Query Events');
      const row = page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: /Query Events…/ }).first();
      if (!(await row.waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false))) {
        await page.keyboard.press('Escape');
        ctx.log('[screenshots] query-events skipped: no "Service Health: Query Events…" command');
        return 'skip';
      }
      await row.click();
      // The command opens its own quick pick: type only once it replaced the palette.
      await page.locator('.quick-input-widget .quick-input-title').filter({ hasText: /Query/ }).waitFor({ state: 'visible', timeout: 15_000 });
      await page.locator('.quick-input-widget input').pressSequentially('active service issues in west europe last 3 days', { delay: 10 });
      await page.locator('.quick-input-widget .monaco-list-row').first().waitFor({ state: 'visible', timeout: 15_000 });
      return undefined;
    },
  },
  {
    name: 'event-details-light',
    caption: 'The details panel follows the color theme (here Default Light Modern).',
    prepare: async (page, ctx) => {
      await showDetailsOfServiceIssue(page, ctx, LIGHT);
    },
  },
  {
    // Before resources-view: it leaves the Resources pane open under the Events view.
    name: 'resource-health',
    caption: 'A resource\'s health panel (click a Resources row): state, why and since when, actions, active events and history.',
    prepare: async (page, ctx) => {
      await baseState(page, ctx, DARK);
      const pane = resourcesPane(page);
      await setPaneExpanded(pane, true);
      const row = pane.locator('.monaco-list-row[role=treeitem][aria-level="3"]').first();
      await row.waitFor({ state: 'visible', timeout: 60_000 });
      await row.click();
      const frame = webviewFrame(page);
      await frame.locator('section.health-history h2', { hasText: /^History \(/ }).waitFor({ state: 'visible', timeout: 30_000 });
      await page.mouse.move(VIEWPORT.width - 10, VIEWPORT.height / 2);
    },
  },
  {
    name: 'resources-view',
    caption: 'The Resources view: states that need attention first, then resource groups; each row "name · type · region" with since or ETA, its tooltip the summary.',
    // Last, as it folds the Events view: the scenes before it show that view open.
    prepare: async (page, ctx) => {
      await baseState(page, ctx);
      // The Events view is the container's first pane (its title changes with the mode).
      await setPaneExpanded(viewContainer(page, CONTAINER_ID).locator('.pane').first(), false);
      const pane = containerPane(page, 'Resources');
      await setPaneExpanded(pane, true);
      const row = pane.locator('.monaco-list-row[role=treeitem][aria-level="3"]').first();
      await row.waitFor({ state: 'visible', timeout: 60_000 });
      await row.hover();
      await page.locator('.monaco-hover, .workbench-hover').first().waitFor({ state: 'visible', timeout: 10_000 });
    },
  },
];

export interface ScreenshotOptions {
  readonly root: string;
  readonly outDir: string;
  readonly only?: readonly string[];
  readonly log?: (line: string) => void;
}

/**
 * A scene's preparation, tried a second time from a clean state when the first try fails (a
 * cold machine is slow to load themes, webviews and the sample service); the first failure's
 * page is kept as `<scene>-first-try.png` and logged.
 */
async function prepareWithRetry(page: Page, ctx: SceneContext, scene: Scene, root: string): Promise<Shot | 'skip' | void> {
  try {
    return await scene.prepare(page, ctx);
  } catch (err) {
    const file = await screenshot(page, join(root, 'screenshots-tmp'), `${scene.name}-first-try`).catch(() => 'none');
    ctx.log(`[screenshots] scene ${scene.name} failed once, trying again (page: ${file}): ${err instanceof Error ? err.message : String(err)}`);
    await page.keyboard.press('Escape');
    await closeAllEditors(page).catch(() => undefined);
    return scene.prepare(page, ctx);
  }
}

export async function takeScreenshots(options: ScreenshotOptions): Promise<string[]> {
  const log = options.log ?? ((line: string) => console.log(line));
  const workspace = await createSampleWorkspace();
  const saved: string[] = [];
  let current = 'start';
  try {
    const session = await launchWorkbench({ root: options.root, folder: workspace.folder, viewport: VIEWPORT });
    try {
      const ctx: SceneContext = { workspace, log };
      for (const scene of SCENES) {
        if (options.only && !options.only.includes(scene.name)) continue;
        current = scene.name;
        const shot = await prepareWithRetry(session.page, ctx, scene, options.root);
        if (shot === 'skip') continue;
        const file = join(options.outDir, `${scene.name}.png`);
        await session.page.screenshot({ path: file, ...(shot?.clip ? { clip: shot.clip } : {}) });
        await session.page.keyboard.press('Escape');
        saved.push(file);
        log(`[screenshots] ${file}: ${scene.caption}`);
      }
    } catch (err) {
      // What the page showed when the scene failed is the quickest clue.
      const failed = await screenshot(session.page, join(options.root, 'screenshots-tmp'), `${current}-failed`).catch(() => 'none');
      log(`[screenshots] scene ${current} failed (page: ${failed}); last workbench lines:\n${session.logs.slice(-30).join('\n')}`);
      throw err;
    } finally {
      await session.close();
    }
  } finally {
    await workspace.dispose();
  }
  return saved;
}

// Playwright helpers for UI tests and screenshots against the real web workbench. Selectors follow the
// team's notes on what stays stable across VS Code versions (ids and aria-labels, not generated classes).
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { ensureRuntime } from './runtime';
import { startServer, type VsCodeServer } from './server';
import { openWorkbench, type Workbench } from './workbench';

/** The extension's id as VS Code spells it in DOM ids and webview URLs. */
export const EXTENSION_ID = 'service-health.service-health';

interface DriverHost {
  driver?: { whenWorkbenchRestored(): Promise<void> };
}

/** Waits until the workbench has restored its views (the smoke-test driver knows; the DOM alone does not). */
export async function waitForWorkbench(page: Page, timeoutMs = 60_000): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ state: 'visible', timeout: timeoutMs });
  await page.waitForFunction(() => (globalThis as unknown as DriverHost).driver !== undefined, undefined, { timeout: timeoutMs });
  await page.evaluate(() => (globalThis as unknown as DriverHost).driver?.whenWorkbenchRestored());
  await page.locator('.part.statusbar').waitFor({ state: 'visible', timeout: timeoutMs });
}

/** Activity-bar icon whose aria-label starts with the view container's title. */
export function activityBarIcon(page: Page, title: string): Locator {
  return page.locator(`.activitybar a.action-label[aria-label^="${cssString(title)}"]`);
}

export async function clickActivityBarIcon(page: Page, title: string): Promise<void> {
  await activityBarIcon(page, title).first().click();
}

/** The side-bar pane of a view container contributed by an extension (`contributes.viewsContainers`). */
export function viewContainer(page: Page, containerId: string): Locator {
  return page.locator(`[id="workbench.view.extension.${cssString(containerId)}"]`);
}

/** All rendered tree rows of a view container (a tree renders only the rows in view). */
export function treeRows(page: Page, containerId: string): Locator {
  return viewContainer(page, containerId).locator('.monaco-list-row[role=treeitem]');
}

/** Tree rows by visible text; aria-label is the tooltip when one is set, so text is the stable handle. */
export function treeRow(page: Page, containerId: string, text: string | RegExp): Locator {
  return treeRows(page, containerId).filter({ hasText: text });
}

/** Visible labels of the rendered rows, top to bottom. */
export async function treeRowLabels(page: Page, containerId: string): Promise<string[]> {
  return (await treeRows(page, containerId).locator('.label-name').allInnerTexts()).map((t) => t.trim());
}

/** A status-bar item created with `createStatusBarItem(id)`: its DOM id is `<extension id>.<id>`. */
export function statusBarItem(page: Page, itemId: string, extensionId = EXTENSION_ID): Locator {
  return page.locator(`[id="${cssString(`${extensionId}.${itemId}`)}"]`);
}

export async function readStatusBarItem(page: Page, itemId: string, extensionId = EXTENSION_ID): Promise<{ text: string; ariaLabel: string | null }> {
  const item = statusBarItem(page, itemId, extensionId);
  await item.waitFor({ state: 'attached' });
  return { text: (await item.innerText()).trim(), ariaLabel: await item.locator('a').first().getAttribute('aria-label') };
}

/** The content frame of an extension's webview (panel or view): outer iframe, then its `#active-frame`. */
export function webviewFrame(page: Page, extensionId = EXTENSION_ID): FrameLocator {
  return page.frameLocator(`iframe.webview.ready[src*="extensionId=${cssString(extensionId)}"]`).frameLocator('#active-frame');
}

/**
 * Opens the Command Palette and returns its input. F1 first; when the key does not reach the workbench (a webview that
 * is still loading keeps the focus and drops it), the title bar's Command Center opens the same widget by a click.
 */
export async function openCommandPalette(page: Page): Promise<Locator> {
  const input = page.locator('.quick-input-widget input');
  const shown = (ms: number): Promise<boolean> => input.waitFor({ state: 'visible', timeout: ms }).then(() => true, () => false);
  for (let attempt = 0; attempt < 3; attempt++) {
    await page.keyboard.press('F1');
    if (await shown(5_000)) return input;
    const center = page.locator('.command-center .command-center-center').first();
    if (await center.isVisible()) {
      await center.click();
      if (await shown(5_000)) {
        await input.fill('>');
        return input;
      }
    }
  }
  throw new Error('The Command Palette did not open: neither F1 nor the Command Center brought it up.');
}

/** Runs a command by its palette title (F1, type, Enter on the first match). */
export async function runCommand(page: Page, title: string): Promise<void> {
  const input = await openCommandPalette(page);
  await input.fill(`>${title}`);
  await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: title }).first().waitFor({ state: 'visible' });
  await page.keyboard.press('Enter');
}

/** Hides the secondary side bar (VS Code opens Chat there by default), for uncluttered screenshots. */
export async function hideSecondarySideBar(page: Page): Promise<void> {
  const bar = page.locator('.part.auxiliarybar');
  if (!(await bar.isVisible())) return;
  await runCommand(page, 'View: Hide Secondary Side Bar');
  await bar.waitFor({ state: 'hidden' });
}

/** Texts of the notification toasts on screen. */
export async function notificationTexts(page: Page): Promise<string[]> {
  return page.locator('.notifications-toasts .notification-toast .notification-list-item-message').allInnerTexts();
}

/** Saves a PNG of the page (or one element) as `<dir>/<name>.png` and returns its path. */
export async function screenshot(page: Page, dir: string, name: string, element?: Locator): Promise<string> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, `${name.replace(/[^\w.-]+/g, '-')}.png`);
  if (element) await element.screenshot({ path });
  else await page.screenshot({ path });
  return path;
}

/** Escapes a value for use inside a double-quoted CSS attribute selector. */
function cssString(value: string): string {
  return value.replace(/["\\]/g, '\\$&');
}

export interface WorkbenchSession {
  readonly page: Page;
  readonly server: VsCodeServer;
  readonly workbench: Workbench;
  /** Workbench console lines so far (extension host included). */
  readonly logs: readonly string[];
  close(): Promise<void>;
}

export interface LaunchOptions {
  /** Repository root: the extension under development. */
  readonly root: string;
  /** Workspace folder to open; a fresh empty temp folder when left out. */
  readonly folder?: string;
  readonly viewport?: { readonly width: number; readonly height: number };
  /** Extra environment for the server and the extension host (for example a sample service URL). */
  readonly env?: Readonly<Record<string, string>>;
  /** Extension folders installed next to the one under development (see startServer). */
  readonly preinstall?: readonly string[];
  /** A packaged .vsix to install and run instead of the development folder. */
  readonly installVsix?: string;
  /** The server's machine settings (see startServer; by default walkthroughs do not open on install). */
  readonly machineSettings?: Readonly<Record<string, unknown>>;
}

/**
 * Starts server and browser with the extension loaded but no tests (demo mode), waits for the workbench,
 * and hands back the page. Always call close(), also on failure paths.
 */
export async function launchWorkbench(options: LaunchOptions): Promise<WorkbenchSession> {
  const runtime = await ensureRuntime({ dir: join(options.root, '.vscode-test', 'runtime') });
  const ownFolder = options.folder === undefined ? await mkdtemp(join(tmpdir(), 'service-health-workspace-')) : undefined;
  const server = await startServer({
    runtime,
    ...(options.env ? { env: options.env } : {}),
    ...(options.preinstall ? { preinstall: options.preinstall } : {}),
    ...(options.installVsix ? { installVsix: [options.installVsix] } : {}),
    ...(options.machineSettings ? { machineSettings: options.machineSettings } : {}),
  });
  const logs: string[] = [];
  let workbench: Workbench | undefined;
  const close = async (): Promise<void> => {
    await workbench?.close().catch(() => undefined);
    await server.stop();
    if (ownFolder) await rm(ownFolder, { recursive: true, force: true });
  };
  try {
    workbench = await openWorkbench({
      server,
      ...(options.installVsix ? {} : { extensionDevelopmentPath: options.root }),
      folder: options.folder ?? ownFolder ?? options.root,
      onLog: (line) => logs.push(line),
      ...(options.viewport ? { viewport: options.viewport } : {}),
    });
    await waitForWorkbench(workbench.page);
    return { page: workbench.page, server, workbench, logs, close };
  } catch (err) {
    await close();
    throw err;
  }
}

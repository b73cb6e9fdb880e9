// Opens the web workbench of a running VS Code server in Debian's Chromium, driven by playwright-core
// (which downloads no browser). The URL payload loads the extension under development and, for a test
// run, the tests' `run()` module; the smoke-test driver hooks report the extension host's console and exit.
import { chromium, type Browser, type Page } from 'playwright-core';
import type { VsCodeServer } from './server';
import { workbenchUrl } from './workbenchUrl';

export { workbenchUrl };

/** Args that keep Chromium quiet and working offline, in containers, without a GPU. */
export const CHROMIUM_ARGS: readonly string[] = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

export function chromiumPath(): string {
  return process.env.SERVICE_HEALTH_CHROMIUM ?? '/usr/bin/chromium';
}

export interface OpenWorkbenchOptions {
  readonly server: VsCodeServer;
  /** Absolute path of the extension folder (the one with package.json); none when testing an installed .vsix. */
  readonly extensionDevelopmentPath?: string;
  /** Absolute path of the folder with the tests' index.js; leave out for a demo or screenshots. */
  readonly extensionTestsPath?: string;
  /** Folder to open as the workspace. */
  readonly folder: string;
  readonly viewport?: { readonly width: number; readonly height: number };
  /** Called for every console line of the workbench and the extension host (`codeAutomationLog`). */
  readonly onLog?: (line: string) => void;
}

export interface Workbench {
  readonly browser: Browser;
  readonly page: Page;
  readonly url: string;
  /** Settles with the code the workbench passes to `codeAutomationExit` (0 when the tests' run() resolved). */
  readonly exit: Promise<number>;
  close(): Promise<void>;
}

/** `codeAutomationLog` passes the console arguments as an array (strings, or objects the workbench serialised). */
function formatArgs(args: unknown): string {
  const list: unknown[] = Array.isArray(args) ? args : [args];
  return list.map((a) => (typeof a === 'string' ? a : JSON.stringify(a))).join(' ');
}

export async function openWorkbench(options: OpenWorkbenchOptions): Promise<Workbench> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS], headless: true });
  try {
    const context = await browser.newContext({ viewport: options.viewport ?? { width: 1400, height: 900 } });
    const page = await context.newPage();
    let settle: (code: number) => void = () => undefined;
    const exit = new Promise<number>((resolve) => {
      settle = resolve;
    });
    const onLog = options.onLog ?? (() => undefined);
    // Both hooks must exist before the workbench script runs, so expose them before goto.
    await page.exposeFunction('codeAutomationLog', (_type: unknown, args: unknown) => {
      for (const line of formatArgs(args).split('\n')) onLog(line);
    });
    await page.exposeFunction('codeAutomationExit', (code: unknown) => {
      settle(typeof code === 'number' ? code : 1);
    });
    page.on('pageerror', (err) => onLog(`[page error] ${err.message}`));
    const url = workbenchUrl(options);
    await page.goto(url, { waitUntil: 'domcontentloaded' });
    return { browser, page, url, exit, close: () => browser.close() };
  } catch (err) {
    await browser.close();
    throw err;
  }
}

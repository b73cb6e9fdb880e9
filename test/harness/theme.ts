// Switching the workbench's colour theme as a user does (Preferences: Color Theme, type, Enter) and
// waiting until it really applied: the workbench's theme class, then a computed colour of the side
// bar, then (when a webview is open) the webview's body class. Shared by the UI tests and
// `npm run screenshots`; a switch that does not apply is tried once more, then fails with what the
// page showed.
import type { FrameLocator, Page } from 'playwright-core';
import { openCommandPalette } from './ui';

export type ThemeKind = 'dark' | 'light' | 'hc-dark' | 'hc-light';

export interface ThemeInfo {
  readonly kind: ThemeKind;
  /** The `workbench.colorTheme` value. */
  readonly settingsId: string;
  /** What the theme picker lists. */
  readonly label: string;
  /** The class the workbench's root element gets. */
  readonly workbenchClass: 'vs' | 'vs-dark' | 'hc-black' | 'hc-light';
  /** The class VS Code puts on a webview's body. */
  readonly webviewClass: 'vscode-dark' | 'vscode-light' | 'vscode-high-contrast' | 'vscode-high-contrast-light';
  readonly lightBackground: boolean;
}

export const THEMES: Readonly<Record<ThemeKind, ThemeInfo>> = {
  dark: { kind: 'dark', settingsId: 'Default Dark Modern', label: 'Dark Modern', workbenchClass: 'vs-dark', webviewClass: 'vscode-dark', lightBackground: false },
  light: { kind: 'light', settingsId: 'Default Light Modern', label: 'Light Modern', workbenchClass: 'vs', webviewClass: 'vscode-light', lightBackground: true },
  'hc-dark': { kind: 'hc-dark', settingsId: 'Default High Contrast', label: 'Dark High Contrast', workbenchClass: 'hc-black', webviewClass: 'vscode-high-contrast', lightBackground: false },
  'hc-light': { kind: 'hc-light', settingsId: 'Default High Contrast Light', label: 'Light High Contrast', workbenchClass: 'hc-light', webviewClass: 'vscode-high-contrast-light', lightBackground: true },
};

/** The one browser global used in page functions (the project compiles without the DOM lib). */
interface BrowserGlobals {
  getComputedStyle(el: unknown): { backgroundColor: string };
}

/** What the page shows now, for error messages. */
export async function currentThemeClass(page: Page): Promise<string> {
  const cls = (await page.locator('.monaco-workbench').first().getAttribute('class')) ?? '';
  return cls.split(/\s+/).find((c) => ['vs', 'vs-dark', 'hc-black', 'hc-light'].includes(c)) ?? `none (classes: ${cls})`;
}

async function sidebarIsLight(page: Page): Promise<boolean> {
  const rgb = await page.locator('.part.sidebar, .part.editor').first().evaluate((el) => (globalThis as unknown as BrowserGlobals).getComputedStyle(el).backgroundColor);
  const [r = 0, g = 0, b = 0] = (rgb.match(/\d+/g) ?? []).map(Number);
  return (r + g + b) / 3 > 128;
}

/** Polls `probe` until true or `timeoutMs` passed; resolves to whether it became true. */
async function until(probe: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await probe().catch(() => false)) return true;
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** True when the workbench shows `theme`: its class and the colours that class stands for. */
export async function themeApplied(page: Page, theme: ThemeInfo): Promise<boolean> {
  return (await currentThemeClass(page)) === theme.workbenchClass && (await sidebarIsLight(page)) === theme.lightBackground;
}

/** Picks the theme in Preferences: Color Theme (typing its label, Enter). */
async function pickTheme(page: Page, theme: ThemeInfo): Promise<void> {
  await page.keyboard.press('Escape');
  const input = await openCommandPalette(page);
  await input.fill('>Preferences: Color Theme');
  await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: /Preferences: Color Theme/ }).first().click();
  // The palette is replaced by the theme picker: type only once it lists themes.
  const row = page.locator('.quick-input-widget .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${theme.label}$`) }) });
  await input.fill(theme.label);
  await row.first().waitFor({ state: 'visible', timeout: 15_000 });
  await row.first().click();
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 }).catch(() => undefined);
}

export interface ApplyThemeOptions {
  /** Waits for this webview to follow too (its body class). */
  readonly webview?: FrameLocator;
  /** Per attempt (default 30 s: a cold machine loads theme files slowly). */
  readonly timeoutMs?: number;
  /** How the theme is set; default: the theme picker. Screenshots write workspace settings. */
  readonly set?: (theme: ThemeInfo) => Promise<void>;
}

/**
 * Switches to `kind` and waits until the workbench (and the webview, when given) shows it. One
 * retry, by the theme picker, for a switch that did not apply (a settings write the file
 * watcher missed, a picker that lost its input); then a clear error.
 */
export async function applyTheme(page: Page, kind: ThemeKind, options: ApplyThemeOptions = {}): Promise<void> {
  const theme = THEMES[kind];
  const timeoutMs = options.timeoutMs ?? 30_000;
  const done = async (): Promise<boolean> =>
    (await themeApplied(page, theme)) && (!options.webview || (await options.webview.locator(`body.${theme.webviewClass}`).count()) > 0);
  if (await done()) return;
  const attempts: Array<(t: ThemeInfo) => Promise<void>> = [options.set ?? ((t) => pickTheme(page, t)), (t) => pickTheme(page, t)];
  for (const attempt of attempts) {
    await attempt(theme).catch(() => undefined);
    if (await until(done, timeoutMs)) return;
  }
  const webviewClass = options.webview ? await options.webview.locator('body').getAttribute('class').catch(() => 'unreadable') : undefined;
  throw new Error(
    `The colour theme "${theme.settingsId}" did not apply within 2 × ${timeoutMs / 1000} s: the workbench shows "${await currentThemeClass(page)}", not "${theme.workbenchClass}"` +
      (webviewClass !== undefined ? `, the details webview's body class is "${webviewClass}"` : '') +
      '.',
  );
}

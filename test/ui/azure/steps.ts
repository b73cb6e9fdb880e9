// Page steps of the Azure-mode UI tests: the welcome view's buttons, VS Code's own consent dialog and
// quick picks, and the status bar's progress spinners. Each waits for what it expects.
import type { Locator, Page } from 'playwright-core';
import { viewContainer } from '../../harness/ui';
import { CONTAINER_ID, escapeRegExp } from '../steps';

/** The welcome content of the Events view (shown while the tree is empty). */
export function welcome(page: Page): Locator {
  return viewContainer(page, CONTAINER_ID).locator('.welcome-view-content');
}

/** A button of the welcome content by its exact text ("Sign In", "Cancel"). */
export function welcomeButton(page: Page, text: string): Locator {
  return welcome(page).locator('.monaco-button').filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) });
}

/** VS Code's modal dialog (the sign-in consent). */
export function dialog(page: Page): Locator {
  return page.locator('.monaco-dialog-box');
}

export function dialogButton(page: Page, text: string): Locator {
  return dialog(page).locator('.monaco-button').filter({ hasText: new RegExp(`^${escapeRegExp(text)}$`) });
}

/** Rows of the open quick pick. */
export function quickPickRows(page: Page): Locator {
  return page.locator('.quick-input-widget .monaco-list-row');
}

export function quickPickRow(page: Page, label: string | RegExp): Locator {
  const name = typeof label === 'string' ? new RegExp(`^${escapeRegExp(label)}$`) : label;
  return quickPickRows(page).filter({ has: page.locator('.label-name', { hasText: name }) });
}

/** Spinning icons in the status bar (window progress: what a sign-in left running would show). */
export function statusBarSpinners(page: Page): Locator {
  return page.locator('.part.statusbar .codicon-modifier-spin, .part.statusbar .codicon-loading');
}

/** Opens or closes the notification center with the status bar's bell, as a user does. */
export async function showNotificationCenter(page: Page, visible: boolean): Promise<Locator> {
  const center = page.locator('.notifications-center');
  const bell = page.locator('.part.statusbar [id="status.notifications"], .part.statusbar .codicon-bell, .part.statusbar .codicon-bell-dot').first();
  // On a loaded machine a click can get lost: try again before giving up.
  for (let attempt = 0; attempt < 3; attempt++) {
    if ((await center.isVisible()) === visible) return center;
    await bell.click();
    await center.waitFor({ state: visible ? 'visible' : 'hidden', timeout: 5_000 }).catch(() => undefined);
  }
  if ((await center.isVisible()) !== visible) throw new Error(`The notification center did not ${visible ? 'open' : 'close'}.`);
  return center;
}

/**
 * Texts of every notification so far, read in the notification center (a toast may hide before it is
 * read); `clear` empties the center afterwards.
 */
export async function notifications(page: Page, clear = false): Promise<string[]> {
  const center = await showNotificationCenter(page, true);
  const texts = (await center.locator('.notification-list-item-message').allInnerTexts()).map((t) => t.trim());
  if (clear && texts.length > 0) {
    await center.locator('.notifications-center-header .action-label[aria-label^="Clear All"]').first().click();
  }
  await showNotificationCenter(page, false);
  return texts;
}

/**
 * Clicks Sign In in the welcome view and answers what VS Code asks on the way: its consent dialog
 * ("Allow", or `consent: 'Cancel'`), then, when it lists the accounts it knows, "Sign in to another
 * account" (a user switching accounts).
 */
export async function signInFromWelcome(page: Page, consent: 'Allow' | 'Cancel' = 'Allow'): Promise<string> {
  await welcomeButton(page, 'Sign In').click();
  await dialog(page).waitFor({ state: 'visible', timeout: 30_000 });
  const message = (await dialog(page).innerText()).trim();
  await dialogButton(page, consent).click();
  await dialog(page).waitFor({ state: 'hidden', timeout: 10_000 });
  return message;
}

/** In VS Code's account picker: sign in with an account it does not know yet. */
export async function pickAnotherAccount(page: Page): Promise<string[]> {
  const another = quickPickRow(page, /Sign in to another account/i);
  await another.first().waitFor({ state: 'visible', timeout: 30_000 });
  const labels = (await quickPickRows(page).locator('.label-name').allInnerTexts()).map((t) => t.trim());
  await another.first().click();
  return labels;
}

/** Ticks the named rows of the multi-select subscription picker and confirms with OK. */
export async function pickSubscriptions(page: Page, names: readonly string[]): Promise<string[]> {
  await quickPickRow(page, names[0] ?? '').first().waitFor({ state: 'visible', timeout: 30_000 });
  const labels = (await quickPickRows(page).locator('.label-name').allInnerTexts()).map((t) => t.trim());
  for (const name of names) {
    await quickPickRow(page, name).first().locator('input[type=checkbox], .monaco-checkbox, .quick-input-list-checkbox').first().click();
  }
  await page.locator('.quick-input-widget .monaco-button').filter({ hasText: /^OK$/ }).first().click();
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
  return labels;
}

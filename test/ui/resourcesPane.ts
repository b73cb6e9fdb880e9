// Steps of the Resources view (the second pane of the Service Health container), shared by its UI tests.
import type { Locator, Page } from 'playwright-core';
import { rowsSnapshot, waitFor, type RowInfo } from './steps';

export { resourcesPane, setPaneExpanded } from './steps';

/** The pane's rendered rows in screen order (the list reuses row elements; data-index is the position). */
export async function paneRows(pane: Locator): Promise<RowInfo[]> {
  return rowsSnapshot(pane.locator('.monaco-list-row[role=treeitem]'));
}

/** A view/title action of the pane by its title (hovering the header shows the actions); undefined when it is not shown. */
export async function paneAction(pane: Locator, title: string, timeoutMs = 10_000): Promise<Locator> {
  const header = pane.locator('.pane-header').first();
  // A row's tooltip from the pane body can lie over the header and take the pointer (seen in the full run):
  // move the mouse off it first, then hover the header; if something still lies over it, hover through it.
  await pane.page().mouse.move(0, 0);
  await header.hover({ timeout: 5_000 }).catch(() => header.hover({ force: true }));
  const action = header.locator(`a.action-label[aria-label="${title.replace(/"/g, '\\"')}"]`).first();
  await action.waitFor({ state: 'visible', timeout: timeoutMs });
  return action;
}

/** The pane header's description (a tree view's `description`), '' when it has none. */
export async function paneDescription(pane: Locator): Promise<string> {
  const text = await pane.locator('.pane-header .description').first().innerText().catch(() => '');
  return text.trim();
}

/** Types `text` into the open input box and waits for its validation line to mention `expect`; returns the line. */
export async function typeAndReadMessage(page: Page, text: string, expect: RegExp): Promise<string> {
  await page.locator('.quick-input-widget input').fill(text);
  return waitFor(async () => {
    const message = (await page.locator('.quick-input-widget .quick-input-message').first().innerText().catch(() => '')).trim();
    return expect.test(message) ? message : undefined;
  }, 10_000, `the input box did not say ${String(expect)} for "${text}"`);
}

// Steps of the Resources view (the second pane of the Service Health container), shared by its UI tests.
import type { Locator, Page } from 'playwright-core';
import { viewContainer } from '../harness/ui';
import { CONTAINER_ID, rowInfo, type RowInfo } from './steps';

export function resourcesPane(page: Page): Locator {
  return viewContainer(page, CONTAINER_ID)
    .locator('.pane')
    .filter({ has: page.locator('.pane-header .title', { hasText: /^Resources$/i }) })
    .first();
}

/** The pane's rendered rows in screen order (the list reuses row elements; data-index is the position). */
export async function paneRows(pane: Locator): Promise<RowInfo[]> {
  const rows = pane.locator('.monaco-list-row[role=treeitem]');
  const out: { index: number; info: RowInfo }[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    out.push({ index: Number(await rows.nth(i).getAttribute('data-index')), info: await rowInfo(rows.nth(i)) });
  }
  return out.sort((a, b) => a.index - b.index).map((r) => r.info);
}

export async function setPaneExpanded(pane: Locator, expanded: boolean): Promise<void> {
  const header = pane.locator('.pane-header').first();
  if ((await header.getAttribute('aria-expanded')) !== String(expanded)) {
    await header.click();
  }
}

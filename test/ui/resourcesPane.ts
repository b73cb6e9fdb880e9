// Steps of the Resources view (the second pane of the Service Health container), shared by its UI tests.
import type { Locator } from 'playwright-core';
import { rowInfo, type RowInfo } from './steps';

export { resourcesPane, setPaneExpanded } from './steps';

/** The pane's rendered rows in screen order (the list reuses row elements; data-index is the position). */
export async function paneRows(pane: Locator): Promise<RowInfo[]> {
  const rows = pane.locator('.monaco-list-row[role=treeitem]');
  const out: { index: number; info: RowInfo }[] = [];
  for (let i = 0; i < (await rows.count()); i++) {
    out.push({ index: Number(await rows.nth(i).getAttribute('data-index')), info: await rowInfo(rows.nth(i)) });
  }
  return out.sort((a, b) => a.index - b.index).map((r) => r.info);
}


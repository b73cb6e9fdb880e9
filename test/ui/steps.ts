// Page steps shared by the UI tests and the README screenshots: each brings the workbench into a
// known state and waits for what it expects, so callers never sleep.
import type { FrameLocator, Locator, Page } from 'playwright-core';
import { clickActivityBarIcon, openCommandPalette, statusBarItem, treeRows, viewContainer, webviewFrame } from '../harness/ui';

export const CONTAINER_ID = 'serviceHealth';
export const CONTAINER_TITLE = 'Service Health';
export const QUOTA_ITEM_ID = 'serviceHealth.quota';
/** "4,987/5,000" (the status-bar text without its icon). */
export const QUOTA_TEXT = /(\d{1,3}(?:,\d{3})*)\/(\d{1,3}(?:,\d{3})*)/;

/** A tree row's visible label, description and nesting level. */
export interface RowInfo {
  readonly label: string;
  readonly description: string;
  readonly level: number;
  readonly expanded: boolean | undefined;
}

/** Opens the Service Health view container (activates the extension) and waits for the first group row. */
export async function openEventsView(page: Page): Promise<void> {
  if (!(await viewContainer(page, CONTAINER_ID).isVisible())) {
    await clickActivityBarIcon(page, CONTAINER_TITLE);
  }
  await groupRow(page, 'Service issues').waitFor({ state: 'visible', timeout: 60_000 });
}

/** A pane of the Service Health container by its title (e.g. "Resources"). */
export function containerPane(page: Page, title: string): Locator {
  return viewContainer(page, CONTAINER_ID)
    .locator('.pane')
    .filter({ has: page.locator('.pane-header .title', { hasText: new RegExp(`^${escapeRegExp(title)}$`, 'i') }) })
    .first();
}

/** Unfolds or folds a pane from its header, and waits until it did. */
export async function setPaneExpanded(pane: Locator, expanded: boolean): Promise<void> {
  const header = pane.locator('.pane-header').first();
  if ((await header.getAttribute('aria-expanded')) === String(expanded)) return;
  // Enter on the focused header, as a keyboard user toggles it: a row's tooltip left open over the header cannot take the click.
  await header.press('Enter');
  await waitFor(async () => ((await header.getAttribute('aria-expanded')) === String(expanded) ? true : undefined), 10_000, `the pane did not ${expanded ? 'unfold' : 'fold'}`);
}

/** A top-level group row by its exact label (e.g. "Service issues"). */
export function groupRow(page: Page, label: string): Locator {
  return treeRows(page, CONTAINER_ID)
    .and(page.locator('[aria-level="1"]'))
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) });
}

export async function rowInfo(row: Locator): Promise<RowInfo> {
  const [label, description, level, expanded] = await Promise.all([
    row.locator('.label-name').first().innerText(),
    row.locator('.label-description').first().innerText().catch(() => ''),
    row.getAttribute('aria-level'),
    row.getAttribute('aria-expanded'),
  ]);
  return { label: label.trim(), description: description.trim(), level: Number(level), expanded: expanded === null ? undefined : expanded === 'true' };
}

/**
 * An event row's accessible name: "<full title>, <type>, <status>, …". The row's label is short
 * (service · region), so tests compare the details panel's title with this.
 */
export async function rowAccessibleName(row: Locator): Promise<string> {
  return (await row.getAttribute('aria-label')) ?? '';
}

/** Whether an accessible name from {@link rowAccessibleName} names the event titled `title`. */
export function showsTitle(accessibleName: string, title: string): boolean {
  return accessibleName.startsWith(`${title},`);
}

/**
 * The rendered rows in screen order. The list reuses row elements as it scrolls, so DOM order can
 * differ from what the user sees; each row's data-index is its position in the list.
 */
export async function allRows(page: Page): Promise<RowInfo[]> {
  return rowsSnapshot(treeRows(page, CONTAINER_ID));
}

/**
 * The rows `rows` matches, read in one pass in the page: reading them one by one waits for a row
 * the list has meanwhile re-rendered away (a whole action timeout, seen when a view redraws).
 */
export async function rowsSnapshot(rows: Locator): Promise<RowInfo[]> {
  // Settled: two reads 100 ms apart agree (a row just expanded draws its children a frame later), 2 s at most.
  let last = await readRows(rows);
  for (let i = 0; i < 20; i++) {
    await new Promise((r) => setTimeout(r, 100));
    const next = await readRows(rows);
    if (JSON.stringify(next) === JSON.stringify(last)) return next;
    last = next;
  }
  return last;
}

async function readRows(rows: Locator): Promise<RowInfo[]> {
  type Row = { readonly getAttribute: (name: string) => string | null; readonly querySelector: (s: string) => { readonly innerText: string } | null };
  const read = await rows.evaluateAll((els) =>
    els.map((el) => {
      const e = el as unknown as Row;
      return { index: Number(e.getAttribute('data-index')), label: e.querySelector('.label-name')?.innerText ?? '', description: e.querySelector('.label-description')?.innerText ?? '', level: Number(e.getAttribute('aria-level')), expanded: e.getAttribute('aria-expanded') };
    }),
  );
  return read
    .sort((a, b) => a.index - b.index)
    .map((r) => ({ label: r.label.trim(), description: r.description.trim(), level: r.level, expanded: r.expanded === null ? undefined : r.expanded === 'true' }));
}

/** The Events view's row at list position `index` (its data-index), whatever it shows. */
export function rowAt(page: Page, index: number): Locator {
  return treeRows(page, CONTAINER_ID).and(page.locator(`[data-index="${index}"]`));
}

/**
 * Scrolls the Events view as a user does (dragging its scroll bar when far, the mouse wheel when
 * near) until the row at list position `index` is on screen (the list renders only the rows in
 * view); resolves to that row.
 */
export async function scrollToRow(page: Page, index: number, timeoutMs = 60_000): Promise<Locator> {
  const list = viewContainer(page, CONTAINER_ID).locator('.monaco-list').first();
  const box = await list.boundingBox();
  if (!box) throw new Error('The Events view is not shown.');
  // The rows' container moves up by the scroll offset; each row sits at data-index × row height.
  const content = list.locator('.monaco-list-rows').first();
  const scrolled = async (): Promise<number> => -parseFloat((await content.getAttribute('style'))?.match(/top:\s*(-?[\d.]+)px/)?.[1] ?? '0');
  const rowHeight = (await treeRows(page, CONTAINER_ID).first().boundingBox())?.height ?? 22;
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const target = rowAt(page, index);
  // The workbench scrolls a fixed step per wheel notch (50 px seen), whatever the event's delta.
  let perNotch = 50;
  let at = await scrolled();
  const inView = (r: { y: number; height: number }): boolean => r.y >= box.y - 1 && r.y + r.height <= box.y + box.height + 1;
  // The list may keep a row element it scrolled away from (the focused one): only a shown one counts.
  const shownAt = async (): Promise<number | undefined> => {
    for (let i = 0; i < (await target.count()); i++) {
      const r = await target.nth(i).boundingBox();
      if (r && inView(r)) return i;
    }
    return undefined;
  };
  return waitFor(async () => {
    const shown = await shownAt();
    if (shown !== undefined) return target.nth(shown);
    // Towards the middle of the view: far away by dragging the scroll bar, near with the wheel.
    const wanted = index * rowHeight + rowHeight / 2 - (at + box.height / 2);
    let notches = 1;
    if (Math.abs(wanted) > box.height * 2) {
      await dragScrollbar(page, list, wanted);
    } else {
      notches = Math.max(1, Math.round(Math.min(Math.abs(wanted), box.height * 0.9) / perNotch));
      for (let i = 0; i < notches; i++) await page.mouse.wheel(0, Math.sign(wanted) * 100);
    }
    // Settled: the offset reads the same twice in a row.
    let last = at;
    const now = await waitFor(async () => {
      const top = await scrolled();
      const settled = top !== at && top === last;
      last = top;
      return settled ? top : undefined;
    }, 3_000, 'the wheel did not scroll the Events view').catch(() => last);
    if (now !== at && notches > 1) perNotch = Math.max(1, Math.abs(now - at) / notches);
    at = now;
    return undefined;
  }, timeoutMs, `the Events view did not scroll to row ${index}`).catch(async (error: unknown) => {
    const height = (await content.getAttribute('style'))?.match(/height:\s*([\d.]+)px/)?.[1];
    throw new Error(`${error instanceof Error ? error.message : String(error)} (scrolled ${at} px of ${height ?? '?'} px; ${await target.count()} such rows in the page)`);
  });
}

/** Drags a list's vertical scroll bar so its content moves by about `pixels` (the wheel goes 50 px a notch). */
async function dragScrollbar(page: Page, list: Locator, pixels: number): Promise<void> {
  const box = await list.boundingBox();
  if (!box) return;
  // Hovering the list shows its scroll bar.
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
  const [track, slider, height] = await Promise.all([
    list.locator('.scrollbar.vertical').first().boundingBox(),
    list.locator('.scrollbar.vertical .slider').first().boundingBox(),
    list.locator('.monaco-list-rows').first().getAttribute('style'),
  ]);
  const content = parseFloat(height?.match(/height:\s*([\d.]+)px/)?.[1] ?? '0');
  if (!track || !slider || content <= box.height) return;
  const dy = (pixels * (track.height - slider.height)) / (content - box.height);
  const x = slider.x + slider.width / 2;
  const y = slider.y + slider.height / 2;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x, y + dy, { steps: 5 });
  await page.mouse.up();
  await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
}

/**
 * Sets a tree row's expansion with its twistie (a row click on an event row opens its details instead).
 * `row` must name the row by what it shows (label, level), not by its expansion state: the list reuses
 * row elements, so the locator is read again until the state changed.
 */
export async function setExpanded(row: Locator, expanded: boolean): Promise<void> {
  if ((await row.getAttribute('aria-expanded')) === String(expanded)) return;
  await row.locator('.monaco-tl-twistie').click();
  await waitFor(async () => ((await row.getAttribute('aria-expanded')) === String(expanded) ? true : undefined), 10_000, `the row did not ${expanded ? 'expand' : 'collapse'}`);
}

/** The first child row of a rendered row (the list's rows carry their position as data-index). */
export async function firstChildRow(page: Page, parent: Locator): Promise<Locator> {
  const index = Number(await parent.getAttribute('data-index'));
  return treeRows(page, CONTAINER_ID).and(page.locator(`[data-index="${index + 1}"]`));
}

/** Rows that show an event (their description starts with the relative "… ago" time). */
export function eventRows(page: Page): Locator {
  return treeRows(page, CONTAINER_ID).filter({ has: page.locator('.label-description', { hasText: /^(\d+(mo|[mhd]) ago|just now)( · |$)/ }) });
}

/** The details webview's content frame, once its script rendered the event's title. */
export async function detailsFrame(page: Page): Promise<FrameLocator> {
  const frame = webviewFrame(page);
  await frame.locator('h1.title').waitFor({ state: 'visible', timeout: 30_000 });
  return frame;
}

/** Closes every editor (details panels are editors), so exactly one webview is on screen afterwards. */
export async function closeAllEditors(page: Page): Promise<void> {
  await page.keyboard.press('Escape');
  await runPaletteCommand(page, 'View: Close All Editors');
  await page.locator('.editor-group-container .tabs-container .tab').first().waitFor({ state: 'detached', timeout: 10_000 }).catch(() => undefined);
}

/**
 * Runs a command through the palette by its exact title (the first fuzzy match may be another one).
 * `opensQuickPick`: the command shows its own QuickPick, so the widget stays up; no wait for it to close.
 */
export async function runPaletteCommand(page: Page, title: string, opensQuickPick = false): Promise<void> {
  const row = page.locator('.quick-input-widget .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }) });
  // Another part taking the focus (the Welcome page going back to its home) closes the palette while it is typed into:
  // open it again, as a user would. A click that failed ran nothing.
  for (let attempt = 1; ; attempt++) {
    try {
      const input = await openCommandPalette(page);
      await input.fill(`>${title}`, { timeout: 10_000 });
      await row.first().waitFor({ state: 'visible', timeout: 15_000 });
      await row.first().click({ timeout: 5_000 });
      break;
    } catch (e) {
      if (attempt === 3) throw e;
      await page.keyboard.press('Escape');
    }
  }
  if (opensQuickPick) return;
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' }).catch(() => undefined);
}

/** The quota status-bar item once it shows numbers, with the numbers parsed. */
export async function readQuota(page: Page): Promise<{ text: string; remaining: number; limit: number }> {
  const item = statusBarItem(page, QUOTA_ITEM_ID);
  await item.waitFor({ state: 'visible', timeout: 60_000 });
  const text = (await item.innerText()).trim();
  const m = QUOTA_TEXT.exec(text);
  if (!m) throw new Error(`The quota status-bar item reads "${text}", not "remaining/limit".`);
  return { text, remaining: Number(m[1]?.replace(/,/g, '')), limit: Number(m[2]?.replace(/,/g, '')) };
}

/** Polls `probe` until it returns a value (for state only the DOM text shows, like the quota item). */
export async function waitFor<T>(probe: () => Promise<T | undefined>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await probe().catch(() => undefined);
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`Timed out: ${what}.`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/** The quota item's hover (a Markdown table), and the session's request count it ends with. */
export async function readQuotaTooltip(page: Page): Promise<{ text: string; requestsSent: number }> {
  await page.mouse.move(700, 450);
  await statusBarItem(page, QUOTA_ITEM_ID).hover();
  const hover = page.locator('.monaco-hover, .workbench-hover').filter({ hasText: 'API quota' }).first();
  await hover.waitFor({ state: 'visible', timeout: 10_000 });
  const text = await hover.innerText();
  const m = /([\d,]+) requests? sent this session/.exec(text);
  if (!m) throw new Error(`The quota tooltip has no request count: ${text}`);
  return { text, requestsSent: Number(m[1]?.replace(/,/g, '')) };
}

/**
 * The Events view's header: its pane header, the first of the container (which holds the Events
 * and Resources views, so each view's title and actions sit in its own header, not the side bar's title).
 */
export async function eventsHeader(page: Page): Promise<Locator> {
  if (!(await viewContainer(page, CONTAINER_ID).isVisible())) {
    await clickActivityBarIcon(page, CONTAINER_TITLE);
  }
  return viewContainer(page, CONTAINER_ID).locator('.pane-header').first();
}

/** Clicks a view/title action of the Events view by its title (hovering the header shows the actions). */
export async function viewTitleAction(page: Page, title: string): Promise<Locator> {
  const header = await eventsHeader(page);
  await header.hover();
  const action = header.locator(`a.action-label[aria-label="${title.replace(/"/g, '\\"')}"]`).first();
  await action.waitFor({ state: 'visible', timeout: 10_000 });
  return action;
}

/** Picks a grouping with the view's Group By… action, by the pick's label (e.g. /^Region$/). */
export async function pickGroupBy(page: Page, label: RegExp): Promise<void> {
  await (await viewTitleAction(page, 'Group By…')).click();
  const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: label }) }).first();
  await row.waitFor({ state: 'visible' });
  await row.click();
  await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Opens the details of the first sensitive event (lock icon): only the security advisories
 * unfolded, as most of them are sensitive in the sample. Resolves to the row's accessible name,
 * which starts with the event's full title (see {@link showsTitle}).
 */
export async function openFirstLockedEvent(page: Page): Promise<string> {
  await openEventsView(page);
  await closeAllEditors(page);
  await (await viewTitleAction(page, 'Collapse All')).click();
  const group = groupRow(page, 'Security advisories');
  await group.waitFor({ state: 'visible' });
  await setExpanded(group, true);
  const status = treeRows(page, CONTAINER_ID).filter({ has: page.locator('.label-name', { hasText: /^(Active|Resolved)$/ }) });
  await status.first().waitFor({ state: 'visible' });
  for (let i = 0; i < (await status.count()); i++) await setExpanded(status.nth(i), true);
  const locked = eventRows(page).filter({ has: page.locator('.codicon-lock') });
  await locked.first().waitFor({ state: 'visible', timeout: 10_000 });
  const name = await rowAccessibleName(locked.first());
  await locked.first().click();
  return name;
}

/**
 * The aria-labels of the actions shown in the Events view's title bar (hovering the header shows
 * them; VS Code hides them otherwise), e.g. "Refresh", "Filter Events…", "Views and More Actions...".
 * Waits for the overflow ("…") button, which is always there, so an empty answer cannot mean "not drawn yet".
 */
export async function viewTitleActionLabels(page: Page): Promise<string[]> {
  const title = await eventsHeader(page);
  await title.hover();
  await title.locator('a.action-label[aria-label^="Views and More Actions"], a.action-label[aria-label^="More Actions"]').first().waitFor({ state: 'visible', timeout: 10_000 });
  const labels = await title.locator('a.action-label').evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''));
  return labels.filter((l) => l !== '');
}

/** The items of the Events view's "…" menu (opened by clicking it, closed again with Escape). */
export async function viewTitleMenuItems(page: Page): Promise<string[]> {
  const title = await eventsHeader(page);
  await title.hover();
  await title.locator('a.action-label[aria-label^="Views and More Actions"], a.action-label[aria-label^="More Actions"]').first().click();
  const menu = page.locator('.context-view .monaco-menu');
  await menu.locator('.action-item .action-label').first().waitFor({ state: 'visible', timeout: 10_000 });
  const items = (await menu.locator('.action-item .action-label').allInnerTexts()).map((t) => t.trim()).filter((t) => t !== '');
  await page.keyboard.press('Escape');
  await menu.waitFor({ state: 'hidden', timeout: 5_000 });
  return items;
}

/** The number on a view container's activity-bar icon (its badge), or undefined when it has none. */
export async function activityBarBadge(page: Page, title: string): Promise<number | undefined> {
  const icon = page.locator(`a.action-label[aria-label^="${title.replace(/["\\]/g, '\\$&')}"]`);
  const item = page.locator('.activitybar .action-item').filter({ has: icon }).first();
  await item.waitFor({ state: 'visible', timeout: 10_000 });
  const badge = item.locator('.badge .badge-content');
  if (!(await badge.isVisible())) return undefined;
  const text = (await badge.innerText()).trim();
  return /^\d+$/.test(text) ? Number(text) : undefined;
}

/** Whether a row of the open multi-select QuickPick is checked. */
export async function isPickItemChecked(row: Locator): Promise<boolean> {
  const aria = await row.getAttribute('aria-checked');
  if (aria !== null) return aria === 'true';
  return row.locator('input[type=checkbox]').first().isChecked();
}

/** Types `filter` into the open multi-select QuickPick (Filter Events…) and checks the row labelled exactly `label`. */
export async function checkPickItem(page: Page, filter: string, label: string): Promise<void> {
  await page.locator('.quick-input-widget input.input').first().fill(filter);
  const row = page.locator('.quick-input-widget .quick-input-list .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${escapeRegExp(label)}$`) }) }).first();
  await row.waitFor({ state: 'visible' });
  if (!(await isPickItemChecked(row))) {
    const box = row.locator('.quick-input-list-checkbox, input[type=checkbox], .monaco-checkbox').first();
    await ((await box.count()) > 0 ? box.click() : row.click());
  }
  await waitFor(async () => ((await isPickItemChecked(row)) ? true : undefined), 5_000, `"${label}" did not get checked`);
}

/**
 * Opens the Service Health log (Show Log) in the maximized panel and waits until its visible text
 * (whitespace collapsed) matches `pattern`; resolves to that text. Restores the panel afterwards.
 */
export async function readLogUntil(page: Page, pattern: RegExp, timeoutMs = 30_000): Promise<string> {
  await runPaletteCommand(page, 'Service Health: Show Log');
  const output = page.locator('.part.panel .view-lines');
  await output.first().waitFor({ state: 'visible', timeout: 20_000 });
  // The editor renders only the lines in view: a maximized panel shows the recent ones.
  await runPaletteCommand(page, 'View: Toggle Maximized Panel');
  try {
    // Monaco renders spaces as no-break spaces.
    return await waitFor(async () => {
      const text = (await output.first().innerText()).replace(/\s+/g, ' ');
      return pattern.test(text) ? text : undefined;
    }, timeoutMs, `the Service Health log does not show ${String(pattern)}`);
  } finally {
    await runPaletteCommand(page, 'View: Toggle Maximized Panel');
    await runPaletteCommand(page, 'View: Hide Panel');
  }
}

/** The Settings editor's row of the setting titled `title` under `category` (e.g. "Service Health: ", "Endpoint"). */
export function settingRow(page: Page, category: string, title: string): Locator {
  return page
    .locator('.settings-editor .setting-item-contents')
    .filter({ has: page.locator('.setting-item-category', { hasText: category }) })
    .filter({ has: page.locator('.setting-item-label', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }) });
}

/** VS Code's default side-bar width. */
export const DEFAULT_SIDEBAR = 300;

/** Drags the side bar's sash so it is `width` pixels wide (within a few pixels). */
export async function setSidebarWidth(page: Page, width: number): Promise<void> {
  const sidebar = page.locator('.part.sidebar');
  const box = await sidebar.boundingBox();
  if (!box) throw new Error('The side bar is not shown.');
  if (Math.abs(box.width - width) >= 3) {
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width + 1, y);
    await page.mouse.down();
    await page.mouse.move(box.x + width + 1, y, { steps: 8 });
    await page.mouse.up();
    await page.mouse.move(900, 450);
  }
  await waitFor(async () => {
    const now = await sidebar.boundingBox();
    return now && Math.abs(now.width - width) < 3 ? true : undefined;
  }, 5_000, `the side bar did not become ${width} px wide`);
}

/** The Resources pane of the Service Health container (a second, folded pane). */
export function resourcesPane(page: Page): Locator {
  return containerPane(page, 'Resources');
}

/** Opens a workspace file by name through Quick Open, as a user does; resolves when its tab shows. */
export async function openFile(page: Page, name: string): Promise<void> {
  const input = page.locator('.quick-input-widget input');
  const row = page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: name }).first();
  // Quick Open caches the workspace's files: one written a moment ago shows after the picker is opened again.
  await waitFor(async () => {
    await page.keyboard.press('Escape');
    await page.keyboard.press('Control+P');
    await input.waitFor({ state: 'visible' });
    await input.fill(name);
    return (await row.waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => undefined));
  }, 60_000, `Quick Open did not find ${name}`);
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab', { hasText: name }).first().waitFor({ state: 'visible' });
}

/** Moves the cursor of the active editor to `line` (Go to Line). */
export async function goToLine(page: Page, line: number): Promise<void> {
  await page.keyboard.press('Control+G');
  await page.locator('.quick-input-widget input').fill(`:${line}`);
  await page.keyboard.press('Enter');
}

/** Shows the Resources view until it lists resources, then folds it again: health is listed while it is shown (notifications are off in the UI workspace). */
export async function listResourceHealth(page: Page): Promise<void> {
  const pane = resourcesPane(page);
  await setPaneExpanded(pane, true);
  try {
    await waitFor(async () => ((await pane.locator('.monaco-list-row[role=treeitem][aria-level="3"]').count()) > 0 ? true : undefined), 60_000, 'the Resources view listed no resource');
  } finally {
    await setPaneExpanded(pane, false);
  }
}

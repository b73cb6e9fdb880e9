// Service Health in a Bicep template (sample mode): a template that deploys the service and region of
// one of the sample service's active service issues shows the issue in a CodeLens (which opens the
// event's details), in a hover on its line, and as an information diagnostic in the Problems view.
import * as assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InfraIndex } from '../../src/core/infra/infraIndex';
import { generateGuids } from '../../src/core/sample/seededRandom';
import { activeIssue, bicepFor } from './infraPick';
import { reportFailures, uiSession } from './session';
import { BASE_SETTINGS } from './workspace';
import { treeRows } from '../harness/ui';
import { showNotificationCenter } from './azure/steps';
import { CONTAINER_ID, DEFAULT_SIDEBAR, closeAllEditors, detailsFrame, escapeRegExp, eventRows, groupRow, isPickItemChecked, openEventsView, openFile, readLogUntil, rowAccessibleName, runPaletteCommand, setExpanded, setSidebarWidth, showsTitle, viewTitleAction, waitFor } from './steps';

/** The third subscription of the sample service (seed 1). */
const AZD_SUBSCRIPTION = generateGuids(1, 3)[2] ?? '';

describe('Service Health in a Bicep template (UI)', function () {
  this.timeout(180_000);
  const pick = activeIssue();
  const text = bicepFor(pick);
  const index = new InfraIndex();
  index.set('infra/main.bicep', text);
  const target = index.report().targets[0];
  const headline = new RegExp(`${escapeRegExp(pick.service)} · ${escapeRegExp(pick.region)}: \\d+ active service issues?`);
  let file = '';

  before(async () => {
    assert.ok(target, 'the reader finds no target in the test template');
    const { folder } = uiSession();
    assert.ok(folder, 'the workbench opened no folder');
    await mkdir(join(folder, 'infra'), { recursive: true });
    file = join(folder, 'infra', 'main.bicep');
    await writeFile(file, text);
    // An azd environment in the third sample subscription: shown at first (sample mode shows all three).
    await mkdir(join(folder, '.azure', 'dev'), { recursive: true });
    await writeFile(join(folder, '.azure', 'dev', '.env'), `AZURE_ENV_NAME="dev"\nAZURE_LOCATION="westeurope"\nAZURE_SUBSCRIPTION_ID="${AZD_SUBSCRIPTION}"\n`);
  });

  after(async () => {
    const { page } = uiSession();
    // Leave the window as the next groups expect it: no query filter, no Problems panel, no editors.
    await runPaletteCommand(page, 'Service Health: Clear Filter').catch(() => undefined);
    await runPaletteCommand(page, 'View: Close Panel').catch(() => undefined);
    await closeAllEditors(page).catch(() => undefined);
    if (file) await rm(file, { force: true });
    const { folder } = uiSession();
    if (folder) await rm(join(folder, '.azure'), { recursive: true, force: true });
  });

  afterEach(reportFailures('infra-'));

  it('shows a CodeLens naming the service, region and issue count on the location line, and it opens the event', async () => {
    const { page } = uiSession();
    // The events load (and start the read) with the view; the template opened then is read through the watcher.
    await openEventsView(page);
    await closeAllEditors(page);
    await openFile(page, 'main.bicep');
    const lens = page.locator('.codelens-decoration a').filter({ hasText: headline }).first();
    await lens.waitFor({ state: 'visible', timeout: 60_000 });
    const lensText = (await lens.innerText()).trim();
    assert.match(lensText, new RegExp(`^${headline.source} — open$`));
    await lens.click();
    const frame = await detailsFrame(page);
    const title = (await frame.locator('h1.title').innerText()).trim();
    // With one issue on the line, the lens opens exactly that one.
    if (/: 1 active service issue /.test(lensText)) assert.equal(title, pick.title);
    else assert.ok(title.length > 0, 'the details panel shows no title');
    await closeAllEditors(page);
  });

  it('shows the issue in a hover on that line, with its title', async () => {
    const { page } = uiSession();
    await openFile(page, 'main.bicep');
    await page.locator('.codelens-decoration a').filter({ hasText: headline }).first().waitFor({ state: 'visible', timeout: 60_000 });
    await page.keyboard.press('Control+G');
    await page.locator('.quick-input-widget input').fill(`:${target?.line ?? 1}`);
    await page.keyboard.press('Enter');
    await runPaletteCommand(page, 'Show or Focus Hover');
    const hover = page.locator('.monaco-hover').filter({ hasText: headline }).first();
    await hover.waitFor({ state: 'visible', timeout: 30_000 });
    const shown = await hover.innerText();
    assert.ok(shown.includes(pick.title), `the hover does not list "${pick.title}": ${shown}`);
    await page.keyboard.press('Escape');
  });

  it('lists an information diagnostic for that line in the Problems view', async () => {
    const { page } = uiSession();
    await runPaletteCommand(page, 'View: Focus Problems (Errors, Warnings, Infos)');
    const row = await waitFor(async () => {
      const rows = page.locator('.markers-panel .monaco-list-row').filter({ hasText: headline });
      return (await rows.count()) > 0 ? rows.first() : undefined;
    }, 30_000, 'no Service Health diagnostic in the Problems view');
    const label = (await row.getAttribute('aria-label')) ?? (await row.innerText());
    assert.match(label, headline);
    assert.ok(label.includes(pick.title), `the diagnostic does not name "${pick.title}": ${label}`);
    assert.equal(await row.locator('.codicon-info, .codicon-warning, .codicon-error').first().getAttribute('class').then((c) => /codicon-info/.test(c ?? '')), true, 'the diagnostic is not an information');
  });

  it('typing in the template moves the diagnostic with its line, and the template as written moves it back', async () => {
    const { page } = uiSession();
    const rows = page.locator('.markers-panel .monaco-list-row').filter({ hasText: headline });
    const lineOf = async (): Promise<number | undefined> => {
      if ((await rows.count()) === 0) return undefined;
      // The row shows "[Ln 7, Col 3]"; its accessible name says "line 7".
      const shown = `${await rows.first().innerText()} ${(await rows.first().getAttribute('aria-label')) ?? ''}`;
      const line = (/\bLn (\d+)/.exec(shown) ?? /\bline (\d+)/i.exec(shown))?.[1];
      return line === undefined ? undefined : Number(line);
    };
    const before = await waitFor(lineOf, 30_000, 'no Service Health diagnostic with a line in the Problems view');
    assert.equal(before, target?.line);
    await openFile(page, 'main.bicep');
    await page.locator('.monaco-editor .view-lines').first().click();
    await page.keyboard.press('Control+Home');
    try {
      // Two lines typed above, unsaved: the index reads the buffer, not the disk.
      // insertText, not type: an Enter typed could accept a suggestion instead of breaking the line.
      await page.keyboard.insertText('// typed\n// typed\n');
      await waitFor(async () => ((await lineOf()) === before + 2 ? true : undefined), 30_000, `the diagnostic stayed on line ${before} while typing`);
    } finally {
      // Never leave the file changed for the next tests: revert the buffer and write the template again.
      await runPaletteCommand(page, 'File: Revert File');
      await writeFile(file, text);
    }
    await waitFor(async () => ((await lineOf()) === before ? true : undefined), 30_000, 'the diagnostic did not go back to the template as written');
    await closeAllEditors(page);
  });

  it('drops the diagnostic when serviceHealth.infrastructure.diagnostics is off, and shows it again when on', async () => {
    const { page, folder } = uiSession();
    const settings = join(folder ?? '', '.vscode', 'settings.json');
    const rows = page.locator('.markers-panel .monaco-list-row').filter({ hasText: headline });
    try {
      await writeFile(settings, JSON.stringify({ ...BASE_SETTINGS, 'serviceHealth.infrastructure.diagnostics': false }, null, 2));
      await waitFor(async () => ((await rows.count()) === 0 ? true : undefined), 30_000, 'the diagnostic stayed with the setting off');
    } finally {
      await writeFile(settings, JSON.stringify(BASE_SETTINGS, null, 2));
    }
    await waitFor(async () => ((await rows.count()) > 0 ? true : undefined), 30_000, 'the diagnostic did not come back with the setting on');
  });

  it('the Events tree lists the issue under "This workspace" at the top, and marks its row below with a badge, at the default 300 px side bar', async () => {
    const { page } = uiSession();
    await openEventsView(page);
    await setSidebarWidth(page, DEFAULT_SIDEBAR);
    await (await viewTitleAction(page, 'Collapse All')).click();
    const section = groupRow(page, 'This workspace');
    await section.waitFor({ state: 'visible', timeout: 60_000 });
    // Above the type groups (the list reuses row elements: their data-index is their place on screen).
    const at = async (row: typeof section): Promise<number> => Number(await row.getAttribute('data-index'));
    assert.ok((await at(section)) < (await at(groupRow(page, 'Service issues'))), 'This workspace is not above Service issues');
    assert.ok((await at(section)) <= 1, 'This workspace is not at the top (only a filter row may stand above it)');
    await setExpanded(section, true);
    const place = `infra/main.bicep:${target?.line ?? 0}`;
    const inSection = await waitFor(async () => {
      for (const row of await treeRows(page, CONTAINER_ID).and(page.locator('[aria-level="2"]')).all()) {
        const name = await rowAccessibleName(row);
        if (showsTitle(name, pick.title)) return { row, name };
      }
      return undefined;
    }, 30_000, `"${pick.title}" is not under This workspace`);
    assert.ok(inSection.name.endsWith(`Touches what this workspace deploys: ${place}`), `the row does not name the template line: ${inSection.name}`);
    // The section's rows carry no badge: the section says it.
    assert.equal(await inSection.row.locator('.monaco-decoration-badge').count(), 0);
    await setExpanded(section, false);

    await setExpanded(groupRow(page, 'Service issues'), true);
    await setExpanded(treeRows(page, CONTAINER_ID).filter({ has: page.locator('.label-name', { hasText: /^Active$/ }) }).first(), true);
    const marked = await waitFor(async () => {
      for (const row of await eventRows(page).all()) {
        if (showsTitle(await rowAccessibleName(row), pick.title)) return row;
      }
      return undefined;
    }, 30_000, `no row of "${pick.title}" under Service issues`);
    const badge = marked.locator('.monaco-decoration-badge').first();
    await badge.waitFor({ state: 'attached', timeout: 10_000 });
    interface Box { getBoundingClientRect(): { right: number }; closest(selector: string): Box | null }
    const shown = await badge.evaluate((el) => {
      const dom = globalThis as unknown as { getComputedStyle(e: unknown, pseudo: string): { content: string; display: string } };
      const after = dom.getComputedStyle(el, '::after');
      const node = el as unknown as Box;
      return { content: after.content, display: after.display, right: node.getBoundingClientRect().right, barRight: node.closest('.part.sidebar')?.getBoundingClientRect().right ?? 0 };
    });
    assert.equal(shown.content, '"W"', 'the row has no W badge');
    assert.notEqual(shown.display, 'none');
    assert.ok(shown.right <= shown.barRight + 1, `the badge ends past the side bar (${shown.right} > ${shown.barRight})`);
    // Rows that touch nothing the workspace deploys have none.
    const unmarked = await waitFor(async () => {
      for (const row of await eventRows(page).all()) {
        if (!(await rowAccessibleName(row)).includes('Touches what this workspace deploys')) return row;
      }
      return undefined;
    }, 10_000, 'every active service issue is marked');
    assert.equal(await unmarked.locator('.monaco-decoration-badge').count(), 0);
  });

  it('the query workspace:yes keeps the issue the template deploys into, and fewer rows than without it', async () => {
    const { page } = uiSession();
    await openEventsView(page);
    const activeIssues = async (): Promise<string[]> => {
      await (await viewTitleAction(page, 'Collapse All')).click();
      await setExpanded(groupRow(page, 'Service issues'), true);
      await setExpanded(treeRows(page, CONTAINER_ID).filter({ has: page.locator('.label-name', { hasText: /^Active$/ }) }).first(), true);
      await eventRows(page).first().waitFor({ state: 'visible' });
      return Promise.all((await eventRows(page).all()).map(rowAccessibleName));
    };
    const before = await activeIssues();
    await runPaletteCommand(page, 'Service Health: Filter Events by Query…', true);
    await page.locator('.quick-input-widget input').fill('workspace:yes');
    await page.keyboard.press('Enter');
    try {
      const after = await waitFor(async () => {
        const names = await activeIssues();
        return names.length < before.length ? names : undefined;
      }, 30_000, 'workspace:yes did not narrow the rows');
      assert.ok(after.some((name) => showsTitle(name, pick.title)), `workspace:yes dropped "${pick.title}": ${after.join(' | ')}`);
    } finally {
      await runPaletteCommand(page, 'Service Health: Filter Events by Query…', true);
      await page.locator('.quick-input-widget input').fill('');
      await page.keyboard.press('Enter');
    }
  });

  it('an azd environment naming a subscription that is not shown offers to add it once the events reload; Add Subscription adds it', async () => {
    const { page } = uiSession();
    const pickerRow = () => page.locator('.quick-input-widget .monaco-list-row').filter({ has: page.locator('.label-description', { hasText: new RegExp(`^${escapeRegExp(AZD_SUBSCRIPTION)}$`, 'i') }) }).first();
    const checkedInPicker = async (): Promise<boolean> => {
      await runPaletteCommand(page, 'Service Health: Select Subscriptions…', true);
      await pickerRow().waitFor({ state: 'visible', timeout: 30_000 });
      return isPickItemChecked(pickerRow());
    };
    await openEventsView(page);
    // Shown so far: the offer has not come up.
    const toast = page.locator('.notifications-toasts .notification-toast').filter({ hasText: AZD_SUBSCRIPTION }).first();
    assert.equal(await toast.isVisible(), false, 'the offer came up for a subscription that is shown');
    // The user leaves it out of the selection: the events reload without it, and the offer comes up.
    assert.equal(await checkedInPicker(), true, 'the sample subscription is not selected to begin with');
    await pickerRow().locator('input[type=checkbox], .monaco-checkbox, .quick-input-list-checkbox').first().click();
    await page.locator('.quick-input-widget .monaco-button').filter({ hasText: /^OK$/ }).first().click();
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
    await readLogUntil(page, new RegExp(`Offering to add subscription ${escapeRegExp(AZD_SUBSCRIPTION)}`));
    // A toast, or (once it hid, or with toasts kept off the screen) the same item in the notification center.
    const offer = await waitFor(async () => {
      if (await toast.isVisible()) return toast;
      const item = (await showNotificationCenter(page, true)).locator('.notification-list-item').filter({ hasText: AZD_SUBSCRIPTION }).first();
      return (await item.isVisible()) ? item : undefined;
    }, 30_000, 'the offer is neither a toast nor in the notification center');
    const message = (await offer.locator('.notification-list-item-message').first().innerText()).trim();
    assert.match(message, /azd environment deploys to subscription .+, which Service Health does not show/);
    const buttons = (await offer.locator('.monaco-button').allInnerTexts()).map((t) => t.trim());
    assert.deepEqual(buttons, ['Add Subscription', 'Not Now', "Don't Ask Again"]);
    await offer.locator('.monaco-button').filter({ hasText: /^Add Subscription$/ }).click();
    await offer.waitFor({ state: 'hidden', timeout: 10_000 });
    if (await page.locator('.notifications-center').isVisible()) await showNotificationCenter(page, false);
    await waitFor(async () => {
      const checked = await checkedInPicker();
      await page.keyboard.press('Escape');
      return checked ? true : undefined;
    }, 30_000, 'Add Subscription did not select the subscription');
  });
});

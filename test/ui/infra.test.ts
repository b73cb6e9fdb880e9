// Service Health in a Bicep template (sample mode): a template that deploys the service and region of
// one of the sample service's active service issues shows the issue in a CodeLens (which opens the
// event's details), in a hover on its line, and as an information diagnostic in the Problems view.
import * as assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { InfraIndex } from '../../src/core/infra/infraIndex';
import { activeIssue, bicepFor } from './infraPick';
import { reportFailures, uiSession } from './session';
import { BASE_SETTINGS } from './workspace';
import { treeRows } from '../harness/ui';
import { CONTAINER_ID, closeAllEditors, detailsFrame, escapeRegExp, eventRows, groupRow, openEventsView, rowAccessibleName, runPaletteCommand, setExpanded, showsTitle, viewTitleAction, waitFor } from './steps';

async function openFile(page: Page, name: string): Promise<void> {
  await page.keyboard.press('Control+P');
  const input = page.locator('.quick-input-widget input');
  await input.waitFor({ state: 'visible' });
  await input.fill(name);
  await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: name }).first().waitFor({ state: 'visible', timeout: 30_000 });
  await page.keyboard.press('Enter');
  await page.locator('.tabs-container .tab', { hasText: name }).first().waitFor({ state: 'visible' });
}

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
  });

  after(async () => {
    const { page } = uiSession();
    // Leave the window as the next groups expect it: no query filter, no Problems panel, no editors.
    await runPaletteCommand(page, 'Service Health: Clear Filter').catch(() => undefined);
    await runPaletteCommand(page, 'View: Close Panel').catch(() => undefined);
    await closeAllEditors(page).catch(() => undefined);
    if (file) await rm(file, { force: true });
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
});

// A template whose region is decided at deployment (`param location string = resourceGroup().location`)
// in the real workbench, against the embedded sample service: its CodeLens lists the account's resource
// groups, picking one resolves the line, and the CodeLens, the hover, the Events tree's "This workspace"
// section and `@health` (typed into the real Chat view) then agree on the event it touches. Clearing
// the choice opens the line again. Runs in the chat group: @health needs its model.
import * as assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { treeRows } from '../../harness/ui';
import { bicepAtDeployment, groupIssue } from '../infraPick';
import { reportFailures, uiSession } from '../session';
import { CONTAINER_ID, closeAllEditors, escapeRegExp, goToLine, groupRow, openEventsView, openFile, rowAccessibleName, runPaletteCommand, setExpanded, showsTitle, viewTitleAction, waitFor } from '../steps';
import { ask } from './ask';

const FILE = 'regional.bicep';
/** The location line of bicepAtDeployment's template. */
const LINE = 5;
const OPEN_LENS = /^Region decided at deployment — choose resource group…$/u;
/** A region typed as a user may (ARM's name, in capitals), and the name the lens shows for it. */
const TYPED = 'SWEDENCENTRAL';
const TYPED_REGION = 'Sweden Central';

function lens(page: Page, text: RegExp) {
  return page.locator('.codelens-decoration a').filter({ hasText: text }).first();
}

/** Picks an item of the open quick pick by its label (and description, when given); `closes`: the picker then hides. */
async function pickItem(page: Page, label: RegExp, description?: string, closes = true): Promise<void> {
  let rows = page.locator('.quick-input-widget .monaco-list-row').filter({ has: page.locator('.label-name', { hasText: label }) });
  if (description) rows = rows.filter({ has: page.locator('.label-description', { hasText: new RegExp(`^${escapeRegExp(description)}$`, 'u') }) });
  const row = rows.first();
  await row.waitFor({ state: 'visible', timeout: 30_000 });
  await row.click();
  if (closes) await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
}

describe('Region decided at deployment: choosing a resource group in the editor (UI)', function () {
  this.timeout(240_000);
  const pick = groupIssue();
  const headline = new RegExp(`${escapeRegExp(pick.service)} · ${escapeRegExp(pick.region)}: \\d+ active service issues?`, 'u');
  const chosen = `${pick.region} from ${pick.group}`;
  const place = `infra/${FILE}:${LINE}`;
  let file = '';

  before(async () => {
    const { folder } = uiSession();
    assert.ok(folder, 'the workbench opened no folder');
    await mkdir(join(folder, 'infra'), { recursive: true });
    file = join(folder, 'infra', FILE);
    await writeFile(file, bicepAtDeployment(pick));
  });

  after(async () => {
    const { page } = uiSession();
    await runPaletteCommand(page, 'View: Close Panel').catch(() => undefined);
    await closeAllEditors(page).catch(() => undefined);
    if (file) await rm(file, { force: true });
  });

  afterEach(reportFailures('chat-region-'));

  it(`the CodeLens lists the resource groups; picking ${pick.group} resolves the line to ${pick.region}, and the lens names the issue it touches`, async () => {
    const { page } = uiSession();
    // The events load (and start the read) with the view.
    await openEventsView(page);
    await closeAllEditors(page);
    await openFile(page, FILE);
    const open = lens(page, OPEN_LENS);
    await open.waitFor({ state: 'visible', timeout: 60_000 });
    assert.equal(await lens(page, headline).count(), 0, 'an event lens before the region is known');
    await open.click();
    // One ARM list per subscription: the sample service's groups, each with its region.
    await pickItem(page, new RegExp(`^${escapeRegExp(pick.group)}$`, 'u'), pick.region);
    const status = lens(page, new RegExp(`^Region: ${escapeRegExp(chosen)} · change…$`, 'u'));
    await status.waitFor({ state: 'visible', timeout: 30_000 });
    await lens(page, headline).waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await lens(page, OPEN_LENS).count(), 0, 'the line still says its region is open');
  });

  it('the hover on that line names the chosen region and the issue', async () => {
    const { page } = uiSession();
    await openFile(page, FILE);
    await lens(page, headline).waitFor({ state: 'visible', timeout: 30_000 });
    await goToLine(page, LINE);
    await runPaletteCommand(page, 'Show or Focus Hover');
    const hover = page.locator('.monaco-hover').filter({ hasText: headline }).first();
    await hover.waitFor({ state: 'visible', timeout: 30_000 });
    const shown = await hover.innerText();
    assert.ok(shown.includes(pick.title), `the hover does not list "${pick.title}": ${shown}`);
    assert.ok(shown.includes(`Region decided at deployment: ${chosen}`), `the hover does not name the chosen region: ${shown}`);
    await page.keyboard.press('Escape');
  });

  it('the Events tree lists the issue under "This workspace" at that line', async () => {
    const { page } = uiSession();
    await openEventsView(page);
    await (await viewTitleAction(page, 'Collapse All')).click();
    const section = groupRow(page, 'This workspace');
    await section.waitFor({ state: 'visible', timeout: 60_000 });
    await setExpanded(section, true);
    const name = await waitFor(async () => {
      for (const row of await treeRows(page, CONTAINER_ID).and(page.locator('[aria-level="2"]')).all()) {
        const accessible = await rowAccessibleName(row);
        if (showsTitle(accessible, pick.title)) return accessible;
      }
      return undefined;
    }, 30_000, `"${pick.title}" is not under This workspace`);
    assert.ok(name.endsWith(`Touches what this workspace deploys: ${place}`), `the row does not name the template line: ${name}`);
    await setExpanded(section, false);
  });

  it('@health names the same event at the same line, in the same region', async () => {
    const { page } = uiSession();
    const { text } = await ask(page, '@health is anything this workspace deploys affected?', new RegExp(escapeRegExp(place), 'u'));
    assert.match(text, /Active events touching what this workspace deploys: [1-9]\d*/u);
    assert.ok(text.includes(pick.trackingId), `the answer does not name ${pick.trackingId}: ${text}`);
    assert.match(text, new RegExp(`${escapeRegExp(place)} deploys ${escapeRegExp(pick.service)} in ${escapeRegExp(pick.region)}`, 'u'));
  });

  it('a region typed instead (a wrong name refused with a sentence) moves the line there: the issue leaves it', async () => {
    const { page } = uiSession();
    await openFile(page, FILE);
    const status = lens(page, new RegExp(`^Region: ${escapeRegExp(chosen)} · change…$`, 'u'));
    await status.waitFor({ state: 'visible', timeout: 30_000 });
    await status.click();
    // The groups listed (the picker is done loading), the one chosen marked.
    await page.locator('.quick-input-widget .monaco-list-row').filter({ hasText: 'Chosen now' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    await pickItem(page, /Type a region…/u, undefined, false);
    // The region box replaces the picker.
    await page.locator('.quick-input-widget .quick-input-message').filter({ hasText: 'An Azure region, as "westeurope" or "West Europe"' }).waitFor({ state: 'visible', timeout: 10_000 });
    const input = page.locator('.quick-input-widget input');
    await input.fill('Narnia');
    await page.locator('.quick-input-widget .quick-input-message').filter({ hasText: '"Narnia" is not an Azure region; type a name such as westeurope or West Europe.' }).waitFor({ state: 'visible', timeout: 10_000 });
    await input.fill(TYPED);
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
    await lens(page, new RegExp(`^Region: ${escapeRegExp(TYPED_REGION)} \\(typed\\) · change…$`, 'u')).waitFor({ state: 'visible', timeout: 30_000 });
    await waitFor(async () => ((await lens(page, headline).count()) === 0 ? true : undefined), 30_000, `the ${pick.region} issue stayed on a line now in ${TYPED_REGION}`);
  });

  it('clearing the choice opens the line again', async () => {
    const { page } = uiSession();
    await openFile(page, FILE);
    const status = lens(page, new RegExp(`^Region: ${escapeRegExp(TYPED_REGION)} \\(typed\\) · change…$`, 'u'));
    await status.waitFor({ state: 'visible', timeout: 30_000 });
    await status.click();
    await pickItem(page, new RegExp(`Clear the choice \\(${escapeRegExp(TYPED_REGION)} \\(typed\\)\\)`, 'u'));
    await lens(page, OPEN_LENS).waitFor({ state: 'visible', timeout: 30_000 });
    await waitFor(async () => ((await lens(page, headline).count()) === 0 ? true : undefined), 30_000, 'the event lens stayed after the choice was cleared');
  });
});

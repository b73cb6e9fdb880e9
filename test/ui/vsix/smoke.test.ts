// What users install is what is tested: the production .vsix, installed with the VS Code server's own
// --install-extension (no development path), checked for what a user sees first.
import * as assert from 'node:assert/strict';
import { clickActivityBarIcon, openCommandPalette, viewContainer } from '../../harness/ui';
import { reportFailures, uiSession } from '../session';
import { CONTAINER_ID, CONTAINER_TITLE, detailsFrame, eventRows, groupRow, readQuota, runPaletteCommand, setExpanded, settingRow, viewTitleAction, waitFor } from '../steps';

describe('the installed .vsix (smoke)', function () {
  this.timeout(120_000);

  afterEach(reportFailures('vsix ', 30));

  it('runs from the extensions folder, not a development path', () => {
    const { logs } = uiSession();
    assert.ok(!logs.some((l) => /extensionDevelopmentPath|Loading development extension/i.test(l)), 'a development extension was loaded');
  });

  it('the view opens on its welcome: Sign In, or try the sample service', async () => {
    const { page } = uiSession();
    await clickActivityBarIcon(page, CONTAINER_TITLE);
    const view = viewContainer(page, CONTAINER_ID);
    await view.getByText(/Sign in with your Microsoft account/).first().waitFor({ state: 'visible', timeout: 60_000 });
    assert.equal(await view.getByRole('button', { name: 'Sign In' }).first().isVisible(), true);
    assert.equal(await view.getByRole('button', { name: 'Use Sample Service' }).first().isVisible(), true);
    // Title actions that cannot work yet (nothing to refresh, filter or group) are hidden.
    await page.locator('.part.sidebar .composite.title').first().hover();
    for (const name of ['Refresh', 'Query Events…', 'Filter Events…', 'Group By…']) {
      assert.equal(await page.locator(`.part.sidebar a.action-label[aria-label="${name}"]`).count(), 0, `${name} is offered before there is anything to act on`);
    }
  });

  it('Use Sample Service loads the tree, and the quota shows in the status bar', async () => {
    const { page } = uiSession();
    await viewContainer(page, CONTAINER_ID).getByRole('button', { name: 'Use Sample Service' }).first().click();
    await groupRow(page, 'Service issues').waitFor({ state: 'visible', timeout: 60_000 });
    for (const name of ['Refresh', 'Query Events…']) {
      assert.equal(await (await viewTitleAction(page, name)).isVisible(), true, `${name} is not in the view toolbar once events show`);
    }
    const quota = await readQuota(page);
    assert.ok(quota.limit > 0 && quota.remaining <= quota.limit, quota.text);
  });

  it('an event row opens its details panel', async () => {
    const { page } = uiSession();
    await setExpanded(groupRow(page, 'Service issues'), true);
    const row = eventRows(page).first();
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    await row.click();
    const frame = await detailsFrame(page);
    const title = (await frame.locator('h1.title').innerText()).trim();
    assert.ok(title.length > 0, 'the panel shows the event title');
  });

  it('its commands are in the palette, and the @health chat participant is declared by the installed manifest', async () => {
    const { page } = uiSession();
    await page.keyboard.press('Escape');
    const input = await openCommandPalette(page);
    await input.fill('>Service Health: ');
    const labels = await waitFor(async () => {
      const texts = await page.locator('.quick-input-widget .monaco-list-row .label-name').allInnerTexts();
      return texts.length >= 5 ? texts : undefined;
    }, 20_000, 'no Service Health commands in the palette');
    await page.keyboard.press('Escape');
    for (const expected of ['Refresh', 'Query Events…', 'Show API Quota']) {
      assert.ok(labels.some((l) => l.includes(expected)), `"${expected}" is missing from ${labels.join(', ')}`);
    }
    // Registering a participant that the manifest does not declare logs an error in the extension host.
    assert.ok(!uiSession().logs.some((l) => /chat participant.*not declared|must be declared/i.test(l)), 'the chat participant is not declared');
  });

  it('the Settings editor shows the texts of package.nls.json, with a link to the related setting', async () => {
    const { page } = uiSession();
    await runPaletteCommand(page, 'Service Health: Open Endpoint Setting');
    const row = settingRow(page, 'Service Health', 'Endpoint').first();
    await row.waitFor({ state: 'visible', timeout: 30_000 });
    const description = row.locator('.setting-item-description');
    const text = await description.innerText();
    assert.match(text, /Overrides the Azure Resource Manager URL of the cloud chosen by/u, 'the description is not the English of package.nls.json');
    assert.doesNotMatch(text, /%serviceHealth\./u, 'an nls key shows instead of its text');
    // `#serviceHealth.cloud#` renders as a link to the Cloud setting.
    assert.ok((await description.locator('a', { hasText: /Cloud/u }).count()) > 0, `no link to the Cloud setting in: ${text}`);
    await page.keyboard.press('Control+W');
  });
});

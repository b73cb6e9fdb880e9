// A template's resource names link to their health (sample mode): a Bicep file declaring a resource
// of the sample estate that an active incident makes Unavailable or Degraded shows, in the hover on
// its name line, that state and a Show Health Details link that opens the resource health panel.
import * as assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InfraIndex } from '../../src/core/infra/infraIndex';
import { webviewFrame } from '../harness/ui';
import { bicepNaming, unhealthyResource } from './infraPick';
import { reportFailures, uiSession } from './session';
import { closeAllEditors, goToLine, listResourceHealth, openEventsView, openFile, runPaletteCommand, waitFor } from './steps';

describe('Resource health in a Bicep template (UI)', function () {
  this.timeout(180_000);
  const pick = unhealthyResource();
  const text = bicepNaming(pick);
  const index = new InfraIndex();
  index.set('infra/health.bicep', text);
  const target = index.report().targets[0];
  let file = '';

  before(async () => {
    assert.equal(target?.name, pick.name, 'the reader does not keep the test template\'s resource name');
    const { folder } = uiSession();
    assert.ok(folder, 'the workbench opened no folder');
    await mkdir(join(folder, 'infra'), { recursive: true });
    file = join(folder, 'infra', 'health.bicep');
    await writeFile(file, text);
  });

  after(async () => {
    const { page } = uiSession();
    await closeAllEditors(page).catch(() => undefined);
    if (file) await rm(file, { force: true });
  });

  afterEach(reportFailures('infra-health-'));

  it('the hover on the resource\'s name line names its state and links Show Health Details, which opens its health panel', async () => {
    const { page } = uiSession();
    await openEventsView(page);
    await closeAllEditors(page);
    await listResourceHealth(page);
    await openFile(page, 'health.bicep');
    const hover = page.locator('.monaco-hover').filter({ hasText: 'Show Health Details' }).first();
    // The template is read through the watcher: ask for the hover until the read has it.
    const shown = await waitFor(async () => {
      await goToLine(page, target?.nameLine ?? 2);
      await runPaletteCommand(page, 'Show or Focus Hover');
      const visible = await hover.waitFor({ state: 'visible', timeout: 5_000 }).then(() => true, () => false);
      if (visible) return hover.innerText();
      await page.keyboard.press('Escape');
      return undefined;
    }, 60_000, 'no hover with Show Health Details on the resource\'s name line');
    assert.ok(shown.includes(`${pick.name}: ${pick.state}`), `the hover does not name "${pick.name}: ${pick.state}": ${shown}`);
    assert.match(shown, new RegExp(`${pick.state} since .*\\(\\d{1,2} \\w{3} \\d{4}, \\d{2}:\\d{2} UTC\\)`), `the hover gives no "since": ${shown}`);
    await hover.locator('a', { hasText: 'Show Health Details' }).first().click();
    const frame = webviewFrame(page);
    await frame.locator('h1.title').waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal((await frame.locator('h1.title').innerText()).trim(), pick.name, 'the panel is not the template resource\'s health');
    assert.equal((await frame.locator('header.head .health-state').innerText()).trim(), pick.state);
  });
});

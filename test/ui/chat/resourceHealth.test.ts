// @health about resources, typed into the real Chat view: which resources active events affect,
// one resource's health, and whether what this workspace's templates deploy is touched. Runs after
// chat.test.ts in the same window (the Chat view is open and its model picked).
import * as assert from 'node:assert/strict';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { InfraIndex } from '../../../src/core/infra/infraIndex';
import { activeIssue, bicepFor } from '../infraPick';
import { reportFailures, uiSession } from '../session';
import { closeAllEditors, escapeRegExp } from '../steps';
import { ask } from './ask';

/** A virtual machine of the sample estate (src/core/sample/estateResources.ts). */
const SAMPLE_VM = 'jumpbox-1';

describe('@health about resources and the workspace, in the real Chat view (UI)', function () {
  this.timeout(240_000);
  const pick = activeIssue();
  const text = bicepFor(pick);
  const index = new InfraIndex();
  index.set('infra/main.bicep', text);
  const target = index.report().targets[0];
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
    await closeAllEditors(uiSession().page).catch(() => undefined);
    if (file) await rm(file, { force: true });
  });

  afterEach(reportFailures('chat-resources-'));

  it('"which of my resources are affected?" lists resources under each event (title and tracking id), with their health', async () => {
    const { page } = uiSession();
    const { response, text: shown } = await ask(page, '@health which of my resources are affected?', /Your resources affected by active events: \d+ resources? in \d+ events?/u);
    assert.doesNotMatch(shown, /Language model unavailable/u);
    const headings = response.locator('.rendered-markdown h4');
    assert.ok((await headings.count()) > 0, `no event heading in: ${shown}`);
    const heading = (await headings.first().innerText()).trim();
    assert.match(heading, /.+ — [A-Z0-9]{2,}-[A-Z0-9]{2,}$/u, 'the heading is the event title, then its tracking id');
    assert.ok((await headings.first().locator('a').count()) === 1, 'the event title links to its details');
    const first = (await response.locator('.rendered-markdown li').first().innerText()).trim();
    assert.match(first, / — (Available|Unavailable|Degraded|Unknown|health not known)$/u, `a resource line ends with its health: ${first}`);
  });

  it(`"is ${SAMPLE_VM} healthy?" gives its state (with the subscription when several hold one), and an unknown name one sentence naming what was searched`, async () => {
    const { page } = uiSession();
    const { text: shown } = await ask(page, `@health is ${SAMPLE_VM} healthy?`, new RegExp(`${escapeRegExp(SAMPLE_VM)} \\(virtualMachines, rg-shared, North Europe(?:, [^)]+)?\\) is (Available|Unavailable|Degraded|Unknown)`, 'u'));
    assert.doesNotMatch(shown, /<#/u, 'no raw placeholder of a recommended action');
    const missing = await ask(page, '@health is no-such-vm-42 healthy?', /No resource named “no-such-vm-42” among the \d+ resources with health information in .+; check the name in the Resources view\./u);
    assert.doesNotMatch(missing.text, /Language model unavailable/u);
  });

  it('"is anything this workspace deploys affected?" names the event and the template line, which opens the file', async () => {
    const { page } = uiSession();
    const where = `infra/main.bicep:${target?.line ?? 0}`;
    const { response, text: shown } = await ask(page, '@health is anything this workspace deploys affected?', new RegExp(escapeRegExp(where), 'u'));
    assert.match(shown, /Active events touching what this workspace deploys: [1-9]\d*/u);
    assert.ok(shown.includes(pick.trackingId), `the answer does not name ${pick.trackingId}: ${shown}`);
    assert.match(shown, new RegExp(`${escapeRegExp(where)} deploys ${escapeRegExp(pick.service)} in ${escapeRegExp(pick.region)}`, 'u'));
    await response.locator('.rendered-markdown a', { hasText: where }).first().click();
    await page.locator('.tabs-container .tab', { hasText: 'main.bicep' }).first().waitFor({ state: 'visible', timeout: 30_000 });
    // At the line that deploys it: the status bar shows the cursor's line.
    await page.locator('.statusbar-item', { hasText: new RegExp(`^Ln ${target?.line ?? 0}, Col \\d+$`, 'u') }).first().waitFor({ state: 'visible', timeout: 10_000 });
  });
});

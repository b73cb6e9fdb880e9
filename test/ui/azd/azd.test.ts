// Issue 30 in the real workbench: an azd project whose main.bicep stacks decorators (as every azd
// starter does) once froze the extension host in the template reader, so the views spun forever and
// even Quick Open found nothing. After Use Sample Service every part must answer.
import * as assert from 'node:assert/strict';
import { welcomeButton } from '../azure/steps';
import { activeIssue } from '../infraPick';
import { paneRows, resourcesPane, setPaneExpanded } from '../resourcesPane';
import { reportFailures, uiSession } from '../session';
import { CONTAINER_TITLE, eventRows, groupRow, openFile, waitFor } from '../steps';
import { clickActivityBarIcon } from '../../harness/ui';

describe('An azd project with stacked decorators (UI)', function () {
  this.timeout(180_000);
  afterEach(reportFailures('azd-'));

  it('after Use Sample Service the Events view has rows and its "This workspace" section, the Resources view lists, and Quick Open finds main.bicep', async () => {
    const { page } = uiSession();
    const pick = activeIssue();
    await clickActivityBarIcon(page, CONTAINER_TITLE);
    await welcomeButton(page, 'Use Sample Service').click({ timeout: 60_000 });
    await eventRows(page).first().waitFor({ state: 'visible', timeout: 60_000 });
    // The template was read (off the extension host's thread) and deploys the active issue's service and region.
    await groupRow(page, 'This workspace').waitFor({ state: 'visible', timeout: 60_000 });
    const pane = resourcesPane(page);
    await setPaneExpanded(pane, true);
    try {
      await waitFor(async () => ((await paneRows(pane)).some((r) => r.level === 3) ? true : undefined), 60_000, 'the Resources view listed no resource');
    } finally {
      await setPaneExpanded(pane, false);
    }
    await openFile(page, 'main.bicep');
    // The editor answers on the template: its location line names the active issue.
    const lens = page.locator('.codelens-decoration a').filter({ hasText: pick.service }).first();
    await lens.waitFor({ state: 'visible', timeout: 60_000 });
    assert.match(await lens.innerText(), new RegExp(pick.region));
  });
});

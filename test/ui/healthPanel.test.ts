// The resource health panel in the real workbench (sample mode): a Resources row opens it; it reads
// the state in words with its codicon, working recommended-action links and the active events, each
// opening its event details; every text and icon meets WCAG AA in a dark and a high-contrast theme.
import assert from 'node:assert/strict';
import type { FrameLocator, Page } from 'playwright-core';
import { CONTRAST_PROBE, measure, type ProbedElement } from '../harness/contrast';
import { THEMES, applyTheme, type ThemeKind } from '../harness/theme';
import { hideSecondarySideBar, screenshot, webviewFrame } from '../harness/ui';
import { resourcesPane, setPaneExpanded } from './resourcesPane';
import { reportFailures, uiSession } from './session';
import { closeAllEditors, openEventsView, waitFor } from './steps';

/** Clicks the first resource row of the Resources view (what needs attention comes first); returns its name and the panel. */
async function openFirstResource(page: Page): Promise<{ name: string; frame: FrameLocator }> {
  await hideSecondarySideBar(page);
  await openEventsView(page);
  await closeAllEditors(page);
  const pane = resourcesPane(page);
  await setPaneExpanded(pane, true);
  const row = pane.locator('.monaco-list-row[role=treeitem][aria-level="3"]').first();
  await row.waitFor({ state: 'visible', timeout: 60_000 });
  const label = (await row.locator('.label-name').first().innerText()).trim();
  await row.click();
  const frame = webviewFrame(page);
  await frame.locator('h1.title').waitFor({ state: 'visible', timeout: 30_000 });
  await page.mouse.move(1000, 600);
  return { name: label.split(' · ')[0]?.trim() ?? label, frame };
}

/** Waits until the history section has loaded (or failed): the panel is complete then. */
async function historyLoaded(frame: FrameLocator): Promise<string> {
  return waitFor(async () => {
    const heading = (await frame.locator('section.health-history h2').innerText()).trim();
    const error = await frame.locator('.history-error').count();
    return /^History \(\d+, newest first\)$/.test(heading) || error > 0 || (await frame.locator('section.health-history p.muted').innerText().catch(() => '')).startsWith('No earlier') ? heading : undefined;
  }, 30_000, 'the history never loaded');
}

describe('Resource health panel (UI)', function () {
  this.timeout(240_000);
  afterEach(reportFailures('health-panel-'));

  for (const kind of ['dark', 'hc-dark'] as const satisfies readonly ThemeKind[]) {
    it(`${THEMES[kind].label}: a Resources row opens its health (state in words, codicon, actions as portal links, events), AA contrast, and its links work`, async () => {
      const { page, artifactsDir } = uiSession();
      const { name, frame } = await openFirstResource(page);
      try {
        await applyTheme(page, kind, { webview: frame });
        assert.equal((await frame.locator('h1.title').innerText()).trim(), name, 'the panel is not the clicked row\'s resource');
        const state = frame.locator('header.head .health-state');
        assert.match((await state.innerText()).trim(), /^(Unavailable|Degraded)$/, 'the first row needs attention: its state in words');
        assert.match((await state.locator('.codicon').getAttribute('class')) ?? '', /codicon-(error|warning)/);
        await historyLoaded(frame);
        assert.equal(await frame.locator('.current-error').count(), 0, 'the current health failed to load');
        const body = await frame.locator('body').innerText();
        assert.doesNotMatch(body, /<#|0001/, 'a placeholder reached the panel');
        assert.match(body, /Since\s+\S.*\(\d{1,2} \w{3} \d{4}, \d{2}:\d{2} UTC\)/, 'no "since" time');
        // Sample resources are made up: their own portal page is not offered, the support page is.
        const actionLinks = frame.locator('section.health-actions a');
        assert.ok((await actionLinks.count()) > 0, 'no recommended action is a link');
        for (const href of await actionLinks.evaluateAll((els) => els.map((a) => a.getAttribute('href') ?? ''))) {
          assert.match(href, /^https:\/\/portal\.azure\.com\/#/, `an action link that is no portal page: ${href}`);
        }
        const probed = (await frame.locator('body').evaluate(CONTRAST_PROBE)) as ProbedElement[];
        const failing = probed.map(measure).filter((r) => r.ratio + 1e-9 < r.required).map((r) => `${r.what}: ${r.ratio.toFixed(2)} < ${r.required}`);
        const file = await screenshot(page, artifactsDir.replace(/ui-failures$/, 'themes'), `health-panel-${kind}`);
        assert.deepEqual(failing, [], `contrast below WCAG AA in ${THEMES[kind].label} (screenshot ${file})`);

        // The support link: the host opens it, and VS Code asks first (portal.azure.com is not a trusted domain here).
        await frame.locator('section.health-actions a', { hasText: 'contact support' }).click();
        const dialog = page.locator('.monaco-dialog-box');
        await dialog.waitFor({ state: 'visible', timeout: 15_000 });
        const asked = (await dialog.innerText()).replace(/\s+/g, ' ');
        assert.match(asked, /open the external website\? https:\/\/portal\.azure\.com\/#.*HelpAndSupportBlade\/overview/, `the dialog: ${asked}`);
        await dialog.getByRole('button', { name: 'Cancel' }).click();
        await dialog.waitFor({ state: 'hidden' });

        // An active event of the resource opens its event details.
        const eventLink = frame.locator('a.event-link').first();
        assert.equal(await eventLink.count(), 1, 'no active event is listed for a resource that needs attention');
        const title = (await eventLink.innerText()).trim();
        await eventLink.click();
        await page.locator('.tabs-container .tab.active').filter({ hasText: title.slice(0, 20) }).waitFor({ state: 'visible', timeout: 30_000 });
        const details = page.locator('iframe.webview.ready:visible').contentFrame().frameLocator('#active-frame');
        await details.locator('h1.title', { hasText: title }).waitFor({ state: 'visible', timeout: 30_000 });
      } finally {
        await setPaneExpanded(resourcesPane(page), false);
      }
    });
  }

  it('re-opening the same resource reveals its one panel instead of a second', async () => {
    const { page } = uiSession();
    await openFirstResource(page);
    const row = resourcesPane(page).locator('.monaco-list-row[role=treeitem][aria-level="3"]').first();
    await row.click();
    await webviewFrame(page).locator('h1.title').waitFor({ state: 'visible' });
    assert.equal(await page.locator('.tabs-container .tab').filter({ hasText: /^Health: / }).count(), 1);
    await setPaneExpanded(resourcesPane(page), false);
  });

  after(async () => {
    const { page } = uiSession();
    await applyTheme(page, 'dark').catch(() => undefined);
    await closeAllEditors(page).catch(() => undefined);
  });
});

// The details panel as a reader sees it, in the real workbench: the order of what it shows, words
// instead of enum values, dates in one format, link texts that say where they go, and WCAG AA
// contrast of every text and icon in all four theme kinds (with a screenshot of each).
import assert from 'node:assert/strict';
import type { FrameLocator, Page } from 'playwright-core';
import { CONTRAST_PROBE, measure, type ProbedElement } from '../harness/contrast';
import { THEMES, applyTheme, type ThemeKind } from '../harness/theme';
import { hideSecondarySideBar, screenshot, treeRows } from '../harness/ui';
import { reportFailures, uiSession } from './session';
import { CONTAINER_ID, closeAllEditors, detailsFrame, eventRows, groupRow, openEventsView, rowAccessibleName, setExpanded, showsTitle, viewTitleAction } from './steps';

/** "3 hours ago (24 Nov 2026, 14:05 UTC)": relative first, then the UTC time. */
const WHEN = /^(just now|yesterday|tomorrow|last \w+|next \w+|\d+ \w+ ago|in \d+ \w+) \(\d{1,2} (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{4}, \d{2}:\d{2} UTC\)$/;
/** An enum value left as it came: two words glued in camel case (ServiceIssue, ForeignExchangeRateChange). */
const CAMEL = /\b[A-Z][a-z]+[A-Z][a-z]+/;

/** Opens the first event under the type group `group` (its first status sub-group unfolded) by clicking it. */
async function openEventOfGroup(page: Page, group: string): Promise<{ label: string; frame: FrameLocator }> {
  await hideSecondarySideBar(page);
  await openEventsView(page);
  await closeAllEditors(page);
  await (await viewTitleAction(page, 'Collapse All')).click();
  const groupNode = groupRow(page, group);
  await groupNode.waitFor({ state: 'visible' });
  await setExpanded(groupNode, true);
  const status = treeRows(page, CONTAINER_ID).filter({ has: page.locator('.label-name', { hasText: /^(Active|Resolved)$/ }) }).first();
  await setExpanded(status, true);
  const row = eventRows(page).first();
  // The row's label is short (service · region); its accessible name starts with the full title.
  const label = await rowAccessibleName(row);
  await row.click();
  const frame = await detailsFrame(page);
  // The pointer off the tree: a row hover would cover the panel in screenshots.
  await page.mouse.move(1000, 600);
  return { label, frame };
}

/** The panel's section headings in document order. */
async function headings(frame: FrameLocator): Promise<string[]> {
  return (await frame.locator('section.section > h2').allInnerTexts()).map((t) => t.trim());
}

function indexOf(list: readonly string[], pattern: RegExp): number {
  return list.findIndex((t) => pattern.test(t));
}

describe('Details panel: order, words, dates, links and contrast (UI)', function () {
  this.timeout(180_000);
  afterEach(reportFailures('details-'));

  it('a service issue reads top-down: title, badges, summary, recommended actions, latest update, then the facts and links', async () => {
    const { page } = uiSession();
    const { label, frame } = await openEventOfGroup(page, 'Service issues');
    const title = (await frame.locator('h1.title').innerText()).trim();
    assert.ok(showsTitle(label, title), `the panel title "${title}" is not the clicked row's event (${label})`);
    // Title, then its badges, in the header; the facts are no longer there.
    assert.equal(await frame.locator('header.head .tracking-id').count(), 0, 'the tracking ID is still in the header');
    const order = await headings(frame);
    const at = (p: RegExp): number => indexOf(order, p);
    const summary = Math.max(at(/^Summary$/), at(/^Description$/));
    const steps = [summary, at(/^Latest update$/), at(/^Details$/), at(/^Impacted services/), at(/^Links$/)];
    assert.ok(steps.every((i) => i >= 0), `missing sections: ${order.join(' | ')}`);
    assert.deepEqual([...steps].sort((a, b) => a - b), steps, `sections out of order: ${order.join(' | ')}`);
    const actions = frame.locator('section:has(ol.recommended) h2');
    if ((await actions.count()) > 0) {
      const actionsAt = order.indexOf((await actions.first().innerText()).trim());
      assert.ok(actionsAt > summary && actionsAt < at(/^Latest update$/), `recommended actions not between summary and latest update: ${order.join(' | ')}`);
    }
    // The tracking ID and its Copy button are among the facts.
    assert.match(await frame.locator('section:has(dl.facts) .tracking-id').innerText(), /\S{4,}/);
  });

  it('names the event\'s subscription in the facts ("Contoso Production (1a2b3c4d)"), its GUID only in the tooltip', async () => {
    const { page } = uiSession();
    const { frame } = await openEventOfGroup(page, 'Service issues');
    const facts = frame.locator('section:has(dl.facts) dl.facts');
    const labels = (await facts.locator('dt').allInnerTexts()).map((t) => t.trim());
    const values = (await facts.locator('dd').allInnerTexts()).map((t) => t.trim());
    const at = labels.indexOf('Subscription');
    assert.ok(at >= 0, `no Subscription fact: ${labels.join(' | ')}`);
    // The names the sample service lists (src/core/sample/listSubscriptions.ts), with the GUID's first group.
    assert.match(values[at] ?? '', /^(Contoso Production|Contoso Dev\/Test|Fabrikam Analytics|Northwind Retail|Tailspin Toys) \([0-9a-f]{8}\)$/);
    const guid = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;
    assert.doesNotMatch(await frame.locator('body').innerText(), guid, 'the panel shows a subscription GUID');
    const tooltip = (await facts.locator('span.subscription').getAttribute('title')) ?? '';
    assert.match(tooltip, new RegExp(`^${guid.source}$`, 'i'));
    assert.ok(tooltip.toLowerCase().startsWith(/\(([0-9a-f]{8})\)$/.exec(values[at] ?? '')?.[1] ?? '\u0000'), 'the short id is not the start of the GUID');
  });

  it('shows words, not enum values, in badges, their tooltips and region statuses; every date as "relative (d Mon yyyy, hh:mm UTC)"', async () => {
    const { page } = uiSession();
    const { frame } = await openEventOfGroup(page, 'Service issues');
    const badges = frame.locator('ul.badges li.badge');
    // textContent: innerText breaks the flex items of a badge onto lines.
    const texts = (await badges.allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    assert.ok(texts.some((t) => /Type: Service issue/.test(t)), `badges: ${texts.join(' | ')}`);
    const titles = await badges.evaluateAll((els) => els.map((e) => (e as unknown as { title: string }).title));
    const regionStatuses = await frame.locator('.region .chip').allInnerTexts();
    for (const text of [...texts, ...titles, ...regionStatuses]) assert.doesNotMatch(text, CAMEL, `an enum value shown as is: "${text}"`);
    const times = (await frame.locator('.time-wrap').allInnerTexts()).map((t) => t.trim());
    assert.ok(times.length > 0, 'no dates shown');
    for (const t of times) assert.match(t, WHEN);
  });

  it('link texts say where they go: "Open in Azure portal" (disabled for sample ids) and each link\'s destination', async () => {
    const { page } = uiSession();
    const { frame } = await openEventOfGroup(page, 'Service issues');
    const portal = frame.getByRole('button', { name: /^Open in Azure portal/ });
    assert.equal(await portal.isDisabled(), true, 'Open in Azure portal is enabled for a made-up tracking id');
    assert.match(((await portal.textContent()) ?? '').replace(/\s+/g, ' '), /Open in Azure portal \(unavailable\)/);
    const history = frame.getByRole('link', { name: 'Azure status history, opens azure.status.microsoft' });
    assert.equal(await history.count(), 1, 'no "Azure status history" link for a service issue');
    const items = (await frame.locator('ul.links li').allTextContents()).map((t) => t.replace(/\s+/g, ' ').trim());
    assert.ok(items.length > 0, 'no links listed');
    for (const item of items) assert.match(item, / · (Azure portal|[\w-]+(\.[\w-]+)+)$| \(no address\)$/, `a link that does not say where it goes: "${item}"`);
  });

  it('a billing event shows its rate change right under the title, before the summary', async () => {
    const { page } = uiSession();
    const { frame } = await openEventOfGroup(page, 'Billing');
    const order = await headings(frame);
    assert.equal(order[0], 'Billing', `the first section is not the billing one: ${order.join(' | ')}`);
    const rate = frame.locator('dl.billing .rate');
    assert.match(await rate.innerText(), /\d.*\d/, 'no rate change shown');
    const terms = (await frame.locator('dl.billing dt').allTextContents()).map((t) => t.trim());
    assert.equal(terms[0], 'Rate', `the rate is not the first fact of the billing section: ${terms.join(' | ')}`);
    for (const value of await frame.locator('dl.billing dd').allTextContents()) assert.doesNotMatch(value, CAMEL, `an enum value in the billing section: ${value}`);
  });

  for (const kind of ['hc-light', 'hc-dark', 'light', 'dark'] as const satisfies readonly ThemeKind[]) {
    it(`${THEMES[kind].label}: every text and icon in the panel meets WCAG AA contrast, and a screenshot is saved`, async () => {
      const { page, artifactsDir } = uiSession();
      const { frame } = await openEventOfGroup(page, 'Service issues');
      await applyTheme(page, kind, { webview: frame });
      const probed = (await frame.locator('body').evaluate(CONTRAST_PROBE)) as ProbedElement[];
      assert.ok(probed.length > 30, `only ${probed.length} elements probed`);
      const results = probed.map(measure);
      const failing = results.filter((r) => r.ratio + 1e-9 < r.required).map((r) => `${r.what}: ${r.ratio.toFixed(2)} < ${r.required}`);
      // The disabled portal button is measured too (its label must stay readable).
      assert.ok(results.some((r) => /button\.btn "Open in Azure portal/.test(r.what)), 'the portal button was not measured');
      const themesDir = artifactsDir.replace(/ui-failures$/, 'themes');
      const file = await screenshot(page, themesDir, `details-${kind}`);
      // And the facts with the disabled portal button, which must look disabled in every theme.
      await frame.locator('section:has(dl.facts)').first().evaluate((el) => (el as unknown as { scrollIntoView(o: unknown): void }).scrollIntoView({ block: 'start' }));
      await screenshot(page, themesDir, `details-${kind}-facts`);
      assert.deepEqual(failing, [], `contrast below WCAG AA in ${THEMES[kind].label} (screenshot ${file})`);
      // Disabled reads as disabled without dimming: no fill and a dashed outline, unlike an enabled button.
      const style = await frame.getByRole('button', { name: /^Open in Azure portal/ }).evaluate((el) => {
        const s = (globalThis as unknown as { getComputedStyle(e: unknown): { borderTopStyle: string; backgroundColor: string; opacity: string } }).getComputedStyle(el);
        return { border: s.borderTopStyle, background: s.backgroundColor, opacity: s.opacity };
      });
      assert.deepEqual(style, { border: 'dashed', background: 'rgba(0, 0, 0, 0)', opacity: '1' });
      const copy = await frame.getByRole('button', { name: 'Copy the tracking ID' }).evaluate((el) => (globalThis as unknown as { getComputedStyle(e: unknown): { borderTopStyle: string } }).getComputedStyle(el).borderTopStyle);
      assert.notEqual(copy, 'dashed', 'enabled buttons look like the disabled one');
    });
  }

  after(async () => {
    // The other UI tests and their screenshots expect the default dark theme.
    const { page } = uiSession();
    await applyTheme(page, 'dark').catch(() => undefined);
    await closeAllEditors(page).catch(() => undefined);
  });
});

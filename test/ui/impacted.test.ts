// Impacted resources as users see them in the workbench (sample mode): an event's resources under
// its row grouped by resource group, the details panel's section, Copy as Markdown (read back from
// the browser's clipboard) and Export Impacted Resources as CSV… (typed into the workbench's own
// save dialog, then the file read from disk).
import * as assert from 'node:assert/strict';
import { readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { treeRows } from '../harness/ui';
import { reportFailures, uiSession } from './session';
import { CONTAINER_ID, allRows, closeAllEditors, runPaletteCommand, detailsFrame, eventRows, groupRow, listResourceHealth, openEventsView, rowInfo, setExpanded, viewTitleAction, waitFor, type RowInfo } from './steps';

const HEALTH_WORD = / · (Available|Unavailable|Degraded|Unknown)$/;

/** The names the sample service lists for its subscriptions (src/core/sample/listSubscriptions.ts). */
const SAMPLE_SUBSCRIPTION_NAMES = /(?:Contoso Production|Contoso Dev\/Test|Fabrikam Analytics|Northwind Retail|Tailspin Toys)/;
const GUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/;

/** The rows under `parent` (by position: the rows after it at a deeper level). */
function childrenOf(rows: readonly RowInfo[], index: number): RowInfo[] {
  const level = rows[index]?.level ?? 0;
  const out: RowInfo[] = [];
  for (let i = index + 1; i < rows.length && (rows[i]?.level ?? 0) > level; i++) out.push(rows[i] as RowInfo);
  return out;
}

/** Expands event rows of the active service issues one by one until one lists resource groups; folds the others again. */
async function expandEventWithResources(page: Page): Promise<{ row: Locator; label: string; groups: Array<{ name: string; count: number; resources: RowInfo[] }> }> {
  await openEventsView(page);
  await closeAllEditors(page);
  await (await viewTitleAction(page, 'Collapse All')).click();
  await setExpanded(groupRow(page, 'Service issues'), true);
  const status = treeRows(page, CONTAINER_ID).filter({ has: page.locator('.label-name', { hasText: /^Active$/ }) }).first();
  await setExpanded(status, true);
  await eventRows(page).first().waitFor({ state: 'visible' });
  const labels = (await allRows(page)).filter((r) => r.level === 3).map((r) => r.label);
  for (const label of labels) {
    const row = eventRows(page).filter({ has: page.locator('.label-name', { hasText: label }) }).first();
    await setExpanded(row, true);
    // Loading first, then either resource groups or "No impacted resources…".
    const rows = await waitFor(async () => {
      const all = await allRows(page);
      const at = all.findIndex((r) => r.level === 3 && r.label === label);
      const kids = childrenOf(all, at);
      return kids.length > 0 && !kids.some((k) => /^Loading impacted resources/.test(k.label)) ? { all, at, kids } : undefined;
    }, 20_000, `the resources of "${label}" did not load`);
    const groupRows = rows.kids.filter((k) => k.level === 4 && /^\d+ resources?$/.test(k.description));
    if (groupRows.length === 0) {
      assert.ok(rows.kids.some((k) => k.label === 'No impacted resources in your subscriptions') || rows.kids.length > 0);
      await setExpanded(row, false);
      continue;
    }
    const groups = groupRows.map((g) => {
      const at = rows.all.findIndex((r) => r === g);
      return { name: g.label, count: Number(/^\d+/.exec(g.description)?.[0]), resources: childrenOf(rows.all, at) };
    });
    return { row, label, groups };
  }
  throw new Error('No active service issue of the sample lists impacted resources.');
}

async function contextMenuItem(page: Page, row: Locator, title: string): Promise<void> {
  await row.click({ button: 'right' });
  const item = page.locator('.context-view .action-item').filter({ has: page.locator('.action-label', { hasText: new RegExp(`^${title.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`) }) });
  await item.first().waitFor({ state: 'visible', timeout: 10_000 });
  await item.first().hover();
  await item.first().click();
  // A click that lands while the menu is still settling can be swallowed (the menu stays open with
  // the item highlighted, seen in CI): the highlighted item then takes Enter, as a user would press.
  const menu = page.locator('.context-view .monaco-menu');
  const closed = await menu.waitFor({ state: 'hidden', timeout: 2_000 }).then(() => true, () => false);
  if (!closed) {
    await page.keyboard.press('Enter');
    await menu.waitFor({ state: 'hidden', timeout: 5_000 });
  }
}

/** Types `text` into Query Events… and waits for its summary row to count at least `min` events; returns the count and the event rows' names. */
async function queryPaletteEvents(page: Page, text: string, min: number): Promise<{ count: number; names: string[] }> {
  await runPaletteCommand(page, 'Service Health: Query Events…', true);
  await page.locator('.quick-input-widget').filter({ hasText: 'Query Service Health Events' }).waitFor({ state: 'visible' });
  await page.locator('.quick-input-widget input').fill(text);
  const rows = page.locator('.quick-input-widget .monaco-list-row');
  const counted = async (): Promise<number | undefined> => {
    const labels = (await rows.locator('.label-name').allInnerTexts()).map((t) => t.trim());
    const m = labels.map((l) => /^(No|\d+) events? /.exec(l)).find((x) => x !== null);
    return m ? (m[1] === 'No' ? 0 : Number(m[1])) : undefined;
  };
  // The impacted resources (and their health) are listed after the first keystrokes: the count settles then.
  let last: number | undefined;
  const count = await waitFor(async () => {
    const n = await counted();
    const settled = n !== undefined && n === last && n >= min;
    last = n;
    return settled ? n : undefined;
  }, 60_000, `Query Events "${text}" did not count ${min} or more events`);
  const names = (await rows.locator('.label-name').allInnerTexts()).map((t) => t.trim()).filter((t) => !/^(No|\d+) events? /.test(t));
  return { count, names };
}

describe('Impacted resources in the workbench (UI)', function () {
  this.timeout(120_000);

  afterEach(reportFailures('impacted '));

  it('expanding an event lists its impacted resources grouped by resource group, with type and region', async () => {
    const { page } = uiSession();
    const { groups, label } = await expandEventWithResources(page);
    const names = groups.map((g) => g.name);
    assert.deepEqual([...names].sort((a, b) => a.localeCompare(b)), names, `resource groups are not in order: ${names.join(', ')}`);
    for (const g of groups) {
      assert.match(g.name, /^rg-/, `"${g.name}" is not a resource group of the sample`);
      assert.equal(g.resources.length, g.count, `${g.name} says ${g.count} resources but shows ${g.resources.length}`);
      for (const r of g.resources) {
        assert.equal(r.level, 5, 'resources sit under their resource group');
        // "virtualMachines · westeurope": the short type and the region (then its health, once the Resources view listed it).
        assert.match(r.description, /^(?:[A-Za-z]+ · )?[a-z0-9]+(?: · [A-Z][A-Za-z]+)?$/, `resource "${r.label}" description "${r.description}"`);
      }
    }
    // Once known, the event row says how many of your resources it affects.
    const total = groups.reduce((n, g) => n + g.count, 0);
    const row = await rowInfo(eventRows(page).filter({ has: page.locator('.label-name', { hasText: label }) }).first());
    assert.match(row.description, new RegExp(`affects ${total} of your resources$`), `the row does not say it affects ${total}: "${row.description}"`);
  });

  it('an impacted resource row shows its current health (icon and word) once the Resources view listed it, and the details panel too', async () => {
    const { page } = uiSession();
    await openEventsView(page);
    await listResourceHealth(page);
    const { row, groups } = await expandEventWithResources(page);
    // Resource groups may come back folded: unfold each, then read its resources.
    for (const g of groups) {
      await setExpanded(treeRows(page, CONTAINER_ID).filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${g.name}$`) }) }).first(), true);
    }
    const total = groups.reduce((n, g) => n + g.count, 0);
    // Only the rows under the resource groups: an event with several regions also draws its impact
    // ("Azure Functions · 3 regions") at the groups' depth, with region rows below it.
    const names = new Set(groups.map((g) => g.name));
    const resources = await waitFor(async () => {
      const all = await allRows(page);
      const found = all.flatMap((r, i) => (r.level === 4 && names.has(r.label) ? childrenOf(all, i) : []));
      return found.length === total ? found : undefined;
    }, 10_000, `the ${total} resources did not show`);
    assert.ok(resources.length > 0);
    const withHealth = resources.filter((r) => HEALTH_WORD.test(r.description));
    // The sample's estate holds every impacted resource: each has a status.
    assert.equal(withHealth.length, resources.length, `rows without health: ${resources.filter((r) => !HEALTH_WORD.test(r.description)).map((r) => `${r.label} (${r.description})`).join(', ')}`);
    await row.click();
    const frame = await detailsFrame(page);
    const section = frame.locator('section.impacted-resources');
    await section.locator('li.resource-group').first().waitFor({ state: 'visible', timeout: 20_000 });
    const words = (await section.locator('.resource-health').allInnerTexts()).map((t) => t.trim());
    assert.equal(words.length, resources.length, 'the panel shows a health per resource');
    assert.ok(words.every((w) => /^(Available|Unavailable|Degraded|Unknown)$/.test(w)), `health words: ${words.join(', ')}`);
    await closeAllEditors(page);
  });

  it('the details panel has an "Impacted resources" section with the same groups', async () => {
    const { page } = uiSession();
    const { row, groups } = await expandEventWithResources(page);
    await row.click();
    const frame = await detailsFrame(page);
    const section = frame.locator('section.impacted-resources');
    await section.locator('li.resource-group').first().waitFor({ state: 'visible', timeout: 20_000 });
    const total = groups.reduce((n, g) => n + g.count, 0);
    assert.equal((await section.locator('h2').innerText()).trim(), `Impacted resources (${total})`);
    const shown = (await section.locator('li.resource-group h3').allInnerTexts()).map((t) => t.replace(/\s*\(\d+\)$/, '').trim());
    assert.deepEqual(shown, groups.map((g) => g.name));
    // Sample resources are made up: no portal links.
    assert.equal(await section.locator('a').count(), 0, 'a made-up resource links to the portal');
    await closeAllEditors(page);
  });

  it('Copy as Markdown puts the event, its updates and its resources on the clipboard', async () => {
    const { page } = uiSession();
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
    const { row, label, groups } = await expandEventWithResources(page);
    await page.evaluate('navigator.clipboard.writeText("before")');
    await contextMenuItem(page, row, 'Copy as Markdown');
    const text = await waitFor(async () => {
      const t = await page.evaluate<string>('navigator.clipboard.readText()');
      return t !== 'before' && t.length > 0 ? t : undefined;
    }, 10_000, 'nothing was copied');
    assert.ok(text.startsWith('# '), `not a Markdown heading: ${text.slice(0, 80)}`);
    assert.match(text, /- \*\*Status:\*\* Active/);
    // Sample mode: said at the top, and no portal links to a made-up tracking id or resource.
    assert.match(text, /^# .+\n\n> Sample event made up by the local sample service/);
    assert.doesNotMatch(text, /\]\(https:/);
    assert.match(text, /## Updates/);
    assert.match(text, new RegExp(`\\n- \\*\\*Subscription:\\*\\* ${SAMPLE_SUBSCRIPTION_NAMES.source} \\\\\\([0-9a-f]{8}\\\\\\)\\n`), 'the subscription is not named');
    assert.match(text, /## Impacted resources\n\n\| Resource group \| Name \| Type \| Region \|/);
    for (const g of groups) {
      for (const r of g.resources) {
        assert.ok(text.includes(`| ${g.name} | ${r.label.replace(/([\\`*_[\]()<>|~&$])/g, '\\$1')} |`), `resource ${g.name}/${r.label} is not in the table`);
      }
    }
    assert.ok(text.includes(label.slice(0, 12).replace(/([\\`*_[\]()<>|~&$])/g, '\\$1')) || text.includes(label.slice(0, 12)), 'the title is missing');
  });

  it('Export Impacted Resources as CSV… saves the file typed into the save dialog', async () => {
    const { page, folder } = uiSession();
    assert.ok(folder, 'the UI session has no workspace folder');
    const target = join(folder, 'ui-export.csv');
    await rm(target, { force: true });
    const { row, groups } = await expandEventWithResources(page);
    await contextMenuItem(page, row, 'Export Impacted Resources as CSV…');
    // The workbench's own save dialog (a quick input with the path), prefilled in the workspace folder.
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: 10_000 });
    await waitFor(async () => ((await input.inputValue()).endsWith('.csv') ? true : undefined), 10_000, 'the save dialog does not propose a .csv file');
    assert.match(await input.inputValue(), /impacted-resources-[A-Za-z0-9_-]+\.csv$/);
    await input.fill(target);
    await page.keyboard.press('Enter');
    const bytes = await waitFor(async () => readFile(target), 15_000, `nothing was saved to ${target}`);
    // A UTF-8 BOM first, so Excel reads non-ASCII names as UTF-8.
    assert.deepEqual([...bytes.subarray(0, 3)], [0xef, 0xbb, 0xbf], 'the file does not start with a UTF-8 BOM');
    const lines = bytes.subarray(3).toString('utf8').split('\r\n');
    assert.equal(lines[0], 'Name,Type,Resource group,Region,Subscription,Subscription ID,Resource ID');
    // The subscription by the name the sample lists for it, its GUID in the next column.
    for (const line of lines.slice(1, -1)) {
      assert.match(line, new RegExp(`,${SAMPLE_SUBSCRIPTION_NAMES.source},${GUID.source},`), `no subscription name then GUID in "${line}"`);
    }
    assert.equal(lines.at(-1), '', 'the last line does not end in CRLF');
    const total = groups.reduce((n, g) => n + g.count, 0);
    assert.equal(lines.length - 2, total, `${total} resources in the tree, ${lines.length - 2} lines in the file`);
    for (const g of groups) {
      for (const r of g.resources) {
        assert.ok(lines.some((l) => l.startsWith(`${r.label},`) && l.includes(`,${g.name},`)), `${g.name}/${r.label} is not in the file`);
      }
    }
    await rm(target, { force: true });
  });

  it('Filter Events… "Affects my resources" (impacted:yes) keeps the events known to affect a resource, and the Filtered row says so', async () => {
    const { page } = uiSession();
    // Counts are known once an event's resources were listed: expanding one lists them.
    const { label } = await expandEventWithResources(page);
    await (await viewTitleAction(page, 'Filter Events…')).click();
    const widget = page.locator('.quick-input-widget').filter({ hasText: 'Filter Events' });
    await widget.waitFor({ state: 'visible' });
    const input = page.locator('.quick-input-widget input.input').first();
    await input.fill('my resources');
    const options = page.locator('.quick-input-widget .quick-input-list .monaco-list-row');
    const row = options.filter({ has: page.locator('.label-name', { hasText: /^Affects my resources$/ }) }).first();
    await row.waitFor({ state: 'visible' });
    const box = row.locator('.quick-input-list-checkbox, input[type=checkbox], .monaco-checkbox').first();
    await ((await box.count()) > 0 ? box.click() : row.click());
    await waitFor(async () => ((await row.getAttribute('aria-checked')) === 'true' || (await row.locator('input[type=checkbox]').first().isChecked().catch(() => false)) ? true : undefined), 5_000, 'the facet did not get checked');
    await input.fill('');
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });

    const filterRow = treeRows(page, CONTAINER_ID).first();
    const info = await waitFor(async () => {
      const r = await rowInfo(filterRow);
      return r.label.startsWith('Filtered:') ? r : undefined;
    }, 10_000, 'no "Filtered:" row');
    assert.equal(info.label, 'Filtered: Affects my resources');
    const m = /^(\d+) of (\d+) shown · Clear$/.exec(info.description);
    assert.ok(m, `filter row description "${info.description}"`);
    assert.ok(Number(m[1]) >= 1 && Number(m[1]) < Number(m[2]), `the facet should keep the expanded event and hide the never-listed ones: ${info.description}`);
    // The event whose resources were listed is among the rows left.
    await setExpanded(groupRow(page, 'Service issues'), true);
    const status = treeRows(page, CONTAINER_ID).filter({ has: page.locator('.label-name', { hasText: /^Active$/ }) }).first();
    await setExpanded(status, true);
    await eventRows(page).filter({ has: page.locator('.label-name', { hasText: label }) }).first().waitFor({ state: 'visible', timeout: 10_000 });

    await filterRow.click();
    await waitFor(async () => (!(await rowInfo(treeRows(page, CONTAINER_ID).first())).label.startsWith('Filtered:') ? true : undefined), 10_000, 'the filter row stayed after the click');
  });
  it('Query Events… health:unavailable lists by itself the events affecting a resource now Unavailable; all terms hold for one resource', async () => {
    const { page } = uiSession();
    await openEventsView(page);
    await closeAllEditors(page);
    await (await viewTitleAction(page, 'Collapse All')).click();
    const down = await queryPaletteEvents(page, 'health:unavailable', 1);
    // Enter on the summary row filters the Events view by the query.
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });
    const filterRow = treeRows(page, CONTAINER_ID).first();
    await waitFor(async () => ((await rowInfo(filterRow)).label.startsWith('Filtered:') ? true : undefined), 10_000, 'no "Filtered:" row');
    // The first event the view keeps has an Unavailable resource among its own.
    const { groups } = await expandEventWithResources(page);
    const unavailable = groups.flatMap((g) => g.resources).find((r) => / · Unavailable$/.test(r.description));
    assert.ok(unavailable, `the event kept by health:unavailable has no Unavailable resource: ${groups.flatMap((g) => g.resources.map((r) => `${r.label} (${r.description})`)).join(', ')}`);
    assert.ok(down.count >= 1);
    // That resource by name: its events; with a state it is not in, none (one resource must pass every term).
    const byName = await queryPaletteEvents(page, `resource:${unavailable.label}`, 1);
    await page.keyboard.press('Escape');
    const other = await queryPaletteEvents(page, `resource:${unavailable.label} health:degraded`, 0);
    await page.keyboard.press('Escape');
    assert.ok(byName.count >= 1, `resource:${unavailable.label} found no event`);
    assert.equal(other.count, 0, `resource:${unavailable.label} health:degraded found ${other.names.join(', ')}`);
    await filterRow.click();
    await waitFor(async () => (!(await rowInfo(treeRows(page, CONTAINER_ID).first())).label.startsWith('Filtered:') ? true : undefined), 10_000, 'the filter row stayed after the click');
  });
});

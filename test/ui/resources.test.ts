// The Resources view as users see it (sample mode): a second, folded pane of the Service Health
// container; opened at the default 300 px side bar it lists what needs attention first. Folded
// with notifications off (the UI workspace), it lists nothing until it is opened.
import * as assert from 'node:assert/strict';
import { paneAction, paneDescription, paneRows, resourcesPane, setPaneExpanded, typeAndReadMessage } from './resourcesPane';
import { reportFailures, uiSession } from './session';
import { DEFAULT_SIDEBAR, openEventsView, rowAccessibleName, setExpanded, setSidebarWidth, waitFor, type RowInfo } from './steps';

const RANK: Record<string, number> = { Unavailable: 0, Degraded: 1, Unknown: 2, Available: 4 };

describe('Resources view in the workbench (UI)', function () {
  this.timeout(120_000);

  afterEach(reportFailures());

  it('Resources view at 300 px (sample): an Unavailable or Degraded state comes first, then resource groups, each row "name · type · region" with since/ETA', async () => {
    const { page } = uiSession();
    await openEventsView(page);
    await setSidebarWidth(page, DEFAULT_SIDEBAR);
    const pane = resourcesPane(page);
    await pane.waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await pane.locator('.pane-header').first().getAttribute('aria-expanded'), 'false', 'the Resources view starts folded (the Events view keeps the first screen)');
    await setPaneExpanded(pane, true);
    try {
      const rows = await waitFor(async () => {
        const all = await paneRows(pane);
        return all.some((r) => r.level === 3) ? all : undefined;
      }, 60_000, 'the Resources view showed no resource rows');
      const states = rows.filter((r) => r.level === 1);
      const [first] = states;
      assert.ok(first && (first.label === 'Unavailable' || first.label === 'Degraded'), `first state: ${first?.label ?? 'none'}`);
      assert.equal(rows[0]?.label, first.label, 'a state row is the first row');
      const ranks = states.map((s) => RANK[s.label] ?? 3);
      assert.deepEqual(ranks, [...ranks].sort((a, b) => a - b), `states out of order: ${states.map((s) => s.label).join(', ')}`);
      for (const s of states) assert.match(s.description, /^\d+$/, `state "${s.label}" has no count`);
      assert.equal(rows[1]?.level, 2, 'a resource group follows the state');
      const resource = rows.find((r) => r.level === 3);
      assert.match(resource?.label ?? '', /^[^·]+ · [^·]+ · [^·]+$/, `row "${resource?.label ?? ''}" does not read "name · type · region"`);
      assert.match(resource?.description ?? '', /^(since|ETA) /, `row description "${resource?.description ?? ''}" has no since/ETA`);
      // Regions as people read them ("West Europe"), never the ARM name (`westeurope`).
      const regions = rows.filter((r) => r.level === 3).map((r) => r.label.split(' · ')[2] ?? '');
      assert.ok(regions.some((r) => / /.test(r)), `no region display name among ${regions.join(', ')}`);
      assert.ok(!regions.some((r) => /^(westeurope|northeurope|eastus)$/.test(r)), `an ARM region name is shown: ${regions.join(', ')}`);
    } finally {
      // Later tests read every row of the container: fold the pane again.
      await setPaneExpanded(pane, false);
    }
  });

  it('Filter Resources… at 300 px (sample): the input box names an event-only term as ignored; the filter keeps one state\'s resources only, the title says it, and Clear Filter shows every state again', async () => {
    const { page } = uiSession();
    await openEventsView(page);
    await setSidebarWidth(page, DEFAULT_SIDEBAR);
    const pane = resourcesPane(page);
    await pane.waitFor({ state: 'visible', timeout: 30_000 });
    await setPaneExpanded(pane, true);
    const stateRows = async (): Promise<RowInfo[]> => (await paneRows(pane)).filter((r) => r.level === 1);
    try {
      await waitFor(async () => ((await paneRows(pane)).some((r) => r.level === 3) ? true : undefined), 60_000, 'the Resources view showed no resource rows');
      // Every state folded: all of them fit in the pane, whatever the sample lists.
      await (await paneAction(pane, 'Collapse All')).click();
      const states = await waitFor(async () => {
        const all = await paneRows(pane);
        return all.every((r) => r.level === 1) ? all : undefined;
      }, 10_000, 'Collapse All left rows open');
      // The states come back unfolded as the view makes them: fold them again to see them all.
      const everyStateBack = async (): Promise<true | undefined> => {
        await (await paneAction(pane, 'Collapse All')).click();
        const shown = (await stateRows()).map((r) => r.label);
        return shown.join('|') === states.map((r) => r.label).join('|') ? true : undefined;
      };
      const [first] = states;
      assert.ok(first && states.length > 1, `the sample needs two states to tell a filter from none: ${states.map((s) => s.label).join(', ')}`);
      await (await paneAction(pane, 'Filter Resources…')).click();
      const query = `health:${first.label.toLowerCase()}`;
      const warned = await typeAndReadMessage(page, `${query} type:maintenance`, /Ignored for resources/);
      assert.match(warned, /type:PlannedMaintenance/, `the ignored term is not named: ${warned}`);
      const preview = await typeAndReadMessage(page, query, new RegExp(`^${first.label} resources: ${first.description} of \\d+\\.$`));
      assert.doesNotMatch(preview, /Ignored|Did not understand/);
      await page.keyboard.press('Enter');
      await page.locator('.quick-input-widget').waitFor({ state: 'hidden', timeout: 10_000 });
      const kept = await waitFor(async () => {
        const shown = await stateRows();
        return shown.length === 1 ? shown : undefined;
      }, 30_000, 'the filter did not leave one state');
      assert.deepEqual(kept.map((r) => [r.label, r.description]), [[first.label, first.description]], 'the kept state lost resources, or another state stayed');
      assert.equal(await paneDescription(pane), `Filtered: ${query}`);
      // Its resources, opened: each one is in that state.
      const stateRow = pane.locator('.monaco-list-row[role=treeitem][aria-level="1"]').first();
      await setExpanded(stateRow, true);
      const resources = await waitFor(async () => {
        const rows = pane.locator('.monaco-list-row[role=treeitem][aria-level="3"]');
        return (await rows.count()) > 0 ? Promise.all((await rows.all()).map(rowAccessibleName)) : undefined;
      }, 10_000, 'the kept state shows no resources');
      for (const name of resources) assert.match(name, new RegExp(`, ${first.label}(,|$)`), `a resource row not ${first.label}: ${name}`);
      // Folded again, so every state fits in the pane once the filter is cleared.
      await setExpanded(stateRow, false);
      // A filter nothing matches: the view says so, and its row clears the filter.
      await (await paneAction(pane, 'Filter Resources…')).click();
      await typeAndReadMessage(page, 'resource:no-such-resource', /: 0 of \d+\.$/);
      await page.keyboard.press('Enter');
      const none = pane.locator('.monaco-list-row[role=treeitem]').filter({ hasText: 'No resources match the filter.' }).first();
      await none.waitFor({ state: 'visible', timeout: 30_000 });
      assert.deepEqual(await stateRows(), [{ label: 'No resources match the filter.', description: 'Clear Filter', level: 1, expanded: undefined }], 'the no-match row is not the only row');
      await none.click();
      await waitFor(everyStateBack, 30_000, 'the no-match row did not clear the filter');
      assert.equal(await paneDescription(pane), '');
      // The title bar's Clear Filter clears it too.
      await (await paneAction(pane, 'Filter Resources…')).click();
      await typeAndReadMessage(page, query, /resources: /);
      await page.keyboard.press('Enter');
      await waitFor(async () => ((await stateRows()).length === 1 ? true : undefined), 30_000, 'the filter did not apply again');
      await (await paneAction(pane, 'Clear Resource Filter')).click();
      await waitFor(everyStateBack, 30_000, 'Clear Filter did not bring the other states back');
      assert.equal(await paneDescription(pane), '');
      await assert.rejects(paneAction(pane, 'Clear Resource Filter', 2_000), 'Clear Filter still shows without a filter');
    } finally {
      // A failure above must not leave the filter on for later tests (it survives in workspaceState).
      await paneAction(pane, 'Clear Resource Filter', 1_000).then((a) => a.click()).catch(() => undefined);
      await setPaneExpanded(pane, false);
    }
  });
});

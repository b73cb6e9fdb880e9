// The Resources view as users see it (sample mode): a second, folded pane of the Service Health
// container; opened at the default 300 px side bar it lists what needs attention first. Folded
// with notifications off (the UI workspace), it lists nothing until it is opened.
import * as assert from 'node:assert/strict';
import { paneRows, resourcesPane, setPaneExpanded } from './resourcesPane';
import { reportFailures, uiSession } from './session';
import { DEFAULT_SIDEBAR, openEventsView, setSidebarWidth, waitFor } from './steps';

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
});

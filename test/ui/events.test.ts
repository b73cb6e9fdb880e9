// The extension as users see it: the real web workbench driven through Chromium, the extension in
// sample mode (set by the workspace's settings, so it starts its embedded sample service by itself).
import * as assert from 'node:assert/strict';
import { activityBarIcon, statusBarItem, treeRows, viewContainer } from '../harness/ui';
import { reportFailures, uiSession } from './session';
import {
  CONTAINER_ID,
  CONTAINER_TITLE,
  QUOTA_ITEM_ID,
  allRows,
  closeAllEditors,
  detailsFrame,
  eventRows,
  groupRow,
  openEventsView,
  openFirstLockedEvent,
  readQuota,
  readQuotaTooltip,
  viewTitleAction,
  rowAccessibleName,
  rowInfo,
  runPaletteCommand,
  showsTitle,
  setExpanded,
  setSidebarWidth,
  DEFAULT_SIDEBAR,
  waitFor,
  type RowInfo,
} from './steps';

/** A group's count: "3 active · 5 resolved", "3 active" or "5 resolved" (a status group: "8"). */
const GROUP_COUNT = /^(\d+ active · \d+ resolved|\d+ active|\d+ resolved|\d+)$/;

/**
 * The first screen after the first load, read from the DOM at the default 300 px side bar: only
 * "Service issues" and its "Active" group are open, every other group is folded with its count, the
 * open rows are exactly the active service issues, and each reads "service · region(s)".
 */
async function checkFirstScreen(page: Parameters<typeof openEventsView>[0]): Promise<RowInfo[]> {
  await setSidebarWidth(page, DEFAULT_SIDEBAR);
  // Settled: the Active group's event rows are all drawn (it counts them in its description).
  const rows = await waitFor(async () => {
    const all = await allRows(page);
    const active = all.find((r) => r.level === 2 && r.label === 'Active');
    const events = all.filter((r) => r.level === 3);
    return active && events.length > 0 && events.length === Number(active.description) ? all : undefined;
  }, 30_000, 'the first load did not open the active service issues');
  const level1 = rows.filter((r) => r.level === 1 && r.expanded !== undefined);
  assert.deepEqual(level1.filter((r) => r.expanded).map((r) => r.label), ['Service issues'], 'groups other than Service issues opened');
  assert.ok(level1.length >= 3, `too few type groups: ${level1.map((r) => r.label).join(', ')}`);
  for (const g of level1) assert.match(g.description, GROUP_COUNT, `group "${g.label}" has no count`);
  assert.deepEqual(rows.filter((r) => r.level === 2).map((r) => `${r.label}:${String(r.expanded)}`), ['Active:true', 'Resolved:false'], 'inside Service issues only Active opens');
  const events = rows.filter((r) => r.level === 3);
  // Everything on screen: type groups, two status groups, the active issues (and the filter row, if any).
  assert.ok(rows.length <= level1.length + 2 + events.length + 1, `unexpected rows: ${rows.map((r) => r.label).join(' | ')}`);
  assert.ok(rows.length < 30, `${rows.length} rows on the first screen`);
  return events;
}

describe('Service Health in the workbench (UI)', function () {
  this.timeout(90_000);

  afterEach(reportFailures());

  it('the activity-bar icon opens the Events view; at 300 px the first load opens only the active service issues, each "service · region(s)"', async () => {
    const { page } = uiSession();
    assert.equal(await viewContainer(page, CONTAINER_ID).isVisible(), false, 'the view is open before the click');
    await activityBarIcon(page, CONTAINER_TITLE).first().click();
    const issues = groupRow(page, 'Service issues');
    await issues.waitFor({ state: 'visible', timeout: 60_000 });
    const first = await rowInfo(treeRows(page, CONTAINER_ID).first());
    assert.equal(first.label, 'Service issues', 'service issues come first');
    assert.match(first.description, GROUP_COUNT, 'the group row has no count');
    const issues3 = await checkFirstScreen(page);
    const eventRowsShown = eventRows(page);
    for (let i = 0; i < (await eventRowsShown.count()); i++) {
      const row = eventRowsShown.nth(i);
      const info = await rowInfo(row);
      if (info.level !== 3) continue;
      // The sample's service issues are titled "Service degradation - <service> - <regions>": the label leads with that service.
      const service = (await rowAccessibleName(row)).split(' - ')[1] ?? '';
      assert.ok(info.label.startsWith(`${service} · `) || info.label === service, `"${info.label}" does not read "service · region(s)" (service: ${service})`);
    }
    assert.ok(issues3.length > 0);
    // Fold everything so every type group is on screen.
    await (await viewTitleAction(page, 'Collapse All')).click();
    await treeRows(page, CONTAINER_ID).nth(2).waitFor({ state: 'visible' });
    const groups = await allRows(page);
    assert.ok(groups.length >= 3 && groups.every((g) => g.level === 1), `expected only type groups, got ${groups.map((g) => g.label).join(', ')}`);
    for (const g of groups) {
      assert.match(g.description, GROUP_COUNT, `group "${g.label}" has no count`);
    }
    // The container holds two views (Events, Resources), so the Events view's pane header shows its
    // title and description: users read "Sample Data" there and in the note above the rows.
    const description = await viewContainer(page, CONTAINER_ID).locator('.pane-header .description').first().textContent();
    assert.match(description ?? '', /^Sample data · \d+d/, 'the view description does not say it shows sample data');
    const title = viewContainer(page, CONTAINER_ID).locator('.pane-header .title').first();
    assert.equal(await title.isVisible(), true, 'the Events view title is hidden');
    assert.match((await title.textContent()) ?? '', /Sample Data — Events/i, 'the title does not say "Sample Data"');
    const note = viewContainer(page, CONTAINER_ID).getByText(/^Made-up events from the local sample service\. Sign in to see your subscriptions\.$/);
    assert.equal(await note.first().isVisible(), true, 'the sample-data note is not shown above the rows');
    // The title is cut at VS Code's default 300 px side bar; the note above the rows wraps instead,
    // so it is the marker that always shows whole (and any other message keeps a "Sample data" prefix).
    const clipped = await note.first().evaluate((el) => ({
      clipped: el.scrollWidth > el.clientWidth + 1,
      right: el.getBoundingClientRect().right,
      sidebar: el.ownerDocument.querySelector('.part.sidebar')?.getBoundingClientRect().right ?? 0,
    }));
    assert.ok(!clipped.clipped && clipped.right <= clipped.sidebar + 0.5, `the sample note is cut off: ${JSON.stringify(clipped)}`);
  });

  it('expanding a collapsed group shows its event rows with a description', async () => {
    const { page } = uiSession();
    await openEventsView(page);
    // Folded by default: resolved events. Fold the type group first so expanding it is a real change.
    const issues = groupRow(page, 'Service issues');
    await setExpanded(issues, false);
    const folded = await treeRows(page, CONTAINER_ID).count();
    await setExpanded(issues, true);
    const status = treeRows(page, CONTAINER_ID).filter({ has: page.locator('.label-name', { hasText: /^(Active|Resolved)$/ }) });
    await status.first().waitFor({ state: 'visible' });
    assert.ok((await treeRows(page, CONTAINER_ID).count()) > folded, 'expanding added no rows');
    const resolved = status.filter({ hasText: 'Resolved' }).first();
    const active = status.filter({ hasText: 'Active' }).first();
    const sub = (await resolved.count()) > 0 ? resolved : active;
    await setExpanded(sub, true);
    const events = eventRows(page);
    await events.first().waitFor({ state: 'visible' });
    const first = await rowInfo(events.first());
    assert.equal(first.level, 3, 'event rows sit under type and status');
    assert.ok(first.label.length > 5, 'an event row has no title');
    // "3h ago · Critical · 2 subscriptions": the time first, so the right-hand cut never hides it
    assert.match(first.description, /^(\d+(mo|[mhd]) ago|just now)( · |$)/, `unexpected description "${first.description}"`);
  });

  it('an incident listed for several subscriptions is one row that says how many', async () => {
    const { page } = uiSession();
    await openEventsView(page);
    await setExpanded(groupRow(page, 'Service issues'), true);
    const status = treeRows(page, CONTAINER_ID).filter({ has: page.locator('.label-name', { hasText: /^(Active|Resolved)$/ }) });
    for (let i = 0; i < (await status.count()); i++) await setExpanded(status.nth(i), true);
    await eventRows(page).first().waitFor({ state: 'visible' });
    const rows = await allRows(page);
    const events = rows.filter((r) => r.level === 3);
    const shared = events.filter((r) => /(^| · )\d+ subscriptions( · |$)/.test(r.description));
    assert.ok(shared.length > 0, `no row says it is listed for several subscriptions: ${events.map((r) => r.description).join(' | ')}`);
    // The rows under one status are different incidents: no two look the same.
    const seen = new Set<string>();
    let parent = '';
    for (const r of rows) {
      if (r.level === 2) parent = r.label;
      if (r.level !== 3) continue;
      const look = `${parent}\u0000${r.label}\u0000${r.description}`;
      assert.ok(!seen.has(look), `two identical rows: "${r.label}" (${r.description})`);
      seen.add(look);
    }
  });

  it('Query Events… describes results with the tree\'s words ("Service issues"), not enum values', async () => {
    const { page } = uiSession();
    await openEventsView(page);
    await runPaletteCommand(page, 'Service Health: Query Events…', true);
    await page.locator('.quick-input-widget').filter({ hasText: 'Query Service Health Events' }).waitFor({ state: 'visible' });
    const input = page.locator('.quick-input-widget input');
    await input.fill('type:ServiceIssue');
    const rows = page.locator('.quick-input-widget .monaco-list-row .label-description');
    await rows.filter({ hasText: /Service issues/ }).first().waitFor({ state: 'visible', timeout: 10_000 });
    const descriptions = await rows.allInnerTexts();
    await page.keyboard.press('Escape');
    assert.ok(descriptions.every((d) => !/ServiceIssue|PlannedMaintenance|HealthAdvisory/.test(d)), `raw enum values: ${descriptions.join(' | ')}`);
  });

  it('clicking an event opens a details panel with its title, badges and timeline', async () => {
    const { page } = uiSession();
    await openEventsView(page);
    await closeAllEditors(page);
    await setExpanded(groupRow(page, 'Service issues'), true);
    const active = treeRows(page, CONTAINER_ID).filter({ has: page.locator('.label-name', { hasText: /^Active$/ }) }).first();
    await setExpanded(active, true);
    const row = eventRows(page).first();
    const name = await rowAccessibleName(row);
    await row.click();
    const frame = await detailsFrame(page);
    const title = (await frame.locator('h1.title').innerText()).trim();
    assert.ok(showsTitle(name, title), `the panel shows "${title}", the row is "${name}"`);
    const badges = await frame.locator('ul.badges li.badge').allInnerTexts();
    assert.ok(badges.some((b) => /Service issue|Active/i.test(b)), `badges: ${badges.join(' | ')}`);
    const updates = frame.locator('ol.timeline li.update');
    assert.ok((await updates.count()) > 0, 'the timeline has no updates');
    assert.match(await frame.locator('.tracking-id').innerText(), /\S{4,}/, 'no tracking id');
    // A sample event says so first, and its made-up tracking id leads to no portal page.
    const banner = frame.locator('.sample-banner');
    assert.equal(await banner.isVisible(), true, 'the sample banner is missing');
    assert.match(await banner.innerText(), /Sample event\. Made up by the local sample service/);
    assert.equal(await frame.getByRole('button', { name: /^Open in Azure portal/ }).isDisabled(), true, 'Open in Azure portal is enabled for a made-up tracking id');
    const tab = page.locator('.tabs-container .tab.active');
    assert.match(await tab.innerText(), new RegExp(title.slice(0, 20).replace(/[.*+?^${}()|[\]\\]/g, '\\$&')), 'the editor tab is not titled after the event');
  });

  it('a sensitive event (lock icon) shows its hidden text after "Fetch details" in the details panel', async () => {
    const { page } = uiSession();
    const label = await openFirstLockedEvent(page);

    const frame = await detailsFrame(page);
    assert.ok(showsTitle(label, (await frame.locator('h1.title').innerText()).trim()), `the panel shows another event than "${label}"`);
    // The listing left out description, summary and updates: the panel says so and offers the fetch.
    const notice = frame.locator('.sensitive-notice');
    assert.match(await notice.innerText(), /This event may contain sensitive information\./);
    assert.equal(await frame.locator('.vendor.description').count(), 0, 'the listing already carried the description');
    assert.equal(await frame.locator('ol.timeline li.update').count(), 0, 'the listing already carried updates');
    const fetchButton = frame.getByRole('button', { name: 'Fetch details' });
    await fetchButton.click();

    // fetchEventDetails answers with the full event: its description and update timeline appear.
    const description = frame.locator('.vendor.description');
    await description.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await description.innerText(), /(What happened|Impact Statement|What is changing)\??:\s*\S+/, 'the description is not the event text');
    assert.ok((await frame.locator('ol.timeline li.update').count()) > 0, 'the fetched event shows no updates');
    assert.equal(await frame.getByRole('button', { name: /Fetch details|Try again/ }).count(), 0, 'the fetch button is still there');
    assert.equal(await notice.count(), 0, 'the sensitive-content notice is still there');
    assert.ok(showsTitle(label, (await frame.locator('h1.title').innerText()).trim()), 'the panel shows another event');
    await closeAllEditors(page);
  });

  it('the quota status-bar item shows remaining/limit after the load, with a tooltip table', async () => {
    const { page } = uiSession();
    const { remaining, limit, text } = await readQuota(page);
    assert.ok(limit > 0 && remaining > 0 && remaining < limit, `quota "${text}" does not show requests spent`);
    const label = await statusBarItem(page, QUOTA_ITEM_ID).locator('a').first().getAttribute('aria-label');
    assert.match(label ?? '', /^API quota: [\d,]+ of [\d,]+ on \S+/);
    const tooltip = await readQuotaTooltip(page);
    assert.match(tooltip.text, /Resource[\s\S]*Left[\s\S]*Limit[\s\S]*Resets/, 'no quota table in the tooltip');
    assert.ok(tooltip.requestsSent > 0, 'the tooltip counts no requests');
    await page.mouse.move(700, 400);
  });

  it('"Service Health: Refresh" from the command palette loads again (more requests sent)', async () => {
    const { page } = uiSession();
    await openEventsView(page);
    // The shown bucket may refill between reads; the session's request count only grows.
    const before = await readQuotaTooltip(page);
    await page.mouse.move(700, 450);
    await runPaletteCommand(page, 'Service Health: Refresh');
    await waitFor(async () => {
      const now = await readQuotaTooltip(page);
      await page.mouse.move(700, 450);
      return now.requestsSent > before.requestsSent ? now : undefined;
    }, 30_000, `the request count stayed at ${before.requestsSent} after the refresh`);
    assert.equal(await groupRow(page, 'Service issues').isVisible(), true, 'the tree lost its groups');
  });

  it('the view title shows Refresh, Query Events, Filter and Group By, and Group By opens its picker', async () => {
    const { page } = uiSession();
    await openEventsView(page);
    for (const name of ['Refresh', 'Query Events…', 'Filter Events…', 'Group By…', 'Collapse All']) {
      assert.equal(await (await viewTitleAction(page, name)).isVisible(), true, `${name} is not shown`);
    }
    await (await viewTitleAction(page, 'Group By…')).click();
    const picker = page.locator('.quick-input-widget');
    await picker.waitFor({ state: 'visible' });
    const options = await picker.locator('.monaco-list-row .label-name').allInnerTexts();
    await page.keyboard.press('Escape');
    assert.ok(options.some((o) => /Status/.test(o)) && options.some((o) => /Region/.test(o)), `Group By offers: ${options.join(', ')}`);
  });
});

// Connection problems as a user meets them, in the real workbench (Azure mode, the test-only sign-in):
// an endpoint whose server is down (nothing listens on its loopback port) is reported while signed
// out and offers Open Settings, the view's title hides what cannot work until sign-in, the badge
// ignores filters, a subscription with more events than a page shows them a page at a time ("Show N
// more"), and the extension's own sample service crashing is recovered from without network advice.
// The tests run in order: each starts where the previous one left the workbench.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { clickActivityBarIcon, treeRows } from '../../harness/ui';
import { reportFailures, uiSession } from '../session';
import {
  CONTAINER_ID,
  CONTAINER_TITLE,
  activityBarBadge,
  checkPickItem,
  closeAllEditors,
  eventRows,
  groupRow,
  pickGroupBy,
  readLogUntil,
  rowAt,
  rowInfo,
  runPaletteCommand,
  scrollToRow,
  setExpanded,
  settingRow,
  viewTitleAction,
  viewTitleActionLabels,
  viewTitleMenuItems,
  waitFor,
} from '../steps';
import { notifications, pickAnotherAccount, pickSubscriptions, showNotificationCenter, signInFromWelcome, welcome, welcomeButton } from '../azure/steps';
import { endpointFixture } from './fixture';

/** Rows the Events tree shows per group before "Show more" (stated here, not read from the code, so a change shows). */
const PAGE = 300;

/** Title actions that need a loaded connection (signed in, subscriptions picked). */
const CONNECTED_ACTIONS = ['Refresh', 'Query Events…', 'Filter Events…', 'Group By…'];
const CONNECTED_MENU = ['Select Subscriptions…', 'Mark All as Seen', 'Show API Quota'];
const NETWORK_ADVICE = /network|proxy|internet|firewall/i;
/**
 * A large estate: with this many events the subscription below holds about 760 in the default
 * 7-day window, more than two pages, so "Show N more" first shows a full page, then the rest.
 */
const LARGE_ESTATE_EVENTS = 1_500;
/** Not picked by the earlier tests: picking it loads its events in full (a refresh asks only for changes). */
const LARGE_SUBSCRIPTION = 'Contoso Dev/Test';
const count = new Intl.NumberFormat('en-US');

/** An event row: level 2 under a subscription group, its description starting with the age. */
function isEventRow(info: { level: number; description: string }): boolean {
  return info.level === 2 && /^(\d+(mo|[mhd]) ago|just now)( · |$)/.test(info.description);
}

/**
 * In subscription grouping, unfolds {@link LARGE_SUBSCRIPTION}, scrolls to its "Show N more" row
 * with the mouse wheel, clicks it, scrolls on to the row's next place and presses Enter on it.
 */
async function showEveryRowOfALargeGroup(page: Page): Promise<void> {
  const group = groupRow(page, LARGE_SUBSCRIPTION);
  // The group counts every event it holds, shown as rows or not.
  const total = await waitFor(async () => {
    const n = ((await rowInfo(group)).description.match(/\d+/g) ?? []).reduce((a, d) => a + Number(d), 0);
    return n > 2 * PAGE ? n : undefined;
  }, 60_000, `"${LARGE_SUBSCRIPTION}" does not count more than ${2 * PAGE} events`);
  await setExpanded(group, true);
  const start = Number(await group.getAttribute('data-index'));

  // The first page: its rows, then "Show 300 more" saying how many stay hidden.
  let more = await scrollToRow(page, start + PAGE + 1);
  assert.ok(isEventRow(await rowInfo(rowAt(page, start + PAGE))), 'the row before "Show more" is not an event');
  assert.deepEqual(await rowInfo(more), { label: `Show ${PAGE} more`, description: `${count.format(total - PAGE)} not shown`, level: 2, expanded: undefined });
  await more.click();
  // The next page takes the row's place; the row moves a page down, offering the rest.
  await waitFor(async () => (isEventRow(await rowInfo(rowAt(page, start + PAGE + 1))) ? true : undefined), 10_000, 'no event row took the place of "Show more"');
  more = await scrollToRow(page, start + 2 * PAGE + 1);
  const rest = total - 2 * PAGE;
  const label = `Show ${count.format(Math.min(rest, PAGE))} more`;
  const description = rest > PAGE ? `${count.format(rest - PAGE)} not shown` : '';
  assert.deepEqual(await rowInfo(more), { label, description, level: 2, expanded: undefined });

  // The keyboard: the row kept the focus of the click; Enter on it shows the rest.
  assert.match((await more.getAttribute('class')) ?? '', /\bfocused\b/, 'the "Show more" row lost the focus after the click');
  await page.keyboard.press('Enter');
  await waitFor(async () => (isEventRow(await rowInfo(rowAt(page, start + 2 * PAGE + 1))) ? true : undefined), 10_000, 'Enter on "Show more" showed no more rows');
  if (rest <= PAGE) {
    // Every event is a row now: the last one is the group's last row, then the next group or the end.
    assert.ok(isEventRow(await rowInfo(await scrollToRow(page, start + total))), 'the group shows fewer rows than it counts');
    const next = rowAt(page, start + total + 1);
    if ((await next.count()) > 0) assert.equal((await rowInfo(next)).level, 1, 'a row follows the group\'s last event');
  }
}

/** Labels of the Events view's top-level rows (groups, and the filter row). */
async function topLevelLabels(page: Page): Promise<string[]> {
  return (await treeRows(page, CONTAINER_ID).and(page.locator('[aria-level="1"]')).locator('.label-name').allInnerTexts()).map((t) => t.trim());
}

/** The Settings editor shows serviceHealth.endpoint holding `value`. */
async function assertEndpointSettingShown(page: Page, value: string): Promise<void> {
  const row = settingRow(page, 'Service Health', 'Endpoint');
  await row.first().waitFor({ state: 'visible', timeout: 30_000 });
  const shown = await waitFor(async () => {
    const v = await row.first().locator('input').first().inputValue();
    return v === '' ? undefined : v;
  }, 10_000, 'the Endpoint setting shows no value');
  assert.equal(shown, value, 'the Settings editor shows another endpoint');
  assert.equal(await settingRow(page, 'Service Health', 'Mode').count(), 0, 'the Settings editor shows more than the endpoint setting');
}

describe('Connection problems in the workbench (UI)', function () {
  this.timeout(120_000);

  afterEach(reportFailures('endpoint ', 30));

  it('signed out, an endpoint whose server is down (nothing listens on its port) is reported in the view, without network advice', async () => {
    const { page } = uiSession();
    await clickActivityBarIcon(page, CONTAINER_TITLE);
    await welcomeButton(page, 'Open Settings').waitFor({ state: 'visible', timeout: 60_000 });
    const text = (await welcome(page).innerText()).replace(/\s+/g, ' ');
    assert.match(text, /The endpoint in the serviceHealth\.endpoint setting cannot be reached or is not the Azure Resource Manager API, so signing in would not help yet\./);
    assert.doesNotMatch(text, NETWORK_ADVICE, 'an endpoint setting problem is blamed on the network');
    assert.equal(await welcomeButton(page, 'Check Again').isVisible(), true, 'no Check Again');
  });

  it('Open Settings in the view shows the endpoint setting; once its server is up, Check Again clears the message', async () => {
    const { page } = uiSession();
    const fixture = endpointFixture();
    await welcomeButton(page, 'Open Settings').click();
    await assertEndpointSettingShown(page, fixture.endpoint);
    await closeAllEditors(page);
    await fixture.startService();
    await welcomeButton(page, 'Check Again').click();
    await welcomeButton(page, 'Open Settings').waitFor({ state: 'hidden', timeout: 30_000 });
    assert.doesNotMatch(await welcome(page).innerText(), /cannot be reached/);
    assert.equal(await welcomeButton(page, 'Sign In').isVisible(), true);
  });

  it('signed out, the title bar hides the actions that need a connection; after Sign In they are there', async () => {
    const { page } = uiSession();
    let labels = await viewTitleActionLabels(page);
    for (const name of CONNECTED_ACTIONS) assert.ok(!labels.includes(name), `"${name}" is in the title bar while signed out: ${labels.join(', ')}`);
    let menu = await viewTitleMenuItems(page);
    assert.ok(menu.includes('Sign In'), `the "…" menu offers no Sign In: ${menu.join(', ')}`);
    for (const name of [...CONNECTED_MENU, 'Sign Out', 'Clear Filter']) assert.ok(!menu.includes(name), `the "…" menu offers "${name}" while signed out: ${menu.join(', ')}`);

    await signInFromWelcome(page);
    await pickSubscriptions(page, ['Contoso Production', 'Fabrikam Analytics']);
    await eventRows(page).first().waitFor({ state: 'visible', timeout: 60_000 });
    labels = await waitFor(async () => {
      const now = await viewTitleActionLabels(page);
      return CONNECTED_ACTIONS.every((n) => now.includes(n)) ? now : undefined;
    }, 10_000, 'the title bar lacks actions after Sign In');
    menu = await viewTitleMenuItems(page);
    for (const name of [...CONNECTED_MENU, 'Sign Out']) assert.ok(menu.includes(name), `the "…" menu lacks "${name}" after Sign In: ${menu.join(', ')}`);
    assert.ok(!menu.includes('Sign In'), 'the "…" menu still offers Sign In');
  });

  it('the activity-bar badge keeps counting unseen active service issues while a filter hides them', async () => {
    const { page } = uiSession();
    const badge = await waitFor(() => activityBarBadge(page, CONTAINER_TITLE), 30_000, 'the Service Health icon has no badge');
    assert.ok(badge > 0);
    assert.ok((await topLevelLabels(page)).includes('Service issues'), 'no Service issues group to hide');

    await (await viewTitleAction(page, 'Filter Events…')).click();
    await page.locator('.quick-input-widget').filter({ hasText: 'Filter Events' }).waitFor({ state: 'visible' });
    await checkPickItem(page, 'Planned maintenance', 'Planned maintenance');
    await page.locator('.quick-input-widget input.input').first().fill('');
    await page.keyboard.press('Enter');
    await page.locator('.quick-input-widget').waitFor({ state: 'hidden' });

    const filterRow = treeRows(page, CONTAINER_ID).filter({ has: page.locator('.label-name', { hasText: /^Filtered:/ }) }).first();
    await filterRow.waitFor({ state: 'visible', timeout: 10_000 });
    const info = await rowInfo(filterRow);
    assert.equal(info.label, 'Filtered: Planned maintenance');
    const m = /^(\d+) of (\d+) shown · Clear$/.exec(info.description);
    assert.ok(m && Number(m[1]) < Number(m[2]), `the filter row says "${info.description}"`);
    const groups = await waitFor(async () => {
      const labels = (await topLevelLabels(page)).filter((l) => !l.startsWith('Filtered:'));
      return labels.includes('Service issues') ? undefined : labels;
    }, 10_000, 'the Service issues group is still shown');
    assert.deepEqual(groups, ['Planned maintenance'], 'the filter left other groups');
    assert.equal(await activityBarBadge(page, CONTAINER_TITLE), badge, 'the badge changed with the filter');

    // The filter row clears the filter when clicked.
    await filterRow.click();
    await filterRow.waitFor({ state: 'detached', timeout: 10_000 });
    await waitFor(async () => ((await topLevelLabels(page)).includes('Service issues') ? true : undefined), 10_000, 'the Service issues group did not come back');
    assert.equal(await activityBarBadge(page, CONTAINER_TITLE), badge, 'clearing the filter changed the badge');
  });

  it('signed in, an endpoint whose server went down offers Open Settings, which shows the setting', async () => {
    const { page } = uiSession();
    const fixture = endpointFixture();
    await notifications(page, true);
    await fixture.stopService();
    await (await viewTitleAction(page, 'Refresh')).click();
    const center = await showNotificationCenter(page, true);
    const item = center.locator('.notification-list-item').filter({ hasText: /serviceHealth\.endpoint/ }).first();
    await waitFor(async () => {
      if (await item.isVisible()) return true;
      // The center lists what arrived while it was open only after reopening on some builds.
      await showNotificationCenter(page, false);
      await showNotificationCenter(page, true);
      return undefined;
    }, 30_000, 'no notification about the endpoint');
    const text = (await item.locator('.notification-list-item-message').innerText()).trim();
    assert.equal(text, `The endpoint ${fixture.endpoint} in the serviceHealth.endpoint setting cannot be used (Nothing answered at ${fixture.endpoint} (ECONNREFUSED)); select Open Settings to fix or clear it.`);
    assert.doesNotMatch(text, NETWORK_ADVICE);
    // The Refresh button's hover (the mouse is still on it) can cover the notification's buttons.
    await page.mouse.move(700, 450);
    await page.locator('.monaco-hover').waitFor({ state: 'hidden', timeout: 5_000 }).catch(() => undefined);
    await item.locator('.monaco-button').filter({ hasText: /^Open Settings$/ }).click();
    await assertEndpointSettingShown(page, fixture.endpoint);
    await closeAllEditors(page);
    await showNotificationCenter(page, false).catch(() => undefined);

    await fixture.startService();
    await (await viewTitleAction(page, 'Refresh')).click();
    await eventRows(page).first().waitFor({ state: 'visible', timeout: 30_000 });
    await notifications(page, true);
  });

  it('a subscription with more events than a page shows them a page at a time: "Show N more", clicked and then with Enter, at 300 px', async () => {
    const { page } = uiSession();
    const fixture = endpointFixture();
    await fixture.stopService();
    await fixture.startService({ events: LARGE_ESTATE_EVENTS });
    try {
      await runPaletteCommand(page, 'Service Health: Select Subscriptions…', true);
      await pickSubscriptions(page, [LARGE_SUBSCRIPTION]);
      await pickGroupBy(page, /^Subscription$/);
      await showEveryRowOfALargeGroup(page);
    } finally {
      // Back to the grouping, the two subscriptions and the data the later tests were written for.
      await page.keyboard.press('Escape');
      await pickGroupBy(page, /^Type, then status$/);
      await runPaletteCommand(page, 'Service Health: Select Subscriptions…', true);
      await pickSubscriptions(page, [LARGE_SUBSCRIPTION]);
      await fixture.stopService();
      await fixture.startService();
    }
  });

  it('the embedded sample service crashing (its port closed) is restarted by itself and the events come back, without network advice', async () => {
    const { page } = uiSession();
    await runPaletteCommand(page, 'Service Health: Use Sample Service');
    const first = await readLogUntil(page, /Sample service listening on http:\/\/127\.0\.0\.1:\d+\./);
    const oldPorts = [...first.matchAll(/Sample service listening on http:\/\/127\.0\.0\.1:(\d+)\./g)].map((x) => x[1]);
    await eventRows(page).first().waitFor({ state: 'visible', timeout: 60_000 });

    // The local process dies: its port refuses connections from now on.
    await runPaletteCommand(page, 'Service Health Test: Crash the Local Sample Service');
    await (await viewTitleAction(page, 'Refresh')).click();
    const log = await readLogUntil(page, /The local sample service stopped \(Nothing answered at http:\/\/127\.0\.0\.1:\d+ \(ECONNREFUSED\)\); it was started again and the events reloaded\..*Sample service listening on http:\/\/127\.0\.0\.1:\d+\./);
    const stopped = /The local sample service stopped \(Nothing answered at http:\/\/127\.0\.0\.1:(\d+)/.exec(log)?.[1];
    assert.equal(stopped, oldPorts.at(-1), 'the log names another service than the one that crashed');
    const after = log.slice(log.indexOf('The local sample service stopped'));
    const newPort = /Sample service listening on http:\/\/127\.0\.0\.1:(\d+)\./.exec(after)?.[1];
    assert.ok(newPort && !oldPorts.includes(newPort), `no new sample service was started (ports ${oldPorts.join(', ')} → ${String(newPort)})`);
    assert.doesNotMatch(after, NETWORK_ADVICE, 'a crashed local process was blamed on the network');

    await eventRows(page).first().waitFor({ state: 'visible', timeout: 30_000 });
    const said = await notifications(page);
    assert.deepEqual(said.filter((t) => NETWORK_ADVICE.test(t) || /sample service/i.test(t)), [], 'a recovery that worked still raised a notification');
  });

  it('while a sign-in waits for the browser, the "…" menu offers no Sign In (it could not start another one), only after Cancel', async () => {
    const { page } = uiSession();
    await runPaletteCommand(page, 'Service Health: Use Azure');
    await eventRows(page).first().waitFor({ state: 'visible', timeout: 60_000 });
    await runPaletteCommand(page, 'Service Health: Sign Out');
    await welcomeButton(page, 'Sign In').waitFor({ state: 'visible', timeout: 30_000 });
    await signInFromWelcome(page);
    await pickAnotherAccount(page);
    // The browser flow never finishes: the view offers Cancel.
    await welcomeButton(page, 'Cancel').waitFor({ state: 'visible', timeout: 30_000 });
    let menu = await viewTitleMenuItems(page);
    for (const name of ['Sign In', 'Sign Out', ...CONNECTED_MENU]) assert.ok(!menu.includes(name), `the "…" menu offers "${name}" while signing in: ${menu.join(', ')}`);
    await welcomeButton(page, 'Cancel').click();
    await welcomeButton(page, 'Sign In').waitFor({ state: 'visible', timeout: 10_000 });
    menu = await viewTitleMenuItems(page);
    assert.ok(menu.includes('Sign In'), `the "…" menu offers no Sign In after Cancel: ${menu.join(', ')}`);
  });
});

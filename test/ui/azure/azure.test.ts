// Azure mode as a user meets it, in the real workbench: sign-in through VS Code's own consent dialog
// and account picker (answered by the test-only `microsoft` provider, see fixture.ts), the
// subscription picker, events from the ARM stand-in, a token expiring on its way, switching account
// and signing out. The tests run in order: each starts where the previous one left the workbench.
import * as assert from 'node:assert/strict';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { extensionHostLogs, type ExtensionHostLog } from '../../harness/activations';
import { EXTENSION_ID, activityBarIcon, clickActivityBarIcon, statusBarItem, viewContainer, waitForWorkbench } from '../../harness/ui';
import { paneDescription, paneRows, resourcesPane, setPaneExpanded } from '../resourcesPane';
import { reportFailures, uiSession } from '../session';
import { CONTAINER_ID, CONTAINER_TITLE, QUOTA_ITEM_ID, eventRows, runPaletteCommand, viewTitleAction, waitFor } from '../steps';
import type { AuthRecord } from '../../../src/core/sample';
import { ACCOUNTS, azureFixture } from './fixture';
import { pickAnotherAccount, pickSubscriptions, quickPickRow, quickPickRows, signInFromWelcome, statusBarSpinners, notifications, welcome, welcomeButton } from './steps';

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const CONSENT = /The extension 'Service Health' wants to sign in using Microsoft\./;
const [ADA, GRACE] = ACCOUNTS.map((a) => a.label);

/** No spinner in the status bar, also a moment later (a leftover would keep spinning). */
async function assertNoSpinner(what: string): Promise<void> {
  const { page } = uiSession();
  await new Promise((r) => setTimeout(r, 1_500));
  assert.equal(await statusBarSpinners(page).count(), 0, `a spinner is left in the status bar after ${what}`);
}

/** The activation events that started Service Health in this extension host. */
function ours(host: ExtensionHostLog): string[] {
  return host.activations.filter((a) => a.extensionId === EXTENSION_ID).map((a) => a.event);
}

function recordsSince(index: number): AuthRecord[] {
  return azureFixture().service.authRecords.slice(index);
}

/** Reloads the window through VS Code's own command (which saves its state) and shows the Service Health container. */
async function reloadShowingServiceHealth(page: Page): Promise<void> {
  const reloaded = page.waitForEvent('load', { timeout: 60_000 });
  await runPaletteCommand(page, 'Developer: Reload Window');
  await reloaded;
  await waitForWorkbench(page, 120_000);
  if (!(await viewContainer(page, CONTAINER_ID).isVisible())) {
    await clickActivityBarIcon(page, CONTAINER_TITLE);
  }
}

/** The resource health cache files (events-<hash>.health.json) in the extension's global storage. */
function healthCacheFiles(serverDir: string): string[] {
  const dir = join(serverDir, 'user-data', 'User', 'globalStorage', EXTENSION_ID);
  return existsSync(dir) ? readdirSync(dir).filter((f) => /^events-[0-9a-f]+\.health\.json$/.test(f)) : [];
}

const isHealthListing = (r: AuthRecord): boolean => r.path.includes('/providers/Microsoft.ResourceHealth/availabilityStatuses') || r.path.includes('/providers/Microsoft.ResourceGraph/');

describe('Azure mode in the workbench (UI)', function () {
  this.timeout(120_000);

  afterEach(reportFailures('azure ', 30));

  it('a user who dismisses VS Code\'s consent dialog is back at Sign In, with no spinner and no error', async () => {
    const { page } = uiSession();
    await clickActivityBarIcon(page, CONTAINER_TITLE);
    await welcomeButton(page, 'Sign In').waitFor({ state: 'visible', timeout: 60_000 });
    const message = await signInFromWelcome(page, 'Cancel');
    assert.match(message, CONSENT, 'the consent dialog does not read as in production');
    await welcomeButton(page, 'Sign In').waitFor({ state: 'visible', timeout: 10_000 });
    await assertNoSpinner('a dismissed sign-in');
    assert.deepEqual(await notifications(page), [], 'dismissing the dialog (the user\'s choice) raised a notification');
    assert.equal(azureFixture().service.authRecords.length, 0, 'a request reached the service without a sign-in');
  });

  it('a sign-in the identity provider fails says so in one sentence, and leaves Sign In and no spinner', async () => {
    const { page } = uiSession();
    await signInFromWelcome(page);
    await welcomeButton(page, 'Sign In').waitFor({ state: 'visible', timeout: 30_000 });
    await assertNoSpinner('a failed sign-in');
    const said = await waitFor(async () => {
      const texts = await notifications(page);
      return texts.length > 0 ? texts : undefined;
    }, 30_000, 'no notification after the failed sign-in');
    assert.deepEqual(said, ['Sign-in did not complete (The Microsoft sign-in page could not be reached); select Sign In to try again.']);
    await notifications(page, true);
  });

  it('Sign In: consent, a subscription picker that shows names (not GUIDs), then the picked subscriptions\' events', async () => {
    const { page } = uiSession();
    const service = azureFixture().service;
    await signInFromWelcome(page);
    const labels = await pickSubscriptions(page, ['Contoso Production', 'Fabrikam Analytics']);
    assert.deepEqual([...labels].sort(), ['Contoso Dev/Test', 'Contoso Production', 'Fabrikam Analytics']);
    assert.ok(labels.every((l) => !GUID.test(l)), `the picker shows GUIDs: ${labels.join(', ')}`);
    await eventRows(page).first().waitFor({ state: 'visible', timeout: 60_000 });
    const picked = [service.subscriptionIds[0], service.subscriptionIds[2]].map((id) => id?.toLowerCase());
    const eventPaths = service.authRecords.filter((r) => r.path.endsWith('/events')).map((r) => r.path.split('/')[2]?.toLowerCase());
    assert.ok(eventPaths.length > 0 && eventPaths.every((id) => picked.includes(id)), `events were read for ${eventPaths.join(', ')}`);
    assert.ok(service.authRecords.every((r) => r.outcome === 'ok' && r.account === ADA), 'a request went without Ada\'s valid token');
  });

  it('Show API Quota lists ARM\'s per-subscription buckets under their own heading, by subscription name; a picked row says when it comes back', async () => {
    const { page } = uiSession();
    const item = statusBarItem(page, QUOTA_ITEM_ID);
    await item.waitFor({ state: 'visible', timeout: 30_000 });
    await item.click();
    const rows = quickPickRows(page);
    await rows.first().waitFor({ state: 'visible', timeout: 30_000 });
    const separators = await page.locator('.quick-input-widget .quick-input-list-separator').allInnerTexts();
    assert.ok(separators.some((t) => /Azure Resource Manager · per subscription/.test(t)), `no ARM heading among: ${separators.join(' | ')}`);
    // The label starts with its severity icon.
    const reads = quickPickRow(page, /Reads · /);
    await reads.first().waitFor({ state: 'visible', timeout: 10_000 });
    // A row's label and its detail line are both '.label-name': keep the labels (the detail carries the GUID next to the name, by design).
    const labels = (await reads.locator('.label-name').allInnerTexts()).map((t) => t.trim()).filter((t) => /^Reads · /.test(t));
    assert.ok(labels.some((l) => /Reads · (Contoso Production|Fabrikam Analytics)/.test(l)), `the reads rows name no subscription: ${labels.join(', ')}`);
    assert.ok(labels.every((l) => !/[0-9a-f]{8}-[0-9a-f]{4}-/i.test(l)), `a row shows a GUID where the name is known: ${labels.join(', ')}`);
    await reads.first().click();
    const said = await waitFor(async () => {
      const texts = await notifications(page);
      return texts.find((t) => /^Reads for .+: [\d,]+ (of [\d,]+ )?left \(from response headers\)\. Azure Resource Manager refills this token bucket continuously/.test(t));
    }, 15_000, 'no explanation after picking a quota row');
    assert.doesNotMatch(said, /[0-9a-f]{8}-[0-9a-f]{4}-/i, 'the explanation names the subscription by GUID');
    await notifications(page, true);
  });

  it('an access token that expires on its way to the service is renewed silently, once, and the view still loads', async () => {
    const { page } = uiSession();
    const service = azureFixture().service;
    let last = service.authRecords.at(-1);
    assert.ok(last?.expires !== undefined && last.serial !== undefined);
    if (last.expires - Date.now() < 4_000) {
      // Too close to expiry to hold a request on purpose: let it lapse and load with the renewed token first.
      const serial = last.serial;
      await new Promise((r) => setTimeout(r, Math.max(0, (last?.expires ?? 0) - Date.now()) + 300));
      await (await viewTitleAction(page, 'Refresh')).click();
      last = await waitFor(async () => service.authRecords.find((r) => r.outcome === 'ok' && r.serial === serial + 1), 30_000, 'no renewed token arrived');
      assert.ok(last.expires !== undefined && last.serial !== undefined);
    }
    // Requests reach the service only once the token they carry has expired (a slow network).
    const holdMs = Math.max(0, last.expires - Date.now()) + 1_000;
    const from = service.authRecords.length;
    service.knobs.latencyMs = holdMs;
    await (await viewTitleAction(page, 'Refresh')).click();
    await waitFor(async () => (recordsSince(from).some((r) => r.outcome === 'expired') ? true : undefined), holdMs + 30_000, 'no request arrived with an expired token');
    service.knobs.latencyMs = 0;
    await waitFor(async () => {
      const rs = recordsSince(from);
      const expired = rs.filter((r) => r.outcome === 'expired');
      return expired.every((e) => rs.some((r) => r.outcome === 'ok' && r.path === e.path && r.at >= e.at)) ? rs : undefined;
    }, 30_000, 'a request rejected for its expired token was not sent again');
    const records = recordsSince(from);
    const expired = records.filter((r) => r.outcome === 'expired');
    for (const e of expired) {
      assert.equal(e.serial, last.serial, 'the rejected token is not the one the view had');
      const retries = records.filter((r) => r.path === e.path && r.at >= e.at && r.outcome === 'ok');
      assert.equal(retries.length, 1, `${e.path} was sent ${retries.length} times after its 401`);
      assert.equal(retries[0]?.serial, last.serial + 1, 'the retry did not carry the renewed token');
    }
    assert.equal(records.filter((r) => r.outcome !== 'ok' && r.outcome !== 'expired').length, 0, 'a request went without a valid token');
    assert.equal(expired.filter((e, i) => expired.findIndex((x) => x.path === e.path) !== i).length, 0, 'a request got two 401s');
    await eventRows(page).first().waitFor({ state: 'visible', timeout: 30_000 });
    assert.deepEqual(await notifications(page), [], 'the user was told something (asked to sign in again?)');
  });

  it('after a window reload on a slow network, the cached events are on screen before any request is answered', async () => {
    const { page } = uiSession();
    const service = azureFixture().service;
    await eventRows(page).first().waitFor({ state: 'visible', timeout: 30_000 });
    // A network where every answer takes half a minute: rows that show sooner come from the cache.
    const slowMs = 30_000;
    service.knobs.latencyMs = slowMs;
    const from = service.authRecords.length;
    let answeredBeforeRows: number;
    try {
      await reloadShowingServiceHealth(page);
      await eventRows(page).first().waitFor({ state: 'visible', timeout: slowMs });
      // The service records a request once it answers it (after the delay).
      answeredBeforeRows = recordsSince(from).length;
    } finally {
      service.knobs.latencyMs = 0;
    }
    assert.equal(answeredBeforeRows, 0, 'a request was answered before the cached rows showed');
    // The refresh behind the cached rows is answered too (as Ada), so later tests meet no late answer.
    // Held longer than a token lives (15 s), the first requests may meet an expired token and go again with a renewed one.
    await waitFor(async () => (recordsSince(from).some((r) => r.path.endsWith('/events') && r.outcome === 'ok') ? true : undefined), slowMs + 45_000, 'the refresh after the reload never got through');
    const records = recordsSince(from);
    assert.ok(records.every((r) => r.account === ADA && (r.outcome === 'ok' || r.outcome === 'expired')), `requests after the reload: ${JSON.stringify(records.map((r) => [r.account, r.outcome]))}`);
    await eventRows(page).first().waitFor({ state: 'visible', timeout: 30_000 });
  });

  it('after a window reload, the Resources view shows the cached statuses titled "from cache" until the listing answers, then the same view without it', async function () {
    this.timeout(300_000);
    const { page, serverDir } = uiSession();
    assert.ok(serverDir, 'the runner did not say where the VS Code server keeps its files');
    const service = azureFixture().service;
    const pane = resourcesPane(page);
    const resourceRows = async (): Promise<number> => (await paneRows(pane)).filter((r) => r.level === 3).length;
    await setPaneExpanded(pane, true);
    try {
      // Shown, the view lists resource health, and the listing is cached.
      await waitFor(async () => ((await resourceRows()) > 0 ? true : undefined), 60_000, 'the Resources view listed no resource');
      await waitFor(async () => (healthCacheFiles(serverDir).length > 0 ? true : undefined), 30_000, 'the resource health cache was not written');
      assert.doesNotMatch(await paneDescription(pane), /from cache/, 'statuses just listed are titled "from cache"');

      // A slow network: after the reload every answer takes 20 s, so the statuses shown first are the cache's.
      service.knobs.latencyMs = 20_000;
      const from = service.authRecords.length;
      let marked: string;
      try {
        await reloadShowingServiceHealth(page);
        await setPaneExpanded(pane, true);
        marked = await waitFor(async () => {
          const description = await paneDescription(pane);
          return (await resourceRows()) > 0 && /from cache/.test(description) ? description : undefined;
        }, 20_000, 'the cached statuses were not shown titled "from cache" after the reload');
        // The service records a request once it answers it: nothing was listed yet.
        assert.equal(recordsSince(from).filter(isHealthListing).length, 0, 'the listing answered before the cached statuses were read; the test proves nothing');
      } finally {
        service.knobs.latencyMs = 0;
      }
      assert.equal(marked, 'from cache');

      // The listing answers (after the events refresh it follows): the title loses the mark, the rows stay.
      await waitFor(async () => (recordsSince(from).some((r) => isHealthListing(r) && r.outcome === 'ok') ? true : undefined), 120_000, 'the resource health listing after the reload never got through');
      const after = await waitFor(async () => {
        const description = await paneDescription(pane);
        return !/from cache/.test(description) ? description : undefined;
      }, 30_000, 'the Resources view still says "from cache" after the listing answered');
      assert.equal(after, '');
      assert.ok((await resourceRows()) > 0, 'the listed statuses are not shown');
    } finally {
      // Later tests read the Events view's rows: fold the pane again.
      await setPaneExpanded(pane, false);
    }
  });

  it('a reloaded window with the Explorer in front does not start Service Health (no activation, no request) until its view opens', async () => {
    // Signed in with subscriptions picked: the chat participant, the agent tools and the MCP server
    // definitions (which VS Code caches) are all contributed; none may activate the extension.
    const { page, serverDir } = uiSession();
    assert.ok(serverDir, 'the runner did not say where the VS Code server keeps its logs');
    const service = azureFixture().service;
    await clickActivityBarIcon(page, 'Explorer');
    await viewContainer(page, CONTAINER_ID).waitFor({ state: 'hidden', timeout: 10_000 });
    const hostsBefore = extensionHostLogs(serverDir).length;
    // Through VS Code's own command, which saves the window's state (a browser reload may not).
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await runPaletteCommand(page, 'Developer: Reload Window');
    await reloaded;
    const requestsAtReload = service.stats.requests;
    await waitForWorkbench(page, 120_000);
    // Start-up is over once VS Code has activated the `onStartupFinished` extensions (the test-only sign-in provider is one).
    const host = await waitFor(async () => extensionHostLogs(serverDir).slice(hostsBefore).find((h) => h.startupFinished), 120_000, 'the reloaded window\'s extension host did not finish starting');
    assert.equal(await viewContainer(page, CONTAINER_ID).isVisible(), false, 'the reloaded window restored the Service Health view, so this test proves nothing');
    assert.deepEqual(ours(host), [], `Service Health was activated at start-up with its view closed (log: ${host.folder})`);
    assert.equal(service.stats.requests, requestsAtReload, 'a request reached the service before the view was opened');
    // Opening the view is what starts it, and its events show.
    const from = service.authRecords.length;
    await activityBarIcon(page, CONTAINER_TITLE).first().click();
    const opened = await waitFor(async () => {
      const h = extensionHostLogs(serverDir).find((l) => l.folder === host.folder);
      return h && ours(h).length > 0 ? ours(h) : undefined;
    }, 60_000, 'opening the view did not activate Service Health');
    assert.deepEqual(opened, ['onView:serviceHealth.events']);
    await eventRows(page).first().waitFor({ state: 'visible', timeout: 60_000 });
    // Those rows can be the cache's, drawn before the silent sign-in answers (Sign Out is not in the
    // palette until then): the next tests start once the refresh behind them got through.
    await waitFor(async () => (recordsSince(from).some((r) => r.path.endsWith('/events') && r.outcome === 'ok') ? true : undefined), 60_000, 'the refresh after opening the view never got through');
  });

  it('switching account: Sign Out, then Sign In with another account in VS Code\'s account picker', async () => {
    const { page } = uiSession();
    const service = azureFixture().service;
    await runPaletteCommand(page, 'Service Health: Sign Out');
    await welcomeButton(page, 'Sign In').waitFor({ state: 'visible', timeout: 30_000 });
    await signInFromWelcome(page);
    const accounts = await pickAnotherAccount(page);
    assert.ok(accounts.includes(ADA ?? ''), `the account picker does not offer Ada: ${accounts.join(', ')}`);
    const from = service.authRecords.length;
    await pickSubscriptions(page, ['Contoso Dev/Test']);
    await eventRows(page).first().waitFor({ state: 'visible', timeout: 60_000 });
    const records = recordsSince(from);
    assert.ok(records.length > 0 && records.every((r) => r.account === GRACE && r.outcome === 'ok'), `requests after the switch: ${JSON.stringify(records.map((r) => r.account))}`);
  });

  it('Sign Out brings the welcome view back; a sign-in that never finishes says "Signing in…" until Cancel, leaving no spinner', async () => {
    const { page } = uiSession();
    await runPaletteCommand(page, 'Service Health: Sign Out');
    await welcomeButton(page, 'Sign In').waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await eventRows(page).count(), 0, 'events are still shown after Sign Out');
    await signInFromWelcome(page);
    await pickAnotherAccount(page);
    // The browser flow never finishes: the view says what is going on and offers Cancel.
    await welcomeButton(page, 'Cancel').waitFor({ state: 'visible', timeout: 30_000 });
    assert.match(await welcome(page).innerText(), /Signing in…/);
    // The status bar shows the wait too (which also proves the spinner locator finds one).
    await statusBarSpinners(page).first().waitFor({ state: 'visible', timeout: 10_000 });
    await welcomeButton(page, 'Cancel').click();
    await welcomeButton(page, 'Sign In').waitFor({ state: 'visible', timeout: 10_000 });
    assert.equal(await viewContainer(page, CONTAINER_ID).getByText(/Signing in…/).count(), 0);
    await assertNoSpinner('a cancelled sign-in');
  });

  it('no access token reaches the Service Health log', async () => {
    const { page } = uiSession();
    await runPaletteCommand(page, 'Service Health: Show Log');
    const output = page.locator('.part.panel .view-lines');
    await output.getByText('Sign-in cancelled.').first().waitFor({ state: 'visible', timeout: 20_000 });
    // The editor renders only the lines in view: make the panel tall enough for the whole session.
    await runPaletteCommand(page, 'View: Toggle Maximized Panel');
    // Monaco renders spaces as no-break spaces and links (contoso.com) as separate spans.
    const read = async (): Promise<string> => (await output.innerText()).replace(/\s+/g, ' ');
    const shown = await waitFor(async () => {
      const text = await read();
      return text.includes('Signed in as ada@contoso.com.') ? text : undefined;
    }, 10_000, 'the log does not show the first sign-in');
    // Every token the test provider issues starts with "sht1." (see signedTokens.ts).
    assert.match(shown, /Signed in as grace@fabrikam\.com\./, 'the visible part of the log does not cover both sign-ins');
    assert.ok(!shown.includes('sht1.') && !/Bearer\s/i.test(shown), 'the log shows a token');
  });
});

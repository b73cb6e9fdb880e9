// @health in the real Chat view (Ctrl+Alt+I), typed and clicked as a user does. The only model is
// the test companion's (VS Code needs one to dispatch any participant request); @health's answers
// here come from the query language alone.
import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { reportFailures, uiSession } from '../session';
import { detailsFrame, waitFor } from '../steps';

const MODEL_NAME = 'Test Echo';
const QUESTION = '@health are there active outages in West Europe?';
const INTERPRETATION = /^(Active service issues|Service issues) in West Europe, last 7 days: (\d+)$/u;

function responses(page: Page): Locator {
  return page.locator('.interactive-item-container.interactive-response');
}

/**
 * The interpretation line (bold, first paragraph) of the latest response, once it matches `expected`,
 * and its count. Not a count of responses: the chat list renders only what is in view.
 */
async function latestInterpretation(page: Page, expected: RegExp): Promise<{ response: Locator; text: string; n: number }> {
  return waitFor(
    async () => {
      const response = responses(page).last();
      if ((await response.count()) === 0) return undefined;
      const strong = response.locator('.rendered-markdown strong').first();
      const text = (await strong.innerText({ timeout: 1_000 }).catch(() => '')).trim();
      const m = INTERPRETATION.exec(text);
      return m && expected.test(text) ? { response, text, n: Number(m[2]) } : undefined;
    },
    60_000,
    `a response whose interpretation line matches ${String(expected)}`,
  );
}

describe('@health in the real Chat view (UI)', function () {
  this.timeout(180_000);
  afterEach(reportFailures('chat-'));

  it('answers a typed question with the interpretation first and the events, then follows a follow-up and an event link', async () => {
    const { page } = uiSession();
    await page.keyboard.press('Control+Alt+KeyI');
    // The fake model is picked by itself once its vendor was resolved; sending before that fails.
    await page.locator(`[aria-label*="${MODEL_NAME}"]`).first().waitFor({ state: 'visible', timeout: 60_000 });
    const input = page.locator('.interactive-input-part .monaco-editor').first();
    await input.click();
    await page.keyboard.type(QUESTION, { delay: 10 });
    await page.keyboard.press('Enter');

    const first = await latestInterpretation(page, /^Active service issues in West Europe/u);
    const items = first.response.locator('.rendered-markdown li');
    assert.equal(await items.count(), Math.min(first.n, 10), `${first.text}: one line per event, at most 10`);
    assert.match(first.text, /^Active service issues in West Europe/u);
    assert.doesNotMatch(await first.response.innerText(), /Language model unavailable/u);

    // The first follow-up widens the question ("Show resolved too"): a second request, answered in full.
    const followup = page.locator('.interactive-session-followups .monaco-button, .interactive-session-followups a').first();
    await followup.waitFor({ state: 'visible', timeout: 30_000 });
    assert.match((await followup.innerText()).trim(), /Show resolved too/u);
    await followup.click();
    const second = await latestInterpretation(page, /^Service issues in West Europe/u);
    assert.match(second.text, /^Service issues in West Europe, last 7 days: \d+$/u);
    assert.ok(second.n >= first.n, `${second.text} counts at least the ${first.n} active ones`);

    // An event's title is a link that opens its details panel (in the latest answer: the chat list
    // scrolls earlier ones out of view).
    const withEvents = second.n > 0 ? second.response : first.response;
    const link = withEvents.locator('.rendered-markdown li a').first();
    await link.waitFor({ state: 'visible', timeout: 10_000 });
    const title = (await link.innerText()).trim();
    await link.click();
    const frame = await detailsFrame(page);
    assert.equal((await frame.locator('h1.title').innerText()).trim(), title);
  });

  it('"summarize <id>" shows the event and its updates in full, with the summary of the model after them', async () => {
    const { page } = uiSession();
    const link = responses(page).last().locator('.rendered-markdown li').first();
    // Each event line names its tracking id ("… · updated 3h ago · ABCD-123 · 2 subscriptions").
    const id = /·\s*([A-Z0-9]{2,}-[A-Z0-9]{2,})\s*(?:·|$)/u.exec((await link.innerText()).trim())?.[1];
    assert.ok(id, 'a tracking id in the first event line');
    const input = page.locator('.interactive-input-part .monaco-editor').first();
    await input.click();
    await page.keyboard.type(`@health summarize ${id}`, { delay: 10 });
    await page.keyboard.press('Enter');
    const response = await waitFor(
      async () => {
        // Not a count of responses: the chat list renders only what is in view, so it need not grow.
        const last = responses(page).last();
        const text = await last.innerText({ timeout: 1_000 });
        return /Summary \(written by/u.test(text) ? { last, text } : undefined;
      },
      60_000,
      'the summary answer',
    );
    // Visible without expanding anything: the progress message came before the Markdown.
    await response.last.getByText('Latest updates:').waitFor({ state: 'visible', timeout: 10_000 });
    assert.match(response.text, new RegExp(`written by ${MODEL_NAME}`, 'u'));
    assert.match(response.text, /ECHO /u);
  });
});

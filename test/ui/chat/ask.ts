// Typing a question to @health into the real Chat view, as a user does (the chat group's tests share it).
import type { Locator, Page } from 'playwright-core';
import { waitFor } from '../steps';

/** The chat group's only model: the test companion's (VS Code needs one to dispatch any participant request). */
export const MODEL_NAME = 'Test Echo';

/** Types a question into the Chat view and waits for the latest response whose text matches `expected`. */
export async function ask(page: Page, question: string, expected: RegExp): Promise<{ response: Locator; text: string }> {
  if (!(await page.locator('.interactive-input-part .monaco-editor').first().isVisible())) await page.keyboard.press('Control+Alt+KeyI');
  await page.locator(`[aria-label*="${MODEL_NAME}"]`).first().waitFor({ state: 'visible', timeout: 60_000 });
  await page.locator('.interactive-input-part .monaco-editor').first().click();
  await page.keyboard.type(question, { delay: 10 });
  await page.keyboard.press('Enter');
  return waitFor(
    async () => {
      // Not a count of responses: the chat list renders only what is in view.
      const response = page.locator('.interactive-item-container.interactive-response').last();
      const text = await response.innerText({ timeout: 1_000 }).catch(() => '');
      return expected.test(text) ? { response, text } : undefined;
    },
    90_000,
    `an answer to "${question}" matching ${String(expected)}`,
  );
}

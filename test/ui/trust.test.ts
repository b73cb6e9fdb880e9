// Text fetched with "Fetch details" across a real window reload: the restored panel offers the
// fetch again without the text, and the browser's storage (where the web workbench keeps webview
// state) holds the event but never that text. Runs after events.test.ts: the reload restarts the extension.
import * as assert from 'node:assert/strict';
import type { Page } from 'playwright-core';
import { waitForWorkbench } from '../harness/ui';
import { reportFailures, uiSession } from './session';
import { closeAllEditors, detailsFrame, openFirstLockedEvent, runPaletteCommand, showsTitle } from './steps';

/**
 * Every value in every IndexedDB database and in localStorage of the page, as one string. A string
 * script: the test project has no DOM types, and this runs in the browser.
 */
const READ_BROWSER_STORAGE = `(async () => {
  const out = [];
  for (const info of await indexedDB.databases()) {
    if (!info.name) continue;
    const db = await new Promise((resolve, reject) => {
      const open = indexedDB.open(info.name);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    for (const store of Array.from(db.objectStoreNames)) {
      const values = await new Promise((resolve, reject) => {
        const req = db.transaction(store, 'readonly').objectStore(store).getAll();
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      for (const v of values) out.push(typeof v === 'string' ? v : v instanceof Uint8Array ? new TextDecoder().decode(v) : JSON.stringify(v));
    }
    db.close();
  }
  for (let i = 0; i < localStorage.length; i++) out.push(localStorage.getItem(localStorage.key(i)) || '');
  return out.join('\\n');
})()`;

async function browserStorageText(page: Page): Promise<string> {
  const text: unknown = await page.evaluate(READ_BROWSER_STORAGE);
  return typeof text === 'string' ? text : '';
}

describe('sensitive text after a window reload (UI)', function () {
  this.timeout(180_000);

  afterEach(reportFailures());

  it('the restored panel shows "Fetch details" again, and no storage of the workbench holds the fetched text', async () => {
    const { page } = uiSession();
    const label = await openFirstLockedEvent(page);

    let frame = await detailsFrame(page);
    await frame.getByRole('button', { name: 'Fetch details' }).click();
    const description = frame.locator('.vendor.description');
    await description.waitFor({ state: 'visible', timeout: 30_000 });
    const secret = (/[A-Za-z0-9][A-Za-z0-9 ,]{29,}/.exec(await description.innerText())?.[0] ?? '').slice(0, 40);
    assert.ok(secret.length >= 30, 'the fetched description has no plain sentence to look for');

    // VS Code's own reload flushes the workbench state (open editors, webview state) first.
    const reloaded = page.waitForEvent('load', { timeout: 60_000 });
    await runPaletteCommand(page, 'Developer: Reload Window');
    await reloaded;
    await waitForWorkbench(page);
    frame = await detailsFrame(page);
    assert.ok(showsTitle(label, (await frame.locator('h1.title').innerText()).trim()), 'the restored panel shows another event');
    await frame.getByRole('button', { name: 'Fetch details' }).waitFor({ state: 'visible', timeout: 30_000 });
    assert.equal(await frame.locator('.vendor.description').count(), 0, 'the restored panel shows the fetched description');

    const stored = await browserStorageText(page);
    assert.ok(stored.includes(label.slice(0, 20)), 'the workbench storage does not hold the panel at all: the search looks in the wrong place');
    assert.ok(!stored.includes(secret), 'the workbench storage holds the fetched sensitive text');
    await closeAllEditors(page);
  });
});

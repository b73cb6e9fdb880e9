// Reads VS Code's own activation figures off the Running Extensions editor (Developer: Show
// Running Extensions), which the extension-host test opens before asking. Each row shows
// "Activation: N ms" (or "Startup Activation: N ms"): codeLoadingTime + activateCallTime as the
// extension host measured them (loading the extension's main module, then the synchronous
// activate() call). The list is virtual (only rows in view exist), so it is scrolled until every
// requested name has been seen.
import type { Page } from 'playwright-core';
import type { RunningExtensionsReport, RunningExtensionsRequest } from '../integration/probeProtocol';

const EDITOR = '.runtime-extensions-editor';

/** Name and activation text of the rows in view. A string: this project's TypeScript has no DOM library. */
const ROWS = `(editor) => Array.from(document.querySelectorAll(editor + ' .monaco-list-row')).map((row) => ({
  name: (row.querySelector('.name')?.textContent || '').trim(),
  activation: (row.querySelector('.activation-time')?.textContent || '').trim(),
}))`;

export async function runningExtensions(page: Page, req: RunningExtensionsRequest): Promise<RunningExtensionsReport> {
  const deadline = Date.now() + req.timeoutMs;
  const seen = new Map<string, string>();
  const activationMs: Record<string, number> = {};
  const list = page.locator(`${EDITOR} .monaco-list`).first();
  await list.waitFor({ state: 'visible', timeout: req.timeoutMs });
  let step = 0;
  for (;;) {
    for (const row of (await page.evaluate(`(${ROWS})(${JSON.stringify(EDITOR)})`)) as { name: string; activation: string }[]) {
      seen.set(row.name, row.activation);
      const ms = /(\d+)\s*ms/.exec(row.activation);
      const ext = req.extensions.find((e) => row.name === e.displayName.slice(0, 50) || row.name === e.id);
      if (ms && ext) activationMs[ext.id] = Number(ms[1]);
    }
    const missing = req.extensions.filter((e) => !(e.id in activationMs)).map((e) => e.id);
    if (missing.length === 0) break;
    if (Date.now() > deadline) {
      return { activationMs, rows: [...seen].map(([n, a]) => `${n}: ${a}`), error: `no activation figure for ${missing.join(', ')}` };
    }
    // Down through the list (10 wheel steps of 300 px cover 40 rows of 70 px), then back up: a
    // row still "Activating..." gets another look.
    await list.hover();
    await page.mouse.wheel(0, step++ % 20 < 10 ? 300 : -300);
    await new Promise((r) => setTimeout(r, 150));
  }
  return { activationMs, rows: [...seen].map(([n, a]) => `${n}: ${a}`) };
}

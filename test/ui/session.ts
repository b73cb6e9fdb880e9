// The workbench page shared by the UI tests. scripts/test-ui.mjs (through run.ts) opens one workbench
// per run and hands it over here before mocha loads the test files; tests read it with uiSession().
import type { Page } from 'playwright-core';
import { screenshot } from '../harness/ui';

export interface UiSession {
  readonly page: Page;
  /** Workbench console lines so far (extension host included), for failure diagnostics. */
  readonly logs: readonly string[];
  /** Where failure screenshots go. */
  readonly artifactsDir: string;
  /** The workspace folder the workbench opened (same machine: tests read files saved there). */
  readonly folder?: string;
  /** The VS Code server's temp folder (its logs are under user-data/logs). */
  readonly serverDir?: string;
}

// One per process by design: mocha's test files need the page the runner opened, and mocha offers
// no other channel into them. Set once by the runner, cleared when it closes the workbench.
let current: UiSession | undefined;

export function setUiSession(session: UiSession | undefined): void {
  current = session;
}

export function uiSession(): UiSession {
  if (!current) {
    throw new Error('No workbench: run the UI tests with `npm run test:ui`, which opens one first.');
  }
  return current;
}

/**
 * mocha `afterEach`: for a failed test, a screenshot (named `prefix` + title) and the last
 * `lines` workbench console lines, so a CI failure can be read without rerunning it.
 */
export function reportFailures(prefix = '', lines = 20): (this: Mocha.Context) => Promise<void> {
  return async function (this: Mocha.Context) {
    if (this.currentTest?.state !== 'failed') return;
    const { page, artifactsDir, logs } = uiSession();
    const file = await screenshot(page, artifactsDir, `${prefix}${this.currentTest.title}`).catch(() => 'none');
    console.error(`[ui] failure screenshot: ${file}\n[ui] last workbench lines:\n${logs.slice(-lines).join('\n')}`);
  };
}

// `npm run test:ui`: starts the VS Code server and the browser once, with the extension under development
// loaded in demo mode (no extensionTestsPath) on a sample-mode workspace, then runs the mocha files in
// out/test/ui against that page from plain Node. Everything is closed again, also on failure or timeout.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import { launchWorkbench, type WorkbenchSession } from '../harness/ui';
import { setUiSession } from './session';
import { createSampleWorkspace, type SampleWorkspace } from './workspace';

export interface UiTestOptions {
  /** Repository root: the extension under development. */
  readonly root: string;
  /** Whole run including the workbench start (default 5 minutes). */
  readonly timeoutMs?: number;
  readonly grep?: string;
  /** Print every workbench console line as it arrives. */
  readonly verbose?: boolean;
  /** Ends the run early (Ctrl+C); the workbench is closed all the same. */
  readonly signal?: AbortSignal;
}

/** Resolves to mocha's failure count (1 when the run could not complete). */
export async function runUiTests(options: UiTestOptions): Promise<number> {
  const started = Date.now();
  const testDir = join(options.root, 'out', 'test', 'ui');
  const artifactsDir = join(options.root, 'screenshots-tmp', 'ui-failures');
  let workspace: SampleWorkspace | undefined;
  let session: WorkbenchSession | undefined;
  let timer: NodeJS.Timeout | undefined;
  let runner: Mocha.Runner | undefined;
  const timeoutMs = options.timeoutMs ?? 5 * 60_000;
  try {
    workspace = await createSampleWorkspace();
    const launching = launchWorkbench({ root: options.root, folder: workspace.folder, viewport: { width: 1400, height: 900 } });
    const limit = new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
      options.signal?.addEventListener('abort', () => resolve('timeout'), { once: true });
    });
    const launched = await Promise.race([launching, limit]);
    if (launched === 'timeout') {
      // launchWorkbench closes what it opened when it fails, and its own waits are bounded: wait for it
      // to settle and close a late success, so no server or browser outlives the run.
      await launching.then((s) => s.close(), () => undefined);
      throw new Error(options.signal?.aborted ? 'Interrupted.' : `The workbench did not open within ${timeoutMs} ms.`);
    }
    session = launched;
    if (options.verbose) {
      const printed = { n: 0 };
      const tick = setInterval(() => {
        for (const line of session?.logs.slice(printed.n) ?? []) console.error(`[workbench] ${line}`);
        printed.n = session?.logs.length ?? printed.n;
      }, 500);
      tick.unref();
    }
    console.error(`[ui] workbench ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    setUiSession({ page: session.page, logs: session.logs, artifactsDir });

    const mocha = new Mocha({
      reporter: join(options.root, 'scripts', 'mocha-summary-reporter.cjs'),
      timeout: 60_000,
      ...(options.grep ? { grep: options.grep } : {}),
    });
    for (const file of readdirSync(testDir).filter((f) => f.endsWith('.test.js')).sort()) {
      mocha.addFile(join(testDir, file));
    }
    const failures = await Promise.race([
      new Promise<number>((resolve) => {
        runner = mocha.run(resolve);
      }),
      limit.then(() => {
        runner?.abort();
        throw new Error(options.signal?.aborted ? 'Interrupted.' : `The UI tests did not finish within ${timeoutMs} ms.`);
      }),
    ]);
    console.error(`[ui] ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
    return failures;
  } finally {
    if (timer) clearTimeout(timer);
    setUiSession(undefined);
    await session?.close().catch((err: unknown) => console.error(`[ui] closing the workbench failed: ${String(err)}`));
    await workspace?.dispose();
  }
}

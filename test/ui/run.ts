// `npm run test:ui`: for each group of UI tests, starts the VS Code server and the browser once, with
// the extension under development loaded in demo mode (no extensionTestsPath) on the group's workspace,
// then runs the group's mocha files against that page from plain Node. Groups: sample mode
// (out/test/ui/*.test.js), Azure mode with the test-only sign-in provider (out/test/ui/azure), chat
// (out/test/ui/chat), connection problems (out/test/ui/endpoint), a newcomer (out/test/ui/newcomer) and an
// azd project (out/test/ui/azd).
// A group none of whose tests match the grep is not launched. Everything is closed again, also on
// failure or timeout.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import Mocha from 'mocha';
import { launchWorkbench, type WorkbenchSession } from '../harness/ui';
import { prepareAzureWorkbench } from './azure/fixture';
import { prepareChatWorkbench } from './chat/fixture';
import { prepareEndpointWorkbench } from './endpoint/fixture';
import { prepareNewcomerWorkbench } from './newcomer/fixture';
import { prepareAzdWorkbench } from './azd/fixture';
import { setUiSession } from './session';
import { prepareVsixWorkbench } from './vsix/fixture';
import { createSampleWorkspace } from './workspace';

export interface UiTestOptions {
  /** Repository root: the extension under development. */
  readonly root: string;
  /** Whole run including the workbench starts (default 5 minutes). */
  readonly timeoutMs?: number;
  readonly grep?: string;
  /** Print every workbench console line as it arrives. */
  readonly verbose?: boolean;
  /** Ends the run early (Ctrl+C); the workbench is closed all the same. */
  readonly signal?: AbortSignal;
  /** Runs only the smoke group against this packaged extension, installed instead of the development folder. */
  readonly vsix?: string;
}

/** What a group's workbench opens: its workspace, and what the server needs next to the extension. */
export interface PreparedWorkbench {
  readonly folder: string;
  readonly env?: Readonly<Record<string, string>>;
  readonly preinstall?: readonly string[];
  readonly installVsix?: string;
  readonly machineSettings?: Readonly<Record<string, unknown>>;
  dispose(): Promise<void>;
}

interface Group {
  readonly name: string;
  readonly testDir: string;
  prepare(): Promise<PreparedWorkbench>;
}

interface Limit {
  readonly reached: Promise<'timeout'>;
  readonly message: () => string;
}

/** Resolves to mocha's failure count over all groups (1 when a run could not complete). */
export async function runUiTests(options: UiTestOptions): Promise<number> {
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const timeoutMs = options.timeoutMs ?? 5 * 60_000;
  const limit: Limit = {
    reached: new Promise<'timeout'>((resolve) => {
      timer = setTimeout(() => resolve('timeout'), timeoutMs);
      options.signal?.addEventListener('abort', () => resolve('timeout'), { once: true });
    }),
    message: () => (options.signal?.aborted ? 'Interrupted.' : `The UI tests did not finish within ${timeoutMs} ms.`),
  };
  const testDir = join(options.root, 'out', 'test', 'ui');
  const vsix = options.vsix;
  const groups: Group[] = vsix
    ? [{ name: 'vsix', testDir: join(testDir, 'vsix'), prepare: () => prepareVsixWorkbench(vsix) }]
    : [
        { name: 'sample', testDir, prepare: () => createSampleWorkspace() },
        { name: 'azure', testDir: join(testDir, 'azure'), prepare: () => prepareAzureWorkbench(options.root) },
        // The real Chat view needs a model to dispatch @health: the test-only one is preinstalled.
        { name: 'chat', testDir: join(testDir, 'chat'), prepare: () => prepareChatWorkbench(options.root) },
        // Connection problems: an endpoint whose server is down, and a crashed embedded sample service.
        { name: 'endpoint', testDir: join(testDir, 'endpoint'), prepare: () => prepareEndpointWorkbench(options.root) },
        // A newcomer's first minutes: no mode set, the walkthrough opening on install, a model for @health.
        { name: 'newcomer', testDir: join(testDir, 'newcomer'), prepare: () => prepareNewcomerWorkbench(options.root) },
        // An azd project as azd leaves it (decorators stacked above its parameters), opened with no mode set (issue 30).
        { name: 'azd', testDir: join(testDir, 'azd'), prepare: () => prepareAzdWorkbench() },
      ];
  const totals = { passes: 0, failures: 0, groups: 0 };
  try {
    for (const group of groups) {
      const result = await runGroup(group, options, limit);
      if (!result) continue;
      totals.passes += result.passes;
      totals.failures += result.failures;
      totals.groups++;
    }
  } finally {
    if (timer) clearTimeout(timer);
  }
  console.error(`[ui] ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
  // Each group's reporter printed its own line; CI reads the last one, so it must be the total.
  if (totals.groups > 1) console.log(`\n${totals.passes} passed, ${totals.failures} failed`);
  return totals.failures;
}

/** events.test.js opens the view from a fresh workbench (the view closed), so it runs before the others; then by name. */
function firstRunsFirst(a: string, b: string): number {
  const first = 'events.test.js';
  return a === first ? -1 : b === first ? 1 : a.localeCompare(b);
}

/** Loads the group's test files and counts the tests the grep selects, without running them. */
function loadGroup(group: Group, options: UiTestOptions): { mocha: Mocha; selected: number } {
  const mocha = new Mocha({
    reporter: join(options.root, 'scripts', 'mocha-summary-reporter.cjs'),
    timeout: 60_000,
    ...(options.grep ? { grep: options.grep } : {}),
  });
  for (const file of readdirSync(group.testDir).filter((f) => f.endsWith('.test.js')).sort(firstRunsFirst)) {
    mocha.addFile(join(group.testDir, file));
  }
  // Both exist on Mocha 11 (loadFilesAsync uses them) but are missing from or protected in its types.
  const loader = mocha as unknown as { loadFiles(): void; lazyLoadFiles(enable: boolean): void };
  loader.loadFiles();
  loader.lazyLoadFiles(true);
  const grep = mocha.options.grep instanceof RegExp ? mocha.options.grep : undefined;
  const count = (suite: Mocha.Suite): number =>
    suite.tests.filter((t) => !grep || grep.test(t.fullTitle())).length + suite.suites.reduce((n, s) => n + count(s), 0);
  return { mocha, selected: count(mocha.suite) };
}

async function runGroup(group: Group, options: UiTestOptions, limit: Limit): Promise<{ passes: number; failures: number } | undefined> {
  const { mocha, selected } = loadGroup(group, options);
  if (selected === 0) return undefined;
  const started = Date.now();
  let prepared: PreparedWorkbench | undefined;
  let session: WorkbenchSession | undefined;
  let runner: Mocha.Runner | undefined;
  try {
    prepared = await group.prepare();
    const launching = launchWorkbench({
      root: options.root,
      folder: prepared.folder,
      viewport: { width: 1400, height: 900 },
      ...(prepared.env ? { env: prepared.env } : {}),
      ...(prepared.preinstall ? { preinstall: prepared.preinstall } : {}),
      ...(prepared.installVsix ? { installVsix: prepared.installVsix } : {}),
      ...(prepared.machineSettings ? { machineSettings: prepared.machineSettings } : {}),
    });
    const launched = await Promise.race([launching, limit.reached]);
    if (launched === 'timeout') {
      // launchWorkbench closes what it opened when it fails, and its own waits are bounded: wait for it
      // to settle and close a late success, so no server or browser outlives the run.
      await launching.then((s) => s.close(), () => undefined);
      throw new Error(limit.message());
    }
    session = launched;
    if (options.verbose) printLogs(session);
    console.error(`[ui] ${group.name}: workbench ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    setUiSession({ page: session.page, logs: session.logs, artifactsDir: join(options.root, 'screenshots-tmp', 'ui-failures'), folder: prepared.folder, serverDir: session.server.tempDir });
    const failures = await Promise.race([
      new Promise<number>((resolve) => {
        runner = mocha.run(resolve);
      }),
      limit.reached.then(() => {
        runner?.abort();
        throw new Error(limit.message());
      }),
    ]);
    console.error(`[ui] ${group.name}: ${((Date.now() - started) / 1000).toFixed(1)} s`);
    return { passes: runner?.stats?.passes ?? 0, failures };
  } finally {
    setUiSession(undefined);
    await session?.close().catch((err: unknown) => console.error(`[ui] closing the workbench failed: ${String(err)}`));
    await prepared?.dispose();
  }
}

function printLogs(session: WorkbenchSession): void {
  const printed = { n: 0 };
  const tick = setInterval(() => {
    for (const line of session.logs.slice(printed.n)) console.error(`[workbench] ${line}`);
    printed.n = session.logs.length;
  }, 500);
  tick.unref();
}

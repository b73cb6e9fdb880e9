// `npm run test:vscode`: runs out/test/integration in a real VS Code extension host offline (VS Code
// server from code-server + Debian Chromium), prints mocha's report and returns the exit code.
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { REPORT_BEGIN, REPORT_END, REPORT_FILE_ENV, GREP_ENV, SUMMARY_LINE } from '../integration/protocol';
import { PROBE_DIR_ENV } from '../integration/probeProtocol';
import { startProbeWatcher, type ProbeWatcher } from './probes';
import { ensureRuntime } from './runtime';
import { startServer, type VsCodeServer } from './server';
import { openWorkbench, type Workbench } from './workbench';

export interface IntegrationOptions {
  /** Repository root: the extension under development. */
  readonly root: string;
  /** Whole run, install excluded (default 5 minutes). */
  readonly timeoutMs?: number;
  /** Print every workbench console line, not only the report (SERVICE_HEALTH_VERBOSE=1). */
  readonly verbose?: boolean;
  readonly grep?: string;
  /** The extension folder to run (default `root`), e.g. a production build laid out as a .vsix installs it. */
  readonly extensionPath?: string;
  /** Extension folders installed next to it before the server starts (test/companion builds). */
  readonly preinstall?: readonly string[];
}

/** Reads `N passed, N failed` off the report's last non-empty line. */
export function parseSummary(report: string): { passed: number; failed: number } | undefined {
  const last = report.trimEnd().split('\n').pop()?.trim() ?? '';
  const m = SUMMARY_LINE.exec(last);
  return m ? { passed: Number(m[1]), failed: Number(m[2]) } : undefined;
}

function timeout(ms: number): { promise: Promise<'timeout'>; cancel: () => void } {
  let timer: NodeJS.Timeout | undefined;
  const promise = new Promise<'timeout'>((resolve) => {
    timer = setTimeout(() => resolve('timeout'), ms);
  });
  return { promise, cancel: () => clearTimeout(timer) };
}

export async function runIntegrationTests(options: IntegrationOptions): Promise<number> {
  const started = Date.now();
  const runtime = await ensureRuntime({ dir: join(options.root, '.vscode-test', 'runtime') });
  const installed = Date.now();
  const testsPath = join(options.root, 'out', 'test', 'integration');
  const work = await mkdtemp(join(tmpdir(), 'service-health-itest-'));
  const reportFile = join(work, 'report.txt');

  const logLines: string[] = [];
  let inReport = false;
  const reportLines: string[] = [];
  const onLog = (line: string): void => {
    logLines.push(line);
    if (options.verbose) console.log(`[workbench] ${line}`);
    if (line.includes(REPORT_BEGIN)) inReport = true;
    else if (line.includes(REPORT_END)) inReport = false;
    else if (inReport) reportLines.push(line);
  };

  let server: VsCodeServer | undefined;
  let workbench: Workbench | undefined;
  let opening: Promise<Workbench> | undefined;
  let probes: ProbeWatcher | undefined;
  const limit = timeout(options.timeoutMs ?? 5 * 60_000);
  const interrupted = new Promise<'interrupted'>((resolve) => {
    process.once('SIGINT', () => resolve('interrupted'));
    process.once('SIGTERM', () => resolve('interrupted'));
  });
  try {
    const env: Record<string, string> = { [REPORT_FILE_ENV]: reportFile };
    if (options.grep) env[GREP_ENV] = options.grep;
    // Browser probes: suites ask the harness to inspect the workbench DOM (webview security checks).
    env[PROBE_DIR_ENV] = join(work, 'probes');
    server = await startServer({ runtime, env, ...(options.preinstall ? { preinstall: options.preinstall } : {}) });
    const activeServer = server;
    opening = openWorkbench({
      server: activeServer,
      extensionDevelopmentPath: options.extensionPath ?? options.root,
      extensionTestsPath: testsPath,
      folder: work,
      onLog,
    });
    const opened = opening.then(async (wb) => {
      workbench = wb;
      probes = await startProbeWatcher(wb.page, join(work, 'probes'));
      return wb.exit;
    });
    const outcome = await Promise.race([opened, limit.promise, interrupted]);

    let report: string;
    try {
      report = await readFile(reportFile, 'utf8');
    } catch {
      // The reporter never finished (crash, timeout): fall back to what reached the console.
      report = reportLines.join('\n');
    }
    const summary = parseSummary(report);
    const seconds = ((Date.now() - installed) / 1000).toFixed(1);
    const prep = installed - started > 5_000 ? ` (+${((installed - started) / 1000).toFixed(0)} s runtime install)` : '';
    // Diagnostics first: the report's `N passed, N failed` must stay the last line of stdout for CI.
    if (outcome === 'timeout' || outcome === 'interrupted' || !summary) {
      const why =
        outcome === 'timeout'
          ? `timed out after ${options.timeoutMs ?? 300_000} ms`
          : outcome === 'interrupted'
            ? 'interrupted'
            : `the workbench exited with ${outcome} but no complete report arrived`;
      console.error(`[harness] ${why}; last workbench lines:`);
      for (const l of logLines.slice(-60)) console.error(`  ${l}`);
      console.error(`[harness] server output (tail):\n${activeServer.output().slice(-4_000)}`);
    } else {
      console.log(`[harness] VS Code server from code-server ${runtime.codeServerVersion}, Node ${runtime.nodeVersion}: ${seconds} s${prep}`);
    }
    if (report.trim()) console.log(report.trimEnd());
    if (!summary) {
      console.log('0 passed, 1 failed');
      return 1;
    }
    if (outcome !== 0 || summary.passed + summary.failed === 0) {
      // A report without tests, or one that says all passed while run() rejected, is still a failure.
      console.error(summary.passed + summary.failed === 0 ? '[harness] no test ran' : `[harness] the tests' run() failed (exit ${outcome})`);
      if (summary.failed === 0) console.log(`${summary.passed} passed, 1 failed`);
      return 1;
    }
    return summary.failed === 0 ? 0 : 1;
  } finally {
    limit.cancel();
    probes?.stop();
    if (!workbench && opening) {
      // Timed out while the page was still loading: stopping the server makes the load fail fast,
      // then the browser that openWorkbench launched is closed all the same.
      await server?.stop();
      await opening.then((wb) => wb.close(), () => undefined);
    }
    await workbench?.close().catch(() => undefined);
    await server?.stop();
    await rm(work, { recursive: true, force: true });
  }
}

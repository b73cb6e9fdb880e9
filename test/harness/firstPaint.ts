// First paint from the cache, measured in the real web workbench with Playwright (bench only, not a
// test): Azure mode against the sample service (signed tokens, the test-only `microsoft` provider
// keeping its session across reloads), one sign-in and one load that writes the events cache, then
// for each sample: Explorer in front, reload the window ("Developer: Reload Window"), and time from the click on the Service
// Health icon (the view opening, which also activates the extension) until an event row is in the
// workbench DOM, once the reloaded window's extension host is up. The service answers only after a long delay during the samples, so rows that
// appear can only come from the cache; the requests it had received by then are recorded too.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { gunzipSync, gzipSync } from 'node:zlib';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { Page } from 'playwright-core';
import { startSampleService } from '../../src/core/sample';
import { buildAuthCompanion } from './companion';
import { activityBarIcon, clickActivityBarIcon, launchWorkbench, viewContainer, waitForWorkbench, type LaunchOptions, type WorkbenchSession } from './ui';
import { runPaletteCommand } from '../ui/steps';
import { createSampleWorkspace } from '../ui/workspace';

const CONTAINER_ID = 'serviceHealth';
const ACCOUNT = { id: '3f0c7a52-8a43-4d1e-9d6b-1c5f0e2a7b11', label: 'ada@contoso.com' };
/** What an event row's description starts with (see test/ui/steps.ts eventRows). */
const EVENT_ROW_DESCRIPTION = '^(\\d+(mo|[mhd]) ago|just now)( · |$)';
/** The companion fetches this once the extension host is up (a 404 the service counts). */
const READY_PATH = '/first-paint-bench/host-ready';
/** The service's delay per response during the samples: far longer than any first paint. */
const SLOW_SERVICE_MS = 20_000;

/**
 * The cache files' format for a sample: `gzip` as this version writes them, `plain` as the version
 * before compression wrote them (the same JSON, uncompressed; this version still reads it). Samples
 * of both, taken in turn in one run, compare the two on the same machine under the same load.
 */
export type CacheFormat = 'gzip' | 'plain';

export interface FirstPaintSample {
  readonly format: CacheFormat;
  readonly ms: number;
  /** Wall clock (ms since 1970) of the click, to line the sample up with the extension host's logs. */
  readonly clickAt: number;
  /** Requests the service had received when the first event row appeared. */
  readonly requestsAtPaint: number;
  /** Those requests by path (method not included). */
  readonly pathsAtPaint: Readonly<Record<string, number>>;
  /** Event rows in the DOM at that moment (the tree renders only what is in view). */
  readonly rowsAtPaint: number;
}

export interface FirstPaintResult {
  readonly events: number;
  /** The first load over the network after signing in (Sign In click to an event row); one sample. */
  readonly signInToRowsMs: number;
  readonly samples: readonly FirstPaintSample[];
}

export interface FirstPaintOptions {
  readonly root: string;
  readonly events: number;
  /** Samples per format. */
  readonly runs: number;
  /** Formats sampled in turn (default: gzip only, as written). */
  readonly formats?: readonly CacheFormat[];
  readonly log?: (line: string) => void;
}

export async function measureFirstPaint(o: FirstPaintOptions): Promise<FirstPaintResult> {
  const log = o.log ?? ((): void => undefined);
  const secret = randomBytes(24).toString('base64url');
  const service = await startSampleService({ seed: 11, events: o.events, signedTokensSecret: secret, pageSize: 100 });
  const companion = await buildAuthCompanion(o.root);
  const workspace = await createSampleWorkspace({ 'serviceHealth.mode': 'azure' }, 'first-paint');
  try {
    const session = await launchWithRetries(log, () => ({
      root: o.root,
      folder: workspace.folder,
      viewport: { width: 1400, height: 900 },
      env: {
        VSCODE_SKIP_BUILTIN_EXTENSIONS: 'vscode.microsoft-authentication',
        SERVICE_HEALTH_TEST_AUTH_SECRET: secret,
        SERVICE_HEALTH_TEST_AUTH_ACCOUNTS: JSON.stringify([ACCOUNT]),
        SERVICE_HEALTH_TEST_AUTH_PERSIST: '1',
        SERVICE_HEALTH_TEST_READY_URL: `${service.url}${READY_PATH}`,
        SERVICE_HEALTH_TEST_USER_SETTINGS: JSON.stringify({ 'serviceHealth.endpoint': service.url, 'serviceHealth.subscriptions': service.subscriptionIds }),
      },
      preinstall: [companion.folder],
    }));
    try {
      const { page } = session;
      // Sign in once (VS Code's consent dialog), which loads every event over the network and writes the cache.
      await clickActivityBarIcon(page, 'Service Health');
      const signIn = viewContainer(page, CONTAINER_ID).locator('.welcome-view-content .monaco-button').filter({ hasText: /^Sign In$/ });
      await signIn.waitFor({ state: 'visible', timeout: 120_000 });
      const paint = armPaintProbe(page);
      paint.catch(() => undefined);
      await paint.armed;
      await signIn.click();
      const dialog = page.locator('.monaco-dialog-box');
      await dialog.waitFor({ state: 'visible', timeout: 30_000 });
      await dialog.locator('.monaco-button').filter({ hasText: /^Allow$/ }).click();
      const first = await paint;
      log(`[first-paint] ${o.events} events: signed in, first rows after ${first.ms.toFixed(0)} ms`);
      await waitForCache(session.server.tempDir, o.events, () => service.stats.requests);
      service.knobs.latencyMs = SLOW_SERVICE_MS;
      const samples: FirstPaintSample[] = [];
      let discarded = 0;
      const formats = o.formats ?? ['gzip'];
      // Both formats' bytes made once, so a sample's set-up costs the same whichever it measures.
      const files = cacheFormats(session.server.tempDir);
      for (let i = 0; i < o.runs * formats.length; i++) {
        // In turn, the order flipped every round (A B B A ...): neither format always follows the other.
        const k = i % formats.length;
        const format = formats[Math.floor(i / formats.length) % 2 === 0 ? k : formats.length - 1 - k] ?? 'gzip';
        await clickActivityBarIcon(page, 'Explorer');
        await viewContainer(page, CONTAINER_ID).waitFor({ state: 'hidden', timeout: 30_000 });
        const pings = service.stats.byPath.get(READY_PATH) ?? 0;
        // Through VS Code's own command, which saves the window's state first: a browser reload
        // often brought the Service Health view back (4-5 discarded samples per size).
        const reloaded = page.waitForEvent('load', { timeout: 60_000 });
        await runPaletteCommand(page, 'Developer: Reload Window');
        await reloaded;
        await waitForWorkbench(page, 120_000);
        // The new extension host is up (the companion activated on startup finished): the sample
        // measures the extension, not the host booting on a busy machine.
        await until(() => (service.stats.byPath.get(READY_PATH) ?? 0) > pings, 120_000, 'the extension host did not start after the reload');
        await activityBarIcon(page, 'Service Health').first().waitFor({ state: 'visible', timeout: 60_000 });
        // A sample counts only if the view opens with no event row drawn yet: after some reloads the
        // workbench restored the Service Health view (its rows already in the DOM), which measured 0 ms.
        const drawnBefore = await page.evaluate(`(${ROWS_SCRIPT})(${JSON.stringify({ containerId: CONTAINER_ID, pattern: EVENT_ROW_DESCRIPTION })})`);
        if (Number(drawnBefore) > 0 || (await viewContainer(page, CONTAINER_ID).isVisible())) {
          discarded++;
          log(`[first-paint] ${o.events} events: the reloaded window had the view's rows drawn before the click; sample discarded (${discarded})`);
          if (discarded > o.runs * 2) throw new Error(`The reloaded window drew the rows before the click in ${discarded} samples; no clean sample.`);
          i--;
          continue;
        }
        // The extension is not active yet (activation is the view opening) and the service holds every answer, so nothing writes the cache meanwhile.
        for (const f of files) writeFileSync(f.path, f[format]);
        // A moment for anything that watches the storage folder to see the writes before the click.
        await new Promise((r) => setTimeout(r, 1_000));
        const before = service.stats.requests;
        const pathsBefore = new Map(service.stats.byPath);
        const probe = armPaintProbe(page);
        // If a step below fails, its error (not the probe's "page closed" once the session closes) is what is reported.
        probe.catch(() => undefined);
        await probe.armed;
        // Forced: once the extension is active before the click (an early activation event), its badge
        // covers the icon and Playwright waits for it to move; a user's click on the badge opens the view.
        await activityBarIcon(page, 'Service Health').first().click({ force: true });
        const r = await probe;
        // Read as soon as the page answered; with the slow service none of these was answered yet.
        const requestsAtPaint = service.stats.requests - before;
        const pathsAtPaint = Object.fromEntries([...service.stats.byPath].map(([path, n]) => [path, n - (pathsBefore.get(path) ?? 0)]).filter(([, n]) => Number(n) > 0));
        const sample = { format, ms: r.ms, clickAt: r.clickAt, requestsAtPaint, pathsAtPaint, rowsAtPaint: r.rows };
        samples.push(sample);
        log(`[first-paint] ${o.events} events, run ${i + 1} (${format} cache, click at ${new Date(r.clickAt).toISOString()}): ${sample.ms.toFixed(0)} ms, ${sample.rowsAtPaint} event rows, ${sample.requestsAtPaint} request(s) received by then ${JSON.stringify(sample.pathsAtPaint)}`);
      }
      return { events: o.events, signInToRowsMs: first.ms, samples };
    } finally {
      await session.close();
    }
  } finally {
    await Promise.all([service.close(), companion.dispose(), workspace.dispose()]);
  }
}

interface PaintProbe extends Promise<{ ms: number; rows: number; clickAt: number }> {
  readonly armed: Promise<void>;
}

/**
 * Starts watching the page: the clock starts at the next pointerdown anywhere (the click that opens
 * the view) and stops at the first mutation after which an event row is in the Service Health view.
 * Both timestamps are taken in the page, so Playwright's own round trips are not counted.
 */
function armPaintProbe(page: Page): PaintProbe {
  const armed = page.evaluate(`(${PROBE_SCRIPT})(${JSON.stringify({ containerId: CONTAINER_ID, pattern: EVENT_ROW_DESCRIPTION })})`).then(() => undefined);
  // A sample that never shows a row fails after 3 minutes instead of holding the bench.
  const result = armed.then(() =>
    Promise.race([
      page.evaluate('window.__firstPaint') as Promise<{ ms: number; rows: number; clickAt: number }>,
      new Promise<never>((_, reject) => setTimeout(() => reject(new Error('No event row appeared within 3 minutes of opening the view.')), 180_000).unref()),
    ]),
  );
  return Object.assign(result, { armed });
}

/** On a busy machine the workbench page can miss the harness's 30 s load timeout: try up to 3 times. */
async function launchWithRetries(log: (line: string) => void, options: () => LaunchOptions): Promise<WorkbenchSession> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await launchWorkbench(options());
    } catch (err) {
      if (attempt >= 3) throw err;
      log(`[first-paint] the workbench did not open (${err instanceof Error ? err.message.split('\n')[0] : String(err)}); trying again`);
    }
  }
}

async function until(ok: () => boolean, timeoutMs: number, message: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!ok()) {
    if (Date.now() > deadline) throw new Error(message);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Runs in the page (plain JavaScript: this project's types have no DOM). */
/** Counts the event rows of the Service Health view in the DOM (drawn, whether or not shown). */
const ROWS_SCRIPT = `({ containerId, pattern }) => {
  const re = new RegExp(pattern);
  return [...document.querySelectorAll('[id="workbench.view.extension.' + containerId + '"] .monaco-list-row[role=treeitem] .label-description')]
    .filter((d) => re.test((d.textContent || '').trim())).length;
}`;

const PROBE_SCRIPT = `({ containerId, pattern }) => {
  const re = new RegExp(pattern);
  window.__firstPaint = new Promise((resolve) => {
    let start;
    let clickAt;
    document.addEventListener('pointerdown', () => { start ??= performance.now(); clickAt ??= Date.now(); }, { capture: true, once: true });
    const rows = () => [...document.querySelectorAll('[id="workbench.view.extension.' + containerId + '"] .monaco-list-row[role=treeitem] .label-description')]
      .filter((d) => re.test((d.textContent || '').trim())).length;
    const observer = new MutationObserver(() => {
      if (start === undefined) return;
      const n = rows();
      if (n > 0) {
        observer.disconnect();
        resolve({ ms: performance.now() - start, rows: n, clickAt });
      }
    });
    observer.observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
  });
}`;

/** Waits until the events cache (globalStorage/<extension>/events-*: manifest, shards, first screen) is written and stable. */
async function waitForCache(tempDir: string, events: number, requests: () => number): Promise<void> {
  const deadline = Date.now() + 5 * 60_000;
  let last = '';
  for (;;) {
    const files = cacheFiles(tempDir);
    const size = files.reduce((n, f) => n + statSync(f).size, 0);
    const now = `${files.length}|${size}|${requests()}`;
    // Written, and neither the files nor the request count changed over the last check.
    if (files.some((f) => f.endsWith('.screen.json')) && size > events * 100 && now === last) return;
    if (Date.now() > deadline) throw new Error(`The events cache was not written within 5 minutes (${files.length} file(s), ${size} bytes).`);
    last = now;
    await new Promise((r) => setTimeout(r, 2_000));
  }
}

/** Each cache file in both formats (see CacheFormat): as written (gzip), and its JSON uncompressed. */
function cacheFormats(tempDir: string): { path: string; gzip: Buffer; plain: Buffer }[] {
  return cacheFiles(tempDir).map((path) => {
    const bytes = readFileSync(path);
    const compressed = bytes[0] === 0x1f && bytes[1] === 0x8b;
    return compressed ? { path, gzip: bytes, plain: gunzipSync(bytes) } : { path, gzip: gzipSync(bytes, { level: 6 }), plain: bytes };
  });
}

function cacheFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return cacheFiles(path);
    return /^events-[0-9a-f]+\..*json$/.test(entry.name) && dir.includes('service-health.service-health') ? [path] : [];
  });
}

// Harness side of the browser probes (see test/integration/probeProtocol.ts): watches the probe
// folder, runs each request against the live workbench page with Playwright and writes the result.
import { mkdir, readdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { Frame, Page } from 'playwright-core';
import { runningExtensions } from './runningExtensions';
import { XSS_MARKER, type ProbeRequest, type WebviewSecurityReport, type WebviewSecurityRequest } from '../integration/probeProtocol';

export interface ProbeWatcher {
  stop(): void;
}

/**
 * Runs inside the webview's content frame. A string, not a function: this project's TypeScript
 * has no DOM library, and the code must be self-contained anyway.
 */
const INSPECT = `(marker) => {
  const root = document.getElementById('root');
  if (!root || !(root.textContent || '').includes(marker)) return { found: false };
  const all = Array.from(document.querySelectorAll('*'));
  const eventHandlerAttributes = [];
  for (const el of all) for (const a of Array.from(el.attributes)) if (/^on/i.test(a.name)) eventHandlerAttributes.push(el.tagName.toLowerCase() + ' ' + a.name);
  const anchorHrefs = Array.from(document.querySelectorAll('a')).filter((a) => a.hasAttribute('href')).map((a) => a.getAttribute('href'));
  const urlAttributes = [];
  for (const el of Array.from(root.querySelectorAll('*'))) {
    for (const a of Array.from(el.attributes)) {
      if (['src', 'srcdoc', 'action', 'formaction', 'xlink:href', 'data', 'style', 'background', 'poster'].includes(a.name.toLowerCase())) urlAttributes.push(el.tagName.toLowerCase() + ' ' + a.name + '=' + a.value);
    }
  }
  const scripts = Array.from(document.scripts).map((s) => ({ src: s.src, hasNonce: (s.nonce || s.getAttribute('nonce') || '').length > 0, text: s.src ? '' : (s.textContent || '') }));
  const forbiddenElements = Array.from(root.querySelectorAll('iframe,frame,svg,style,object,embed,img,form,meta,base,math,script,link,template,noscript'))
    .map((e) => e.tagName.toLowerCase());
  const meta = document.querySelector('meta[http-equiv="Content-Security-Policy"]');
  let xss = window.__xss;
  try { if (xss === undefined && window.top.__xss !== undefined) xss = 'top:' + String(window.top.__xss); } catch (e) { /* cross-origin top */ }
  return {
    found: true,
    eventHandlerAttributes,
    anchorHrefs,
    urlAttributes,
    scripts,
    forbiddenElements,
    cspMeta: meta ? meta.getAttribute('content') : null,
    trap: { xss: xss === undefined ? null : xss, title: document.title },
    fired: [],
    okLinks: document.querySelectorAll('a[href="https://ok.example/"]').length,
  };
}`;

function notFound(error: string, fired: readonly string[]): WebviewSecurityReport {
  return {
    found: false,
    eventHandlerAttributes: [],
    anchorHrefs: [],
    urlAttributes: [],
    scripts: [],
    forbiddenElements: [],
    cspMeta: null,
    trap: { xss: null, title: '' },
    fired: [...fired],
    okLinks: 0,
    error,
  };
}

async function contentFrames(page: Page, extensionId: string): Promise<Frame[]> {
  const frames: Frame[] = [];
  for (const outer of await page.locator(`iframe.webview.ready[src*="extensionId=${extensionId}"]`).elementHandles()) {
    const outerFrame = await outer.contentFrame();
    const inner = await (await outerFrame?.$('#active-frame'))?.contentFrame();
    if (inner) frames.push(inner);
  }
  return frames;
}

async function webviewSecurity(page: Page, req: WebviewSecurityRequest, fired: readonly string[]): Promise<WebviewSecurityReport> {
  const deadline = Date.now() + req.timeoutMs;
  let lastError = 'no webview of the extension showed the marker';
  for (;;) {
    for (const frame of await contentFrames(page, req.extensionId).catch(() => [])) {
      try {
        const report = (await frame.evaluate(`(${INSPECT})(${JSON.stringify(req.marker)})`)) as WebviewSecurityReport;
        if (report.found) {
          // Give anything a payload could have scheduled (a timer, a load event) a moment to fire.
          await new Promise((r) => setTimeout(r, 500));
          const again = (await frame.evaluate(`(${INSPECT})(${JSON.stringify(req.marker)})`)) as WebviewSecurityReport;
          return { ...again, fired: [...fired] };
        }
      } catch (err) {
        lastError = err instanceof Error ? err.message : String(err);
      }
    }
    if (Date.now() > deadline) return notFound(lastError, fired);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function runProbe(page: Page, req: ProbeRequest, fired: readonly string[]): Promise<unknown> {
  switch (req.kind) {
    case 'webviewSecurity':
      return webviewSecurity(page, req, fired);
    case 'runningExtensions':
      return runningExtensions(page, req);
    default:
      return { error: `unknown probe ${(req as { kind?: unknown }).kind as string}` };
  }
}

/** Polls `dir` for `<id>.request.json` files and answers each with `<id>.result.json`. */
export async function startProbeWatcher(page: Page, dir: string): Promise<ProbeWatcher> {
  await mkdir(dir, { recursive: true });
  const fired: string[] = [];
  page.on('console', (msg) => {
    if (msg.text().includes(XSS_MARKER)) fired.push(`console: ${msg.text()}`);
  });
  page.on('dialog', (dialog) => {
    fired.push(`dialog ${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss().catch(() => undefined);
  });
  const handled = new Set<string>();
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  const tick = async (): Promise<void> => {
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names) {
      const m = /^(.+)\.request\.json$/.exec(name);
      if (!m || handled.has(name)) continue;
      handled.add(name);
      let result: unknown;
      try {
        result = await runProbe(page, JSON.parse(await readFile(join(dir, name), 'utf8')) as ProbeRequest, fired);
      } catch (err) {
        result = { error: err instanceof Error ? err.message : String(err) };
      }
      // Write then rename: the test never reads a half-written result.
      const tmp = join(dir, `${m[1]}.result.tmp`);
      await writeFile(tmp, JSON.stringify(result));
      await rename(tmp, join(dir, `${m[1]}.result.json`));
    }
  };
  const loop = (): void => {
    if (stopped) return;
    void tick().finally(() => {
      if (!stopped) timer = setTimeout(loop, 100);
    });
  };
  loop();
  return {
    stop: () => {
      stopped = true;
      clearTimeout(timer);
    },
  };
}

// Security in a real VS Code: the details webview against an event full of script-injection
// attempts (the host's sanitized model and shell, then what the browser actually ran), and the
// sample service's known token never reaching the log through success, 401, 403, 5xx and a
// cross-origin nextLink.
import * as assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as vscode from 'vscode';
import type { ServiceHealthApi } from '../../src/extension';
import type { EventRef } from '../../src/core/events/eventFacts';
import type { DetailsViewModel } from '../../src/core/render/detailsModel';
import { MALICIOUS_SUBSCRIPTION_ID, MALICIOUS_TRACKING_ID, MARKER_TEXT, maliciousEvent } from './maliciousEvent';
import { probeDir, runBrowserProbe, skipBecause } from './probe';
import { activateExtension, EXTENSION_ID } from './extensionApi';



async function waitFor<T>(what: string, fn: () => T | undefined, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = fn();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

function decodeAttr(value: string): string {
  return value.replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
}

/** Every string in the model with its path, split into sanitized HTML fields and the rest. */
function strings(value: unknown, path = '$', out: { path: string; value: string }[] = []): { path: string; value: string }[] {
  if (typeof value === 'string') out.push({ path, value });
  else if (Array.isArray(value)) value.forEach((v, i) => strings(v, `${path}[${i}]`, out));
  else if (value && typeof value === 'object') for (const [k, v] of Object.entries(value)) strings(v, `${path}.${k}`, out);
  return out;
}

const ALLOWED_TAGS = new Set(['p', 'br', 'ul', 'ol', 'li', 'strong', 'b', 'em', 'i', 'a', 'code', 'pre', 'h3', 'h4', 'h5', 'h6', 'span', 'table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td']);
const ALLOWED_ATTRIBUTES = new Set(['href', 'rel', 'colspan', 'rowspan']);

/** Problems in one sanitized HTML string: disallowed tags or attributes, non-https hrefs, script schemes. */
function htmlProblems(path: string, html: string): string[] {
  const problems: string[] = [];
  // sanitize-html escapes every `<` of text, so each `<` left starts a real tag.
  for (const tag of html.match(/<[^>]*>?/g) ?? []) {
    const name = /^<\/?\s*([a-zA-Z0-9-]+)/.exec(tag)?.[1]?.toLowerCase() ?? '(none)';
    if (!ALLOWED_TAGS.has(name)) problems.push(`${path}: tag ${tag.slice(0, 60)}`);
    for (const m of tag.matchAll(/\s([^\s=/>]+)\s*=\s*("([^"]*)"|'([^']*)'|([^\s>]+))/g)) {
      const attr = (m[1] ?? '').toLowerCase();
      const raw = decodeAttr(m[3] ?? m[4] ?? m[5] ?? '');
      if (!ALLOWED_ATTRIBUTES.has(attr)) problems.push(`${path}: attribute ${attr} in ${tag.slice(0, 60)}`);
      if (attr === 'href' && !/^https:\/\/[^/\s]/.test(raw)) problems.push(`${path}: href ${raw.slice(0, 60)}`);
    }
  }
  const decoded = decodeAttr(html);
  for (const bad of [/javascript\s*:/i, /vbscript\s*:/i, /command:/i, /data:text/i, /<script/i, /onerror/i, /onload/i]) {
    if (bad.test(decoded)) problems.push(`${path}: ${String(bad)} in ${decoded.slice(0, 80)}`);
  }
  return problems;
}

describe('security (real VS Code)', function () {
  this.timeout(90_000);
  let health: ServiceHealthApi;

  before(async () => {
    health = await activateExtension();
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    // Back to a default sample service for any suite that follows, then to the default mode.
    await health.useSampleService({});
    await health.useAzure(); // the default mode, for the suites that follow
  });

  describe('details webview against script injection', () => {
    const ref: EventRef = { subscriptionId: MALICIOUS_SUBSCRIPTION_ID, trackingId: MALICIOUS_TRACKING_ID };
    let model: DetailsViewModel;
    let html: string;

    before(async () => {
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await health.useSampleService({ eventsOverride: [maliciousEvent()] });
      await health.refresh();
      assert.ok(health.getEvents().some((e) => e.trackingId === MALICIOUS_TRACKING_ID), 'the malicious event was not loaded from the sample service');
      assert.equal(await health.openDetails(ref), true);
      // The model is built when the webview, once its script runs, posts `ready`.
      const rendered = await waitFor('the details view model', () => {
        const r = health.lastRenderedDetails(ref);
        return r?.model ? r : undefined;
      });
      model = rendered.model as DetailsViewModel;
      html = rendered.html;
    });

    it('the shell has a strict CSP with a fresh nonce and exactly one nonce-bearing script, and no vendor text', async () => {
      const metas = [...html.matchAll(/<meta\s+http-equiv="Content-Security-Policy"\s+content="([^"]*)"/gi)];
      assert.equal(metas.length, 1, 'exactly one CSP meta');
      const csp = decodeAttr(metas[0]?.[1] ?? '');
      const directives = new Map(csp.split(';').map((d) => d.trim()).filter(Boolean).map((d) => [d.split(/\s+/)[0] ?? '', d.split(/\s+/).slice(1)]));
      assert.deepEqual(directives.get('default-src'), ["'none'"]);
      assert.deepEqual(directives.get('base-uri'), ["'none'"]);
      assert.deepEqual(directives.get('form-action'), ["'none'"]);
      const scriptSrc = directives.get('script-src') ?? [];
      assert.equal(scriptSrc.length, 1, `script-src allows only the nonce: ${scriptSrc.join(' ')}`);
      const nonce = /^'nonce-([A-Za-z0-9+/=]+)'$/.exec(scriptSrc[0] ?? '')?.[1];
      assert.ok(nonce && nonce.length >= 22, `script-src is not a 128-bit nonce: ${scriptSrc.join(' ')}`);
      assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|unsafe-hashes|strict-dynamic/, csp);
      for (const [name, sources] of directives) {
        // cspSource is VS Code's resource origin (`https://*.vscode-cdn.net` on the web): a wildcard host is fine, a bare `*` or `http:` is not.
        assert.ok(!sources.includes('*') && !sources.includes('http:'), `${name} allows ${sources.join(' ')}`);
        assert.ok(!sources.includes('data:') || name === 'img-src', `${name} allows data:`);
      }
      const scripts = [...html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/gi)];
      assert.equal(scripts.length, 1, 'one script element');
      assert.match(scripts[0]?.[1] ?? '', new RegExp(`nonce="${nonce?.replace(/[+/=]/g, '\\$&')}"`));
      assert.match(scripts[0]?.[1] ?? '', /src="[^"]+details\.js"/);
      assert.equal((scripts[0]?.[2] ?? '').trim(), '', 'no inline script');
      for (const bad of ['<img', 'onerror', 'onload', 'javascript:', '<svg', '<iframe', MARKER_TEXT]) {
        assert.ok(!html.includes(bad), `the shell contains ${bad}`);
      }
      // A new panel gets a new nonce.
      await vscode.commands.executeCommand('workbench.action.closeAllEditors');
      await waitFor('the panel to close', () => (health.lastRenderedDetails(ref) ? undefined : true));
      assert.equal(await health.openDetails(ref), true);
      const again = await waitFor('the reopened panel', () => health.lastRenderedDetails(ref)?.html || undefined);
      const nonce2 = /'nonce-([A-Za-z0-9+/=]+)'/.exec(decodeAttr(again))?.[1];
      assert.ok(nonce2 && nonce2 !== nonce, 'the nonce is fresh per panel');
    });

    it('every sanitized HTML field keeps only allowed tags, no handlers, no script schemes, and https hrefs', () => {
      const all = strings(model);
      const htmlFields = all.filter((s) => /html$/i.test(s.path));
      // description, summary, article, additional information, 2 actions, 2 FAQ answers, 2 updates.
      assert.ok(htmlFields.length >= 10, `only ${htmlFields.length} HTML fields in the model: ${htmlFields.map((f) => f.path).join(', ')}`);
      const problems = htmlFields.flatMap((f) => htmlProblems(f.path, f.value));
      assert.deepEqual(problems, []);
      // Positive control: the good content survives, so the checks above looked at rendered text.
      assert.match(model.descriptionHtml, new RegExp(MARKER_TEXT));
      assert.ok(htmlFields.filter((f) => f.value.includes('<a href="https://ok.example/" rel="noopener noreferrer">ok</a>')).length >= 6);
      // Rejected links keep their text, without the link.
      assert.match(model.descriptionHtml, /<span>js link<\/span>/);
      assert.match(model.descriptionHtml, /<span>quit command<\/span>/);
    });

    it('text fields are plain text and every URL in the model is https', () => {
      assert.equal(model.title, 'Malicious title');
      assert.equal(model.header, 'Header');
      assert.equal(model.recommendedActions?.message, 'Do this');
      assert.equal(model.faqs[0]?.question, 'Why?');
      assert.match(model.portalUrl, /^https:\/\/portal\.azure\.com\/#view\//);
      const urls = model.links.map((l) => l.url);
      for (const url of urls) {
        if (url !== undefined) assert.match(url, /^https:\/\/[^/]+\//, `link ${url}`);
      }
      assert.deepEqual(
        model.links.map((l) => [l.text, l.url === undefined ? 'none' : new URL(l.url).host]),
        [
          ['js link', 'none'],
          ['command link', 'none'],
          ['data button', 'none'],
          ['good link', 'ok.example'],
          ['blade ">', 'portal.azure.com'],
          // Added by the extension for service issues, where their post-incident reviews appear.
          ['Azure status history', 'azure.status.microsoft'],
        ],
      );
      for (const s of strings(model).filter((x) => /url$/i.test(x.path))) {
        assert.match(s.value, /^https:\/\//, `${s.path} = ${s.value}`);
      }
    });

    it('in the browser: nothing executes, no handler attributes, only https links, only the nonce script', async function () {
      if (!probeDir()) {
        skipBecause(this, 'no browser to inspect: run it under the offline harness (node scripts/test-vscode.mjs), not @vscode/test-electron');
      }
      const report = await runBrowserProbe({ kind: 'webviewSecurity', extensionId: EXTENSION_ID, marker: MARKER_TEXT, timeoutMs: 30_000 });
      assert.equal(report.found, true, `the probe found no rendered details webview: ${report.error ?? ''}`);
      assert.deepEqual(report.fired, [], 'a payload ran (console marker or dialog)');
      assert.equal(report.trap.xss, null, 'window.__xss was set');
      assert.notEqual(report.trap.title, 'pwned');
      assert.equal(report.trap.title, 'Malicious title');
      assert.deepEqual(report.eventHandlerAttributes, []);
      assert.deepEqual(report.forbiddenElements, []);
      assert.deepEqual(report.urlAttributes, []);
      assert.ok(report.anchorHrefs.length > 0);
      assert.deepEqual(report.anchorHrefs.filter((h) => !/^https:\/\/[^/]/.test(h)), []);
      assert.ok(report.okLinks >= 6, `the good https link is rendered (${report.okLinks})`);
      // Ours: one external script with the nonce. VS Code's webview host adds one inline script of
      // its own (the acquireVsCodeApi shim) before the page's CSP; nothing else may be there.
      const external = report.scripts.filter((s) => s.src !== '');
      const inline = report.scripts.filter((s) => s.src === '');
      assert.equal(external.length, 1, JSON.stringify(external));
      assert.equal(external[0]?.hasNonce, true);
      assert.match(external[0]?.src ?? '', /\/dist\/webview\/details\.js$/);
      assert.ok(inline.length <= 1, `${inline.length} inline scripts`);
      for (const s of inline) {
        assert.match(s.text, /acquireVsCodeApi/, `an inline script that is not VS Code's shim: ${s.text.slice(0, 200)}`);
        assert.ok(!s.text.includes('__xss'), 'a payload in an inline script');
      }
      assert.match(report.cspMeta ?? '', /script-src 'nonce-[A-Za-z0-9+/=]+'/);
    });
  });

  describe('tokens never reach the log', () => {
    const TOKEN = `sh-test-token-${Math.random().toString(36).slice(2)}-${Date.now()}`;
    let foreign: Server;
    const foreignRequests: IncomingHttpHeaders[] = [];

    before(async () => {
      foreign = createServer((req, res) => {
        foreignRequests.push(req.headers);
        res.writeHead(200, { 'content-type': 'application/json' }).end('{"value":[]}');
      });
      await new Promise<void>((resolve) => foreign.listen(0, '127.0.0.1', resolve));
      await health.useSampleService({ token: TOKEN, events: 200, pageSize: 20 });
    });

    after(async () => {
      health.sampleService()?.faults.clear();
      await new Promise<void>((resolve) => foreign.close(() => resolve()));
    });

    it('drives success, 401, 403, 5xx and a cross-origin nextLink; the log has none of the token and no Bearer', async () => {
      const sample = health.sampleService();
      assert.ok(sample);
      assert.equal(sample.token, TOKEN, 'the sample service uses the known token');
      const eventsPath = /\/events\/?$/i;
      const before = health.logLines().length;

      // Success.
      await health.refresh({ full: true });
      assert.ok(health.getEvents().length > 0);
      // 401 once: one silent re-authentication, then success.
      sample.faults.inject({ kind: 'tokenExpired' }, { path: eventsPath });
      await health.refresh({ full: true });
      // 401 on every request: a clear message.
      sample.faults.inject({ kind: 'tokenExpired' }, { path: eventsPath, times: 1_000 });
      await health.refresh({ full: true });
      sample.faults.clear();
      // 403.
      sample.faults.inject({ kind: 'forbidden' }, { path: eventsPath, times: 1_000 });
      await health.refresh({ full: true });
      sample.faults.clear();
      // 5xx until the retries run out, and a 503 with retry-after.
      sample.faults.inject({ kind: 'status', status: 503, retryAfterSeconds: 0 }, { path: eventsPath, times: 2 });
      sample.faults.inject({ kind: 'status', status: 500 }, { path: eventsPath, times: 1_000 });
      await health.refresh({ full: true });
      sample.faults.clear();
      // A nextLink to another origin (a loopback server that records what it receives).
      const foreignOrigin = `http://127.0.0.1:${(foreign.address() as AddressInfo).port}`;
      sample.faults.inject({ kind: 'foreignNextLink', origin: foreignOrigin }, { path: eventsPath, times: 3 });
      await health.refresh({ full: true });
      sample.faults.clear();
      await health.refresh({ full: true });

      const lines = health.logLines().slice(before);
      const text = lines.join('\n');
      // Positive controls: the recorder saw the requests and their statuses, debug lines included.
      for (const seen of ['-> 200', '-> 401', '-> 403', '-> 500', '-> 503']) {
        assert.ok(text.includes(seen), `no log line with ${seen}:\n${text.slice(-3_000)}`);
      }
      // The nextLink to another origin is refused, not followed: that origin receives no request at all.
      assert.deepEqual(foreignRequests, [], 'the other origin received a request (the foreign nextLink was followed)');
      assert.ok(!text.includes(TOKEN), 'the token is in the log');
      assert.ok(!text.includes(TOKEN.slice(0, 16)), 'part of the token is in the log');
      assert.ok(!text.includes(Buffer.from(TOKEN).toString('base64')), 'the base64 token is in the log');
      assert.doesNotMatch(text, /Bearer /, 'a Bearer credential (or the scheme) is in the log');
      // The whole session's log too (other suites' lines included).
      assert.ok(!health.logLines().some((l) => l.includes(TOKEN) || /Bearer /.test(l)));
      // And what the view shows.
      const shown = JSON.stringify([health.viewState(), health.getTreeSnapshot(1)]);
      assert.ok(!shown.includes(TOKEN));
    });
  });
});

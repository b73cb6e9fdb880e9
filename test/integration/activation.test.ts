// The extension loads and activates in a real extension host (VS Code server + Chromium offline, or a
// desktop VS Code through @vscode/test-electron).
import * as assert from 'node:assert/strict';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';

interface Manifest {
  readonly name: string;
  readonly version: string;
  readonly publisher: string;
  readonly main: string;
  readonly engines: { readonly vscode: string };
}

// Three levels up from out/test/integration/ is the repository root, the extension under test.
const repoRoot = join(__dirname, '..', '..', '..');
const manifest = JSON.parse(readFileSync(join(repoRoot, 'package.json'), 'utf8')) as Manifest;
const extensionId = `${manifest.publisher}.${manifest.name}`;

function major(version: string): number {
  return Number(/^\D*(\d+)/.exec(version)?.[1] ?? NaN);
}

/** `1.139.1` against an engines range such as `^1.100.0` (only the lower bound matters here). */
function atLeast(version: string, range: string): boolean {
  const parse = (v: string): number[] => (/(\d+)\.(\d+)\.(\d+)/.exec(v) ?? []).slice(1).map(Number);
  const [a = NaN, b = NaN, c = NaN] = parse(version);
  const [x = NaN, y = NaN, z = NaN] = parse(range);
  return a !== x ? a > x : b !== y ? b > y : c >= z;
}

// undici's main entry installs a process-wide dispatcher when none is set, which would change
// `fetch` for every extension in this shared host. Read the slot before our extension loads.
// This host already holds one (VS Code's own networking sets it), so here the test catches a
// replacement; the empty-slot case is proven in a fresh Node process by the unit test
// test/unit/http (global dispatcher).
const GLOBAL_DISPATCHER = Symbol.for('undici.globalDispatcher.1');
const dispatcherBefore: unknown = (globalThis as Record<symbol, unknown>)[GLOBAL_DISPATCHER];

describe('activation', () => {
  it('finds the extension under development by its id', () => {
    assert.equal(extensionId, 'service-health.service-health');
    const ext = vscode.extensions.getExtension(extensionId);
    assert.ok(ext, `extension ${extensionId} is not installed in this extension host`);
    assert.equal(ext.id.toLowerCase(), extensionId);
    assert.equal((ext.packageJSON as { version?: unknown }).version, manifest.version);
  });

  it('loads from this repository and its bundle exists', () => {
    const ext = vscode.extensions.getExtension(extensionId);
    assert.ok(ext);
    assert.equal(ext.extensionUri.fsPath, repoRoot);
    assert.ok(existsSync(join(ext.extensionPath, manifest.main)), `${manifest.main} is missing: run \`npm run build\` first`);
  });

  it('activates without throwing and reports itself active', async () => {
    const ext = vscode.extensions.getExtension(extensionId);
    assert.ok(ext);
    const api: unknown = await ext.activate();
    assert.equal(ext.isActive, true);
    // activate() returns the test API once the UI layer lands; until then it may return nothing.
    assert.ok(api === undefined || (typeof api === 'object' && api !== null), `activate() returned a ${typeof api}`);
    assert.equal(ext.exports, api);
  });

  it('runs in a Node extension host of a supported VS Code', () => {
    assert.ok(major(process.versions.node) >= 20, `Node ${process.versions.node}`);
    assert.ok(atLeast(vscode.version, manifest.engines.vscode), `VS Code ${vscode.version} does not satisfy ${manifest.engines.vscode}`);
    assert.ok(vscode.env.appName.length > 0);
    assert.ok(vscode.env.appHost.length > 0);
  });

  it('reports a UI kind that matches where the extension host runs', () => {
    const ext = vscode.extensions.getExtension(extensionId);
    assert.ok(ext);
    assert.ok([vscode.UIKind.Desktop, vscode.UIKind.Web].includes(vscode.env.uiKind), `uiKind ${vscode.env.uiKind}`);
    if (vscode.env.uiKind === vscode.UIKind.Web) {
      // In the browser workbench, a Node extension host exists only on the server side: a remote.
      assert.ok(vscode.env.remoteName, 'web UI without a remote: the extension would run in a web worker');
    }
    const expectedKind = vscode.env.remoteName ? vscode.ExtensionKind.Workspace : vscode.ExtensionKind.UI;
    assert.equal(ext.extensionKind, expectedKind);
  });

  it('leaves the shared global fetch dispatcher as it found it, after real requests', async () => {
    const ext = vscode.extensions.getExtension(extensionId);
    assert.ok(ext);
    const api = (await ext.activate()) as { useSampleService(): Promise<string>; refresh(): Promise<void>; getEvents(): unknown[] };
    await api.useSampleService();
    await api.refresh();
    assert.ok(api.getEvents().length > 0, 'no request reached the sample service');
    assert.equal((globalThis as Record<symbol, unknown>)[GLOBAL_DISPATCHER], dispatcherBefore);
  });
});

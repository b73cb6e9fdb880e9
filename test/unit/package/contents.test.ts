import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { sourceBundles } from '../build/sourceBundles';

const root = path.resolve(__dirname, '../../../..');

/** What the .vsix may hold: the extension's run-time files and the README's own images. */
const ALLOWED = [
  /^package\.json$/,
  // English texts of package.json's %keys% and of vscode.l10n.t (translations add .<locale> siblings).
  /^package\.nls(\.[\w-]+)?\.json$/,
  /^l10n\/bundle\.l10n(\.[\w-]+)?\.json$/,
  /^README\.md$/,
  /^CHANGELOG\.md$/,
  /^LICENSE$/,
  /^dist\/[\w.-]+\.js$/,
  /^dist\/webview\/[\w.-]+\.(js|css)$/,
  /^dist\/codicons\/codicon\.(css|ttf)$/,
  /^media\/[\w./-]+\.(svg|css|png)$/,
  /^docs\/images\/[\w.-]+\.png$/,
  // The user guide the README links (the developer documents stay out).
  /^docs\/guide\.md$/,
];

/** Never in the package: sources, maps, tests, tooling, the CLI, the sample's fault injector. */
const FORBIDDEN = [/\.ts$/, /\.map$/, /^(src|test|out|scripts|bench|node_modules|\.vscode-test|\.ci)(\/|$)/, /^dist\/cli\.js$/, /fault/i];

async function packagedFiles(): Promise<string[]> {
  // `vsce ls` applies .vscodeignore exactly as `vsce package` does, without building a package.
  const vsce = path.join(root, 'node_modules', '@vscode', 'vsce', 'vsce');
  const { stdout } = await promisify(execFile)(process.execPath, [vsce, 'ls', '--no-dependencies'], { cwd: root });
  return stdout.split('\n').map((l) => l.trim()).filter((l) => l !== '');
}

describe('the .vsix holds exactly what the extension needs', function () {
  this.timeout(60_000);
  let files: string[];

  before(async function () {
    if (!existsSync(path.join(root, 'dist', 'extension.js'))) {
      throw new Error('dist/ is missing: run `npm run build` before the unit tests (npm test does).');
    }
    files = await packagedFiles();
  });

  it('nothing unexpected gets in (sources, maps, tests, the CLI, fault injection)', () => {
    const unexpected = files.filter((f) => !ALLOWED.some((re) => re.test(f)) || FORBIDDEN.some((re) => re.test(f)));
    assert.deepEqual(unexpected, []);
  });

  it('nothing needed goes missing: the bundles (lazy ones too), the webview, codicons, the English strings (package.nls.json, l10n/), every icon package.json names, every README image', () => {
    const manifest = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { main: string; contributes: { viewsContainers: { activitybar: Array<{ icon: string }> } } };
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    const images = [...readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)].map((m) => m[1] ?? '');
    assert.ok(images.length > 0, 'the README shows screenshots');
    const needed = [
      'package.json', 'README.md', 'LICENSE', 'CHANGELOG.md',
      // Without them the workbench shows %serviceHealth.…% keys instead of titles.
      'package.nls.json', 'l10n/bundle.l10n.json',
      manifest.main.replace(/^\.\//, ''),
      'dist/mcp.js',
      // The template reader's worker thread (the extension and the MCP server start it).
      'dist/infraWorker.js',
      // The bundles extension.js loads on first use: every src/**/<name>Bundle.ts but the test API (scripts/build.mjs).
      ...sourceBundles().filter((n) => n !== 'testApi').map((n) => `dist/${n}.js`),
      'dist/webview/details.js', 'dist/codicons/codicon.css', 'dist/codicons/codicon.ttf',
      ...manifest.contributes.viewsContainers.activitybar.map((c) => c.icon),
      ...images,
    ];
    assert.deepEqual(needed.filter((f) => !files.includes(f)), []);
  });

  it('README images are relative files that exist, so an installed .vsix shows them without a repository', () => {
    const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
    for (const [, src] of readme.matchAll(/!\[[^\]]*\]\(([^)\s]+)\)/g)) {
      assert.ok(src !== undefined && !/^[a-z]+:/i.test(src), `${String(src)} is relative`);
      assert.ok(existsSync(path.join(root, src)), `${src} exists`);
    }
  });
});

// Bundles the extension and the CLI with esbuild (the vscode-extension-samples recipe).
// `vscode` stays external: the extension host provides it at run time.
//
// The extension is split: dist/extension.js holds what activation and the cached tree need;
// parts used later load on first use from sibling bundles (every src/**/*Bundle.ts; see LAZY below).
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
// --outdir DIR: build somewhere else than dist/ (the production-bundle test builds into a temp folder).
const outdirIndex = process.argv.indexOf('--outdir');
const out = outdirIndex > 0 ? process.argv[outdirIndex + 1] : 'dist';
// --metafile: also write <outdir>/extension.meta.json, esbuild's list of the modules in each
// extension-side bundle (the production-bundle test reads it to check which parts stay lazy).
const metafile = process.argv.includes('--metafile');

/**
 * Modules loaded on first use, each from its own bundle next to extension.js: every
 * `<name>Bundle.ts` under src/ becomes dist/<name>.js (found here, no list to edit). Source code reaches
 * one only through `requireBundle('<name>', () => require('./<name>Bundle'))` inside a function (a
 * lazy loader, src/core/bundles/bundleLoader.ts); the plugin below turns that require into a
 * run-time `require('./<name>.js')` instead of inlining the module. A static `import` of the same
 * module is still inlined (the size test then fails, as it should).
 */
function findBundles(dir, found = {}) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      findBundles(file, found);
    } else if (entry.name.endsWith('Bundle.ts')) {
      const name = entry.name.slice(0, -'Bundle.ts'.length);
      if (found[name]) {
        throw new Error(`Two lazy bundles would both be dist/${name}.js: ${found[name]} and ${file}`);
      }
      found[name] = file;
    }
  }
  return found;
}
const LAZY = findBundles('src');
/**
 * The lazy bundles this build writes. A production build leaves out the test API (testApi, which
 * only Test mode loads: src/ui/app/testApi.ts); see also the sample service's fault injector below.
 */
const built = Object.entries(LAZY).filter(([name]) => !(production && name === 'testApi'));

const lazyByPath = new Map(Object.entries(LAZY).map(([name, file]) => [path.resolve(file).replace(/(\/index)?\.ts$/, ''), name]));

/** Turns `require()` of a LAZY module into a require of its sibling bundle at run time. */
const lazyBundles = {
  name: 'lazy-bundles',
  setup(build) {
    build.onResolve({ filter: /^\./ }, (args) => {
      if (args.kind !== 'require-call') {
        return undefined;
      }
      const name = lazyByPath.get(path.resolve(args.resolveDir, args.path).replace(/(\/index)?(\.ts)?$/, ''));
      if (name === 'testApi' && production) {
        return { path: 'testApi', namespace: 'no-test-api' };
      }
      return name ? { path: `./${name}.js`, external: true } : undefined;
    });
    // Production: the test API loader gets a stub that says it has none (testApiFor then gives none, even in Test mode).
    build.onLoad({ filter: /.*/, namespace: 'no-test-api' }, () => ({
      contents: 'module.exports = { available: false, buildTestApi() { throw new Error("This is a production build: it has no test API."); } };',
      loader: 'js',
    }));
  },
};

/**
 * sanitize-html requires postcss, a CSS parser it uses only for `style` attributes that a rule
 * allows. No rule of ours allows `style` (src/core/render/sanitize.ts), so postcss is never called;
 * this stub keeps its ~90 KB (with source-map-js) out, and fails closed if that ever changes:
 * sanitize-html drops a style attribute whose parse throws.
 */
const noPostcss = {
  name: 'no-postcss',
  setup(build) {
    build.onResolve({ filter: /^postcss$/ }, () => ({ path: 'postcss', namespace: 'no-postcss' }));
    build.onLoad({ filter: /.*/, namespace: 'no-postcss' }, () => ({
      contents: 'module.exports = { parse() { throw new Error("CSS parsing is not part of this build: no sanitizer rule allows style attributes."); } };',
      loader: 'js',
    }));
  },
};

/**
 * Every `import * as vscode from 'vscode'` of a bundle shares one namespace object. Left alone,
 * esbuild gives each importing module its own copy of the API object (__toESM of require('vscode'):
 * a getter per API name, a few hundred of them, for each of ~30 modules) while the extension loads.
 */
const oneVscodeNamespace = {
  name: 'one-vscode-namespace',
  setup(build) {
    build.onResolve({ filter: /^vscode$/ }, (args) =>
      args.namespace === 'vscode-namespace' ? { path: 'vscode', external: true } : { path: 'vscode', namespace: 'vscode-namespace' },
    );
    build.onLoad({ filter: /.*/, namespace: 'vscode-namespace' }, () => ({ contents: "export * from 'vscode';", loader: 'js' }));
  },
};

/**
 * The CLI and the MCP server are one file each and load everything at once: there validation()
 * returns the statically imported schemas. (An inlined require() would make esbuild wrap zod in
 * lazy-init code, which the MCP SDK's own top-level use of zod does not wait for.)
 */
const eagerValidation = {
  name: 'eager-validation',
  setup(build) {
    build.onLoad({ filter: /[\\/]src[\\/]core[\\/]model[\\/]validation\.ts$/ }, () => ({
      contents: "import * as bundle from './validationBundle';\nexport function validation() { return bundle; }\n",
      loader: 'ts',
      resolveDir: path.resolve('src/core/model'),
    }));
  },
};

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  legalComments: 'none',
  // jsonc-parser's "main" is a UMD build whose require('./impl/…') calls esbuild cannot follow; its ES module build bundles cleanly.
  alias: { 'jsonc-parser': 'jsonc-parser/lib/esm/main.js' },
};

const extensionSide = {
  ...common,
  external: ['vscode'],
  plugins: [lazyBundles, noPostcss, oneVscodeNamespace],
  // The sample service's fault injection is for tests: the production extension leaves it out.
  ...(production ? { define: { 'process.env.SERVICE_HEALTH_SAMPLE_FAULTS': '"off"' } } : {}),
};

const contexts = await Promise.all([
  esbuild.context({ ...extensionSide, entryPoints: ['src/extension.ts'], outfile: `${out}/extension.js`, metafile }),
  ...built.map(([name, file]) => esbuild.context({ ...extensionSide, entryPoints: [file], outfile: `${out}/${name}.js`, metafile })),
  // The CLI is one file: it loads everything it needs at once anyway.
  esbuild.context({
    ...common,
    entryPoints: ['src/cli.ts'],
    outfile: `${out}/cli.js`,
    plugins: [eagerValidation],
    banner: { js: '#!/usr/bin/env node' },
  }),
  // The MCP server alone, for the extension's MCP server definition (runs under the extension host's Node).
  esbuild.context({
    ...common,
    entryPoints: ['src/mcp.ts'],
    outfile: `${out}/mcp.js`,
    plugins: [eagerValidation],
  }),
  // The template reader's worker thread (src/core/infra/infraReader.ts starts it from the same
  // folder). A production build defines its test hooks away: no file name can make it spin or stop.
  esbuild.context({
    ...common,
    entryPoints: ['src/core/infra/infraWorker.ts'],
    outfile: `${out}/infraWorker.js`,
    ...(production ? { define: { 'process.env.SERVICE_HEALTH_TEST_READER_SPIN': 'undefined', 'process.env.SERVICE_HEALTH_TEST_READER_CRASH': 'undefined' } } : {}),
  }),
  // Event details webview script (runs in the webview, not in Node).
  esbuild.context({
    ...common,
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
    entryPoints: ['media/details/main.ts'],
    outfile: `${out}/webview/details.js`,
  }),
  // Resource health webview script (same shell, CSP and stylesheet as the event details).
  esbuild.context({
    ...common,
    platform: 'browser',
    target: 'es2022',
    format: 'iife',
    entryPoints: ['media/details/health.ts'],
    outfile: `${out}/webview/health.js`,
  }),
]);

// Codicons for webviews: .vscodeignore drops node_modules, so ship the css and font from dist/.
mkdirSync(`${out}/codicons`, { recursive: true });
for (const file of ['codicon.css', 'codicon.ttf']) {
  cpSync(`node_modules/@vscode/codicons/dist/${file}`, `${out}/codicons/${file}`);
}

// The details webview loads only from dist/webview and dist/codicons (its localResourceRoots).
mkdirSync(`${out}/webview`, { recursive: true });
cpSync('media/details/details.css', `${out}/webview/details.css`);

if (watch) {
  await Promise.all(contexts.map((c) => c.watch()));
} else {
  const results = await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
  if (metafile) {
    // The start bundle and the lazy ones (the first 1 + LAZY contexts), as one metafile.
    const sides = results.slice(0, 1 + built.length).map((r) => r.metafile);
    const merged = { inputs: Object.assign({}, ...sides.map((m) => m.inputs)), outputs: Object.assign({}, ...sides.map((m) => m.outputs)) };
    writeFileSync(`${out}/extension.meta.json`, JSON.stringify(merged));
  }
}

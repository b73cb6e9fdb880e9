// Bundles the extension and the CLI with esbuild (the vscode-extension-samples recipe).
// `vscode` stays external: the extension host provides it at run time.
import * as esbuild from 'esbuild';
import { cpSync, mkdirSync } from 'node:fs';

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');
// --outdir DIR: build somewhere else than dist/ (the production-bundle test builds into a temp folder).
const outdirIndex = process.argv.indexOf('--outdir');
const out = outdirIndex > 0 ? process.argv[outdirIndex + 1] : 'dist';

const common = {
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  sourcemap: !production,
  minify: production,
  logLevel: 'warning',
  legalComments: 'none',
};

const contexts = await Promise.all([
  esbuild.context({
    ...common,
    entryPoints: ['src/extension.ts'],
    outfile: `${out}/extension.js`,
    external: ['vscode'],
    // The sample service's fault injection is for tests: the production extension leaves it out.
    ...(production ? { define: { 'process.env.SERVICE_HEALTH_SAMPLE_FAULTS': '"off"' } } : {}),
  }),
  esbuild.context({
    ...common,
    entryPoints: ['src/cli.ts'],
    outfile: `${out}/cli.js`,
    banner: { js: '#!/usr/bin/env node' },
  }),
  // The MCP server alone, for the extension's MCP server definition (runs under the extension host's Node).
  esbuild.context({
    ...common,
    entryPoints: ['src/mcp.ts'],
    outfile: `${out}/mcp.js`,
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
  await Promise.all(contexts.map((c) => c.rebuild()));
  await Promise.all(contexts.map((c) => c.dispose()));
}

// `npm run screenshots [-- --out <dir>] [scene ...]`: PNGs of the extension in a real VS Code workbench,
// offline (VS Code server from code-server + Debian Chromium, demo mode without tests).
// Needs `npm run build` and `npm run compile` first. Default output folder: docs/images/ (the README's
// pictures, committed); a failed scene leaves <scene>-failed.png in screenshots-tmp/ (git-ignored).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'out', 'test', 'harness', 'screenshots.js');
for (const needed of [entry, join(root, 'dist', 'extension.js')]) {
  if (!existsSync(needed)) {
    console.error(`${needed} is missing: run \`npm run compile && npm run build\` first.`);
    process.exit(1);
  }
}
let outDir = join(root, 'docs', 'images');
const only = [];
for (let i = 2; i < process.argv.length; i++) {
  const arg = process.argv[i];
  if (arg === '--out') outDir = resolve(process.argv[++i] ?? outDir);
  else only.push(arg);
}
const { takeScreenshots } = createRequire(import.meta.url)(entry);
const started = Date.now();
try {
  const files = await takeScreenshots({ root, outDir, ...(only.length ? { only } : {}) });
  console.log(`[screenshots] ${files.length} PNG(s) in ${outDir}, ${((Date.now() - started) / 1000).toFixed(1)} s`);
  process.exitCode = files.length > 0 ? 0 : 1;
} catch (err) {
  console.error(`[screenshots] ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
}
process.stdout.write('', () => process.exit(process.exitCode));

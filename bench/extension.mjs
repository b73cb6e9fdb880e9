// `node bench/extension.mjs`: the extension's own performance figures in a real VS Code (the VS Code
// server from code-server + Debian Chromium, offline), by running only the integration suite
// "extension performance" (test/integration/perf.test.ts). Prints a table and writes
// bench/results/extension.json. Needs `npm run compile && npm run build` first.
// Env: SERVICE_HEALTH_EXTENSION_BENCH_RUNS (default 5), SERVICE_HEALTH_VERBOSE=1.
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'out', 'test', 'harness', 'run-integration.js');
for (const needed of [entry, join(root, 'out', 'test', 'integration', 'perf.test.js'), join(root, 'dist', 'extension.js')]) {
  if (!existsSync(needed)) {
    console.error(`${needed} is missing: run \`npm run compile && npm run build\` first.`);
    process.exit(1);
  }
}
const resultFile = join(root, 'bench', 'results', 'extension.json');
rmSync(resultFile, { force: true });
// The harness passes its environment on to the VS Code server and so to the extension host.
process.env.SERVICE_HEALTH_EXTENSION_BENCH = resultFile;
const { runIntegrationTests } = createRequire(import.meta.url)(entry);
let code;
try {
  code = await runIntegrationTests({ root, grep: 'extension performance', verbose: process.env.SERVICE_HEALTH_VERBOSE === '1', timeoutMs: 10 * 60_000 });
} catch (err) {
  console.error(`[bench] ${err instanceof Error ? err.message : String(err)}`);
  code = 1;
}
if (code === 0 && existsSync(resultFile)) {
  const result = JSON.parse(readFileSync(resultFile, 'utf8'));
  const rows = result.figures.map((f) => [f.name, f.median.toFixed(1), f.min.toFixed(1), f.max.toFixed(1), String(f.runs)]);
  const head = ['Extension figure', 'median ms', 'min', 'max', 'runs'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(`\nVS Code ${result.vscode} (${result.uiKind}), Node ${result.node}, ${result.platform}`);
  console.log(line(head));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const r of rows) console.log(line(r));
  console.log(`\nwrote ${resultFile}`);
} else {
  console.error('[bench] the extension performance suite failed; no figures written.');
  code ||= 1;
}
process.stdout.write('', () => process.exit(code));

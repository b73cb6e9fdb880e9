// `node bench/extension.mjs`: the extension's own performance figures in a real VS Code (the VS Code
// server from code-server + Debian Chromium, offline), by running only the integration suite
// "extension performance" (test/integration/perf.test.ts). Prints a table and writes
// bench/results/extension.json. Needs `npm run compile && npm run build` first.
// Activation is measured on what users run: a production build (`scripts/build.mjs --production`,
// laid out as the .vsix installs it), next to an empty peer extension (test/companion/activation-peer)
// activated the same way in the same host. The main figure is VS Code's own: what Developer: Show
// Running Extensions shows (the extension host's code loading time for `main` plus the synchronous
// activate() call), read off that editor by the harness (test/harness/runningExtensions.ts). The
// activate() round trip timed from the test extension is kept as a secondary line: it is mostly
// VS Code's host overhead (the empty peer's costs about as much as the whole difference).
// Env: SERVICE_HEALTH_EXTENSION_BENCH_RUNS (default 5), SERVICE_HEALTH_ACTIVATION_RUNS (fresh hosts
// for activation samples, default 5), SERVICE_HEALTH_VERBOSE=1, SERVICE_HEALTH_ACTIVATION_ONLY=1 (only
// the activation samples), SERVICE_HEALTH_ACTIVATION_EXTENSION=<folder> (measure that extension folder,
// e.g. another commit's production build laid out the same way, instead of building this one).
import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { RESULTS } from './lib.mjs';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'out', 'test', 'harness', 'run-integration.js');
for (const needed of [entry, join(root, 'out', 'test', 'integration', 'perf.test.js'), join(root, 'dist', 'extension.js')]) {
  if (!existsSync(needed)) {
    console.error(`${needed} is missing: run \`npm run compile && npm run build\` first.`);
    process.exit(1);
  }
}
const resultFile = join(RESULTS, 'extension.json');
rmSync(resultFile, { force: true });
// The harness passes its environment on to the VS Code server and so to the extension host.
process.env.SERVICE_HEALTH_EXTENSION_BENCH = resultFile;
const { runIntegrationTests: runOnce } = createRequire(import.meta.url)(entry);
// On a busy machine the workbench page can miss the harness's 30 s load timeout: up to 3 attempts.
const runIntegrationTests = async (options) => {
  for (let attempt = 1; ; attempt++) {
    const code = await runOnce(options).catch((err) => {
      console.error(`[bench] ${err instanceof Error ? err.message.split('\n')[0] : String(err)}`);
      return 1;
    });
    if (code === 0 || attempt >= 3) return code;
    console.error(`[bench] attempt ${attempt} failed; trying again`);
  }
};
const activationOnly = process.env.SERVICE_HEALTH_ACTIVATION_ONLY === '1';
// BENCH_SMOKE=1 (npm run bench:smoke): every figure once, at small sizes (perf.test.ts reads it too).
const smoke = process.env.BENCH_SMOKE === '1';
let code = 0;
try {
  if (!activationOnly) code = await runIntegrationTests({ root, grep: 'extension performance', verbose: process.env.SERVICE_HEALTH_VERBOSE === '1', timeoutMs: 10 * 60_000 });
} catch (err) {
  console.error(`[bench] ${err instanceof Error ? err.message : String(err)}`);
  code = 1;
}
// Activation happens once per extension host, so each sample is a fresh host running only the
// suite's activation test (about 10 s each), on the production build with the peer installed; the
// peer goes first in every other host, so neither always pays for what the host does once.
const activationRuns = Number(process.env.SERVICE_HEALTH_ACTIVATION_RUNS ?? (smoke ? 1 : 5));
const VSCODE_OURS = 'VS Code activation figure (code loading + activate call)';
const VSCODE_PEER = 'peer VS Code activation figure (an empty extension, same host)';
const OURS = 'activate() call (module load + activate, first activation)';
const PEER = 'peer activate() call (an empty extension, same host)';
const activationSamples = { [VSCODE_OURS]: [], [VSCODE_PEER]: [], [OURS]: [], 'activate(): composition root': [], [PEER]: [] };
const collectActivation = (file) => {
  for (const f of JSON.parse(readFileSync(file, 'utf8')).figures) {
    if (f.name in activationSamples && f.runs === 1) activationSamples[f.name].push(f.median);
  }
};
/** The production build as a .vsix lays it out (package.json with its strings, media, dist), and the built peer. */
const prepareActivation = async () => {
  const parent = mkdtempSync(join(tmpdir(), 'service-health-activation-'));
  const extension = join(parent, 'extension');
  execFileSync(process.execPath, ['scripts/build.mjs', '--production', '--outdir', join(extension, 'dist')], { cwd: root, stdio: 'inherit' });
  cpSync(join(root, 'package.json'), join(extension, 'package.json'));
  // The English strings of package.json's %keys% and of vscode.l10n.t, as the .vsix ships them.
  cpSync(join(root, 'package.nls.json'), join(extension, 'package.nls.json'));
  cpSync(join(root, 'l10n'), join(extension, 'l10n'), { recursive: true });
  cpSync(join(root, 'media'), join(extension, 'media'), { recursive: true });
  const { buildCompanion } = createRequire(import.meta.url)(join(root, 'out', 'test', 'harness', 'companion.js'));
  const peer = await buildCompanion(root, 'activation-peer');
  return { extension, peer: peer.folder, dispose: async () => (await peer.dispose(), rmSync(parent, { recursive: true, force: true })) };
};
if (code === 0 && (activationOnly || existsSync(resultFile))) {
  const given = process.env.SERVICE_HEALTH_ACTIVATION_EXTENSION;
  const prepared = given ? { ...(await prepareActivation()), extension: given } : await prepareActivation();
  const extraFile = join(RESULTS, 'extension-activation.json');
  try {
    for (let i = 0; i < activationRuns && code === 0; i++) {
      rmSync(extraFile, { force: true });
      process.env.SERVICE_HEALTH_EXTENSION_BENCH = extraFile;
      process.env.SERVICE_HEALTH_ACTIVATION_PEER_FIRST = i % 2 ? '1' : '0';
      code = await runIntegrationTests({
        root,
        extensionPath: prepared.extension,
        preinstall: [prepared.peer],
        grep: 'extension performance \\(real VS Code\\) activation',
        verbose: false,
        timeoutMs: 5 * 60_000,
      });
      if (code === 0 && existsSync(extraFile)) {
        collectActivation(extraFile);
        if (activationOnly && !existsSync(resultFile)) cpSync(extraFile, resultFile);
      }
    }
  } finally {
    rmSync(extraFile, { force: true });
    await prepared.dispose();
  }
}
const stats = (samples) => {
  const sorted = [...samples].sort((a, b) => a - b);
  const mid = sorted.length / 2;
  const median = sorted.length % 2 ? sorted[Math.floor(mid)] : (sorted[mid - 1] + sorted[mid]) / 2;
  return { median, min: sorted[0], max: sorted[sorted.length - 1], runs: sorted.length };
};
if (code === 0 && existsSync(resultFile)) {
  const result = JSON.parse(readFileSync(resultFile, 'utf8'));
  // The activation figures are the production build's (the full suite above ran the development build).
  const note = 'production build (scripts/build.mjs --production); one fresh extension host per sample';
  // The composition root is read through the test API, which a production build has not: that figure stays the development build's.
  result.figures = result.figures.filter((f) => !(activationSamples[f.name]?.length > 0));
  const activationFigures = Object.entries(activationSamples)
    .filter(([, samples]) => samples.length > 0)
    .map(([name, samples]) => ({ name, unit: 'ms', ...stats(samples), note }));
  const ours = activationFigures.find((f) => f.name === OURS);
  const peer = activationFigures.find((f) => f.name === PEER);
  if (ours && peer) {
    activationFigures.push({ name: 'activate() call: ours / peer (ratio of medians)', unit: 'ratio', median: ours.median / peer.median, min: NaN, max: NaN, runs: ours.runs, note });
  }
  result.figures.unshift(...activationFigures);
  writeFileSync(resultFile, `${JSON.stringify(result, null, 2)}\n`);
  const num = (n) => (Number.isFinite(n) ? n.toFixed(1) : '–');
  const rows = result.figures.map((f) => [f.name, f.unit === 'ratio' ? `${f.median.toFixed(2)}×` : num(f.median), num(f.min), num(f.max), String(f.runs)]);
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

// `npm run bench` (last step): the infrastructure reader on a 5,000-file workspace with 200 templates.
// Each of the 5 runs is a fresh child Node process (cold JIT, as the CLI starts): a full read of the
// folder, then one template changed on disk and read again (read file + parse + resolve the report).
// Prints median [min-max] and writes bench/results/infra.json. Goals (issue 24): < 1 s and < 20 ms.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { readFile } from 'node:fs/promises';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { loadOut, median, report, round, runChild, RESULTS } from './lib.mjs';

const FILES = 5000;
const TEMPLATES = 200;
const RUNS = Number(process.env.BENCH_RUNS ?? 5);
const REGIONS = ['westeurope', 'northeurope', 'eastus', 'eastus2', 'westus2', 'uksouth', 'swedencentral', 'japaneast'];

/** 5 resources a template, in four formats; the rest of the workspace is ordinary source files. */
function template(i) {
  const region = REGIONS[i % REGIONS.length];
  switch (i % 4) {
    case 0:
      return [`t${i}.bicep`, `param location string = '${region}'\n${[0, 1, 2, 3, 4].map((k) => `resource r${k} 'Microsoft.Web/sites@2023-12-01' = {\n  name: 'app${i}-${k}'\n  location: location\n  properties: {\n    httpsOnly: true\n  }\n}\n`).join('')}`];
    case 1:
      return [`t${i}.tf`, `variable "location" {\n  default = "${region}"\n}\n${[0, 1, 2, 3, 4].map((k) => `resource "azurerm_storage_account" "s${k}" {\n  name     = "st${i}${k}"\n  location = var.location\n  tags     = { env = "bench" }\n}\n`).join('')}`];
    case 2:
      return [`t${i}.json`, JSON.stringify({ $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#', parameters: { location: { type: 'string', defaultValue: region } }, resources: [0, 1, 2, 3, 4].map((k) => ({ type: 'Microsoft.KeyVault/vaults', apiVersion: '2023-07-01', name: `kv${i}${k}`, location: "[parameters('location')]", properties: { tenantId: '00000000-0000-0000-0000-000000000000' } })) }, null, 2)];
    default:
      return [`t${i}.bicep`, `${[0, 1, 2, 3, 4].map((k) => `resource c${k} 'Microsoft.DocumentDB/databaseAccounts@2024-05-15' = {\n  name: 'cosmos${i}-${k}'\n  location: '${region}'\n}\n`).join('')}`];
  }
}

function makeWorkspace() {
  const dir = mkdtempSync(join(os.tmpdir(), 'infra-bench-'));
  let written = 0;
  for (let i = 0; i < TEMPLATES; i++) {
    const folder = join(dir, `service${i % 20}`, 'infra');
    mkdirSync(folder, { recursive: true });
    const [name, text] = template(i);
    writeFileSync(join(folder, name), text);
    written++;
  }
  for (let i = 0; written < FILES; i++, written++) {
    const folder = join(dir, `service${i % 20}`, 'src', `part${i % 37}`);
    mkdirSync(folder, { recursive: true });
    // A few JSON files that are not templates (package.json, tsconfig) must be looked at and skipped.
    const [name, text] = i % 10 === 0 ? [`config${i}.json`, JSON.stringify({ name: `pkg${i}`, version: '1.0.0' })] : [`file${i}.ts`, `export const value${i} = ${i};\n`.repeat(20)];
    writeFileSync(join(folder, name), text);
  }
  return dir;
}

/** CPU time of this process since `from` (user + system), in ms: on a shared, loaded machine it says more than wall time. */
const cpuMs = (from) => {
  const { user, system } = process.cpuUsage(from);
  return (user + system) / 1000;
};

async function child(dir) {
  const { readInfraDir } = loadOut('core/infra/index.js');
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  const { index, report: first } = readInfraDir(dir);
  const fullMs = performance.now() - t0;
  const fullCpuMs = cpuMs(c0);
  const rel = 'service0/infra/t0.bicep';
  const abs = join(dir, rel);
  writeFileSync(abs, readFileSync(abs, 'utf8').replace(/param location string = '[a-z0-9]+'/, "param location string = 'francecentral'"));
  const t1 = performance.now();
  const c1 = process.cpuUsage();
  index.set(rel, readFileSync(abs, 'utf8'));
  const second = index.report();
  const changeMs = performance.now() - t1;
  const changeCpuMs = cpuMs(c1);
  const moved = second.targets.filter((t) => t.file === rel && t.region === 'France Central').length;
  writeFileSync(abs, template(0)[1]);
  report({ fullMs, fullCpuMs, changeMs, changeCpuMs, targets: first.targets.length, unresolved: first.unresolved.length, moved });
}

/**
 * The main thread while the worker reads (issue 30): the longest event-loop block (monitorEventLoopDelay's
 * max) during a readDir of the whole folder (the CLI, the MCP server) and during the editor's way
 * (each template's text sent with set, then the report). Goal: at most 50 ms.
 */
async function workerChild(dir) {
  const { InfraReader } = loadOut('core/infra/infraReader.js');
  const reader = new InfraReader();
  const blockOf = async (work) => {
    const h = monitorEventLoopDelay({ resolution: 5 });
    h.enable();
    const t0 = performance.now();
    const result = await work();
    const ms = performance.now() - t0;
    h.disable();
    return { result, ms, maxBlockMs: h.max / 1e6 };
  };
  const walk = await blockOf(() => reader.readDir(dir));
  const files = walk.result.paths;
  const editor = await blockOf(async () => {
    for (const rel of files) await reader.set('ws', rel, await readFile(join(dir, rel), 'utf8'));
    return reader.report('ws');
  });
  reader.dispose();
  report({ walkMs: walk.ms, walkBlockMs: walk.maxBlockMs, editorMs: editor.ms, editorBlockMs: editor.maxBlockMs, targets: walk.result.report.targets.length, editorTargets: editor.result.report.targets.length });
}

/** Files that have hung or crawled the reader (review findings H1, M1, M2, issue 30): each alone in a folder. */
const HOSTILE = {
  'stacked decorators': ['main.bicep', `@description('Primary location')\n@minLength(1)\n@secure()\nparam location string = 'westeurope'\nresource s 'Microsoft.Web/sites@2023-12-01' = {\n  name: 's'\n  location: location\n}\n`],
  'module cycle': ['main.bicep', `param location string = 'westeurope'\nmodule a 'main.bicep' = {\n  name: 'a'\n  params: {\n    location: location\n  }\n}\nmodule b 'main.bicep' = {\n  name: 'b'\n  params: {\n    location: location\n  }\n}\nresource s 'Microsoft.Web/sites@2023-12-01' = {\n  name: 's'\n  location: location\n}\n`],
  'whitespace run in azure.yaml': ['azure.yaml', `name: x\nservices:\n  web:\n    host:${' '.repeat(200_000)}x\n`],
  'deep nesting': ['main.bicep', `${"resource r 'Microsoft.Web/sites@2023-12-01' = {\n  location: 'westeurope'\n".repeat(2500)}${'}\n'.repeat(2500)}`],
};

async function hostileChild() {
  const { InfraReader } = loadOut('core/infra/infraReader.js');
  const out = {};
  for (const [name, [file, text]] of Object.entries(HOSTILE)) {
    const dir = mkdtempSync(join(os.tmpdir(), 'infra-hostile-'));
    writeFileSync(join(dir, file), text);
    const reader = new InfraReader();
    const t0 = performance.now();
    const { report: r } = await reader.readDir(dir);
    out[name] = { ms: performance.now() - t0, cut: r.unresolved.some((u) => /took too long/.test(u.reason)) };
    reader.dispose();
    rmSync(dir, { recursive: true, force: true });
  }
  report(out);
}

async function main() {
  const dir = makeWorkspace();
  const log = (line) => process.stderr.write(`[bench] ${line}\n`);
  try {
    log(`infra: ${FILES} files, ${TEMPLATES} templates in ${dir}`);
    const runs = [];
    for (let r = 0; r < RUNS; r++) {
      runs.push(await runChild('infra.mjs', ['child', dir], {}, []));
    }
    for (const run of runs) {
      if (run.targets !== TEMPLATES * 5 || run.unresolved !== 0 || run.moved !== 5) {
        throw new Error(`unexpected reading: ${JSON.stringify(run)}`);
      }
    }
    const stat = (key) => ({ median: round(median(runs.map((r) => r[key]))), min: round(Math.min(...runs.map((r) => r[key]))), max: round(Math.max(...runs.map((r) => r[key]))) });
    const result = { files: FILES, templates: TEMPLATES, targets: TEMPLATES * 5, runs: RUNS, fullReadMs: stat('fullMs'), fullReadCpuMs: stat('fullCpuMs'), changedFileMs: stat('changeMs'), changedFileCpuMs: stat('changeCpuMs'), loadAverage: os.loadavg().map((l) => round(l, 1)), node: process.version, cpus: os.cpus().length };
    const fmt = (s) => `${s.median} ms [${s.min}-${s.max}]`;
    process.stdout.write(`Infrastructure reader: ${FILES} files, ${TEMPLATES} templates, ${TEMPLATES * 5} targets (median of ${RUNS} fresh processes, min-max)\n`);
    process.stdout.write(`                          wall ms                  CPU ms                   goal\n`);
    process.stdout.write(`full read of the folder   ${fmt(result.fullReadMs).padEnd(24)} ${fmt(result.fullReadCpuMs).padEnd(24)} < 1000 ms\n`);
    process.stdout.write(`one changed file re-read  ${fmt(result.changedFileMs).padEnd(24)} ${fmt(result.changedFileCpuMs).padEnd(24)} < 20 ms\n`);
    process.stdout.write(`load average ${result.loadAverage.join(' ')} on ${result.cpus} CPUs\n`);
    const workerRuns = [];
    for (let r = 0; r < RUNS; r++) workerRuns.push(await runChild('infra.mjs', ['worker', dir], {}, []));
    const hostileRuns = [];
    for (let r = 0; r < RUNS; r++) hostileRuns.push(await runChild('infra.mjs', ['hostile'], {}, []));
    const wstat = (key) => ({ median: round(median(workerRuns.map((r) => r[key]))), min: round(Math.min(...workerRuns.map((r) => r[key]))), max: round(Math.max(...workerRuns.map((r) => r[key]))) });
    result.worker = { walkMs: wstat('walkMs'), walkBlockMs: wstat('walkBlockMs'), editorMs: wstat('editorMs'), editorBlockMs: wstat('editorBlockMs') };
    result.hostile = Object.fromEntries(Object.keys(HOSTILE).map((name) => {
      const ms = hostileRuns.map((r) => r[name].ms);
      return [name, { median: round(median(ms)), min: round(Math.min(...ms)), max: round(Math.max(...ms)), cutByWatchdog: hostileRuns.filter((r) => r[name].cut).length }];
    }));
    process.stdout.write(`\nThe same folder read in the worker (median of ${RUNS} fresh processes, min-max)     goal\n`);
    process.stdout.write(`longest main-thread block, readDir        ${fmt(result.worker.walkBlockMs).padEnd(28)} <= 50 ms   (read in ${fmt(result.worker.walkMs)})\n`);
    process.stdout.write(`longest main-thread block, editor (set)   ${fmt(result.worker.editorBlockMs).padEnd(28)} <= 50 ms   (read in ${fmt(result.worker.editorMs)})\n`);
    process.stdout.write(`Hostile files, each alone (wall ms, median [min-max]; cut = runs the watchdog ended at 2 s)\n`);
    for (const [name, h] of Object.entries(result.hostile)) process.stdout.write(`  ${name.padEnd(30)} ${fmt(h).padEnd(28)} cut ${h.cutByWatchdog}/${RUNS}\n`);
    mkdirSync(RESULTS, { recursive: true });
    writeFileSync(join(RESULTS, 'infra.json'), `${JSON.stringify(result, null, 2)}\n`);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === 'make') {
  // For profiling by hand: builds the workspace and prints its folder (delete it yourself).
  process.stdout.write(`${makeWorkspace()}\n`);
} else if (process.argv[2] === 'worker') {
  workerChild(process.argv[3]).catch((error) => report({ error: String(error) }));
} else if (process.argv[2] === 'hostile') {
  hostileChild().catch((error) => report({ error: String(error) }));
} else if (process.argv[2] === 'child') {
  child(process.argv[3]).catch((error) => report({ error: String(error) }));
} else {
  main().catch((error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exitCode = 1;
  });
}

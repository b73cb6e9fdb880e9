// `node bench/estate.mjs` (part of `npm run bench`): one refresh of a large estate through the
// product's own code paths, on one thread, under perf_hooks.monitorEventLoopDelay: 1,000
// subscriptions with 100,000 resource statuses listed through Resource Graph (listAvailability)
// and put into the Resources view's store as the view does (applyListing: a full listing, then an
// incremental one with 1 % changed), a 60,000-row incident through impactedResourcesByEvent over
// 200 subscriptions seeded into the impacted-resources store as the feature does, and its count
// ("affects N"), the template notes the editor computes once per change (templateNotes: 50
// incidents listed by 200 subscriptions each against 1,000 targets in 40 files), and a hover per
// target through the store's name index (templateHealthMarkdown). Only the Resource Graph answers
// are made up (in memory). Reports the longest block (the event loop's largest delay, over the
// refresh and per step) and the CPU per refresh: median, min and max of BENCH_ESTATE_RUNS runs
// (default 5). BENCH_ESTATE_STRICT=1 exits 1 when the median longest block's CPU is over 50 ms;
// --smoke sizes (BENCH_SMOKE=1) only prove it runs. Writes estate.json to the results folder.
import { mkdirSync, writeFileSync } from 'node:fs';
import { loadavg } from 'node:os';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setImmediate as yieldNow } from 'node:timers/promises';
import { loadOut, median, round, RESULTS, SMOKE } from './lib.mjs';

const { ResourceHealthStore } = loadOut('core/health/healthStore.js');
const { HealthBaseline, stateSectionsInSlices } = loadOut('core/health/healthRows.js');
const { Slicer } = loadOut('core/text/slices.js');
const { applyListing } = loadOut('core/health/healthApply.js');
const { listAvailability, impactedResourcesByEvent } = loadOut('core/api/availabilityListing.js');
const { templateNotes } = loadOut('ui/infra/lineNotes.js');
const { templateHealthMarkdown } = loadOut('ui/infra/templateHealthHover.js');
const { ImpactedResourcesStore, seedFromListing } = loadOut('ui/resources/impactedResourcesStore.js');

const S = {
  subscriptions: Number(process.env.BENCH_ESTATE_SUBSCRIPTIONS ?? (SMOKE ? 50 : 1000)),
  statuses: Number(process.env.BENCH_ESTATE_STATUSES ?? (SMOKE ? 5000 : 100_000)),
  impactedRows: Number(process.env.BENCH_ESTATE_IMPACTED ?? (SMOKE ? 3000 : 60_000)),
  targets: Number(process.env.BENCH_ESTATE_TARGETS ?? (SMOKE ? 100 : 1000)),
  incidents: 50,
  copies: SMOKE ? 20 : 200,
  runs: Math.max(1, Number(process.env.BENCH_ESTATE_RUNS ?? (SMOKE ? 1 : 5))),
  limitMs: 50,
};
const REGIONS = ['West Europe', 'East US', 'North Europe', 'Brazil South', 'Japan East'];
const subs = Array.from({ length: S.subscriptions }, (_, i) => `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`);
const perSub = Math.ceil(S.statuses / S.subscriptions);
const rid = (sub, i) => `/subscriptions/${sub}/resourceGroups/rg-${i % 20}/providers/Microsoft.Web/sites/app-${sub.slice(-4)}-${i}`;
const status = (sub, i, state) => ({ id: `${rid(sub, i)}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`, name: 'current', properties: { availabilityState: state, occuredTime: '2026-12-07T10:00:00Z' } });

const full = subs.map((sub) => ({ sub, statuses: Array.from({ length: perSub }, (_, i) => status(sub, i, 'Available')) }));
const changed = subs.map((sub) => ({ sub, statuses: Array.from({ length: Math.max(1, perSub / 100) }, (_, i) => status(sub, i * 7, 'Degraded')) }));
// Resource Graph's answers, in memory: what the real ResourceGraphApi returns per batch of 1,000.
const batches = (ids) => Array.from({ length: Math.ceil(ids.length / 1000) }, (_, i) => ids.slice(i * 1000, (i + 1) * 1000));
const listing = (answers) => ({
  batches,
  listAvailabilityBatch: async (batch) => ({ bySubscription: new Map(batch.map((sub) => [sub, answers.get(sub) ?? []])), skipped: 0 }),
  subscriptionsInScope: async (batch) => new Set(batch),
});
const fullGraph = listing(new Map(full.map(({ sub, statuses }) => [sub, statuses])));
const changedGraph = listing(new Map(changed.map(({ sub, statuses }) => [sub, statuses])));
const noApi = { listForSubscriptions: async () => { throw new Error('the bench lists through Resource Graph only'); } };
const impactSubs = subs.slice(0, Math.min(200, subs.length));
const rowsPerSub = Math.ceil(S.impactedRows / impactSubs.length);
const impactedAnswer = new Map(impactSubs.map((sub) => [sub, Array.from({ length: rowsPerSub }, (_, i) => ({ trackingId: 'BIG-0001', resource: { id: `${rid(sub, i)}`, name: `r${i}` } }))]));
const graph = {
  batches,
  listImpactedResourcesBatch: async (batch) => ({ bySubscription: new Map(batch.map((sub) => [sub, impactedAnswer.get(sub) ?? []])), skipped: 0 }),
  subscriptionsInScope: async (batch) => new Set(batch),
};
const events = [];
for (let i = 0; i < S.incidents; i++) {
  for (let c = 0; c < S.copies; c++) {
    const event = { name: `INC-${i}`, properties: { title: `Incident ${i}`, eventType: 'ServiceIssue', status: 'Active', impact: [{ impactedService: 'App Service', impactedRegions: [{ impactedRegion: REGIONS[(i + c) % REGIONS.length] }] }] } };
    events.push({ subscriptionId: subs[c % subs.length], trackingId: `INC-${i}`, event });
  }
}
// The large incident: one copy per subscription it impacts, each taking that subscription's rows.
for (const sub of impactSubs) {
  const event = { name: 'BIG-0001', properties: { title: 'The large outage', eventType: 'ServiceIssue', status: 'Active', impact: [{ impactedService: 'App Service', impactedRegions: [{ impactedRegion: 'West Europe' }] }] } };
  events.push({ subscriptionId: sub, trackingId: 'BIG-0001', event });
}
const targets = Array.from({ length: S.targets }, (_, i) => ({ service: 'App Service', region: REGIONS[i % REGIONS.length], file: `infra/m${i % 40}.bicep`, line: i + 1, column: 3, name: `app-${subs[i % subs.length].slice(-4)}-${i}`, resourceType: 'Microsoft.Web/sites' }));

const files = Array.from({ length: 40 }, (_, f) => ({ uri: `infra/m${f}.bicep`, targets: targets.filter((t) => t.file === `infra/m${f}.bicep`) }));
const WORDS = { since: (state, when) => `${state} since ${when}`, showDetails: 'Show Health Details', noGroup: '(no resource group)', more: (n) => `and ${n} more`, several: (name, n) => `${name} is in ${n} places:` };

/**
 * The longest block in wall time and in CPU time: a 1 ms timer notes, each time it fires, the wall
 * and CPU time since it last fired; a block delays it by the block's length. On a loaded machine
 * the wall figure also holds the time the OS ran other processes; the CPU figure is the work's own
 * (process-wide: V8's GC helper threads count too).
 */
function blockProbe() {
  let wall = performance.now();
  let cpu = process.cpuUsage();
  const worst = { wallMs: 0, cpuMs: 0 };
  const note = () => {
    const now = performance.now();
    const used = process.cpuUsage(cpu);
    worst.wallMs = Math.max(worst.wallMs, now - wall);
    worst.cpuMs = Math.max(worst.cpuMs, (used.user + used.system) / 1000);
    wall = now;
    cpu = process.cpuUsage();
  };
  const timer = setInterval(note, 1);
  return {
    stop() {
      note();
      clearInterval(timer);
      return { wallMs: round(worst.wallMs, 1), cpuMs: round(worst.cpuMs, 1) };
    },
  };
}

/** One refresh; each step starts as its own task, as the extension host runs them after each answer. */
async function refresh() {
  const steps = {};
  const step = async (name, run) => {
    await yieldNow();
    const probe = blockProbe();
    const cpu = process.cpuUsage();
    const t = performance.now();
    await run();
    const wall = performance.now() - t;
    const used = process.cpuUsage(cpu);
    const block = probe.stop();
    steps[name] = { blockMs: Math.min(block.wallMs, round(wall, 1)), blockCpuMs: Math.min(block.cpuMs, round((used.user + used.system) / 1000, 1)), wallMs: round(wall, 1), cpuMs: round((used.user + used.system) / 1000, 0) };
  };
  const store = new ResourceHealthStore();
  const baseline = new HealthBaseline();
  const load = async (graphApi, since) => {
    const outcome = await listAvailability({ api: noApi, graph: graphApi, threshold: 10, ...(since ? { since } : {}) }, subs);
    const applied = await applyListing(store, baseline, outcome.results, new Set(outcome.changesOnly.map((id) => id.toLowerCase())));
    if (!applied || applied.errors.length > 0) throw new Error('the listing was not applied in full');
  };
  await step('health: full listing into the store', () => load(fullGraph));
  await step('health: incremental listing (1 % changed)', () => load(changedGraph, new Date(Date.now() - 3_600_000)));
  await step("health: the view's sections (tree root), as the view makes them", () => stateSectionsInSlices(store.all(), undefined, new Slicer()));
  let byEvent;
  let leftOut;
  await step(`impacted: index ${S.impactedRows} rows`, async () => ({ byEvent, leftOut } = await impactedResourcesByEvent(graph, impactSubs)));
  const impacted = new ImpactedResourcesStore({ list: () => undefined });
  await step('impacted: each event copy its list, and the rows of "affects N"', () => seedFromListing(impacted, events, byEvent, leftOut));
  await step('impacted: "affects N" of the incident', () => {
    if (impacted.countOf('BIG-0001') !== rowsPerSub * impactSubs.length) throw new Error(`the incident lost rows: ${impacted.countOf('BIG-0001')}`);
  });
  await step('templates: notes once per change', () => templateNotes(events, files));
  const now = Date.now();
  await step('templates: a hover per target', () => targets.forEach((t) => templateHealthMarkdown([t], store, now, WORDS)));
  return steps;
}

const runs = [];
for (let r = 0; r < S.runs; r++) {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const cpu = process.cpuUsage();
  const t = performance.now();
  const steps = await refresh();
  const wall = performance.now() - t;
  await yieldNow();
  h.disable();
  const used = process.cpuUsage(cpu);
  const [name, longest] = Object.entries(steps).sort((a, b) => b[1].blockMs - a[1].blockMs)[0];
  const [cpuName, cpuLongest] = Object.entries(steps).sort((a, b) => b[1].blockCpuMs - a[1].blockCpuMs)[0];
  runs.push({
    maxDelayMs: round(Math.min(h.max / 1e6, wall), 1),
    longestStepBlockMs: longest.blockMs,
    longestStep: name,
    longestBlockCpuMs: cpuLongest.blockCpuMs,
    longestCpuStep: cpuName,
    cpuMs: round((used.user + used.system) / 1000, 0),
    wallMs: round(wall, 0),
    steps,
  });
}
const stat = (key) => {
  const xs = runs.map((r) => r[key]);
  return { median: median(xs), min: xs.reduce((a, b) => Math.min(a, b)), max: xs.reduce((a, b) => Math.max(a, b)) };
};
const result = {
  settings: S,
  smoke: SMOKE,
  loadAverage: loadavg().map((x) => round(x, 2)),
  longestBlockMs: stat('maxDelayMs'),
  longestStepBlockMs: stat('longestStepBlockMs'),
  longestBlockCpuMs: stat('longestBlockCpuMs'),
  cpuPerRefreshMs: stat('cpuMs'),
  wallPerRefreshMs: stat('wallMs'),
  runs,
};
mkdirSync(RESULTS, { recursive: true });
writeFileSync(join(RESULTS, 'estate.json'), `${JSON.stringify(result, null, 2)}\n`);
const fig = (x) => `median ${x.median} ms (min ${x.min}, max ${x.max})`;
console.log(`estate: ${S.subscriptions} subscriptions, ${S.statuses} statuses, ${S.impactedRows}-row incident, ${S.targets} targets; ${S.runs} run(s)${SMOKE ? ' (smoke)' : ''}; load average ${result.loadAverage.join(', ')}`);
console.log(`  longest block (event loop delay over the refresh): ${fig(result.longestBlockMs)}`);
console.log(`  longest block within one step, wall: ${fig(result.longestStepBlockMs)}; worst: ${runs.find((r) => r.longestStepBlockMs === result.longestStepBlockMs.max)?.longestStep}`);
console.log(`  longest block within one step, CPU: ${fig(result.longestBlockCpuMs)}; worst: ${runs.find((r) => r.longestBlockCpuMs === result.longestBlockCpuMs.max)?.longestCpuStep}`);
console.log(`  CPU per refresh: ${fig(result.cpuPerRefreshMs)}; wall ${fig(result.wallPerRefreshMs)}`);
console.log('  steps of the last run (longest block wall / longest block CPU; step wall / step CPU):');
for (const [name, st] of Object.entries(runs[runs.length - 1].steps)) console.log(`    ${name}: ${st.blockMs} / ${st.blockCpuMs}; ${st.wallMs} / ${st.cpuMs} ms`);
// The goal, once met, is held on the CPU of the longest block: on the shared, loaded machine the
// wall delay also counts the time the OS gave other processes, which no slicing can remove. It is
// not met yet (BENCHMARKS.md: GC pauses of the listing's allocations), so only BENCH_ESTATE_STRICT=1
// fails on it; smoke sizes only prove the bench runs and are never held to it.
const over = result.longestBlockCpuMs.median > S.limitMs;
if (result.longestBlockMs.median > S.limitMs || over) {
  const steps = Object.entries(runs[runs.length - 1].steps).filter(([, st]) => st.blockCpuMs > S.limitMs).map(([n]) => n);
  console.log(`  over the ${S.limitMs} ms goal: event loop delay ${result.longestBlockMs.median} ms, CPU of the longest block ${result.longestBlockCpuMs.median} ms${steps.length ? ` (${steps.join('; ')})` : ''}`);
}
if (over && !SMOKE && process.env.BENCH_ESTATE_STRICT === '1') {
  console.log(`  FAIL: the median longest block took ${result.longestBlockCpuMs.median} ms of CPU, over the ${S.limitMs} ms goal`);
  process.exitCode = 1;
}

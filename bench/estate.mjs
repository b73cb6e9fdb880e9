// `node bench/estate.mjs` (part of `npm run bench`): one refresh of a large estate through the real
// stores, on one thread, under perf_hooks.monitorEventLoopDelay: 1,000 subscriptions with 100,000
// resource statuses (a full listing, then an incremental one with 1 % changed), a 60,000-row
// incident through Resource Graph over 200 subscriptions, 50 incidents listed by 200 subscriptions
// each against 1,000 template targets, and a hover per target. Each step runs as its own task, as
// the extension host runs them after each answer. Reports the longest block (the event loop's
// largest delay and the longest step) and the CPU per refresh: median, min and max of
// BENCH_ESTATE_RUNS runs (default 5), and names the steps over 50 ms. Writes bench/results/estate.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay, performance } from 'node:perf_hooks';
import { setImmediate as yieldNow } from 'node:timers/promises';
import { loadOut, median, round, root } from './lib.mjs';

const { ResourceHealthStore } = loadOut('core/health/healthStore.js');
const { impactedResourcesByEvent } = loadOut('core/api/availabilityListing.js');
const { matchTemplateResource } = loadOut('core/health/templateHealth.js');
const { lineNotes, noteIncidents } = loadOut('ui/infra/lineNotes.js');

const S = {
  subscriptions: Number(process.env.BENCH_ESTATE_SUBSCRIPTIONS ?? 1000),
  statuses: Number(process.env.BENCH_ESTATE_STATUSES ?? 100_000),
  impactedRows: Number(process.env.BENCH_ESTATE_IMPACTED ?? 60_000),
  targets: Number(process.env.BENCH_ESTATE_TARGETS ?? 1000),
  incidents: 50,
  copies: 200,
  runs: Math.max(1, Number(process.env.BENCH_ESTATE_RUNS ?? 5)),
  limitMs: 50,
};
const REGIONS = ['West Europe', 'East US', 'North Europe', 'Brazil South', 'Japan East'];
const subs = Array.from({ length: S.subscriptions }, (_, i) => `00000000-0000-0000-0000-${String(i).padStart(12, '0')}`);
const perSub = Math.ceil(S.statuses / S.subscriptions);
const rid = (sub, i) => `/subscriptions/${sub}/resourceGroups/rg-${i % 20}/providers/Microsoft.Web/sites/app-${sub.slice(-4)}-${i}`;
const status = (sub, i, state) => ({ id: `${rid(sub, i)}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`, name: 'current', properties: { availabilityState: state } });

const full = subs.map((sub) => ({ sub, statuses: Array.from({ length: perSub }, (_, i) => status(sub, i, 'Available')) }));
const changed = subs.map((sub) => ({ sub, statuses: Array.from({ length: Math.max(1, perSub / 100) }, (_, i) => status(sub, i * 7, 'Degraded')) }));
const impactSubs = subs.slice(0, 200);
const rowsPerSub = Math.ceil(S.impactedRows / impactSubs.length);
const graph = {
  batches: (ids) => [ids.slice(0, 1000)],
  listImpactedResourcesBatch: async (batch) => ({
    bySubscription: new Map(batch.map((sub) => [sub, Array.from({ length: rowsPerSub }, (_, i) => ({ trackingId: 'BIG-0001', resource: { id: `${rid(sub, i)}`, name: `r${i}` } }))])),
    skipped: 0,
  }),
  subscriptionsInScope: async (batch) => new Set(batch),
};
const events = [];
for (let i = 0; i < S.incidents; i++) {
  for (let c = 0; c < S.copies; c++) {
    const event = { name: `INC-${i}`, properties: { title: `Incident ${i}`, eventType: 'ServiceIssue', status: 'Active', impact: [{ impactedService: 'App Service', impactedRegions: [{ impactedRegion: REGIONS[(i + c) % REGIONS.length] }] }] } };
    events.push({ subscriptionId: subs[c % subs.length], trackingId: `INC-${i}`, event });
  }
}
const targets = Array.from({ length: S.targets }, (_, i) => ({ service: 'App Service', region: REGIONS[i % REGIONS.length], file: `infra/m${i % 40}.bicep`, line: i + 1, column: 3, name: `app-${subs[i % subs.length].slice(-4)}-${i}`, resourceType: 'Microsoft.Web/sites' }));

async function refresh() {
  const steps = {};
  const step = async (name, run) => {
    await yieldNow();
    const t = performance.now();
    await run();
    steps[name] = round(performance.now() - t, 1);
  };
  const store = new ResourceHealthStore();
  let byEvent;
  await step('health: full listing into the store', () => full.forEach(({ sub, statuses }) => store.replace(sub, statuses)));
  await step('health: incremental merge (1 % changed)', () => changed.forEach(({ sub, statuses }) => store.merge(sub, statuses)));
  await step('health: flat list for the view', () => store.all());
  await step('impacted: index 60,000 rows', async () => ({ byEvent } = await impactedResourcesByEvent(graph, impactSubs)));
  await step('impacted: each event copy its list', () => impactSubs.forEach((sub) => byEvent.of('BIG-0001', sub)));
  let incidents;
  await step('templates: incidents once per change', () => (incidents = noteIncidents(events)));
  await step('templates: notes of 40 files', () => {
    for (let f = 0; f < 40; f++) lineNotes(targets.filter((t) => t.file === `infra/m${f}.bicep`), incidents);
  });
  await step('templates: a hover per target', () => targets.forEach((t) => matchTemplateResource(t, store.all())));
  return steps;
}

const runs = [];
for (let r = 0; r < S.runs; r++) {
  const h = monitorEventLoopDelay({ resolution: 5 });
  h.enable();
  const cpu = process.cpuUsage();
  const steps = await refresh();
  await yieldNow();
  h.disable();
  const used = process.cpuUsage(cpu);
  const longestStep = Object.entries(steps).sort((a, b) => b[1] - a[1])[0];
  runs.push({ maxDelayMs: round(h.max / 1e6, 1), longestStepMs: longestStep[1], longestStep: longestStep[0], cpuMs: round((used.user + used.system) / 1000, 0), steps });
}
const stat = (key) => {
  const xs = runs.map((r) => r[key]);
  return { median: median(xs), min: xs.reduce((a, b) => Math.min(a, b)), max: xs.reduce((a, b) => Math.max(a, b)) };
};
const result = { settings: S, longestBlockMs: stat('maxDelayMs'), longestStepMs: stat('longestStepMs'), cpuPerRefreshMs: stat('cpuMs'), runs };
mkdirSync(join(root, 'bench', 'results'), { recursive: true });
writeFileSync(join(root, 'bench', 'results', 'estate.json'), `${JSON.stringify(result, null, 2)}\n`);
console.log(`estate: ${S.subscriptions} subscriptions, ${S.statuses} statuses, ${S.impactedRows}-row incident, ${S.targets} targets; ${S.runs} runs`);
console.log(`  longest block (event loop delay): median ${result.longestBlockMs.median} ms (min ${result.longestBlockMs.min}, max ${result.longestBlockMs.max})`);
console.log(`  longest step: median ${result.longestStepMs.median} ms (min ${result.longestStepMs.min}, max ${result.longestStepMs.max}); worst: ${runs.find((r) => r.longestStepMs === result.longestStepMs.max)?.longestStep}`);
console.log(`  CPU per refresh: median ${result.cpuPerRefreshMs.median} ms (min ${result.cpuPerRefreshMs.min}, max ${result.cpuPerRefreshMs.max})`);
for (const [name, ms] of Object.entries(runs[runs.length - 1].steps)) console.log(`    ${name}: ${ms} ms`);
if (result.longestBlockMs.median > S.limitMs) {
  // Reported, not failed, until the steps above are sliced (BENCHMARKS.md says which are over); BENCH_ESTATE_STRICT=1 fails.
  console.log(`  over the ${S.limitMs} ms goal: ${Object.entries(runs[runs.length - 1].steps).filter(([, ms]) => ms > S.limitMs).map(([n]) => n).join('; ')}`);
  if (process.env.BENCH_ESTATE_STRICT === '1') process.exitCode = 1;
}

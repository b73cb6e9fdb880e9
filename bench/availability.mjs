// `node bench/availability.mjs` (part of `npm run bench`): Resource Health availability of 1,000
// subscriptions in the sample service, read (a) one availabilityStatuses listing per subscription
// and (b) through Resource Graph (HealthResources), with listAvailability and this project's
// ThrottledClient at its product defaults, over loopback HTTP. ARM's limits are on: a token bucket
// per subscription (250 reads, 25 per second) and Resource Graph's per-user quota (15 queries per
// 5 s). Each run measures both routes, each on a fresh service and client (no spent quota carried
// over), so the ratio between them is taken within one run. Reports requests, wall time (median,
// min, max of BENCH_AVAILABILITY_RUNS runs, default 5) and limit-exceeded answers (must be 0: the
// bench exits 1 otherwise), checks both routes list the same statuses, and writes
// bench/results/availability.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadOut, median, round, RESULTS } from './lib.mjs';

const { startSampleService, generateEvents, generateGuids } = loadOut('core/sample/index.js');
const { ThrottledClient } = loadOut('core/http/client.js');
const { AvailabilityApi } = loadOut('core/api/availabilityApi.js');
const { ResourceGraphApi } = loadOut('core/api/resourceGraphApi.js');
const { listAvailability } = loadOut('core/api/availabilityListing.js');
const { HealthEventsApi } = loadOut('core/api/healthEventsApi.js');
const { EventResourcesApi } = loadOut('core/api/eventResourcesApi.js');
const { apiSource } = loadOut('core/agent/source.js');
const { HealthTools } = loadOut('core/agent/healthTools.js');

/** The issue's budget for a model paging through list_resource_health (the MCP server's source). */
const AGENT_PAGES = 5;
const AGENT_BUDGET = 20;

const SETTINGS = {
  subscriptions: Number(process.env.BENCH_AVAILABILITY_SUBSCRIPTIONS ?? 1000),
  events: Number(process.env.BENCH_AVAILABILITY_EVENTS ?? 500),
  // As in bench/resourceGraph.mjs: each event concerns 1-20 of the subscriptions.
  maxSubscriptionsPerEvent: 20,
  latencyMs: 20,
  seed: 17,
  runs: Math.max(1, Number(process.env.BENCH_AVAILABILITY_RUNS ?? 5)),
  // ARM's documented subscription read bucket and Resource Graph's documented example quota.
  rateLimits: { armReadsCapacity: 250, armReadsRefillPerSecond: 25 },
  resourceGraphQuota: 15,
  resourceGraphWindowMs: 5_000,
};
const ROUTES = ['subscriptions', 'resourceGraph'];
const log = (line) => process.stderr.write(`[bench:availability] ${line}\n`);

/** Answers that say a limit was exceeded: ARM's 429s (token buckets), Resource Graph's 429s, and the seed-001 limits. */
function limitExceeded(stats) {
  return stats.primaryLimited + stats.secondaryLimited + stats.armThrottled + (stats.byStatus.get(429) ?? 0);
}

const subscriptionIds = generateGuids(SETTINGS.seed, SETTINGS.subscriptions);
const EVENTS = generateEvents({
  count: SETTINGS.events,
  seed: SETTINGS.seed,
  now: Date.now(),
  subscriptionIds,
  maxSubscriptionsPerEvent: SETTINGS.maxSubscriptionsPerEvent,
});

/** What both routes must agree on: each subscription's resources and their states. */
const digest = (results) => results.map((r) => `${r.subscriptionId}:${r.statuses.map((s) => `${s.id}=${s.properties?.availabilityState}`).join(',')}`).join('\n');

/** A fresh sample service with the bench's estate and limits (no spent quota carried over), and a fresh client on it. */
async function freshService() {
  const service = await startSampleService({
    subscriptionIds,
    eventsOverride: EVENTS,
    seed: SETTINGS.seed,
    latencyMs: SETTINGS.latencyMs,
    rateLimits: SETTINGS.rateLimits,
    resourceGraphQuota: SETTINGS.resourceGraphQuota,
    resourceGraphWindowMs: SETTINGS.resourceGraphWindowMs,
  });
  return { service, client: new ThrottledClient({ origin: service.url, tokenProvider: { getToken: async () => service.token } }) };
}

async function oneRun(route) {
  const { service, client } = await freshService();
  try {
    const t0 = performance.now();
    const outcome = await listAvailability(
      { api: new AvailabilityApi({ client }), graph: new ResourceGraphApi({ client }), threshold: route === 'resourceGraph' ? 1 : 0 },
      service.subscriptionIds,
    );
    const wallMs = performance.now() - t0;
    if (outcome.via !== route) {
      throw new Error(`expected ${route}, listed via ${outcome.via}: ${outcome.fallbackReason ?? ''}`);
    }
    const failed = outcome.results.filter((r) => r.error);
    if (failed.length > 0) {
      log(`${route}: ${failed.length} subscription(s) failed: ${failed[0].error.message}`);
    }
    return {
      wallMs,
      requests: service.stats.requests,
      limited: limitExceeded(service.stats),
      failed: failed.length,
      statuses: outcome.results.reduce((n, r) => n + r.statuses.length, 0),
      digest: digest(outcome.results),
    };
  } finally {
    await client.close();
    await service.close();
  }
}

/** Requests the sample service receives while a model pages through list_resource_health (the MCP server's source: Resource Graph, a kept listing). */
async function agentPaging() {
  const { service, client } = await freshService();
  try {
    const tools = new HealthTools(
      apiSource({
        api: new HealthEventsApi({ client }),
        resources: new EventResourcesApi({ client }),
        availability: new AvailabilityApi({ client }),
        graph: new ResourceGraphApi({ client }),
        quota: () => client.quota,
        subscriptions: service.subscriptionIds,
      }),
    );
    const t0 = performance.now();
    for (let page = 1; page <= AGENT_PAGES; page++) {
      await tools.listResourceHealth({ page });
    }
    return { pages: AGENT_PAGES, requests: service.stats.requests, budget: AGENT_BUDGET, wallMs: round(performance.now() - t0, 0) };
  } finally {
    await client.close();
    await service.close();
  }
}

function summarize(runs) {
  const walls = runs.map((r) => r.wallMs);
  return {
    wallMsMedian: round(median(walls), 0),
    wallMsMin: round(Math.min(...walls), 0),
    wallMsMax: round(Math.max(...walls), 0),
    requestsMedian: median(runs.map((r) => r.requests)),
    limitExceededTotal: runs.reduce((n, r) => n + r.limited, 0),
    failedSubscriptionsTotal: runs.reduce((n, r) => n + r.failed, 0),
    statuses: runs[0].statuses,
  };
}

async function main() {
  const perRoute = { subscriptions: [], resourceGraph: [] };
  const ratios = [];
  let reference;
  for (let i = 0; i < SETTINGS.runs; i++) {
    const pair = {};
    for (const route of ROUTES) {
      log(`run ${i + 1} of ${SETTINGS.runs}: ${route}`);
      const r = await oneRun(route);
      if (r.failed === 0) {
        reference ??= r.digest;
        if (r.digest !== reference) {
          throw new Error(`${route} run ${i + 1}: the statuses differ from the other route's`);
        }
      }
      delete r.digest;
      perRoute[route].push(r);
      pair[route] = r.wallMs;
    }
    ratios.push(pair.subscriptions / pair.resourceGraph);
  }
  const summary = Object.fromEntries(ROUTES.map((route) => [route, { ...summarize(perRoute[route]), runs: perRoute[route] }]));
  log(`agent tool: ${AGENT_PAGES} pages of list_resource_health`);
  const agent = await agentPaging();
  const ratio = { median: round(median(ratios), 1), min: round(Math.min(...ratios), 1), max: round(Math.max(...ratios), 1) };
  const name = { subscriptions: 'per-subscription listing', resourceGraph: 'Resource Graph' };
  const load = os.loadavg().map((n) => round(n, 2)).join(', ');
  const lines = [
    `Availability: ${SETTINGS.subscriptions} subscriptions (${summary.subscriptions.statuses} statuses), ${SETTINGS.latencyMs} ms latency, ARM reads ${SETTINGS.rateLimits.armReadsCapacity} + ${SETTINGS.rateLimits.armReadsRefillPerSecond}/s per subscription, Resource Graph ${SETTINGS.resourceGraphQuota} queries per ${SETTINGS.resourceGraphWindowMs / 1000} s; ThrottledClient defaults; median (min-max) of ${SETTINGS.runs} runs; load average ${load}`,
    'route                       requests  wall ms (min-max)          limit-exceeded  failed subs',
    ...ROUTES.map((k) => {
      const s = summary[k];
      return `${name[k].padEnd(28)}${String(s.requestsMedian).padEnd(10)}${`${s.wallMsMedian} (${s.wallMsMin}-${s.wallMsMax})`.padEnd(27)}${String(s.limitExceededTotal).padEnd(16)}${s.failedSubscriptionsTotal}`;
    }),
    `per-subscription / Resource Graph wall time, paired in each run: ${ratio.median}x (${ratio.min}-${ratio.max}); same statuses: ${reference ? 'yes' : 'not compared'}`,
    `agent tool (MCP source): ${agent.pages} pages of list_resource_health at ${SETTINGS.subscriptions} subscriptions: ${agent.requests} requests (budget ${agent.budget}), ${agent.wallMs} ms`,
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(
    join(RESULTS, 'availability.json'),
    `${JSON.stringify({ settings: SETTINGS, machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, load: os.loadavg() }, at: new Date().toISOString(), summary, ratio, agent }, null, 2)}\n`,
  );
  if (agent.requests > agent.budget) {
    throw new Error(`list_resource_health sent ${agent.requests} requests for ${agent.pages} pages; the budget is ${agent.budget}`);
  }
  const limited = ROUTES.reduce((n, k) => n + summary[k].limitExceededTotal, 0);
  if (limited > 0) {
    throw new Error(`${limited} limit-exceeded answer(s): the client's pacing let requests run into a limit`);
  }
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

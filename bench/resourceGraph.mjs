// `node bench/resourceGraph.mjs` (part of `npm run bench`): 1,000 subscriptions in the sample
// service, the full event list read (a) one listing per subscription and (b) through Resource
// Graph, each with this project's ThrottledClient at its product defaults. Every run gets a fresh
// sample service (so no run inherits another's spent quota) and a fresh client. Reports requests
// sent, wall time to the full list (median, min, max of BENCH_GRAPH_RUNS runs, default 5) and
// limit-exceeded responses, checks both lists are equal, and writes bench/results/resourceGraph.json.
import { mkdirSync, writeFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import os from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { loadOut, median, round, RESULTS } from './lib.mjs';

const { startSampleService, generateEvents, generateGuids } = loadOut('core/sample/index.js');
const { ThrottledClient } = loadOut('core/http/client.js');
const { HealthEventsApi } = loadOut('core/api/healthEventsApi.js');
const { ResourceGraphApi } = loadOut('core/api/resourceGraphApi.js');
const { CrossSubscriptionListing } = loadOut('core/api/resourceGraphListing.js');

const SETTINGS = {
  subscriptions: Number(process.env.BENCH_GRAPH_SUBSCRIPTIONS ?? 1000),
  events: Number(process.env.BENCH_GRAPH_EVENTS ?? 500),
  // A large estate: each event concerns 1-20 of the subscriptions (the generator's default, half
  // of all events in every subscription, would make 1,000 subscriptions hold 250,000 event rows).
  maxSubscriptionsPerEvent: 20,
  latencyMs: 20,
  seed: 13,
  runs: Math.max(1, Number(process.env.BENCH_GRAPH_RUNS ?? 5)),
  // BENCH_GRAPH_ROUTES=subscriptions measures only the one-by-one listing (issue 21: under 10 s).
  routes: (process.env.BENCH_GRAPH_ROUTES ?? 'subscriptions,resourceGraph').split(',').filter((r) => r === 'subscriptions' || r === 'resourceGraph'),
};
const START = new Date(Date.UTC(2000, 0, 1));
const log = (line) => process.stderr.write(`[bench:resourceGraph] ${line}\n`);

/** Responses that say a limit was exceeded: the sample's primary/secondary/ARM refusals and Resource Graph 429s. */
function limitExceeded(stats) {
  return stats.primaryLimited + stats.secondaryLimited + stats.armThrottled + (stats.byStatus.get(429) ?? 0);
}

// Generated once, so every run (each with a fresh service) serves the very same events.
const subscriptionIds = generateGuids(SETTINGS.seed, SETTINGS.subscriptions);
const EVENTS = generateEvents({
  count: SETTINGS.events,
  seed: SETTINGS.seed,
  now: Date.now(),
  subscriptionIds,
  maxSubscriptionsPerEvent: SETTINGS.maxSubscriptionsPerEvent,
});

async function oneRun(route) {
  const service = await startSampleService({ subscriptionIds, eventsOverride: EVENTS, seed: SETTINGS.seed, latencyMs: SETTINGS.latencyMs });
  const client = new ThrottledClient({ origin: service.url, tokenProvider: { getToken: async () => service.token } });
  try {
    const events = new HealthEventsApi({ client });
    const listing = new CrossSubscriptionListing({
      events,
      graph: new ResourceGraphApi({ client }),
      threshold: () => (route === 'resourceGraph' ? 1 : 0),
    });
    const t0 = performance.now();
    const outcome = await listing.list(service.subscriptionIds, { queryStartTime: START });
    const wallMs = performance.now() - t0;
    if (outcome.via !== (route === 'resourceGraph' ? 'resourceGraph' : 'subscriptions')) {
      throw new Error(`expected ${route}, listed via ${outcome.via}: ${outcome.fallbackReason ?? ''}`);
    }
    // A subscription that failed (e.g. a request timed out on a loaded machine) is reported, not hidden.
    const failed = outcome.results.filter((r) => r.error);
    if (failed.length > 0) {
      log(`${route}: ${failed.length} subscription(s) failed: ${failed[0].error.message}`);
    }
    return {
      failed: failed.length,
      wallMs,
      requests: service.stats.requests,
      limited: limitExceeded(service.stats),
      rows: outcome.results.reduce((n, r) => n + r.events.length, 0),
      results: outcome.results,
    };
  } finally {
    await client.close();
    await service.close();
  }
}

async function main() {
  const summary = {};
  let reference;
  for (const route of SETTINGS.routes) {
    const runs = [];
    for (let i = 0; i < SETTINGS.runs; i++) {
      log(`${route}: run ${i + 1} of ${SETTINGS.runs}`);
      const r = await oneRun(route);
      // Same seed, same service: both routes must produce the very same list.
      if (r.failed === 0) {
        reference ??= r.results;
        if (!isDeepStrictEqual(r.results, reference)) {
          throw new Error(`${route} run ${i + 1}: the event list differs from the per-subscription listing`);
        }
      }
      runs.push({ wallMs: r.wallMs, requests: r.requests, limited: r.limited, rows: r.rows, failedSubscriptions: r.failed });
    }
    const walls = runs.map((r) => r.wallMs);
    summary[route] = {
      wallMsMedian: round(median(walls), 0),
      wallMsMin: round(Math.min(...walls), 0),
      wallMsMax: round(Math.max(...walls), 0),
      requestsMedian: median(runs.map((r) => r.requests)),
      limitExceededTotal: runs.reduce((n, r) => n + r.limited, 0),
      failedSubscriptionsTotal: runs.reduce((n, r) => n + r.failedSubscriptions, 0),
      rows: runs[0].rows,
      runs,
    };
  }
  const name = { subscriptions: 'per-subscription listing', resourceGraph: 'Resource Graph' };
  const lines = [
    `Resource Graph: ${SETTINGS.subscriptions} subscriptions, ${SETTINGS.events} events in 1-${SETTINGS.maxSubscriptionsPerEvent} subscriptions each (${(summary.subscriptions ?? summary.resourceGraph).rows} event rows), ${SETTINGS.latencyMs} ms latency, ThrottledClient defaults; median (min-max) of ${SETTINGS.runs} runs`,
    'route                       requests  wall ms (min-max)          limit-exceeded  failed subs  same list',
    ...SETTINGS.routes.map((k) => {
      const s = summary[k];
      return `${name[k].padEnd(28)}${String(s.requestsMedian).padEnd(10)}${`${s.wallMsMedian} (${s.wallMsMin}-${s.wallMsMax})`.padEnd(27)}${String(s.limitExceededTotal).padEnd(16)}${String(s.failedSubscriptionsTotal).padEnd(13)}${s.runs.some((r) => r.failedSubscriptions === 0) ? 'yes' : 'not compared'}`;
    }),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  mkdirSync(RESULTS, { recursive: true });
  writeFileSync(
    join(RESULTS, 'resourceGraph.json'),
    `${JSON.stringify({ settings: SETTINGS, machine: { cpus: os.cpus().length, model: os.cpus()[0]?.model, node: process.version, load: os.loadavg() }, at: new Date().toISOString(), summary }, null, 2)}\n`,
  );
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});

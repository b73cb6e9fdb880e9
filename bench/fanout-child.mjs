// One throttled fan-out contender in a fresh process: lists every page of each subscription in
// BENCH_SUBS (all subscriptions at once) against a rate-limited sample service, and prints the
// wall time, events listed and requests it made as one JSON line. The parent reads the service's
// own counters (limited responses, requests before an announced reset).
import { performance } from 'node:perf_hooks';
import { loadOut, report } from './lib.mjs';

const [contender] = process.argv.slice(2);
const url = process.env.BENCH_URL;
const token = process.env.BENCH_TOKEN;
const subs = (process.env.BENCH_SUBS ?? '').split(',').filter(Boolean);
const start = process.env.BENCH_START;
const maxConcurrency = Number(process.env.BENCH_MAX_CONCURRENCY ?? 100);
const pointsPerMinute = Number(process.env.BENCH_POINTS ?? 900);

async function ours() {
  const { ThrottledClient } = loadOut('core/http/client.js');
  const { HealthEventsApi } = loadOut('core/api/healthEventsApi.js');
  // Told the service's published secondary limits, as seed 001 publishes 100 concurrent / 900 points.
  const client = new ThrottledClient({ origin: url, tokenProvider: { getToken: async () => token }, maxConcurrency, pointsPerMinute });
  const api = new HealthEventsApi({ client });
  const t0 = performance.now();
  const results = await api.listEventsForSubscriptions(subs, { queryStartTime: new Date(start) });
  const wallMs = performance.now() - t0;
  const failed = results.filter((r) => r.error);
  const sent = client.quota.requestsSent;
  await client.close();
  return { wallMs, events: results.reduce((n, r) => n + r.events.length, 0), failures: failed.map((r) => r.error.message), requestsSent: sent };
}

async function octokit() {
  const { Octokit } = await import('@octokit/core');
  const { throttling } = await import('@octokit/plugin-throttling');
  const { retry } = await import('@octokit/plugin-retry');
  const MyOctokit = Octokit.plugin(throttling, retry);
  let rateLimitEvents = 0;
  let secondaryEvents = 0;
  let requestCalls = 0;
  const kit = new MyOctokit({
    baseUrl: url,
    throttle: {
      // The documented recipe: retry (the plugin waits for reset / retry-after) up to a few times.
      onRateLimit: (_retryAfter, _options, _o, retryCount) => {
        rateLimitEvents++;
        return retryCount < 5;
      },
      onSecondaryRateLimit: (_retryAfter, _options, _o, retryCount) => {
        secondaryEvents++;
        return retryCount < 5;
      },
    },
  });
  // The sample wants `Authorization: Bearer`; octokit's token auth would send `token <t>`.
  kit.hook.before('request', (options) => {
    requestCalls++;
    options.headers.authorization = `Bearer ${token}`;
  });
  const listOne = async (sub) => {
    const events = [];
    let res = await kit.request('GET /subscriptions/{sub}/providers/Microsoft.ResourceHealth/events', {
      sub,
      'api-version': '2025-05-01',
      queryStartTime: start,
    });
    events.push(...res.data.value);
    while (res.data.nextLink) {
      res = await kit.request({ method: 'GET', url: res.data.nextLink });
      events.push(...res.data.value);
    }
    return events;
  };
  const t0 = performance.now();
  const settled = await Promise.allSettled(subs.map(listOne));
  const wallMs = performance.now() - t0;
  return {
    wallMs,
    events: settled.reduce((n, s) => n + (s.status === 'fulfilled' ? s.value.length : 0), 0),
    failures: settled.filter((s) => s.status === 'rejected').map((s) => String(s.reason?.message ?? s.reason)),
    requestCalls, // octokit.request() calls; its plugins retry inside one call
    onRateLimitCalls: rateLimitEvents,
    onSecondaryRateLimitCalls: secondaryEvents,
  };
}

try {
  const run = { ours, octokit }[contender];
  if (!run) throw new Error(`unknown contender ${contender}`);
  report({ contender, ...(await run()) });
} catch (e) {
  report({ error: e instanceof Error ? e.stack ?? e.message : String(e) });
  process.exitCode = 1;
}

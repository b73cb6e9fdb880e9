// One paging contender in a fresh process: lists every event of one subscription of the sample
// service (env BENCH_URL, BENCH_TOKEN, BENCH_SUB, BENCH_START) once to warm up, then BENCH_RUNS
// timed times, and prints wall time, CPU time and peak heap as one JSON line.
import http from 'node:http';
import { heapSampler, loadOut, median, report, sum } from './lib.mjs';

// Node's built-in fetch (its own bundled undici), the way a plain script would page.
const { fetch } = globalThis;

const [contender] = process.argv.slice(2);
const url = process.env.BENCH_URL;
const token = process.env.BENCH_TOKEN;
const sub = process.env.BENCH_SUB;
const start = process.env.BENCH_START;
const runs = Number(process.env.BENCH_RUNS ?? 5);
const expected = Number(process.env.BENCH_EXPECTED ?? 0);
const firstUrl = `${url}/subscriptions/${sub}/providers/Microsoft.ResourceHealth/events?api-version=2025-05-01&queryStartTime=${encodeURIComponent(start)}`;

/** Each contender: setup() once, then list() returns the events (kept, so heap figures compare). */
const contenders = {
  async ours() {
    const { ThrottledClient } = loadOut('core/http/client.js');
    const { HealthEventsApi } = loadOut('core/api/healthEventsApi.js');
    const client = new ThrottledClient({ origin: url, tokenProvider: { getToken: async () => token } });
    const api = new HealthEventsApi({ client });
    return {
      list: () => api.listAllEvents(sub, { queryStartTime: new Date(start) }),
      close: () => client.close(),
    };
  },

  async azure() {
    const { MicrosoftResourceHealth } = await import('@azure/arm-resourcehealth');
    const { bearerTokenAuthenticationPolicyName } = await import('@azure/core-rest-pipeline');
    const credential = { getToken: async () => ({ token, expiresOnTimestamp: Date.now() + 3_600_000 }) };
    // Default api-version of arm-resourcehealth 4.0.0 is 2022-10-01, which the sample accepts.
    const client = new MicrosoftResourceHealth(credential, sub, { endpoint: url, $host: url });
    // core-rest-pipeline's bearer policy throws for any non-https URL (no opt-out), so on loopback
    // it is swapped for an equivalent policy that sets the same header from the same credential.
    client.pipeline.removePolicy({ name: bearerTokenAuthenticationPolicyName });
    client.pipeline.addPolicy({
      name: 'loopbackBearerPolicy',
      async sendRequest(request, next) {
        const t = await credential.getToken(`${url}/.default`);
        request.headers.set('authorization', `Bearer ${t.token}`);
        request.allowInsecureConnection = true;
        return next(request);
      },
    });
    return {
      async list() {
        const events = [];
        for await (const e of client.eventsOperations.listBySubscriptionId({ queryStartTime: start })) {
          events.push(e);
        }
        return events;
      },
      close: async () => undefined,
    };
  },

  async fetch() {
    return {
      async list() {
        const events = [];
        let next = firstUrl;
        while (next) {
          const res = await fetch(next, { headers: { authorization: `Bearer ${token}`, accept: 'application/json' } });
          if (!res.ok) throw new Error(`HTTP ${res.status}`);
          const page = await res.json();
          events.push(...page.value);
          next = page.nextLink;
        }
        return events;
      },
      close: async () => undefined,
    };
  },
};

/** Fetches every page body as text (with the plain fetch loop); used by the reference and validation. */
async function pageBodies() {
  const bodies = [];
  const urls = [];
  let next = firstUrl;
  while (next) {
    urls.push(next);
    const res = await fetch(next, { headers: { authorization: `Bearer ${token}` } });
    const text = await res.text();
    bodies.push(text);
    next = JSON.parse(text).nextLink;
  }
  return { urls, bodies };
}

/**
 * The reference round trips over the given page URLs: request written to last body byte, warm
 * keep-alive socket, no parsing. `pass()` returns one pass's round trips, in ms.
 */
function referenceClient(urls) {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = (u) =>
    new Promise((resolve, reject) => {
      const t0 = process.hrtime.bigint();
      const req = http.get(u, { agent, headers: { authorization: `Bearer ${token}` } }, (res) => {
        res.on('data', () => undefined);
        res.on('end', () => resolve(Number(process.hrtime.bigint() - t0) / 1e6));
      });
      req.on('error', reject);
    });
  let warm = false;
  return {
    async pass() {
      if (!warm) {
        await get(urls[0]); // opens the socket
        warm = true;
      }
      const rtts = [];
      for (const u of urls) rtts.push(await get(u));
      return rtts;
    },
    close: () => agent.destroy(),
  };
}

/** The reference alone, `runs` passes (its own process and service, before the contenders). */
async function reference() {
  const { urls } = await pageBodies();
  const ref = referenceClient(urls);
  const rtts = [];
  const passSums = [];
  for (let pass = 0; pass < runs; pass++) {
    const pass_ = await ref.pass();
    rtts.push(...pass_);
    passSums.push(sum(pass_));
  }
  ref.close();
  return {
    contender: 'reference',
    pages: urls.length,
    runs,
    rttMedianMs: median(rtts),
    rttMinMs: Math.min(...rtts),
    sumOfRttsMs: median(passSums),
    sumOfRttsMinMs: Math.min(...passSums),
    sumOfRttsMaxMs: Math.max(...passSums),
  };
}

/**
 * Validation of the pages alone (JSON.parse timed separately), ms per 1,000 events: as the client
 * does it (validateJson: the fast check compiled from the schema, zod for what it declines), and
 * zod's own parse of the same bodies for comparison.
 */
async function validation() {
  const { eventsPageSchema } = loadOut('core/model/schemas.js');
  const { validateJson } = loadOut('core/api/paging.js');
  const { bodies } = await pageBodies();
  const reps = 10;
  let parseMs = 0;
  let clientMs = 0;
  let zodMs = 0;
  let events = 0;
  for (let r = 0; r < reps + 1; r++) {
    for (const body of bodies) {
      const t0 = process.hrtime.bigint();
      const json = JSON.parse(body);
      const t1 = process.hrtime.bigint();
      const page = validateJson(json, eventsPageSchema, 'an event list');
      const t2 = process.hrtime.bigint();
      eventsPageSchema.parse(JSON.parse(body));
      const t3 = process.hrtime.bigint();
      if (r === 0) continue; // warm-up repetition
      parseMs += Number(t1 - t0) / 1e6;
      clientMs += Number(t2 - t1) / 1e6;
      // The second JSON.parse is inside t2..t3: take out this repetition's parse time.
      zodMs += Number(t3 - t2) / 1e6 - Number(t1 - t0) / 1e6;
      events += page.value.length;
    }
  }
  const per1000 = (ms) => (ms / events) * 1000;
  return { contender: 'validation', events: events / reps, clientMsPer1000: per1000(clientMs), zodMsPer1000: per1000(zodMs), jsonParseMsPer1000: per1000(parseMs) };
}

/**
 * `runs` timed listings, each right after a reference pass over the same pages in this process
 * (`pairedRatios`: wall ÷ that pass's sum of round trips). On 2 noisy cores the round trips drift
 * by a few percent between the reference's own process and a contender's minutes later; a
 * reference pass next to each run measures both under the same conditions.
 */
async function measure(name) {
  const c = await contenders[name]();
  const warm = await c.list();
  if (expected && warm.length !== expected) throw new Error(`${name} listed ${warm.length} events, expected ${expected}`);
  const { urls } = await pageBodies();
  const ref = referenceClient(urls);
  const walls = [];
  const cpus = [];
  const peaks = [];
  const pairedRatios = [];
  for (let i = 0; i < runs; i++) {
    const refSum = sum(await ref.pass());
    globalThis.gc?.();
    const sampler = heapSampler(5);
    const cpu0 = process.cpuUsage();
    const t0 = process.hrtime.bigint();
    let events = await c.list();
    const wall = Number(process.hrtime.bigint() - t0) / 1e6;
    const cpu = process.cpuUsage(cpu0);
    peaks.push(sampler.stop());
    if (events.length !== warm.length) throw new Error(`${name} listed ${events.length} events on run ${i + 1}`);
    events = undefined;
    walls.push(wall);
    pairedRatios.push(wall / refSum);
    cpus.push((cpu.user + cpu.system) / 1000);
  }
  ref.close();
  await c.close();
  return {
    contender: name,
    events: warm.length,
    runs,
    wallMs: median(walls),
    wallMinMs: Math.min(...walls),
    wallMaxMs: Math.max(...walls),
    wallsMs: walls,
    cpuMs: median(cpus),
    cpuMinMs: Math.min(...cpus),
    cpuMaxMs: Math.max(...cpus),
    peakHeapBytes: Math.max(...peaks),
    pairedRatio: median(pairedRatios),
    pairedRatioMin: Math.min(...pairedRatios),
    pairedRatioMax: Math.max(...pairedRatios),
    pairedRatios,
    // The service counts these too: the page walk above, the socket opening and the passes.
    referenceRequests: urls.length * (runs + 1) + 1,
  };
}

try {
  if (contender === 'reference') report(await reference());
  else if (contender === 'validation') report(await validation());
  else if (contender in contenders) report(await measure(contender));
  else throw new Error(`unknown contender ${contender}`);
} catch (e) {
  report({ error: e instanceof Error ? e.stack ?? e.message : String(e) });
  process.exitCode = 1;
}

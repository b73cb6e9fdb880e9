// `node bench/paging-gaps.mjs` (after `npm run compile`): where the time between pages goes when
// HealthEventsApi lists 5,000 events (50 pages of 100, 20 ms latency) from the sample service.
// From undici's diagnostics channels and a wrapper around ThrottledClient.request, per page gap:
// last byte of a page -> response handed over -> next request() called -> its headers on the wire.
// Not part of `npm run bench`: it explains the paging ratio there (BENCHMARKS.md, Paging).
import dc from 'node:diagnostics_channel';
import { loadOut } from './lib.mjs';

const { startSampleService } = loadOut('core/sample/index.js');
const { ThrottledClient } = loadOut('core/http/client.js');
const { HealthEventsApi } = loadOut('core/api/healthEventsApi.js');

const service = await startSampleService({ events: 5000, pageSize: 100, seed: 3, token: 'bench', subscriptions: 1 });
service.knobs.latencyMs = 20;
const marks = [];
dc.subscribe('undici:client:sendHeaders', () => marks.push(['send', performance.now()]));
dc.subscribe('undici:request:trailers', () => marks.push(['end', performance.now()]));
const request = ThrottledClient.prototype.request;
ThrottledClient.prototype.request = function (req) {
  marks.push(['call', performance.now()]);
  const pending = request.call(this, req);
  pending.then(() => marks.push(['handed', performance.now()]), () => undefined);
  return pending;
};
const client = new ThrottledClient({ origin: service.url, tokenProvider: { getToken: async () => 'bench' } });
const api = new HealthEventsApi({ client });
const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
/** For each mark `from`, the time to the next mark `to`. */
const spans = (from, to) =>
  marks.flatMap(([kind, at], i) => {
    if (kind !== from) return [];
    const next = marks.slice(i + 1).find(([k]) => k === to);
    return next ? [next[1] - at] : [];
  });
try {
  // The first listing warms up (JIT, sockets); the next three are reported.
  for (let run = 0; run < 4; run++) {
    marks.length = 0;
    const started = performance.now();
    const events = await api.listAllEvents(service.subscriptionIds[0], { queryStartTime: new Date('2000-01-01T00:00:00Z') });
    const wall = performance.now() - started;
    if (run === 0) continue;
    const gaps = spans('end', 'send');
    const total = gaps.reduce((a, b) => a + b, 0);
    const f = (n) => n.toFixed(2);
    console.log(
      `run ${run}: ${events.length} events in ${wall.toFixed(0)} ms; ${gaps.length} gaps, ${total.toFixed(1)} ms in all, median ${f(median(gaps))} ms ` +
        `(last byte -> handed over ${f(median(spans('end', 'handed')))}, handed over -> next request() ${f(median(spans('handed', 'call')))}, request() -> headers sent ${f(median(spans('call', 'send')))})`,
    );
  }
} finally {
  await client.close();
  await service.close();
}

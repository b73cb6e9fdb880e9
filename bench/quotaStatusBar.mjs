// `node bench/quotaStatusBar.mjs` (part of `npm run bench`): the status bar's share of a full
// refresh of 1,000 subscriptions. A QuotaTracker gets what the client gives it per subscription
// (one countSend, then the ARM headers: two buckets per subscription, 2,000 in all) on a simulated
// clock that moves 10 ms per subscription (a 10 s refresh). The status bar's path runs on every
// change: today's (CoalescedRender, then summarizeQuota and quotaTooltipMarkdown at most every
// 250 ms) and, for comparison, the previous one (a render per change over every bucket, ported
// here without vscode). Time is measured inside those callbacks only (performance.now; single
// thread, so it is CPU time unless the OS preempts the process); the tracker's own work is
// reported apart. Median, min and max of BENCH_QUOTA_RUNS runs (default 5); the previous path, at about 20 s or more a run, once (BENCH_QUOTA_BEFORE_RUNS).
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { loadOut, median, round } from './lib.mjs';

const { QuotaTracker } = loadOut('core/http/quota.js');
const { parseRateLimitHeaders } = loadOut('core/http/rateLimitHeaders.js');
const { CoalescedRender } = loadOut('core/quota/coalescedRender.js');
const { quotaTooltipMarkdown } = loadOut('core/quota/quotaTooltip.js');
const { summarizeQuota, quotaRows } = loadOut('core/quota/quotaSummary.js');
const { quotaGroups } = loadOut('core/quota/quotaGroups.js');

const SUBSCRIPTIONS = Number(process.env.BENCH_QUOTA_SUBSCRIPTIONS ?? 1000);
const RUNS = Math.max(1, Number(process.env.BENCH_QUOTA_RUNS ?? 5));
const BEFORE_RUNS = Math.max(1, Number(process.env.BENCH_QUOTA_BEFORE_RUNS ?? 1));
const STEP_MS = 10;
const log = (line) => process.stderr.write(`[bench:quota] ${line}\n`);

const subs = Array.from({ length: SUBSCRIPTIONS }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`);
const nameOf = (id) => `Subscription ${id.slice(-4)}`;

/** Timers on a simulated clock: advance() fires what is due, in order. */
function simulatedTimers() {
  let t = Date.UTC(2026, 10, 27, 12);
  let id = 0;
  const pending = new Map();
  return {
    now: () => t,
    setTimeout: (fn, ms) => (pending.set(++id, { at: t + ms, fn }), id),
    clearTimeout: (h) => pending.delete(h),
    advance(ms) {
      const end = t + ms;
      for (;;) {
        const due = [...pending].filter(([, p]) => p.at <= end).sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        pending.delete(due[0]);
        t = due[1].at;
        due[1].fn();
      }
      t = end;
    },
  };
}

/** The status bar's render: the text and the tooltip, what QuotaStatusBar.render computes. */
function renderNow(state, now) {
  const summary = summarizeQuota(state, now);
  return summary ? summary.text.length + quotaTooltipMarkdown(state, now, nameOf).length : 0;
}

/** The previous render, as on main before issue 21: labels from quotaGroups over every bucket, a row per bucket. */
function renderBefore(state, now) {
  const summary = summarizeQuota(state, now);
  if (!summary) return 0;
  const gap = '&nbsp;&nbsp;';
  let md = `**API quota**\n\n| Resource${gap} | Left${gap} | Used${gap} | Limit${gap} | Resets |\n|:--|--:|--:|--:|:--|\n`;
  const labels = new Map(quotaGroups(state, now, nameOf).flatMap((g) => g.items.map((i) => [i.resource, g.kind === 'category' || g.kind === 'provider' ? i.label : `${i.label} (${g.kind})`])));
  for (const row of quotaRows(state, now)) {
    md += `| ${(labels.get(row.resource) ?? row.resource).replace(/[|\\`*_[\]<>]/g, (c) => `\\${c}`)}${gap} | ${row.remaining}${gap} | ${row.used}${gap} | ${row.limit}${gap} | refills continuously |\n`;
  }
  md += `\n${state.requestsSent.toLocaleString('en-US')} requests sent this session. Click for details.`;
  return summary.text.length + md.length;
}

/** One simulated refresh; returns ms spent in the status bar's callbacks, renders, the last tooltip size and the tracker's own ms. */
function refresh(mode) {
  const timers = simulatedTimers();
  const tracker = new QuotaTracker();
  let barMs = 0;
  let renders = 0;
  let size = 0;
  const timed = (fn) => {
    const t0 = performance.now();
    fn();
    barMs += performance.now() - t0;
  };
  const render = () => {
    renders++;
    size = mode === 'before' ? renderBefore(tracker.current, timers.now()) : renderNow(tracker.current, timers.now());
  };
  if (mode !== 'tracker only') {
    const pacer = mode === 'before' ? undefined : new CoalescedRender(() => timed(render), timers);
    tracker.onDidChange(() => timed(() => (pacer ? pacer.request() : render())));
  }
  const t0 = performance.now();
  for (let i = 0; i < subs.length; i++) {
    tracker.countSend();
    const now = timers.now();
    const headers = { 'x-ms-ratelimit-remaining-subscription-reads': String(249 - (i % 200)), 'x-ms-ratelimit-remaining-subscription-global-reads': String(11999 - i) };
    tracker.recordHeaders(parseRateLimitHeaders(headers, now), now, subs[i]);
    timers.advance(STEP_MS);
  }
  timers.advance(1000);
  const totalMs = performance.now() - t0;
  return { barMs, renders, size, otherMs: totalMs - barMs, buckets: tracker.current.buckets.size };
}

function stats(values) {
  return { median: round(median(values), 2), min: round(Math.min(...values), 2), max: round(Math.max(...values), 2) };
}

function series(mode, runs) {
  const out = [];
  for (let r = 0; r < runs; r++) {
    globalThis.gc?.();
    out.push(refresh(mode));
    log(`${mode} run ${r + 1}/${runs}: ${round(out.at(-1).barMs, 2)} ms in the status bar, ${out.at(-1).renders} renders`);
  }
  return out;
}

refresh('now'); // warm-up: JIT and module loading are not part of a refresh
const now = series('now', RUNS);
const trackerOnly = series('tracker only', RUNS);
const before = series('before', BEFORE_RUNS);
const cpus = os.cpus();
const result = {
  machine: `${cpus.length} x ${cpus[0]?.model ?? '?'}, ${os.platform()} ${os.arch()}, Node ${process.version}, load ${os.loadavg().map((l) => l.toFixed(2)).join(' ')}`,
  subscriptions: SUBSCRIPTIONS,
  buckets: now[0].buckets,
  statusBarMs: { now: stats(now.map((r) => r.barMs)), before: stats(before.map((r) => r.barMs)) },
  renders: { now: now[0].renders, before: before[0].renders },
  lastTooltipChars: { now: now[0].size, before: before[0].size },
  trackerAloneMs: stats(trackerOnly.map((r) => r.otherMs)),
  runs: { now: RUNS, before: BEFORE_RUNS },
};
const f = (s) => `${s.median} [${s.min}-${s.max}]`;
console.log(`Status bar over a full refresh: ${SUBSCRIPTIONS} subscriptions, ${result.buckets} buckets, ${SUBSCRIPTIONS} sends, one response per ${STEP_MS} ms (simulated clock)`);
console.log(`(ms inside the status bar's callbacks; median of ${RUNS} runs, min-max in brackets; previous path: ${BEFORE_RUNS} runs)`);
console.log(`now (coalesced, 250 ms; 10 rows)   ${f(result.statusBarMs.now).padEnd(24)} ${result.renders.now} renders, last text+tooltip ${result.lastTooltipChars.now} chars`);
console.log(`before (a render per change)       ${f(result.statusBarMs.before).padEnd(24)} ${result.renders.before} renders, last text+tooltip ${result.lastTooltipChars.before} chars`);
console.log(`QuotaTracker alone (no listener)   ${f(result.trackerAloneMs)}`);
console.log(`machine: ${result.machine}`);

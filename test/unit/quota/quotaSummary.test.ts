import assert from 'node:assert/strict';
import type { QuotaSnapshot, QuotaState } from '../../../src/core/http/types';
import { describeQuota, formatCountdown, pickBucket, quotaRows, summarizeQuota } from '../../../src/core/quota/quotaSummary';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

function state(buckets: QuotaSnapshot[], extra: Partial<QuotaState> = {}): QuotaState {
  return { buckets: new Map(buckets.map((b) => [b.resource, b])), requestsSent: 3, ...extra };
}

function bucket(resource: string, remaining: number, limit?: number, resetInMs?: number): QuotaSnapshot {
  return {
    resource,
    remaining,
    observedAt: NOW,
    source: 'headers',
    ...(limit !== undefined ? { limit, used: limit - remaining } : {}),
    ...(resetInMs !== undefined ? { resetAt: NOW + resetInMs } : {}),
  };
}

describe('quota summary', () => {
  it('shows remaining of limit with thousands separators when the limit is known', () => {
    const s = summarizeQuota(state([bucket('core', 4812, 5000, 3_600_000)]), NOW);
    assert.equal(s?.text, '4,812/5,000');
    assert.equal(s?.severity, 'ok');
    assert.equal(s?.countdownUntil, undefined);
  });

  it('shows "N left" where only remaining is known (ARM token buckets)', () => {
    const s = summarizeQuota(state([bucket('subscription-reads', 249)]), NOW);
    assert.equal(s?.text, '249 left');
    assert.equal(s?.severity, 'ok');
  });

  it('marks low and exhausted quotas and counts down to the reset', () => {
    const low = summarizeQuota(state([bucket('core', 400, 5000, 125_000)]), NOW);
    assert.equal(low?.severity, 'low');
    assert.equal(low?.text, '400/5,000 · resets in 2:05');
    const out = summarizeQuota(state([bucket('core', 0, 5000, 3_723_000)]), NOW);
    assert.equal(out?.severity, 'exhausted');
    assert.equal(out?.text, '0/5,000 · resets in 1:02:03');
    assert.equal(out?.countdownUntil, NOW + 3_723_000);
  });

  it('treats a window whose reset has passed as full again', () => {
    const s = summarizeQuota(state([bucket('core', 0, 5000, -1000)]), NOW);
    assert.equal(s?.severity, 'ok');
    assert.equal(s?.text, '5,000/5,000');
  });

  it('picks the most constrained bucket', () => {
    const picked = pickBucket([bucket('core', 4000, 5000, 1000), bucket('search', 2, 30, 1000), bucket('subscription-reads', 240)], NOW);
    assert.equal(picked?.resource, 'search');
  });

  it('prefers an hourly window over a healthy ARM token bucket, but shows a low token bucket', () => {
    const healthy = [bucket('subscription-reads', 244, 250), bucket('core', 4812, 5000, 600_000)];
    assert.equal(pickBucket(healthy, NOW)?.resource, 'core');
    const lowReads = [bucket('subscription-reads', 12, 250), bucket('core', 4812, 5000, 600_000)];
    assert.equal(pickBucket(lowReads, NOW)?.resource, 'subscription-reads');
    assert.equal(pickBucket([bucket('subscription-reads', 244, 250)], NOW)?.resource, 'subscription-reads');
  });

  it('shows a queue pause as exhausted with its own countdown', () => {
    const s = summarizeQuota(state([bucket('core', 10, 5000, 600_000)], { pausedUntil: NOW + 61_000, pauseReason: 'secondary limit' }), NOW);
    assert.equal(s?.severity, 'exhausted');
    assert.match(s?.text ?? '', /waiting 1:01$/);
    assert.equal(s?.countdownUntil, NOW + 61_000);
  });

  it('shows a pause that came before any quota header (a bare 429 with retry-after) as a countdown', () => {
    const s = summarizeQuota(state([], { pausedUntil: NOW + 60_000, pauseReason: 'slow down' }), NOW);
    assert.equal(s?.severity, 'exhausted');
    assert.equal(s?.text, 'waiting 1:00');
    assert.equal(s?.countdownUntil, NOW + 60_000);
    assert.equal(summarizeQuota(state([], { pausedUntil: NOW - 1, pauseReason: 'over' }), NOW), undefined, 'an ended pause shows nothing');
  });

  it('is undefined before any response', () => {
    assert.equal(summarizeQuota(state([]), NOW), undefined);
    assert.match(describeQuota(state([]), NOW), /No quota information yet/);
  });

  it('describes quota in plain words and lists rows per bucket', () => {
    const st = state([bucket('core', 4812, 5000, 90_000), bucket('subscription-reads', 249)]);
    assert.equal(describeQuota(st, NOW), '4,812 of 5,000 requests left on "core"; the window resets in 1:30.');
    assert.equal(describeQuota(state([bucket('subscription-reads', 249)]), NOW), '249 requests left on "subscription-reads"; this bucket refills continuously.');
    const rows = quotaRows(st, NOW);
    assert.deepEqual(rows.map((r) => r.resource), ['core', 'subscription-reads']);
    assert.equal(rows[0]?.used, '188');
    assert.match(rows[0]?.reset ?? '', /^2026-11-23T12:01:30Z \(in 1:30\)$/);
    assert.equal(rows[1]?.limit, '—');
  });

  it('formats countdowns', () => {
    assert.equal(formatCountdown(-5), '0:00');
    assert.equal(formatCountdown(59_001), '1:00');
    assert.equal(formatCountdown(3_600_000), '1:00:00');
  });
});

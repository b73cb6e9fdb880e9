// Issue 21 point 2: the status bar tooltip listed every bucket (180 KB with 2,000 buckets).
import assert from 'node:assert/strict';
import type { QuotaSnapshot, QuotaState } from '../../../src/core/http/types';
import { QUOTA_TOOLTIP_ROWS, mostConstrained, quotaTooltipMarkdown } from '../../../src/core/quota/quotaTooltip';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);

function bucket(resource: string, remaining: number, limit?: number): QuotaSnapshot {
  return { resource, remaining, observedAt: NOW, source: 'headers', ...(limit !== undefined ? { limit } : {}) };
}

function state(buckets: QuotaSnapshot[], extra: Partial<QuotaState> = {}): QuotaState {
  return { buckets: new Map(buckets.map((b) => [b.resource, b])), requestsSent: 3000, ...extra };
}

function armEstate(subscriptions: number): QuotaSnapshot[] {
  return Array.from({ length: subscriptions }, (_, i) => [
    bucket(`subscription-reads/sub-${String(i).padStart(4, '0')}`, 100 + (i % 150), 250),
    bucket(`subscription-global-reads/sub-${String(i).padStart(4, '0')}`, 11000 + i),
  ]).flat();
}

describe('quota tooltip (issue 21: the buckets that matter, then "and N more")', () => {
  it('with 2,000 buckets it lists the 10 most constrained and says how many more there are', () => {
    const s = state(armEstate(1000));
    const md = quotaTooltipMarkdown(s, NOW);
    const rows = md.split('\n').filter((l) => l.startsWith('| Reads'));
    assert.equal(rows.length, QUOTA_TOOLTIP_ROWS);
    assert.match(md, /\nand 1,990 more: click for the full list\./);
    // Subscriptions 0, 150, ..., 900 have 100 of 250 left, the lowest share; then 1, 151, 301 with 101.
    const left = rows.map((r) => /\| (\d+)&nbsp;/.exec(r)?.[1]);
    assert.deepEqual(left, ['100', '100', '100', '100', '100', '100', '100', '101', '101', '101']);
    assert.match(rows[0] ?? '', /^\| Reads · sub-0000 \(subscription\)&nbsp;&nbsp; \| 100&nbsp;/);
    assert.match(rows[9] ?? '', /^\| Reads · sub-0301 \(subscription\)/);
    assert.ok(md.length < 3000, `tooltip of ${md.length} characters`);
  });

  it('at exactly 10 buckets lists them all with no "more" line; at 11 it says "and 1 more"', () => {
    const ten = armEstate(5);
    assert.doesNotMatch(quotaTooltipMarkdown(state(ten), NOW), /more:/);
    assert.equal(quotaTooltipMarkdown(state(ten), NOW).split('\n').filter((l) => l.startsWith('| Reads')).length, 10);
    const eleven = [...ten, bucket('core', 4000, 5000)];
    assert.match(quotaTooltipMarkdown(state(eleven), NOW), /\nand 1 more: click/);
  });

  it('orders by share left, not count: 200 of 5,000 comes before 240 of 250, and exhausted first of all', () => {
    const order = mostConstrained([bucket('subscription-reads/a', 240, 250), bucket('core', 200, 5000), bucket('search', 0, 30), bucket('tenant-reads', 11000)], NOW, 10).map((b) => b.resource);
    assert.deepEqual(order, ['search', 'core', 'subscription-reads/a', 'tenant-reads']);
  });

  it('a bucket with no known limit (ARM sends only remaining) comes before a fine one once below 25 left, not at 25', () => {
    const order = mostConstrained([bucket('core', 1000, 5000), bucket('tenant-reads', 24)], NOW, 1).map((b) => b.resource);
    assert.deepEqual(order, ['tenant-reads']);
    assert.deepEqual(mostConstrained([bucket('core', 1000, 5000), bucket('tenant-reads', 25)], NOW, 1).map((b) => b.resource), ['core']);
  });

  it('a pause reason quoted from the service stays text: no Markdown, links or theme icons', () => {
    const md = quotaTooltipMarkdown(state([bucket('core', 0, 5000)], { pausedUntil: NOW + 60_000, pauseReason: 'see [here](https://evil.example) $(alert) <b>x</b>' }), NOW);
    assert.match(md, /Requests paused for 1:00: see \\\[here\\\]\\\(https:\/\/evil\.example\\\) \\\$\\\(alert\\\) \\<b\\>x\\<\/b\\>/);
  });

  it('names subscriptions when known', () => {
    const md = quotaTooltipMarkdown(state([bucket('subscription-reads/abc', 10, 250)]), NOW, (id) => (id === 'abc' ? 'Contoso | Prod' : undefined));
    assert.match(md, /\| Reads · Contoso \\\| Prod \(subscription\)&nbsp;/);
  });
});

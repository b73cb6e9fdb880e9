/** Show API Quota's rows: ARM's buckets by scope with subscription names, categories only when reported. */
import assert from 'node:assert/strict';
import type { QuotaSnapshot, QuotaState } from '../../../src/core/http/types';
import { parseBucketName, quotaGroups } from '../../../src/core/quota/quotaGroups';

const NOW = Date.UTC(2026, 10, 23, 12, 0, 0);
const SUB = '3f0c7a52-8a43-4d1e-9d6b-1c5f0e2a7b11';
const OTHER = '9b2e4d17-6c58-4f3a-8e91-2d7a5b3c4e22';

function state(buckets: QuotaSnapshot[]): QuotaState {
  return { buckets: new Map(buckets.map((b) => [b.resource, b])), requestsSent: 1 };
}
function arm(resource: string, remaining: number, limit?: number): QuotaSnapshot {
  return { resource, remaining, ...(limit !== undefined ? { limit } : {}), observedAt: NOW, source: 'headers' };
}
const names = (id: string): string | undefined => (id === SUB ? 'Contoso Production' : undefined);

describe('quota groups (Show API Quota)', () => {
  it('reads ARM bucket names: scope, operation and subscription', () => {
    assert.deepEqual(parseBucketName(`subscription-reads/${SUB}`), { kind: 'subscription', operation: 'reads', subscriptionId: SUB });
    assert.deepEqual(parseBucketName('subscription-global-writes'), { kind: 'global', operation: 'writes' });
    assert.deepEqual(parseBucketName('tenant-deletes'), { kind: 'tenant', operation: 'deletes' });
    assert.deepEqual(parseBucketName('Microsoft.Compute/HighCostGet3Min'), { kind: 'provider' });
    assert.deepEqual(parseBucketName('core'), { kind: 'category' });
  });

  it('Azure mode: per-subscription, global and tenant buckets in that order, subscriptions by name (GUID only as a fallback), no GitHub categories', () => {
    const groups = quotaGroups(
      state([arm('tenant-reads', 240, 250), arm(`subscription-reads/${SUB}`, 249, 250), arm(`subscription-reads/${OTHER}`, 12, 250), arm(`subscription-global-reads/${SUB}`, 3700, 3750)]),
      NOW,
      names,
    );
    assert.deepEqual(groups.map((g) => g.kind), ['subscription', 'global', 'tenant']);
    const subs = groups[0]?.items ?? [];
    assert.deepEqual(subs.map((i) => i.label), [`Reads · ${OTHER}`, 'Reads · Contoso Production']);
    assert.equal(subs[1]?.description, '249 of 250 left');
    assert.match(subs[1]?.detail ?? '', /^Refills continuously · from response headers · 3f0c7a52-/, 'the GUID is kept next to the name, in the detail');
    assert.equal(subs[0]?.severity, 'low');
    assert.match(subs[1]?.explanation ?? '', /^Reads for Contoso Production: 249 of 250 left \(from response headers\)\. Azure Resource Manager refills this token bucket continuously/);
    assert.ok(!groups.some((g) => g.kind === 'category'));
    assert.equal(groups[2]?.items[0]?.explanation.startsWith('Reads for your tenant: 240 of 250 left'), true);
  });

  it('GitHub-style categories only where the service reports them, with their reset time', () => {
    const groups = quotaGroups(
      state([
        { resource: 'core', limit: 5000, remaining: 4812, used: 188, resetAt: NOW + 3_600_000, observedAt: NOW, source: 'rate_limit' },
        arm('Microsoft.Compute/HighCostGet3Min', 107),
      ]),
      NOW,
    );
    assert.deepEqual(groups.map((g) => g.kind), ['provider', 'category']);
    const core = groups[1]?.items[0];
    assert.equal(core?.label, 'core');
    assert.equal(core?.description, '4,812 of 5,000 left');
    assert.equal(core?.detail, 'Resets at 13:00:00 UTC (in 1:00:00) · from GET /rate_limit');
    assert.equal(core?.explanation, 'core: 4,812 of 5,000 left (from GET /rate_limit). It resets at 13:00:00 UTC (in 1:00:00).');
  });

  it('no buckets, no groups', () => {
    assert.deepEqual(quotaGroups(state([]), NOW), []);
  });
});

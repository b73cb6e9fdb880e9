import assert from 'node:assert/strict';
import fc from 'fast-check';
import { ARM_BUCKET_HEADERS, parseArmResourceRemaining, parseRateLimitHeaders, parseRetryAfter } from '../../../src/core/http/rateLimitHeaders';

const NOW = Date.UTC(2025, 0, 1, 12, 0, 0);
const NAMES = ['x-ratelimit-limit', 'x-ratelimit-remaining', 'x-ratelimit-used', 'x-ratelimit-reset', 'x-ratelimit-resource', 'retry-after', 'x-ms-ratelimit-remaining-resource', ...ARM_BUCKET_HEADERS.map(([h]) => h)];

describe('rate-limit header parsing', () => {
  it('reads seed 001 headers, retry-after in both forms, ARM counters and the resource list', () => {
    const p = parseRateLimitHeaders(
      {
        'x-ratelimit-limit': '5000', 'x-ratelimit-remaining': '4999', 'x-ratelimit-used': '1', 'x-ratelimit-reset': '1735732800', 'x-ratelimit-resource': 'search',
        'retry-after': '120',
        'x-ms-ratelimit-remaining-subscription-writes': '199',
        'x-ms-ratelimit-remaining-resource': 'Microsoft.Compute/HighCostGet3Min;107, Microsoft.Compute/HighCostGet30Min;799',
      },
      NOW,
    );
    assert.deepEqual(p.primary, { resource: 'search', limit: 5000, remaining: 4999, used: 1, resetAt: 1735732800000 });
    assert.equal(p.retryAfterMs, 120_000);
    assert.deepEqual(p.arm, [{ bucket: 'subscription-writes', remaining: 199 }]);
    assert.deepEqual(p.armResource, [{ policy: 'Microsoft.Compute/HighCostGet3Min', remaining: 107 }, { policy: 'Microsoft.Compute/HighCostGet30Min', remaining: 799 }]);
    assert.equal(parseRetryAfter('Wed, 01 Jan 2025 12:00:30 GMT', NOW), 30_000);
    assert.equal(parseRetryAfter('Wed, 01 Jan 2025 11:00:00 GMT', NOW), 0);
    assert.equal(parseRetryAfter('1 2', NOW), undefined);
    // Without x-ratelimit-resource the bucket follows from the path, or stays unknown: a
    // header-less answer from /search must not mark core as spent.
    assert.equal(parseRateLimitHeaders({ 'x-ratelimit-remaining': '3' }, NOW).primary?.resource, 'unknown');
    assert.equal(parseRateLimitHeaders({ 'x-ratelimit-remaining': '3' }, NOW, { pathResource: 'search' }).primary?.resource, 'search');
  });

  it('ignores garbage values instead of throwing', () => {
    const p = parseRateLimitHeaders({ 'x-ratelimit-remaining': 'lots', 'x-ratelimit-reset': '-5', 'retry-after': 'soon', 'x-ms-ratelimit-remaining-tenant-reads': '1e3' }, NOW);
    assert.deepEqual(p, { arm: [], armResource: [] });
    assert.deepEqual(parseArmResourceRemaining(';5,Microsoft.X/Y;abc,Microsoft.Z/W;4'), [{ policy: 'Microsoft.Z/W', remaining: 4 }]);
  });

  it('never throws on random header values (property)', () => {
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom(...NAMES), fc.string({ unit: 'binary', maxLength: 40 })), fc.integer({ min: 0, max: 4_102_444_800_000 }), (headers, now) => {
        const p = parseRateLimitHeaders(headers, now);
        for (const n of [p.primary?.limit, p.primary?.remaining, p.primary?.used, p.primary?.resetAt, p.retryAfterMs, ...p.arm.map((a) => a.remaining)]) {
          assert.ok(n === undefined || (Number.isFinite(n) && n >= 0));
        }
      }),
      { numRuns: 500 },
    );
  });

  it('round-trips valid values (property)', () => {
    const count = fc.integer({ min: 0, max: 10_000_000 });
    fc.assert(
      fc.property(count, count, count, fc.integer({ min: 0, max: NOW / 1000 + 86_400 }), fc.constantFrom('core', 'search', 'code_search', 'graphql'), fc.integer({ min: 0, max: 86_400 }),
        fc.array(fc.tuple(fc.constantFrom(...ARM_BUCKET_HEADERS), count), { maxLength: 4 }), fc.array(fc.tuple(fc.stringMatching(/^Microsoft\.[A-Za-z]{1,10}\/[A-Za-z0-9]{1,12}$/), count), { maxLength: 3 }),
        (limit, remaining, used, reset, resource, retry, arm, policies) => {
          const headers: Record<string, string> = {
            'x-ratelimit-limit': String(limit), 'x-ratelimit-remaining': String(remaining), 'x-ratelimit-used': String(used),
            'x-ratelimit-reset': String(reset), 'x-ratelimit-resource': resource, 'retry-after': String(retry),
          };
          const armExpected = new Map<string, number>();
          for (const [[h, bucket], v] of arm) {
            headers[h] = String(v);
            armExpected.set(bucket, v);
          }
          if (policies.length > 0) headers['x-ms-ratelimit-remaining-resource'] = policies.map(([p, v]) => `${p};${v}`).join(',');
          const p = parseRateLimitHeaders(headers, NOW);
          assert.deepEqual(p.primary, { resource, limit, remaining, used, resetAt: reset * 1000 });
          assert.equal(p.retryAfterMs, retry * 1000);
          assert.deepEqual(new Map(p.arm.map((a) => [a.bucket, a.remaining])), armExpected);
          assert.deepEqual(p.armResource, policies.map(([policy, remaining]) => ({ policy, remaining })));
        }),
      { numRuns: 300 },
    );
  });
});

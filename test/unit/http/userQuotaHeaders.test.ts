import assert from 'node:assert/strict';
import { QuotaTracker } from '../../../src/core/http/quota';
import { classify } from '../../../src/core/http/retryPolicy';
import { parseRateLimitHeaders, parseResetsAfter, RESOURCE_GRAPH_BUCKET } from '../../../src/core/http/rateLimitHeaders';

const NOW = Date.UTC(2026, 10, 20, 12, 0, 0);

describe('Resource Graph user-quota headers', () => {
  it('reads x-ms-user-quota-resets-after as hh:mm:ss', () => {
    assert.equal(parseResetsAfter('00:00:03'), 3000);
    assert.equal(parseResetsAfter('00:01:05'), 65_000);
    assert.equal(parseResetsAfter(' 01:00:00 '), 3_600_000);
    assert.equal(parseResetsAfter('00:00:00.5'), 500);
  });

  it('ignores garbage, and keeps a wait past a day (the service saying not to come back soon)', () => {
    assert.equal(parseResetsAfter('24:00:00'), 86_400_000);
    assert.equal(parseResetsAfter('24:00:01'), 86_401_000);
    assert.equal(parseResetsAfter('999:59:59'), 3_599_999_000);
    for (const bad of [undefined, '', '3', '00:60:00', '00:00:60', 'soon', '-00:00:03', '00:00']) {
      assert.equal(parseResetsAfter(bad), undefined, String(bad));
    }
  });

  it('becomes the resource-graph bucket, reset time on our clock', () => {
    const parsed = parseRateLimitHeaders({ 'x-ms-user-quota-remaining': '10', 'x-ms-user-quota-resets-after': '00:00:03' }, NOW);
    assert.deepEqual(parsed.userQuota, { remaining: 10, resetAt: NOW + 3000 });
    const quota = new QuotaTracker();
    assert.deepEqual(quota.recordHeaders(parsed, NOW), [RESOURCE_GRAPH_BUCKET]);
    assert.equal(quota.bucket(RESOURCE_GRAPH_BUCKET)?.remaining, 10);
    assert.equal(quota.bucket(RESOURCE_GRAPH_BUCKET)?.resetAt, NOW + 3000);
  });

  it('no remaining count, no bucket (a reset time alone says nothing)', () => {
    const parsed = parseRateLimitHeaders({ 'x-ms-user-quota-resets-after': '00:00:03' }, NOW);
    assert.equal(parsed.userQuota, undefined);
    assert.deepEqual(new QuotaTracker().recordHeaders(parsed, NOW), []);
  });

  it('a 429 with 0 remaining is the primary kind (wait for the reset); with 1 remaining it is not', () => {
    const at0 = parseRateLimitHeaders({ 'x-ms-user-quota-remaining': '0', 'x-ms-user-quota-resets-after': '00:00:04' }, NOW);
    assert.equal(classify(429, at0, () => '{"error":{"code":"RateLimiting"}}'), 'primary');
    const at1 = parseRateLimitHeaders({ 'x-ms-user-quota-remaining': '1', 'x-ms-user-quota-resets-after': '00:00:04' }, NOW);
    assert.equal(classify(429, at1, () => '{"error":{"code":"RateLimiting"}}'), 'secondary');
    // A 403 with quota left is a plain permission error (fall back), not a limit.
    assert.equal(classify(403, at1, () => '{"error":{"code":"AuthorizationFailed"}}'), 'final');
  });
});

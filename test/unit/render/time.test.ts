import assert from 'node:assert/strict';
import { formatDuration, formatRelative, formatUtc, formatWhen } from '../../../src/core/render/time';

describe('time formatting', () => {
  const now = Date.parse('2025-05-10T12:00:00Z');

  it('formats absolute UTC times', () => {
    assert.equal(formatUtc(Date.parse('2025-05-01T09:05:59.9Z')), '1 May 2025, 09:05 UTC');
    assert.equal(formatUtc(Date.parse('2026-12-31T23:59:00Z')), '31 Dec 2026, 23:59 UTC');
    assert.equal(formatUtc(Number.NaN), 'unknown time');
  });

  it('writes the one format shown to people: relative, then UTC in parentheses', () => {
    assert.equal(formatWhen(now - 3 * 3600_000, now), '3 hours ago (10 May 2025, 09:00 UTC)');
    assert.equal(formatWhen(now + 2 * 24 * 3600_000, now), 'in 2 days (12 May 2025, 12:00 UTC)');
  });

  it('formats relative times in both directions', () => {
    assert.equal(formatRelative(now - 30_000, now), 'just now');
    assert.equal(formatRelative(now - 5 * 60_000, now), '5 minutes ago');
    assert.equal(formatRelative(now - 3 * 3600_000, now), '3 hours ago');
    assert.equal(formatRelative(now - 24 * 3600_000, now), 'yesterday');
    assert.equal(formatRelative(now + 2 * 24 * 3600_000, now), 'in 2 days');
  });

  it('formats durations', () => {
    assert.equal(formatDuration(0), '0 min');
    assert.equal(formatDuration(65 * 60_000), '1 h 5 min');
    assert.equal(formatDuration(2 * 3600_000), '2 h');
    assert.equal(formatDuration((3 * 24 + 2) * 3600_000), '3 d 2 h');
  });
});

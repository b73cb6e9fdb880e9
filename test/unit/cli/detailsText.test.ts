import assert from 'node:assert/strict';
import { eventSchema } from '../../../src/core/model/schemas';
import { eventDetails } from '../../../src/core/cli/format';

describe('health-events details (text output for people)', () => {
  const now = Date.parse('2026-11-24T17:05:00Z');
  const event = eventSchema.parse({
    name: 'ABCD-123',
    properties: {
      title: 'Rate change',
      status: 'Active',
      eventType: 'Billing',
      eventSubType: 'ForeignExchangeRateChange',
      eventLevel: 'Informational',
      eventSource: 'ServiceHealth',
      impactStartTime: '2026-11-24T14:05:00Z',
      lastUpdateTime: '2026-11-24T17:04:40Z',
      impact: [{ impactedService: 'Billing', impactedRegions: [{ impactedRegion: 'Global', status: 'PartiallyResolved', updates: [{ summary: 'Rates change next month.', updateDateTime: '2026-11-23T17:05:00Z' }] }] }],
    },
  });
  const text = eventDetails(event, now);

  it('shows dates as the extension does: relative, then UTC', () => {
    assert.match(text, /^Impact start: +3 hours ago \(24 Nov 2026, 14:05 UTC\)$/m);
    assert.match(text, /^Last update: +just now \(24 Nov 2026, 17:04 UTC\)$/m);
    assert.match(text, /^ +yesterday \(23 Nov 2026, 17:05 UTC\) \[Global\] Rates change next month\.$/m);
  });

  it('names enum values in words', () => {
    assert.match(text, /^Type: +Billing \/ Foreign exchange rate change$/m);
    assert.match(text, /^Level: +Informational$/m);
    assert.match(text, /^Source: +Service Health$/m);
    assert.match(text, /^Service: +Billing: Global \(Partially resolved\)$/m);
    assert.doesNotMatch(text, /ForeignExchangeRateChange|PartiallyResolved|ServiceHealth/);
  });
});

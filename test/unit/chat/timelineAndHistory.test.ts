import * as assert from 'node:assert/strict';
import { addToHistory, historyKey, MAX_HISTORY, normalizeHistory } from '../../../src/core/chat/queryHistory';
import { eventTimeline, summaryPrompt, timelineMarkdown } from '../../../src/core/chat/timeline';
import type { StoredEvent } from '../../../src/core/events/eventFacts';
import type { HealthEvent } from '../../../src/core/model/schemas';

function withUpdates(updates: Array<{ region: string; at: string; text: string }>): HealthEvent {
  const regions = [...new Set(updates.map((u) => u.region))];
  return {
    name: 'ABCD-123',
    properties: {
      eventType: 'ServiceIssue',
      status: 'Active',
      title: 'Storage errors',
      impact: [
        {
          impactedService: 'Storage',
          impactedRegions: regions.map((r) => ({
            impactedRegion: r,
            impactedSubscriptions: ['00000000-secret-sub'],
            updates: updates.filter((u) => u.region === r).map((u) => ({ summary: u.text, updateDateTime: u.at })),
          })),
        },
      ],
    },
  };
}

describe('chat: timeline', () => {
  const event = withUpdates([
    { region: 'West Europe', at: '2026-11-20T10:00:00Z', text: '<p>Investigating</p>' },
    { region: 'North Europe', at: '2026-11-20T10:00:00Z', text: '<p>Investigating</p>' },
    { region: 'West Europe', at: '2026-11-20T12:30:00Z', text: 'Mitigated [x](command:evil)' },
  ]);

  it('merges the same update across regions and orders oldest first', () => {
    const t = eventTimeline(event);
    assert.deepEqual(t.map((e) => [e.text, e.regions]), [['Investigating', ['West Europe', 'North Europe']], ['Mitigated [x](command:evil)', ['West Europe']]]);
  });

  it('renders the newest first, escaped, and counts older ones', () => {
    const md = timelineMarkdown(eventTimeline(event), 1);
    assert.match(md, /^- \*\*20 Nov 2026, 12:30 UTC\*\* \(West Europe\): Mitigated \\\[x\\\]\\\(command:evil\\\)\n- …1 earlier update in the details view\.\n$/u);
    assert.match(timelineMarkdown([]), /No updates/u);
  });

  it('the model prompt holds event text only, within its budget', () => {
    const stored: StoredEvent = { subscriptionId: '11111111-2222-3333-4444-555555555555', trackingId: 'ABCD-123', event };
    const prompt = summaryPrompt(stored);
    assert.match(prompt, /Title: Storage errors/u);
    assert.match(prompt, /\[2026-11-20 12:30 UTC; West Europe\] Mitigated/u);
    assert.ok(!prompt.includes('11111111'), 'no subscription id');
    assert.ok(!prompt.includes('secret-sub'), 'no impacted subscription ids');
    const long = withUpdates(Array.from({ length: 400 }, (_, i) => ({ region: 'West Europe', at: new Date(Date.UTC(2026, 10, 1) + i * 60_000).toISOString(), text: `update ${i} ${'x'.repeat(100)}` })));
    const big = summaryPrompt({ ...stored, event: long });
    // The budget is 12,000 characters, and it is used: at most one update line (~150 characters) short of it.
    assert.ok(big.length <= 12_000 && big.length > 12_000 - 150, String(big.length));
    assert.match(big, /update 399 /u, 'keeps the newest update');
    assert.ok(!big.includes('update 0 '), 'drops the oldest first');
  });
});

describe('chat: query history', () => {
  it('puts the newest first, removes duplicates by spacing and case, and keeps the text as typed', () => {
    let h: string[] = [];
    h = addToHistory(h, 'active outages');
    h = addToHistory(h, 'type:PlannedMaintenance');
    h = addToHistory(h, '  Active   OUTAGES ');
    assert.deepEqual(h, ['Active OUTAGES', 'type:PlannedMaintenance']);
    assert.equal(historyKey(' A  b '), 'a b');
  });

  it('ignores empty text and keeps at most MAX_HISTORY', () => {
    let h: string[] = [];
    for (let i = 0; i < 15; i++) h = addToHistory(h, `q${i}`);
    h = addToHistory(h, '   ');
    assert.equal(h.length, MAX_HISTORY);
    assert.equal(h[0], 'q14');
  });

  it('reads a persisted list tolerantly', () => {
    assert.deepEqual(normalizeHistory(['a', 3, 'A', null, 'b']), ['a', 'b']);
    assert.deepEqual(normalizeHistory('nope'), []);
  });
});

// Issue 21 point 14: placeholder dates (0001-01-01T00:00:00, .NET's DateTime.MinValue, which the
// real service sends for "no time") and times without a zone are never shown as dates; emerging
// issues' banner messages are HTML and are shown as text in the CLI.
import assert from 'node:assert/strict';
import { eventTimeline, summaryPrompt, timelineMarkdown } from '../../../src/core/chat/timeline';
import { eventDetails, shortTime } from '../../../src/core/cli/format';
import { emergingIssuesText } from '../../../src/core/cli/resourceFormat';
import { eventMarkdown } from '../../../src/core/export/eventMarkdown';
import type { HealthEvent } from '../../../src/core/model/schemas';
import { parseServiceTime, parseShownTime } from '../../../src/core/model/eventModel';
import { buildDetailsViewModel } from '../../../src/core/render/viewModel';

const NOW = Date.UTC(2026, 10, 27, 12);
const PLACEHOLDER = '0001-01-01T00:00:00';
const PLACEHOLDER_Z = '0001-01-01T00:00:00Z';
const ZONELESS = '2026-11-27T09:00:00';

function event(props: Record<string, unknown>): HealthEvent {
  return { id: '/subscriptions/s/providers/Microsoft.ResourceHealth/events/XY-1', name: 'XY-1', properties: { title: 'Odd dates', eventType: 'ServiceIssue', ...props } } as HealthEvent;
}

describe('odd service dates (issue 21: placeholders and zoneless times are never shown as dates)', () => {
  it('a placeholder is no time at all, even with a zone; a zoneless time orders as UTC but is not shown', () => {
    assert.equal(parseServiceTime(PLACEHOLDER), undefined);
    assert.equal(parseServiceTime(PLACEHOLDER_Z), undefined);
    assert.equal(parseServiceTime('1970-01-01T00:00:00Z'), undefined, 'epoch 0 is a placeholder too');
    assert.equal(parseServiceTime('9999-12-31T23:59:59Z'), undefined, 'DateTime.MaxValue');
    assert.equal(parseServiceTime('1970-01-01T00:00:01Z'), 1000, 'the first real second is kept');
    assert.equal(parseServiceTime(ZONELESS), Date.UTC(2026, 10, 27, 9));
    assert.equal(parseShownTime(ZONELESS), undefined);
    assert.equal(parseShownTime(`${ZONELESS}Z`), Date.UTC(2026, 10, 27, 9));
    assert.equal(parseShownTime(`${ZONELESS}+01:00`), Date.UTC(2026, 10, 27, 8));
  });

  it('CLI: "not given" instead of the raw placeholder or zoneless time', () => {
    assert.equal(shortTime(PLACEHOLDER), 'not given');
    assert.equal(shortTime(ZONELESS), 'not given');
    assert.equal(shortTime(`${ZONELESS}Z`), '2026-11-27 09:00Z');
    assert.equal(shortTime(undefined), '');
    const text = eventDetails(event({ impactStartTime: PLACEHOLDER, lastUpdateTime: ZONELESS }), NOW);
    assert.doesNotMatch(text, /0001|2026-11-27T09|Jan 1|27 Nov 2026, 09:00/, text);
  });

  it('details view, chat and the Markdown export leave them out or say the time is not given', () => {
    const e = event({
      impactStartTime: PLACEHOLDER,
      impactMitigationTime: ZONELESS,
      lastUpdateTime: '2026-11-27T10:00:00Z',
      impact: [{ impactedService: 'VMs', impactedRegions: [{ impactedRegion: 'East US', updates: [{ summary: 'Zoneless', updateDateTime: ZONELESS }, { summary: 'Zoned', updateDateTime: '2026-11-27T10:00:00Z' }, { summary: 'Placeholder', updateDateTime: PLACEHOLDER }] }] }],
    });
    const m = buildDetailsViewModel({ subscriptionId: 's', trackingId: 'XY-1' }, e, { now: NOW });
    assert.equal(m.impactStart, undefined);
    assert.equal(m.impactMitigation, undefined);
    assert.equal(m.lastUpdate?.utc, '27 Nov 2026, 10:00 UTC');
    // Newest first by the (UTC-read) zoneless time, which is itself not shown.
    assert.deepEqual(m.updates.map((u) => [u.html, u.time?.utc]), [['Zoned', '27 Nov 2026, 10:00 UTC'], ['Zoneless', undefined], ['Placeholder', undefined]]);

    const timeline = eventTimeline(e);
    assert.deepEqual(timeline.map((t) => [t.text, t.at]), [['Placeholder', undefined], ['Zoneless', undefined], ['Zoned', Date.UTC(2026, 10, 27, 10)]]);
    const chat = timelineMarkdown(timeline);
    assert.match(chat, /\*\*\(time not given\)\*\*/);
    assert.doesNotMatch(chat, /0001|1 Jan 1|09:00/);
    const prompt = summaryPrompt({ subscriptionId: 's', trackingId: 'XY-1', event: e });
    assert.doesNotMatch(prompt, /Impact started|Mitigated:|0001/);

    const md = eventMarkdown({ subscriptionId: 's', trackingId: 'XY-1', event: e }, { portalUrl: 'https://portal.azure.com/' });
    assert.doesNotMatch(md, /0001|1 Jan 1|27 Nov 2026, 09:00/, md);
  });

  it('emerging issues: a banner message is HTML shown as text; a placeholder start reads "not given"', () => {
    const text = emergingIssuesText({
      properties: {
        statusBanners: [{ title: 'Heads <b>up</b>', message: '<p>We are investigating <a href="https://status.example">an issue</a> in <strong>East US</strong>.</p><script>alert(1)</script>' }],
        statusActiveEvents: [{ title: 'Storage', trackingId: 'EI-1', startTime: PLACEHOLDER, severity: 'Warning', impacts: [] }],
      },
    } as Parameters<typeof emergingIssuesText>[0]);
    assert.match(text, /^Heads up: We are investigating an issue in East US\.\n/);
    assert.doesNotMatch(text, /<|>|alert/);
    assert.match(text, /EI-1\s+not given\s/);
  });
});

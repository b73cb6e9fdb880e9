import assert from 'node:assert/strict';
import { eventSchema, type HealthEvent } from '../../../src/core/model/schemas';
import fc from 'fast-check';
import { buildDetailsViewModel, detailsHidden } from '../../../src/core/render/viewModel';
import { generateEvents } from '../../../src/core/sample/generator';
import { generateGuids } from '../../../src/core/sample/seededRandom';

const ref = { subscriptionId: 'sub-1', trackingId: 'VT5X-1AB' };
const now = Date.parse('2025-05-10T12:00:00Z');

function event(properties: Record<string, unknown>): HealthEvent {
  return eventSchema.parse({ id: `/subscriptions/sub-1/providers/Microsoft.ResourceHealth/events/${ref.trackingId}`, name: ref.trackingId, properties });
}

const full = event({
  eventType: 'ServiceIssue',
  status: 'Active',
  eventLevel: 'Warning',
  level: 'Critical',
  priority: 3,
  isHIR: true,
  hirStage: 'Stage 2',
  title: 'Azure Front Door – <b>connectivity</b> issues',
  header: 'Your service might have been impacted',
  summary: '<p>Summary <script>alert(1)</script><a href="javascript:alert(1)">bad</a></p>',
  description: '<p>Engineers are <strong>investigating</strong>. <a href="https://aka.ms/status">Status</a></p>',
  impactStartTime: '2025-05-10T09:00:00Z',
  impactMitigationTime: '2025-05-10T10:30:00Z',
  lastUpdateTime: '2025-05-10T11:00:00',
  eventTags: ['Action Recommended', 'Preliminary PIR', 'action recommended'],
  impact: [
    {
      impactedService: 'Virtual Machines',
      impactedRegions: [
        {
          impactedRegion: 'West Europe',
          status: 'Resolved',
          lastUpdateTime: '2025-05-10T10:30:00Z',
          updates: [
            { summary: 'First', updateDateTime: '2025-05-10T09:10:00Z' },
            { summary: 'Mitigated', updateDateTime: '2025-05-10T10:30:00Z', eventTags: ['Final PIR'] },
          ],
        },
        {
          impactedRegion: 'East US',
          status: 'Active',
          updates: [{ summary: 'Mitigated', updateDateTime: '2025-05-10T10:30:00Z' }, { summary: 'No time' }],
        },
      ],
    },
    {
      impactedService: 'App Service',
      impactedRegions: [{ impactedRegion: 'East US', status: 'Degraded', updates: [{ summary: 'Apps <img src=x onerror=alert(1)>', updateDateTime: '2025-05-10T09:45:00Z' }] }],
    },
  ],
  recommendedActions: { message: 'What you can do', actions: [{ groupId: 1, actionText: 'Fail over <a href="https://aka.ms/fo">now</a>' }, { actionText: '' }] },
  faqs: [{ question: 'Am I affected?', answer: '<p>Maybe<style>x</style></p>' }],
  article: { articleContent: '<h1>RCA</h1><iframe src="https://x"></iframe>' },
  additionalInformation: { message: 'More info' },
  links: [
    { type: 'Button', displayText: { value: 'Create support request', localizedValue: 'Support anfragen' }, extensionName: 'Microsoft_Azure_Support', bladeName: 'NewSupportRequestV3Blade', parameters: { issueType: 'technical' } },
    { type: 'Hyperlink', displayText: { value: 'RCA' }, parameters: { url: 'https://aka.ms/rca' } },
    { type: 'Hyperlink', displayText: { value: 'Broken' } },
  ],
});

describe('buildDetailsViewModel', () => {
  const m = buildDetailsViewModel(ref, full, { now, portal: 'https://portal.azure.us/' });

  it('marks a sample event, and only when told (the panel then says so and disables its links)', () => {
    assert.equal(m.sample, false);
    assert.equal(buildDetailsViewModel(ref, full, { now, sample: true }).sample, true);
  });

  it('carries identity, a text title and the portal link for the event type', () => {
    assert.equal(m.key, 'sub-1/VT5X-1AB');
    assert.equal(m.trackingId, 'VT5X-1AB');
    assert.equal(m.title, 'Azure Front Door – connectivity issues');
    assert.equal(m.header, 'Your service might have been impacted');
    assert.equal(m.portalUrl, 'https://portal.azure.us/#view/Microsoft_Azure_Health/AzureHealthBrowseBlade/~/serviceIssues/trackingId/VT5X-1AB');
  });

  it('has badges for type, status, level, insight level, priority and HIR', () => {
    assert.deepEqual(
      m.badges.map((b) => [b.label, b.value, b.tone]),
      [
        ['Type', 'Service issue', 'error'],
        ['Status', 'Active', 'warning'],
        ['Level', 'Warning', 'warning'],
        ['Insight', 'Critical', 'error'],
        ['Priority', 'P3', 'warning'],
        ['HIR', 'High incident rate · Stage 2', 'error'],
      ],
    );
  });

  it('shows zoned times in UTC with relative text and the mitigation duration; a time without a zone is not shown (issue 21)', () => {
    assert.equal(m.impactStart?.utc, '10 May 2025, 09:00 UTC');
    assert.equal(m.impactStart?.relative, '3 hours ago');
    assert.equal(m.impactMitigation?.utc, '10 May 2025, 10:30 UTC');
    // lastUpdateTime '2025-05-10T11:00:00' names no zone.
    assert.equal(m.lastUpdate, undefined);
    assert.equal(m.duration, '1 h 30 min');
  });

  it('sanitizes every vendor HTML field', () => {
    assert.equal(m.summaryHtml, '<p>Summary <span>bad</span></p>');
    assert.equal(m.descriptionHtml, '<p>Engineers are <strong>investigating</strong>. <a href="https://aka.ms/status" rel="noopener noreferrer">Status</a></p>');
    assert.equal(m.faqs[0]?.answerHtml, '<p>Maybe</p>');
    assert.equal(m.articleHtml, '<h3>RCA</h3>');
    assert.equal(m.additionalInformationHtml, 'More info');
    assert.ok(m.updates.every((u) => !/onerror|<img/.test(u.html)));
  });

  it('merges identical updates across regions and services, newest first, undated last', () => {
    assert.deepEqual(
      m.updates.map((u) => [u.time?.utc, u.html, u.services, u.regions, u.tags.map((t) => t.text)]),
      [
        ['10 May 2025, 10:30 UTC', 'Mitigated', ['Virtual Machines'], ['East US', 'West Europe'], ['Final PIR']],
        ['10 May 2025, 09:45 UTC', 'Apps', ['App Service'], ['East US'], []],
        ['10 May 2025, 09:10 UTC', 'First', ['Virtual Machines'], ['West Europe'], []],
        [undefined, 'No time', ['Virtual Machines'], ['East US'], []],
      ],
    );
  });

  it('lists services and regions with their status, sorted', () => {
    assert.deepEqual(
      m.services.map((s) => [s.name, s.regions.map((r) => [r.name, r.status, r.tone])]),
      [
        ['App Service', [['East US', 'Degraded', 'neutral']]],
        ['Virtual Machines', [['East US', 'Active', 'warning'], ['West Europe', 'Resolved', 'success']]],
      ],
    );
  });

  it('shows Action Recommended once: in the recommended actions box, not among the tags', () => {
    assert.deepEqual(m.tags, [{ text: 'Preliminary PIR', highlight: false }]);
    assert.equal(m.recommendedActions?.message, 'What you can do');
    assert.equal(m.recommendedActions?.highlight, true);
    assert.deepEqual(m.recommendedActions?.actions, [{ groupId: 1, html: 'Fail over <a href="https://aka.ms/fo" rel="noopener noreferrer">now</a>' }]);
  });

  it('shows Action Recommended as a highlighted chip (once) when there is no recommended actions box', () => {
    const bare = buildDetailsViewModel(ref, event({ eventTags: ['Action Recommended', 'Final PIR', ' action recommended '] }), { now });
    assert.equal(bare.recommendedActions, undefined);
    assert.deepEqual(bare.tags, [{ text: 'Action Recommended', highlight: true }, { text: 'Final PIR', highlight: false }]);
    const emptyBox = buildDetailsViewModel(ref, event({ eventTags: ['Action Recommended'], recommendedActions: { actions: [{ actionText: '  ' }] } }), { now });
    assert.equal(emptyBox.recommendedActions, undefined);
    assert.deepEqual(emptyBox.tags, [{ text: 'Action Recommended', highlight: true }]);
    const box = buildDetailsViewModel(ref, event({ eventTags: ['Final PIR'], recommendedActions: { actions: [{ actionText: 'Do it' }] } }), { now });
    assert.equal(box.recommendedActions?.highlight, false);
  });

  it('shows each text once: a summary, article or additional information repeating the description (or each other) is left out', () => {
    const repeated = buildDetailsViewModel(
      ref,
      event({
        description: '<p>Engineers   are <b>investigating</b>.</p>',
        summary: 'Engineers are\n<strong>investigating</strong>.',
        article: { articleContent: '<div><p>Full review</p></div>' },
        additionalInformation: { message: '<p>Full\treview</p>' },
      }),
      { now },
    );
    assert.equal(repeated.descriptionHtml, '<p>Engineers   are <b>investigating</b>.</p>');
    assert.equal(repeated.summaryHtml, '');
    assert.equal(repeated.articleHtml, '<p>Full review</p>');
    assert.equal(repeated.additionalInformationHtml, '');
    // Distinct texts all stay, and markup alone is not a repeat of an empty field.
    assert.deepEqual([m.summaryHtml !== '', m.descriptionHtml !== '', m.articleHtml !== '', m.additionalInformationHtml !== ''], [true, true, true, true]);
    const onlySummary = buildDetailsViewModel(ref, event({ summary: '<p>Short</p>', description: '' }), { now });
    assert.deepEqual([onlySummary.summaryHtml, onlySummary.descriptionHtml], ['<p>Short</p>', '']);
  });

  it('builds link URLs with the configured portal, says where each leads, and keeps links it cannot address without a URL', () => {
    assert.deepEqual(m.links, [
      { kind: 'Button', text: 'Support anfragen', url: 'https://portal.azure.us/#blade/Microsoft_Azure_Support/NewSupportRequestV3Blade/issueType/technical', where: 'Azure portal' },
      { kind: 'Hyperlink', text: 'RCA', url: 'https://aka.ms/rca', where: 'aka.ms' },
      { kind: 'Hyperlink', text: 'Broken' },
      { kind: 'Hyperlink', text: 'Azure status history', url: 'https://azure.status.microsoft/status/history/', where: 'azure.status.microsoft' },
    ]);
  });

  it('offers Azure status history for service issues and post-incident reviews only, once', () => {
    const history = (properties: Record<string, unknown>): string[] =>
      buildDetailsViewModel(ref, event(properties), { now }).links.filter((l) => l.text === 'Azure status history').map((l) => l.url ?? '');
    assert.deepEqual(history({ eventType: 'RCA' }), ['https://azure.status.microsoft/status/history/']);
    assert.deepEqual(history({ eventType: 'PlannedMaintenance' }), []);
    assert.deepEqual(history({ eventType: 'Billing' }), []);
    // The event's own link to the page is not repeated.
    const own = buildDetailsViewModel(ref, event({ eventType: 'ServiceIssue', links: [{ type: 'Hyperlink', displayText: { value: 'PIRs' }, parameters: { url: 'https://azure.status.microsoft/status/history/' } }] }), { now });
    assert.deepEqual(own.links.map((l) => l.text), ['PIRs']);
  });

  it('names a vendor link by its host, and a link without text by its blade in words', () => {
    const links = buildDetailsViewModel(ref, event({
      eventType: 'HealthAdvisory',
      links: [
        { type: 'Hyperlink', displayText: { value: 'Migration guide' }, parameters: { url: 'https://www.learn.example.com/guide' } },
        { type: 'Button', extensionName: 'Microsoft_Azure_Support', bladeName: 'NewSupportRequestV3Blade' },
      ],
    }), { now }).links;
    assert.deepEqual(links.map((l) => [l.text, l.where]), [['Migration guide', 'learn.example.com'], ['New support request', 'Azure portal']]);
  });

  it('shows enum values as words in badges, billing and region statuses, with a readable fallback for new values', () => {
    const b = buildDetailsViewModel(ref, event({
      eventType: 'Billing',
      eventSubType: 'ForeignExchangeRateChange',
      status: 'Active',
      eventLevel: 'Informational',
      eventSource: 'ServiceHealth',
      impact: [{ impactedService: 'Billing', impactedRegions: [{ impactedRegion: 'Global', status: 'PartiallyResolved' }] }],
    }), { now });
    assert.deepEqual(b.badges.map((x) => x.value), ['Billing', 'Foreign exchange rate change', 'Active', 'Informational']);
    assert.equal(b.billing?.subType, 'Foreign exchange rate change');
    assert.equal(b.services[0]?.regions[0]?.status, 'Partially resolved');
    assert.deepEqual(b.facts, [{ label: 'Source', value: 'Service Health' }]);
    const future = buildDetailsViewModel(ref, event({ eventType: 'QuantumDisruption', eventSubType: 'GPUQuotaChange', hirStage: 'mitigationInProgress', isHIR: true }), { now });
    assert.deepEqual(future.badges.map((x) => x.value), ['Quantum disruption', 'GPU quota change', 'High incident rate · Mitigation in progress']);
    for (const view of [b, future]) {
      assert.ok(view.badges.every((x) => !/[a-z][A-Z]/.test(x.value)), `camel case left: ${view.badges.map((x) => x.value).join(' | ')}`);
    }
  });

  it('is plain JSON (it crosses postMessage and webview state)', () => {
    assert.deepEqual(JSON.parse(JSON.stringify(m)), m);
  });

  it('shows the billing block with the rate change', () => {
    const b = buildDetailsViewModel(ref, event({ eventType: 'Billing', eventSubType: 'PriceChanges', currencyType: 'EUR', oldRate: 0.1, newRate: 0.125, billingId: 'BILL-1' }), { now });
    assert.deepEqual(b.billing, { subType: 'Price changes', currency: 'EUR', oldRate: '0.1', newRate: '0.125', change: '+25.00%', billingId: 'BILL-1' });
    assert.equal(b.badges[0]?.value, 'Billing');
    assert.match(b.portalUrl, /~\/billingUpdates\//);
    assert.equal(buildDetailsViewModel(ref, event({ eventType: 'ServiceIssue' }), { now }).billing, undefined);
  });

  it('renders an almost empty event without failing', () => {
    const e = buildDetailsViewModel(ref, eventSchema.parse({ name: ref.trackingId, properties: null }), { now });
    assert.equal(e.title, ref.trackingId);
    assert.deepEqual([e.badges, e.updates, e.services, e.links, e.faqs], [[], [], [], [], []]);
    assert.equal(e.detailsHidden, false);
  });

  it('handles 200 updates in one timeline, newest first', () => {
    const updates = Array.from({ length: 200 }, (_, i) => ({ summary: `<p>Update ${i}</p>`, updateDateTime: new Date(now - i * 60_000).toISOString() }));
    const big = buildDetailsViewModel(ref, event({ impact: [{ impactedService: 'S', impactedRegions: [{ impactedRegion: 'R', updates: [...updates].reverse() }] }] }), { now });
    assert.equal(big.updates.length, 200);
    assert.equal(big.updates[0]?.html, '<p>Update 0</p>');
    assert.equal(big.updates[199]?.html, '<p>Update 199</p>');
  });
});

describe('update timeline order', () => {
  const at = (minutes: number): string => new Date(now - minutes * 60_000).toISOString();
  const region = (name: string, updates: { summary: string; updateDateTime?: string }[]): Record<string, unknown> => ({ impactedRegion: name, updates });

  it('breaks ties by list position, then text, whatever the order of regions and services', () => {
    const a = region('A', [{ summary: 'newer at 10', updateDateTime: at(10) }, { summary: 'older at 10', updateDateTime: at(10) }, { summary: 'at 20', updateDateTime: at(20) }]);
    const b = region('B', [{ summary: 'b at 10', updateDateTime: at(10) }, { summary: 'at 20', updateDateTime: at(20) }, { summary: 'undated' }]);
    const expected = ['b at 10', 'newer at 10', 'older at 10', 'at 20', 'undated'];
    for (const impact of [[{ impactedService: 'S', impactedRegions: [a, b] }], [{ impactedService: 'S', impactedRegions: [b, a] }], [{ impactedService: 'T', impactedRegions: [b] }, { impactedService: 'S', impactedRegions: [a] }]]) {
      assert.deepEqual(buildDetailsViewModel(ref, event({ impact }), { now }).updates.map((u) => u.html), expected);
    }
  });

  it('is newest first for any updates in any region order (property)', () => {
    const update = fc.record({ summary: fc.constantFrom('a', 'b', 'c', 'd'), minutes: fc.option(fc.integer({ min: 0, max: 30 }), { nil: undefined }) });
    const regions = fc.array(fc.array(update, { maxLength: 6 }), { minLength: 1, maxLength: 4 });
    fc.assert(
      fc.property(regions, (lists) => {
        const impact = (order: number[][]): unknown => [{ impactedService: 'S', impactedRegions: order.map((i) => region(`R${i[0]}`, (lists[i[0] as number] ?? []).map((u) => ({ summary: u.summary, ...(u.minutes === undefined ? {} : { updateDateTime: at(u.minutes) }) })))) }];
        const forward = lists.map((_, i) => [i]);
        const m = buildDetailsViewModel(ref, event({ impact: impact(forward) }), { now });
        const times = m.updates.map((u) => u.time?.ms ?? -Infinity);
        assert.deepEqual(times, [...times].sort((x, y) => y - x));
        assert.deepEqual(buildDetailsViewModel(ref, event({ impact: impact([...forward].reverse()) }), { now }).updates.map((u) => [u.html, u.regions]), m.updates.map((u) => [u.html, u.regions]));
      }),
    );
  });

  it('reads the sample events as one strictly newest-first timeline', () => {
    const subs = generateGuids(3, 2);
    for (const { event: e } of generateEvents({ count: 400, seed: 3, now, subscriptionIds: subs })) {
      const m = buildDetailsViewModel({ subscriptionId: subs[0] as string, trackingId: e.name ?? '' }, e, { now });
      const times = m.updates.map((u) => u.time?.ms as number);
      assert.ok(times.length >= 2 && times.every((t, i) => i === 0 || t < (times[i - 1] as number)), `${e.name}: ${times.join(', ')}`);
      assert.ok(m.updates.every((u) => !/Update \d/.test(u.html)));
      // Shown texts are distinct, and Action Recommended appears once.
      const texts = [m.summaryHtml, m.descriptionHtml, m.articleHtml].filter((h) => h !== '');
      assert.equal(new Set(texts).size, texts.length);
      const shown = m.tags.filter((t) => t.highlight).length + (m.recommendedActions?.highlight ? 1 : 0);
      assert.equal(shown, e.properties?.eventTags?.includes('Action Recommended') ? 1 : 0, `${e.name}`);
    }
  });
});

describe('sensitive events', () => {
  const listed = event({ isEventSensitive: true, title: 'Security advisory', eventType: 'SecurityAdvisory', impact: [{ impactedService: 'Key Vault', impactedRegions: [{ impactedRegion: 'Global', updates: [] }] }] });

  it('offers to fetch details when the hidden fields are missing', () => {
    assert.equal(detailsHidden(listed), true);
    const m = buildDetailsViewModel(ref, listed, { now });
    assert.equal(m.detailsHidden, true);
    assert.equal(m.isSensitive, true);
    assert.ok(m.badges.some((b) => b.label === 'Sensitive'));
  });

  it('shows the fetched content without the offer', () => {
    const fetched = event({ ...listed.properties, description: '<p>Rotate your keys</p>' });
    assert.equal(detailsHidden(fetched), false);
    assert.equal(buildDetailsViewModel(ref, fetched, { now }).descriptionHtml, '<p>Rotate your keys</p>');
    const withUpdates = event({ isEventSensitive: true, impact: [{ impactedRegions: [{ updates: [{ summary: 'x' }] }] }] });
    assert.equal(detailsHidden(withUpdates), false);
  });

  it('never offers it for events that are not sensitive', () => {
    assert.equal(detailsHidden(event({ title: 'x' })), false);
  });
});

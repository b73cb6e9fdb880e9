import assert from 'node:assert/strict';
import { eventSchema, type HealthEvent } from '../../../src/core/model/schemas';
import { buildDetailsViewModel, detailsHidden } from '../../../src/core/render/viewModel';

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

  it('reads times as UTC with relative text and the mitigation duration', () => {
    assert.equal(m.impactStart?.utc, '2025-05-10 09:00 UTC');
    assert.equal(m.impactStart?.relative, '3 hours ago');
    assert.equal(m.impactMitigation?.utc, '2025-05-10 10:30 UTC');
    assert.equal(m.lastUpdate?.utc, '2025-05-10 11:00 UTC');
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
        ['2025-05-10 10:30 UTC', 'Mitigated', ['Virtual Machines'], ['East US', 'West Europe'], ['Final PIR']],
        ['2025-05-10 09:45 UTC', 'Apps', ['App Service'], ['East US'], []],
        ['2025-05-10 09:10 UTC', 'First', ['Virtual Machines'], ['West Europe'], []],
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

  it('highlights the Action Recommended tag (once) and the recommended actions', () => {
    assert.deepEqual(m.tags, [{ text: 'Action Recommended', highlight: true }, { text: 'Preliminary PIR', highlight: false }]);
    assert.equal(m.recommendedActions?.message, 'What you can do');
    assert.equal(m.recommendedActions?.highlight, true);
    assert.deepEqual(m.recommendedActions?.actions, [{ groupId: 1, html: 'Fail over <a href="https://aka.ms/fo" rel="noopener noreferrer">now</a>' }]);
  });

  it('builds link URLs with the configured portal and keeps links it cannot address without a URL', () => {
    assert.deepEqual(m.links, [
      { kind: 'Button', text: 'Support anfragen', url: 'https://portal.azure.us/#blade/Microsoft_Azure_Support/NewSupportRequestV3Blade/issueType/technical' },
      { kind: 'Hyperlink', text: 'RCA', url: 'https://aka.ms/rca' },
      { kind: 'Hyperlink', text: 'Broken' },
    ]);
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

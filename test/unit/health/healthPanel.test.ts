import assert from 'node:assert/strict';
import { eventsForResource } from '../../../src/core/events/resourceEvents';
import { healthPanelModel, panelUrls, type HealthPanelInputs } from '../../../src/core/health/healthPanel';
import { renderHealthBody } from '../../../src/core/health/healthPanelHtml';
import { parseHealthMessage, readPersistedHealth } from '../../../src/core/health/healthMessages';
import type { AvailabilityStatus } from '../../../src/core/model/availability';
import type { HealthEvent } from '../../../src/core/model/schemas';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const PORTAL = 'https://portal.azure.com';
const RID = '/subscriptions/s1/resourceGroups/my rg/providers/Microsoft.Compute/virtualMachines/vm#1';
const current = (properties: AvailabilityStatus['properties'], id = RID): AvailabilityStatus => ({
  id: `${id}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`,
  name: 'current',
  location: 'westeurope',
  ...(properties === undefined ? {} : { properties }),
});
const inputs = (status: AvailabilityStatus | undefined, extra: Partial<HealthPanelInputs> = {}): HealthPanelInputs => ({
  resourceId: RID,
  current: status ? { kind: 'loaded', value: status } : { kind: 'loading' },
  events: [],
  portal: PORTAL,
  now: NOW,
  sample: false,
  ...extra,
});
const render = (i: HealthPanelInputs): string => renderHealthBody(healthPanelModel(i));

/**
 * The panel's tags, read from its HTML. A plain scan is exact here: the renderer escapes every
 * value, so a "<" or ">" that is not a tag's own can only mean an escaping bug (which the scan then shows as a tag).
 */
interface Tag {
  readonly name: string;
  readonly attribs: Readonly<Record<string, string>>;
  /** The text up to the tag's end (for <a>). */
  readonly text: string;
}
const decode = (s: string): string => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
function tags(html: string): Tag[] {
  return [...html.matchAll(/<([a-zA-Z][\w-]*)((?:\s+[\w-]+(?:="[^"]*")?)*)\s*>/g)].map((m) => {
    const attribs = Object.fromEntries([...(m[2] ?? '').matchAll(/([\w-]+)(?:="([^"]*)")?/g)].map((a) => [a[1] ?? '', decode(a[2] ?? '')]));
    const rest = html.slice((m.index ?? 0) + m[0].length);
    const end = rest.indexOf(`</${m[1] ?? ''}>`);
    return { name: (m[1] ?? '').toLowerCase(), attribs, text: end >= 0 ? text(rest.slice(0, end)) : '' };
  });
}
const text = (html: string): string => decode(html.replace(/<[^>]*>/g, ' ')).replace(/\s+/g, ' ').trim();
const links = (html: string): Tag[] => tags(html).filter((t) => t.name === 'a');
const hrefs = (html: string): string[] => links(html).map((a) => a.attribs.href ?? '');

describe('Resource health panel: model and HTML', () => {
  it('a hostile summary, title and detailed status stay text: no element, attribute or script gets in, and every character shows', () => {
    const hostile = `<img src=x onerror="alert(1)"><script>alert(2)</script> & "quotes" 'apos'`;
    const html = render(inputs(current({ availabilityState: 'Unavailable', title: hostile, summary: hostile, detailedStatus: `${hostile}\n<a href="javascript:alert(3)">x</a>` })));
    const elements = tags(html).map((e) => e.name);
    assert.ok(!elements.some((n) => n === 'img' || n === 'script'), `injected elements: ${elements.join(',')}`);
    assert.ok(!hrefs(html).some((h) => !h.startsWith('https://') && h !== '#'), `a non-https link: ${hrefs(html).join(' ')}`);
    assert.ok(text(html).includes(hostile), 'the hostile text is not shown as it was sent');
  });

  it('a resource id with spaces, "#" and markup shows as written, and its portal link encodes each segment once', () => {
    const id = '/subscriptions/s1/resourceGroups/my rg/providers/Microsoft.Web/sites/<b>a"b<i>#x';
    const html = render(inputs(current({ availabilityState: 'Available' }, id), { resourceId: id }));
    assert.ok(text(html).includes(id), 'the resource id is not shown as it is');
    assert.equal(tags(html).filter((e) => e.name === 'b' || e.name === 'i').length, 0, 'markup in the id became an element');
    assert.ok(hrefs(html).includes(`${PORTAL}/#@/resource/subscriptions/s1/resourceGroups/my%20rg/providers/Microsoft.Web/sites/%3Cb%3Ea%22b%3Ci%3E%23x`), hrefs(html).join(' '));
  });

  it('recommended actions: <#ResourceBlade> and <#SupportCase> become portal links of the configured cloud; an unknown placeholder keeps its text without a link; no raw placeholder anywhere', () => {
    const status = current({
      availabilityState: 'Degraded',
      recommendedActions: [
        { action: 'Check the resource <#ResourceBlade> now', actionUrl: '<#ResourceBlade>', actionUrlText: 'Check the resource' },
        { action: 'If it persists, contact support', actionUrl: '<#SupportCase>', actionUrlText: 'contact support' },
        { action: 'Run the troubleshooter', actionUrl: '<#DiagnoseAndSolve>', actionUrlText: 'troubleshooter' },
      ],
    });
    const portal = 'https://portal.azure.us';
    const html = render(inputs(status, { portal }));
    assert.doesNotMatch(html, /<#|&lt;#/, 'a raw placeholder reached the panel');
    const found = links(html).map((a) => [a.text, a.attribs.href ?? '']);
    assert.deepEqual(found.slice(0, 2), [
      ['Check the resource', `${portal}/#@/resource/subscriptions/s1/resourceGroups/my%20rg/providers/Microsoft.Compute/virtualMachines/vm%231`],
      ['contact support', `${portal}/#blade/Microsoft_Azure_Support/HelpAndSupportBlade/overview`],
    ]);
    assert.ok(text(html).includes('Run the troubleshooter'), 'the unknown placeholder action lost its text');
    assert.ok(!found.some(([t]) => t === 'troubleshooter'), 'an unknown placeholder became a link');
    assert.deepEqual(panelUrls(healthPanelModel(inputs(status, { portal }))).sort(), [...new Set(found.map(([, h]) => h))].sort(), 'the host would open other URLs than the panel shows');
  });

  it('sample resource: its made-up resource blade is not a link, the support page is', () => {
    const status = current({ availabilityState: 'Degraded', recommendedActions: [{ action: 'open the resource blade', actionUrl: '<#ResourceBlade>', actionUrlText: 'open the resource blade' }, { action: 'contact support', actionUrl: '<#SupportCase>', actionUrlText: 'contact support' }] });
    const html = render(inputs(status, { sample: true }));
    assert.deepEqual(hrefs(html), [`${PORTAL}/#blade/Microsoft_Azure_Support/HelpAndSupportBlade/overview`]);
    assert.match(text(html), /Sample resource\./);
  });

  it('states in words with a codicon and tone; a state added later reads in words, and none reads "Unknown (not reported)"', () => {
    const look = (state: string | undefined): [string, string, string] => {
      const s = healthPanelModel(inputs(current(state === undefined ? {} : { availabilityState: state }))).state;
      return [s?.words ?? '', s?.icon ?? '', s?.tone ?? ''];
    };
    assert.deepEqual(look('Unavailable'), ['Unavailable', 'error', 'error']);
    assert.deepEqual(look('degraded'), ['Degraded', 'warning', 'warning']);
    assert.deepEqual(look('Available'), ['Available', 'pass', 'success']);
    assert.deepEqual(look('Unknown'), ['Unknown', 'question', 'neutral']);
    assert.deepEqual(look('PartiallyAvailableInZone'), ['Partially available in zone', 'circle-outline', 'neutral']);
    assert.deepEqual(look(undefined), ['Unknown (not reported)', 'question', 'neutral']);
    const html = render(inputs(current({ availabilityState: 'PartiallyAvailableInZone' })));
    assert.match(html, /class="badge tone-neutral health-state"><span class="codicon codicon-circle-outline" aria-hidden="true"><\/span>Partially available in zone</);
  });

  it('times: "since" from occuredTime or occurredTime, the ETA and the root cause time; the placeholder 0001-01-01T00:00:00 shows as no time', () => {
    const times = (p: NonNullable<AvailabilityStatus['properties']>): string[] => healthPanelModel(inputs(current(p))).times.map((t) => `${t.label}: ${t.value}`);
    assert.deepEqual(times({ occuredTime: '2026-11-27T10:00:00Z', resolutionETA: '2026-11-27T14:00:00Z', rootCauseAttributionTime: '2026-11-27T10:05:00' }), [
      'Since: 2 hours ago (27 Nov 2026, 10:00 UTC)',
      'Expected resolution: in 2 hours (27 Nov 2026, 14:00 UTC)',
      'Root cause attributed: 1 hour ago (27 Nov 2026, 10:05 UTC)',
    ]);
    assert.deepEqual(times({ occurredTime: '2026-11-27T11:00:00Z' }), ['Since: 1 hour ago (27 Nov 2026, 11:00 UTC)']);
    const placeholder = '0001-01-01T00:00:00';
    assert.deepEqual(times({ occuredTime: placeholder, resolutionETA: placeholder, rootCauseAttributionTime: placeholder, reportedTime: placeholder }), []);
    assert.doesNotMatch(render(inputs(current({ availabilityState: 'Available', occuredTime: placeholder }))), /0001|Jan 1\b|\b1 Jan/);
  });

  it('a status without properties renders the resource, "Unknown (not reported)" and no actions, and throws nothing', () => {
    const html = render(inputs(current(undefined)));
    assert.match(text(html), /vm#1/);
    assert.match(text(html), /Unknown \(not reported\)/);
    assert.doesNotMatch(html, /Recommended actions|Current health/);
  });

  it('recently resolved shows its summary and times', () => {
    const html = render(inputs(current({ availabilityState: 'Available', recentlyResolved: { unavailableOccuredTime: '2026-11-26T12:00:00Z', resolvedTime: '2026-11-26T13:00:00Z', unavailableSummary: 'Rebooted <b>by</b> the platform' } })));
    assert.match(text(html), /Recently resolved.*Rebooted <b>by<\/b> the platform.*Unavailable from yesterday \(26 Nov 2026, 12:00 UTC\) Resolved 23 hours ago/);
  });

  it('history: loading, then entries newest first; an error is one sentence in its own section while the current health stays', () => {
    const base = current({ availabilityState: 'Degraded', summary: 'Degraded now.' });
    assert.match(text(render(inputs(base, { history: { kind: 'loading' } }))), /History Loading the history…/);
    const entries = [
      current({ availabilityState: 'Available', occuredTime: '2026-11-25T00:00:00Z', summary: 'older' }),
      current({ availabilityState: 'Unavailable', occuredTime: '2026-11-26T00:00:00Z', summary: 'newer' }),
    ];
    assert.match(text(render(inputs(base, { history: { kind: 'loaded', value: entries } }))), /History \(2, newest first\) Unavailable yesterday \(26 Nov 2026, 00:00 UTC\) newer Available 2 days ago \(25 Nov 2026, 00:00 UTC\) older/);
    const failed = render(inputs(base, { history: { kind: 'error', message: 'The resource health history could not be read; try again later.' } }));
    assert.match(failed, /<p class="history-error" role="alert">.*The resource health history could not be read; try again later\.<\/p>/);
    assert.match(text(failed), /Degraded now\./);
  });

  it('a current-status error (404 of a deleted resource) is its sentence under the title, with the rest of the panel', () => {
    const message = 'The resource /subscriptions/s1/x was not found; it may have been deleted or moved, so check the id or refresh the list.';
    const html = render(inputs(undefined, { current: { kind: 'error', message } }));
    assert.match(html, /<p class="current-error" role="alert">/);
    assert.ok(text(html).includes(message));
    assert.match(text(html), /Active events \(0\)/);
  });

  it('events: a held one is a link carrying its ref (escaped), one not in the list is plain text', () => {
    const html = render(inputs(current({ availabilityState: 'Degraded' }), { events: [{ trackingId: 'AB"C<1>', subscriptionId: 's 1', title: 'Outage <i>x</i>', via: 'both' }, { trackingId: 'ZZZ', title: 'Elsewhere', via: 'status' }] }));
    const eventLinks = links(html).filter((a) => a.attribs.class === 'event-link');
    assert.equal(eventLinks.length, 1);
    assert.deepEqual([eventLinks[0]?.attribs['data-subscription-id'], eventLinks[0]?.attribs['data-tracking-id'], eventLinks[0]?.text], ['s 1', 'AB"C<1>', 'Outage <i>x</i>']);
    assert.equal(eventLinks[0]?.attribs.href, '#', 'an event link must not navigate');
    assert.match(text(html), /Elsewhere \(not in the Service Health list\)/);
  });
});

describe('Resource health panel: the events that touch a resource', () => {
  const event = (name: string, status: string, title = name): HealthEvent => ({ name, properties: { title, status } });
  const stored = (sub: string, name: string, status = 'Active') => ({ subscriptionId: sub, trackingId: name, event: event(name, status) });

  it('lists the active events the status links to and those whose loaded impacted resources include it (any case), each incident once', () => {
    const status = current({ availabilityState: 'Degraded', serviceImpactingEvents: [{ trackingId: 'AAA' }, { trackingId: 'GONE', incidentProperties: { title: 'Not held' } }, { trackingId: 'OLD', status: { value: 'Resolved' } }] });
    const events = [stored('s1', 'AAA'), stored('s2', 'AAA'), stored('s1', 'BBB'), stored('s1', 'CCC'), stored('s1', 'DDD', 'Resolved')];
    const impacted = (copies: readonly { trackingId: string }[]): string[] | undefined =>
      copies[0]?.trackingId === 'BBB' || copies[0]?.trackingId === 'AAA' || copies[0]?.trackingId === 'DDD' ? [RID.toUpperCase()] : copies[0]?.trackingId === 'CCC' ? ['/subscriptions/s1/other'] : undefined;
    assert.deepEqual(eventsForResource(RID, status, events, impacted), [
      { trackingId: 'AAA', subscriptionId: 's1', title: 'AAA', via: 'both' },
      { trackingId: 'GONE', title: 'Not held', via: 'status' },
      { trackingId: 'BBB', subscriptionId: 's1', title: 'BBB', via: 'impacted' },
    ]);
  });

  it('a held event the status names but that is resolved is left out; nothing loaded means no impacted match', () => {
    const status = current({ serviceImpactingEvents: [{ correlationId: 'EEE' }] });
    assert.deepEqual(eventsForResource(RID, status, [stored('s1', 'EEE', 'Resolved'), stored('s1', 'FFF')], () => undefined), []);
  });
});

describe('Resource health panel: messages and saved state (untrusted)', () => {
  it('accepts ready, openLink with a string url and openEvent with both ids; refuses anything else', () => {
    assert.deepEqual(parseHealthMessage({ type: 'ready' }), { type: 'ready' });
    assert.deepEqual(parseHealthMessage({ type: 'openLink', url: 'https://x' }), { type: 'openLink', url: 'https://x' });
    assert.deepEqual(parseHealthMessage({ type: 'openEvent', subscriptionId: 's', trackingId: 't', extra: 1 }), { type: 'openEvent', subscriptionId: 's', trackingId: 't' });
    for (const bad of [null, 'ready', { type: 'openLink', url: 3 }, { type: 'openEvent', subscriptionId: 's' }, { type: 'openEvent', subscriptionId: '', trackingId: 't' }, { type: 'eval' }]) {
      assert.equal(parseHealthMessage(bad), undefined, JSON.stringify(bad));
    }
  });

  it('a saved state gives back a subscription-scoped resource id only', () => {
    assert.equal(readPersistedHealth({ persist: { version: 1, resourceId: ` ${RID} ` } }), RID);
    for (const bad of [undefined, {}, { persist: { version: 2, resourceId: RID } }, { persist: { version: 1, resourceId: 'javascript:alert(1)' } }, { persist: { version: 1, resourceId: `/subscriptions/s/${'x'.repeat(2100)}` } }]) {
      assert.equal(readPersistedHealth(bad), undefined, String(JSON.stringify(bad)).slice(0, 80));
    }
  });
});

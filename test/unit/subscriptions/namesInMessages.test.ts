/**
 * Subscriptions are named wherever a user reads about them (issue 10): details facts, impacted
 * resources, notifications, chat, exports, API errors and the agent tools' output. Each piece falls
 * back to the GUID when no name is known (a subscription listed before its names were).
 */
import assert from 'node:assert/strict';
import { ApiError } from '../../../src/core/api/errors';
import { HealthEventsApi } from '../../../src/core/api/healthEventsApi';
import { EventResourcesApi } from '../../../src/core/api/eventResourcesApi';
import { HealthTools } from '../../../src/core/agent/healthTools';
import { apiSource } from '../../../src/core/agent/source';
import { eventsAnswer } from '../../../src/core/chat/answer';
import { distinctIncidents } from '../../../src/core/chat/eventQuery';
import { resourcesAnswer } from '../../../src/core/chat/resourcesAnswer';
import { announcementsOf } from '../../../src/core/events/announcements';
import type { StoredEvent } from '../../../src/core/events/eventFacts';
import { impactedResourcesCsv } from '../../../src/core/export/csv';
import { eventMarkdown } from '../../../src/core/export/eventMarkdown';
import { ThrottledClient } from '../../../src/core/http/client';
import { resourcesViewOf } from '../../../src/core/render/resourcesView';
import { buildDetailsViewModel } from '../../../src/core/render/viewModel';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';
import { namerOf, mergeNames, shortSubscriptionId, subscriptionDisplay, subscriptionList, subscriptionNameOr } from '../../../src/core/subscriptions/names';
import { event, NOW } from '../query/helpers';

const PROD = '3f0c7a52-8a43-4d1e-9d6b-1c5f0e2a7b11';
const DEV = '9b2e4d17-6c58-4f3a-8e91-2d7a5b3c4e22';
/** Listed by the account but without a name (a listing that failed, or a GUID as its name). */
const NAMELESS = 'c0ffee00-1111-4222-8333-444455556666';
const name = namerOf(mergeNames({ [PROD.toUpperCase()]: 'Contoso Production', [DEV]: 'Contoso Dev/Test' }));

const copy = (subscriptionId: string, id: string, spec: Parameters<typeof event>[0] = {}): StoredEvent => ({ subscriptionId, trackingId: id, event: event({ name: id, ...spec }) });

describe('subscription names in what users read', () => {
  it('"Name (short id)", the name alone, or the GUID when no name is known', () => {
    assert.equal(shortSubscriptionId(PROD), '3f0c7a52');
    assert.equal(shortSubscriptionId('not-a-guid'), 'not-a-guid');
    assert.equal(subscriptionDisplay(PROD, name), 'Contoso Production (3f0c7a52)');
    assert.equal(subscriptionDisplay(NAMELESS, name), NAMELESS);
    assert.equal(subscriptionDisplay(PROD, undefined), PROD);
    assert.equal(subscriptionNameOr(PROD.toUpperCase(), name), 'Contoso Production');
    assert.equal(subscriptionNameOr(NAMELESS, name), NAMELESS);
  });

  it('lists distinct subscriptions in words: one, two, three, then "and N more" past the limit', () => {
    assert.equal(subscriptionList([PROD, PROD.toUpperCase()], name), 'Contoso Production');
    assert.equal(subscriptionList([PROD, DEV], name), 'Contoso Production and Contoso Dev/Test');
    assert.equal(subscriptionList([PROD, DEV, NAMELESS], name), `Contoso Production, Contoso Dev/Test and ${NAMELESS}`);
    const four = [PROD, DEV, NAMELESS, 'd0d0d0d0-1111-4222-8333-444455556666'];
    assert.equal(subscriptionList(four, name), 'Contoso Production, Contoso Dev/Test and 2 more');
    // One past the limit is named rather than said as "and 1 more".
    assert.equal(subscriptionList(four, name, 3), `Contoso Production, Contoso Dev/Test, ${NAMELESS} and d0d0d0d0-1111-4222-8333-444455556666`);
  });

  it('details panel facts: the subscription by name and short id, its GUID kept for the tooltip', () => {
    const model = buildDetailsViewModel({ subscriptionId: PROD, trackingId: 'VM01-XYZ' }, event({ name: 'VM01-XYZ' }), { now: NOW, subscriptionName: name });
    assert.equal(model.subscription, 'Contoso Production (3f0c7a52)');
    assert.equal(model.subscriptionId, PROD);
    const unnamed = buildDetailsViewModel({ subscriptionId: NAMELESS, trackingId: 'VM01-XYZ' }, event({ name: 'VM01-XYZ' }), { now: NOW, subscriptionName: name });
    assert.equal(unnamed.subscription, NAMELESS);
  });

  it('impacted resources section: names the subscription of each resource only when they span several', () => {
    const row = (subscriptionId: string, n: string) => ({ name: n, type: 'Microsoft.Web/sites', resourceGroup: 'rg', region: 'westeurope', subscriptionId });
    const one = resourcesViewOf({ kind: 'loaded', rows: [row(PROD, 'a'), row(PROD, 'b')] }, undefined, name);
    assert.ok(one.state === 'loaded');
    assert.deepEqual(one.groups[0]?.resources.map((r) => r.subscription), [undefined, undefined]);
    const two = resourcesViewOf({ kind: 'loaded', rows: [row(PROD, 'a'), row(DEV, 'b'), row(NAMELESS, 'c')] }, undefined, name);
    assert.ok(two.state === 'loaded');
    assert.deepEqual(two.groups[0]?.resources.map((r) => r.subscription), ['Contoso Production', 'Contoso Dev/Test', NAMELESS]);
  });

  it('notifications name the subscriptions that list the incident (every copy), the GUID for one without a name', () => {
    const single = announcementsOf({ newActiveServiceIssues: [copy(PROD, 'I1', { title: 'Storage outage' }), copy(DEV, 'i1', { title: 'Storage outage' })], newActionRecommended: [] }, 'serviceIssues', name);
    assert.deepEqual(single.map((a) => a.text), ['Service Health: "Storage outage" (new active service issue in Contoso Production and Contoso Dev/Test).']);
    const many = announcementsOf({ newActiveServiceIssues: [copy(PROD, 'I1'), copy(NAMELESS, 'I2')], newActionRecommended: [] }, 'serviceIssues', name);
    assert.deepEqual(many.map((a) => a.text), [`Service Health: 2 new service issues affect Contoso Production and ${NAMELESS}.`]);
  });

  it('@health answers name the subscriptions on each line when the matches span several, and not for one', () => {
    const events = [copy(PROD, 'AAAA-111', { status: 'Active' }), copy(DEV, 'AAAA-111', { status: 'Active' }), copy(PROD, 'BBBB-222', { status: 'Active' })];
    const md = eventsAnswer({ description: 'active events', matches: distinctIncidents(events), now: NOW, subscriptionName: name }).markdown;
    assert.match(md, /AAAA-111 · in Contoso Production and Contoso Dev\/Test/u);
    assert.match(md, /BBBB-222 · in Contoso Production/u);
    assert.doesNotMatch(md, new RegExp(PROD, 'u'));
    const lone = eventsAnswer({ description: 'active events', matches: distinctIncidents([copy(PROD, 'BBBB-222')]), now: NOW, subscriptionName: name }).markdown;
    assert.doesNotMatch(lone, /Contoso/u);
    const resources = resourcesAnswer({ event: copy(PROD, 'AAAA-111', { title: 'VM start failures' }), resources: [], subscriptions: 2, subscriptionNames: subscriptionList([PROD, DEV], name) });
    // Markdown-escaped: the parentheses come with a backslash.
    assert.match(resources.markdown, /Resources affected by AAAA-111 \\\(VM start failures\\\) in Contoso Production and Contoso Dev\/Test: 0/u);
  });

  it('CSV: the name in "Subscription", the GUID in "Subscription ID" (and in both when no name is known)', () => {
    const csv = impactedResourcesCsv(
      [
        { name: 'web-1', type: 'Microsoft.Web/sites', resourceGroup: 'rg-web', region: 'westeurope', subscriptionId: PROD },
        { name: 'db', type: '', resourceGroup: '', region: '', subscriptionId: NAMELESS },
      ],
      name,
    );
    assert.equal(
      csv,
      'Name,Type,Resource group,Region,Subscription,Subscription ID,Resource ID\r\n' +
        `web-1,Microsoft.Web/sites,rg-web,westeurope,Contoso Production,${PROD},\r\n` +
        `db,,,,${NAMELESS},${NAMELESS},\r\n`,
    );
  });

  it('Markdown for a ticket: a Subscription fact by name and short id', () => {
    const md = eventMarkdown(copy(DEV, 'VM01-XYZ'), { portalUrl: 'https://portal.azure.com', subscriptionName: name });
    assert.match(md, /- \*\*Subscription:\*\* Contoso Dev\/Test \\\(9b2e4d17\\\)\n/u);
    assert.match(eventMarkdown(copy(NAMELESS, 'VM01-XYZ'), { portalUrl: 'https://portal.azure.com', subscriptionName: name }), new RegExp(`\\*\\*Subscription:\\*\\* ${NAMELESS}`, 'u'));
  });
});

describe('API errors and agent tools name subscriptions (against the sample service)', function () {
  let service: SampleService;
  let client: ThrottledClient;
  let names: ReturnType<typeof namerOf>;

  before(async () => {
    service = await startSampleService({ seed: 5, events: 40 });
    client = new ThrottledClient({ origin: service.url, tokenProvider: { getToken: async () => service.token }, maxTransientRetries: 0 });
    // The names the service lists, as the extension keeps them after sign-in.
    const listed = await new HealthEventsApi({ client }).listSubscriptions();
    names = namerOf(mergeNames(Object.fromEntries(listed.map((s) => [s.subscriptionId, s.displayName ?? '']))));
  });
  after(async () => {
    await client.close();
    await service.close();
  });
  afterEach(() => service.faults.clear());

  it('a 403 (no Reader role on one subscription) names it; without a namer it gives the GUID', async () => {
    const sub = service.subscriptionIds[0] ?? '';
    const subName = names(sub);
    assert.ok(subName, 'the sample lists a name for its first subscription');
    service.faults.inject({ kind: 'forbidden' }, { path: /\/events\/?$/u });
    const named = await new HealthEventsApi({ client, subscriptionName: names }).listEventsForSubscriptions([sub]);
    const error = named[0]?.error;
    assert.ok(error instanceof ApiError);
    assert.match(error.message, new RegExp(`^You do not have access to subscription "${subName}" \\(AuthorizationFailed`, 'u'));
    assert.doesNotMatch(error.message, new RegExp(sub, 'iu'));

    service.faults.inject({ kind: 'forbidden' }, { path: /\/events\/?$/u });
    const bare = await new HealthEventsApi({ client }).listEventsForSubscriptions([sub]);
    assert.match(bare[0]?.error?.message ?? '', new RegExp(`^You do not have access to subscription ${sub} `, 'u'));
  });

  it('impacted resources: a 403 names the subscription too', async () => {
    const gen = service.events.find((g) => g.subscriptionIds.length > 0);
    const sub = gen?.subscriptionIds[0] ?? '';
    service.faults.inject({ kind: 'forbidden' }, { path: /impactedResources$/u });
    await assert.rejects(
      new EventResourcesApi({ client, subscriptionName: names }).listImpactedResources(sub, gen?.event.name ?? ''),
      (e: unknown) => e instanceof ApiError && e.message.includes(`subscription "${names(sub) ?? '?'}"`) && !e.message.includes(sub),
    );
  });

  it('agent tools: ids stay (the tools take them as input), names come alongside', async () => {
    const api = new HealthEventsApi({ client });
    const source = { ...apiSource({ api, resources: new EventResourcesApi({ client }), quota: () => client.quota, subscriptions: service.subscriptionIds, now: () => Date.now() }), subscriptionName: names };
    const tools = new HealthTools(source);
    const listed = (await tools.listEvents({ days: 90 })) as { events: Array<{ subscriptions: string[]; subscriptionNames?: string[] }> };
    const shared = listed.events.find((e) => e.subscriptions.length > 1);
    assert.ok(shared, 'the sample lists an incident for several subscriptions');
    assert.deepEqual(shared.subscriptionNames, shared.subscriptions.map((s) => names(s)));
    const gen = service.events.find((g) => g.subscriptionIds.length === 1);
    assert.ok(gen?.event.name);
    const resources = (await tools.listImpactedResources({ trackingId: gen.event.name, days: 90 })) as { interpretation: string; resources: Array<{ subscriptionId: string; subscriptionName?: string }> };
    const only = gen.subscriptionIds[0] ?? '';
    assert.match(resources.interpretation, new RegExp(` in ${names(only) ?? '?'}: \\d+$`, 'u'));
    assert.ok(resources.resources.every((r) => r.subscriptionId === only && r.subscriptionName === names(only)));
  });
});

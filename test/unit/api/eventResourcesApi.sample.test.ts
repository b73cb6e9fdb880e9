import assert from 'node:assert/strict';
import { ApiError, PagingError } from '../../../src/core/api/errors';
import { EventResourcesApi, listEventsAnyScope } from '../../../src/core/api/eventResourcesApi';
import { HealthEventsApi } from '../../../src/core/api/healthEventsApi';
import { ThrottledClient } from '../../../src/core/http/client';
import { infoPairsOf, resourceGroupOf, type ImpactedResource } from '../../../src/core/model/eventResources';
import { armRegion, impactedResourcesFor } from '../../../src/core/sample/impactedResources';
import type { GeneratedEvent } from '../../../src/core/sample/generator';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';

const PAGE_SIZE = 3;
const LONG_AGO = new Date(Date.UTC(2000, 0, 1));

describe('EventResourcesApi against the sample service (impacted resources, tenant scope, emerging issues)', () => {
  let service: SampleService;
  let client: ThrottledClient;
  let api: EventResourcesApi;
  /** An event whose resources in its first subscription need at least three pages. */
  let busy: { gen: GeneratedEvent; subscriptionId: string; trackingId: string; resources: ImpactedResource[] };

  before(async () => {
    service = await startSampleService({ seed: 11, events: 150, pageSize: PAGE_SIZE });
    const found = service.events
      .flatMap((gen) => gen.subscriptionIds.map((subscriptionId) => ({ gen, subscriptionId, trackingId: gen.event.name ?? '', resources: impactedResourcesFor(gen.event, subscriptionId, 11) })))
      .find((c) => c.resources.length > 2 * PAGE_SIZE);
    assert.ok(found, 'the seed should have an event with more than two pages of impacted resources');
    busy = found;
  });
  after(async () => {
    await service.close();
  });
  beforeEach(() => {
    service.faults.clear();
    Object.assign(service.knobs, { denyFetchEventDetails: false, denySecurityAdvisoryImpactedResources: false, denyTenantScope: false });
    client = new ThrottledClient({ origin: service.url, tokenProvider: { getToken: async () => service.token }, maxTransientRetries: 0 });
    api = new EventResourcesApi({ client });
  });
  afterEach(async () => {
    await client.close();
  });

  it('an outage hitting many of my resources: every page is followed, each resource once, in the event’s regions', async () => {
    const resources = await api.listImpactedResources(busy.subscriptionId, busy.trackingId);
    assert.deepEqual(resources.map((r) => r.name), busy.resources.map((r) => r.name));
    assert.equal(client.quota.requestsSent, Math.ceil(busy.resources.length / PAGE_SIZE), 'one request per page');
    const eventRegions = new Set((busy.gen.event.properties?.impact ?? []).flatMap((i) => (i.impactedRegions ?? []).map((r) => armRegion(r.impactedRegion ?? ''))));
    for (const r of resources) {
      assert.ok(eventRegions.has(r.properties?.targetRegion ?? ''), `${r.properties?.targetRegion ?? ''} is one of the event's regions`);
      assert.ok(resourceGroupOf(r), 'every resource names its resource group (by id or by info)');
    }
  });

  it('resources described only by key/value info are kept and readable', async () => {
    const candidates = service.events.flatMap((gen) => gen.subscriptionIds.map((sub) => ({ gen, sub, list: impactedResourcesFor(gen.event, sub, 11) })));
    const withInfo = candidates.find((c) => c.list.some((r) => r.properties?.targetResourceId === undefined));
    assert.ok(withInfo, 'the seed should have an info-only resource');
    const resources = await api.listImpactedResources(withInfo.sub, withInfo.gen.event.name ?? '');
    const infoOnly = resources.find((r) => r.properties?.targetResourceId === undefined);
    assert.ok(infoOnly);
    assert.deepEqual(infoPairsOf(infoOnly).map((p) => p.key), ['resourceName', 'resourceGroup', 'resourceType']);
  });

  it("$filter targetRegion eq '…' (only my resources in one region) is applied by the service", async () => {
    const region = busy.resources[0]?.properties?.targetRegion ?? '';
    const resources = await api.listImpactedResources(busy.subscriptionId, busy.trackingId, { filter: `targetRegion eq '${region}'` });
    const expected = busy.resources.filter((r) => r.properties?.targetRegion === region).map((r) => r.name);
    assert.ok(expected.length > 0);
    assert.deepEqual(resources.map((r) => r.name), expected);
  });

  it('a filter the service cannot read is a one-sentence "fix the filter" error', async () => {
    await assert.rejects(api.listImpactedResources(busy.subscriptionId, busy.trackingId, { filter: "targetRegion eq 'unterminated" }), (e: unknown) => {
      assert.ok(e instanceof ApiError && e.status === 400);
      assert.match(e.message, /rejected the filter.*fix the filter/);
      return true;
    });
  });

  it('an unknown tracking id (event expired) says to refresh the event list', async () => {
    await assert.rejects(api.listImpactedResources(busy.subscriptionId, 'NOPE-000'), (e: unknown) => {
      assert.ok(e instanceof ApiError && e.status === 404);
      assert.match(e.message, /The event NOPE-000 was not found.*refresh the event list/i);
      return true;
    });
  });

  it('security advisory resources: POST first, nextLinks followed, and a denial reads exactly like Fetch details', async () => {
    const resources = await api.listSecurityAdvisoryImpactedResources(busy.subscriptionId, busy.trackingId);
    assert.deepEqual(resources.map((r) => r.name), busy.resources.map((r) => r.name));
    service.knobs.denySecurityAdvisoryImpactedResources = true;
    const denied = await api.listSecurityAdvisoryImpactedResources(busy.subscriptionId, busy.trackingId).catch((e: unknown) => e);
    service.knobs.denySecurityAdvisoryImpactedResources = false;
    service.knobs.denyFetchEventDetails = true;
    const detailsDenied = await new HealthEventsApi({ client }).fetchEventDetails(busy.subscriptionId, busy.trackingId).catch((e: unknown) => e);
    assert.ok(denied instanceof ApiError && denied.status === 403);
    assert.ok(detailsDenied instanceof ApiError);
    assert.match(denied.message, /needs the Owner\/Subscription Admin role.*ask an administrator for that role\.$/);
    assert.equal(denied.message, detailsDenied.message);
    assert.ok(!denied.message.includes(service.token));
  });

  it('a security advisory page whose nextLink points at another host is refused before anything is sent there', async () => {
    service.faults.inject({ kind: 'foreignNextLink' }, { path: /listSecurityAdvisoryImpactedResources$/, method: 'POST' });
    const before = service.stats.requests;
    await assert.rejects(api.listSecurityAdvisoryImpactedResources(busy.subscriptionId, busy.trackingId), (e: unknown) => {
      assert.ok(e instanceof PagingError && e.problem === 'crossOrigin');
      assert.match(e.message, /attacker\.invalid/);
      return true;
    });
    assert.equal(service.stats.requests - before, 1, 'only the first POST was sent');
  });

  it('a billing event’s hidden text comes from fetchBillingCommunicationDetails; other events are refused', async () => {
    const billing = service.events.find((g) => g.event.properties?.eventType === 'Billing');
    const other = service.events.find((g) => g.event.properties?.eventType === 'ServiceIssue');
    assert.ok(billing && other);
    const sub = billing.subscriptionIds[0] ?? '';
    const text = await api.fetchBillingCommunicationDetails(sub, billing.event.name ?? '');
    assert.equal(text, billing.event.properties?.description);
    await assert.rejects(api.fetchBillingCommunicationDetails(other.subscriptionIds[0] ?? '', other.event.name ?? ''), (e: unknown) => e instanceof ApiError && e.status === 400);
  });

  it('a user with a tenant role gets tenant scope: resources of every subscription of the event', async () => {
    const result = await api.listImpactedResourcesAnyScope(busy.subscriptionId, busy.trackingId);
    assert.equal(result.scope, 'tenant');
    const expected = busy.gen.subscriptionIds.flatMap((s) => impactedResourcesFor(busy.gen.event, s, 11)).map((r) => r.name);
    assert.deepEqual(result.value.map((r) => r.name), expected);
  });

  it('a user without a tenant role (403 at tenant scope) falls back quietly to the subscription', async () => {
    service.knobs.denyTenantScope = true;
    const result = await api.listImpactedResourcesAnyScope(busy.subscriptionId, busy.trackingId);
    assert.equal(result.scope, 'subscription');
    assert.deepEqual(result.value.map((r) => r.name), busy.resources.map((r) => r.name));
    const events = await listEventsAnyScope(api, () => new HealthEventsApi({ client }).listAllEvents(busy.subscriptionId, { queryStartTime: LONG_AGO }));
    assert.equal(events.scope, 'subscription');
    assert.ok(events.value.some((e) => e.name === busy.trackingId));
  });

  it('called directly, tenant scope explains a missing tenant role and an unknown event in tenant words', async () => {
    service.knobs.denyTenantScope = true;
    await assert.rejects(api.listTenantEvents(), (e: unknown) => {
      assert.ok(e instanceof ApiError && e.status === 403);
      assert.match(e.message, /^You do not have access to tenant-level events .*tenant role such as Global Reader, or list the events of a subscription\.$/);
      return true;
    });
    service.knobs.denyTenantScope = false;
    await assert.rejects(api.listTenantImpactedResources('NOPE-000'), (e: unknown) => {
      assert.ok(e instanceof ApiError && e.status === 404);
      assert.match(e.message, /^The event NOPE-000 was not found in your tenant/);
      return true;
    });
  });

  it('tenant-scope events list every event once, across pages, with tenant-level ids', async () => {
    const events = await api.listTenantEvents();
    const cutoff = Date.now() - 3 * 86_400_000;
    const expected = service.events.filter((g) => Date.parse(g.event.properties?.lastUpdateTime ?? '') >= cutoff).map((g) => g.event.name).sort();
    assert.deepEqual(events.map((e) => e.name).sort(), expected);
    assert.ok(events.every((e) => e.id?.startsWith('/providers/Microsoft.ResourceHealth/events/')));
  });

  it('a server error at tenant scope is not hidden by the fallback', async () => {
    service.faults.inject({ kind: 'status', status: 500 }, { path: /^\/providers\/Microsoft\.ResourceHealth\/events\//i });
    await assert.rejects(api.listImpactedResourcesAnyScope(busy.subscriptionId, busy.trackingId), (e: unknown) => e instanceof ApiError && e.status === 500);
  });

  it('emerging issues (no subscription) list the active EmergingIssues events with their services', async () => {
    const issues = await api.getEmergingIssues();
    const active = service.events.filter((g) => g.event.properties?.eventType === 'EmergingIssues' && g.event.properties.status === 'Active');
    const listed = issues.properties?.statusActiveEvents ?? [];
    assert.deepEqual(listed.map((e) => e.trackingId).sort(), active.map((g) => g.event.name).sort());
    assert.equal((issues.properties?.statusBanners ?? []).length, active.length > 0 ? 1 : 0);
  });

  it('schema drift on impacted resources (new fields, new status values) is kept, not rejected', async () => {
    service.faults.inject({ kind: 'schemaDrift' }, { path: /impactedResources$/ });
    const resources = await api.listImpactedResources(busy.subscriptionId, busy.trackingId);
    const first = resources[0] as Record<string, unknown> & ImpactedResource;
    assert.deepEqual(first['systemData'], { createdBy: 'future', createdAt: '2030-01-01T00:00:00Z' });
    assert.deepEqual((first.properties as Record<string, unknown>)['futureField'], { nested: [1, 2, 3] });
    assert.equal(first.properties?.status, 'Investigating');
  });

  it('the sample’s fault knobs apply: a 503 burst on impacted resources reaches the caller as a service failure', async () => {
    service.faults.inject({ kind: 'status', status: 503 }, { path: /impactedResources$/ });
    await assert.rejects(api.listImpactedResources(busy.subscriptionId, busy.trackingId), (e: unknown) => {
      assert.ok(e instanceof ApiError && e.status === 503);
      assert.match(e.message, /try again later/i);
      return true;
    });
  });
});

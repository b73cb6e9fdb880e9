import * as assert from 'node:assert/strict';
import { affectedAnswer, eventsToAsk, MAX_EVENTS_ASKED, MAX_PER_EVENT } from '../../../src/core/chat/affectedAnswer';
import { findResources, MAX_HEALTH_LINES, resourceHealthAnswer, resourceListAnswer, resourceNotFound } from '../../../src/core/chat/healthAnswer';
import { resourceDescription, resourceMatcher } from '../../../src/core/chat/resourceQuery';
import { resourceQuestion } from '../../../src/core/chat/resourceQuestions';
import { MAX_PLACES, workspaceAnswer } from '../../../src/core/chat/workspaceAnswer';
import { InfraIndex } from '../../../src/core/infra/infraIndex';
import type { AvailabilityStatus } from '../../../src/core/model/availability';
import type { ImpactedResource } from '../../../src/core/model/eventResourceSchemas';
import { parseQuery } from '../../../src/core/query';
import { event } from '../query/helpers';

const NOW = Date.UTC(2026, 10, 27, 12, 0, 0);
const OPEN = 'serviceHealth.openDetails';
const idOf = (group: string, type: string, name: string) => `/subscriptions/s1/resourceGroups/${group}/providers/${type}/${name}`;
const VM = 'Microsoft.Compute/virtualMachines';

function status(group: string, name: string, state: string, more: Partial<NonNullable<AvailabilityStatus['properties']>> = {}, type = VM, location = 'westeurope'): AvailabilityStatus {
  return { id: `${idOf(group, type, name)}/providers/Microsoft.ResourceHealth/availabilityStatuses/current`, location, properties: { availabilityState: state, ...more } };
}

const issue = { subscriptionId: 's1', trackingId: 'ABCD-123', event: event({ name: 'ABCD-123', title: 'VM start failures', type: 'ServiceIssue', status: 'Active', impact: [{ service: 'App Service', regions: ['West Europe'] }] }) };

describe('chat: resource health questions', () => {
  it('tells the resource questions apart from event questions', () => {
    assert.deepEqual(resourceQuestion('is vm1 healthy?'), { kind: 'one', name: 'vm1' });
    assert.deepEqual(resourceQuestion('Is "batch worker 2" down'), { kind: 'one', name: 'batch worker 2' });
    assert.deepEqual(resourceQuestion("what's the health of jumpbox-1"), { kind: 'one', name: 'jumpbox-1' });
    assert.deepEqual(resourceQuestion('which of my resources are affected?'), { kind: 'affected' });
    assert.deepEqual(resourceQuestion('is anything this workspace deploys affected?'), { kind: 'workspace' });
    assert.equal(resourceQuestion('are my VMs down?'), undefined, 'plural: the query language lists them');
    assert.equal(resourceQuestion('is anything down?'), undefined);
    assert.equal(resourceQuestion('which of my resources are affected by ABCD-123?'), undefined, 'one event: the existing answer');
    assert.equal(resourceQuestion('what is unhealthy in rg-app?'), undefined);
  });

  it('"is vm1 healthy?": state, since when, recommended actions as working links (no placeholder), linked events', () => {
    const vm1 = status('rg-app', 'vm1', 'Unavailable', {
      occuredTime: '2026-11-27T09:00:00Z',
      summary: 'The VM is down.',
      recommendedActions: [
        { action: 'To restart it, open the resource blade', actionUrl: '<#ResourceBlade>', actionUrlText: 'open the resource blade' },
        { action: 'Run <#Odd> the troubleshooter', actionUrl: '<#DiagnoseAndSolve>' },
      ],
      serviceImpactingEvents: [{ trackingId: 'ABCD-123' }, { trackingId: 'ZZZZ-999', incidentProperties: { title: 'Storage latency' } }],
    });
    const md = resourceHealthAnswer({ status: vm1, portal: 'https://portal.azure.com', events: [issue], openCommand: OPEN, now: NOW });
    assert.match(md, /^\*\*vm1\*\* \(virtualMachines, rg-app, West Europe\) is \*\*Unavailable since 3h ago \\\(2026-11-27 09:00 UTC\\\)\*\*\./u);
    assert.match(md, /To restart it, \[open the resource blade\]\(https:\/\/portal\.azure\.com\/#@\/resource\/subscriptions\/s1\/resourceGroups\/rg-app\/providers\/Microsoft\.Compute\/virtualMachines\/vm1\)/u);
    assert.match(md, /- Run the troubleshooter\n/u, 'an unknown placeholder keeps its text and loses its link');
    assert.doesNotMatch(md, /<#/u);
    assert.match(md, /\[VM start failures\]\(command:serviceHealth\.openDetails\?/u, 'a held linked event opens its details');
    assert.match(md, /- Storage latency — ZZZZ-999/u, 'an event not held is named by its title and id');
  });

  it('names the subscription when several hold a resource of that name', () => {
    const md = resourceHealthAnswer({ status: status('rg-app', 'vm1', 'Available'), events: [], openCommand: OPEN, now: NOW, subscription: 'Contoso Dev' });
    assert.match(md, /^\*\*vm1\*\* \(virtualMachines, rg-app, West Europe, Contoso Dev\) is \*\*Available\*\*\./u);
  });

  it('without a portal (sample mode) actions are text only', () => {
    const vm1 = status('rg-app', 'vm1', 'Degraded', { recommendedActions: [{ action: 'Open the resource blade', actionUrl: '<#ResourceBlade>' }] });
    const md = resourceHealthAnswer({ status: vm1, events: [], openCommand: OPEN, now: NOW });
    assert.match(md, /- Open the resource blade\n/u);
    assert.doesNotMatch(md, /\]\(/u);
  });

  it('finds a resource by name without case, or by id; not found is one sentence naming what was searched', () => {
    const all = [status('rg-app', 'VM1', 'Available'), status('rg-db', 'vm10', 'Available')];
    assert.equal(findResources('vm1', all).length, 1);
    assert.equal(findResources(idOf('rg-db', VM, 'vm10'), all).length, 1);
    assert.equal(findResources('vm', all).length, 0);
    assert.equal(resourceNotFound('vm9', 2, 'Contoso Production'), 'No resource named “vm9” among the 2 resources with health information in Contoso Production; check the name in the Resources view.\n');
  });

  it('"what is unhealthy in rg-app?" lists the resources not Available in that group, not-Available first', () => {
    const q = parseQuery('what is unhealthy in rg-app?', { now: NOW });
    const statuses = [status('rg-app', 'web', 'Available'), status('rg-app', 'vm2', 'Degraded'), status('rg-app', 'vm1', 'Unavailable'), status('rg-db', 'sql', 'Unavailable')];
    const answer = resourceListAnswer({ description: resourceDescription(q), statuses, matches: resourceMatcher(q), now: NOW });
    assert.deepEqual(answer.names, ['vm1', 'vm2']);
    assert.match(answer.markdown, /^\*\*Unavailable, degraded or unknown resources in resource group rg-app: 2\*\*/u);
  });

  // A subscription whose access was revoked (403) while the others listed (M11): "none match" must not read as "all healthy".
  it('"what is unhealthy?" names the subscriptions whose health could not be read, by name, and says their resources are unknown', () => {
    const q = parseQuery('what is unhealthy?', { now: NOW });
    const statuses = [status('rg-app', 'web', 'Available')];
    const name = (id: string) => (id === 's2' ? 'Contoso Staging' : undefined);
    const answer = resourceListAnswer({ description: resourceDescription(q), statuses, matches: resourceMatcher(q), now: NOW, failed: ['s2'], subscriptionName: name });
    assert.match(answer.markdown, /None of the 1 resources with health information match\./u);
    assert.match(answer.markdown, /The health of Contoso Staging could not be read, so its resources are unknown, not healthy/u);
    const clean = resourceListAnswer({ description: resourceDescription(q), statuses, matches: resourceMatcher(q), now: NOW, failed: [] });
    assert.doesNotMatch(clean.markdown, /could not be read/u);
  });

  it('"which of my resources are affected?" names the subscriptions whose health could not be read (M11)', () => {
    const answer = affectedAnswer({ groups: [{ event: issue, resources: [] }], health: [], active: 1, asked: 1, openCommand: OPEN, healthFailed: ['s1', 's3'] });
    assert.match(answer.markdown, /The health of s1 and s3 could not be read, so their resources are unknown, not healthy/u);
  });

  it('"which of my VMs are down?" keeps the unavailable virtual machines only (service → resource types)', () => {
    const q = parseQuery('which of my VMs are down?', { now: NOW });
    const statuses = [status('rg', 'vm1', 'Unavailable'), status('rg', 'vm2', 'Degraded'), status('rg', 'site', 'Unavailable', {}, 'Microsoft.Web/sites')];
    assert.deepEqual(statuses.filter(resourceMatcher(q)).map((s) => s.id?.split('/')[8]), ['vm1']);
  });

  it('"which of my resources are affected?" groups resources under each event (title + tracking id) with their current health', () => {
    const r = (name: string): ImpactedResource => ({ properties: { targetResourceId: idOf('rg-app', VM, name), targetResourceType: VM, targetRegion: 'westeurope' } });
    const quiet = { subscriptionId: 's1', trackingId: 'QQQQ-111', event: event({ name: 'QQQQ-111', title: 'Quiet' }) };
    const answer = affectedAnswer({
      groups: [{ event: issue, resources: [r('vm2'), r('vm1')] }, { event: quiet, resources: [] }],
      health: [status('rg-app', 'vm1', 'Unavailable')],
      active: 12,
      asked: 10,
      openCommand: OPEN,
    });
    const lines = answer.markdown.split('\n');
    assert.equal(lines[0], '**Your resources affected by active events: 2 resources in 1 event**');
    assert.match(lines[2] ?? '', /^#### \[VM start failures\]\(command:serviceHealth\.openDetails\?[^)]+ "Open details"\) — ABCD-123$/u);
    assert.deepEqual(lines.slice(4, 6), ['- **vm1** (virtualMachines, rg-app, westeurope) — Unavailable', '- **vm2** (virtualMachines, rg-app, westeurope) — health not known']);
    assert.deepEqual(answer.events, ['ABCD-123']);
    assert.match(answer.markdown, /Asked the 10 highest-priority of 12 active events/u);
  });

  it('an event whose resources could not be listed (the request failed) is said, never read as affecting none', () => {
    const answer = affectedAnswer({ groups: [{ event: issue, resources: [], failed: true }], health: [], active: 1, asked: 1, openCommand: OPEN });
    assert.match(answer.markdown, /None of the 1 active event asked lists any of your resources that could be listed\./u);
    assert.match(answer.markdown, /Could not list the resources of ABCD-123 for every subscription/u);
  });

  it('"is anything this workspace deploys affected?": each event with the file:line links that deploy its service and region', () => {
    const index = new InfraIndex();
    index.set('infra/main.bicep', "resource app 'Microsoft.Web/sites@2023-01-01' = {\n  name: 'a'\n  location: 'westeurope'\n}\n");
    index.set('infra/other.bicep', "param where string\nresource app 'Microsoft.Web/sites@2023-01-01' = {\n  name: 'b'\n  location: where\n}\n");
    const report = index.report();
    const md = workspaceAnswer({ folders: [{ report, link: (file, line) => `file:///w/${file}#L${line}` }], events: [issue], openCommand: OPEN }).markdown;
    assert.match(md, /\*\*Active events touching what this workspace deploys: 1\*\*/u);
    assert.match(md, /- \[VM start failures\]\(command:serviceHealth\.openDetails\?[^)]+\) — ABCD-123 · ServiceIssue/u);
    assert.match(md, / {2}- \[infra\/main\.bicep:3\]\(file:\/\/\/w\/infra\/main\.bicep#L3\) deploys App Service in West Europe/u);
    assert.ok(report.unresolved.length > 0, 'the second template has a location the reader cannot resolve');
    assert.match(md, /location.? (was|were) not resolved/u);
  });

  it('a workspace without templates gets one clear sentence', () => {
    const md = workspaceAnswer({ folders: [{ report: new InfraIndex().report(), link: () => undefined }], events: [issue], openCommand: OPEN }).markdown;
    assert.equal(md, 'This workspace has no Bicep, ARM, Terraform or azd template with an Azure resource, so there is nothing to check.\n');
  });

  describe('limits (both sides)', () => {
    const vm = (i: number): ImpactedResource => ({ properties: { targetResourceId: idOf('rg', VM, `vm${String(i).padStart(2, '0')}`), targetResourceType: VM } });
    const active = (i: number) => ({ subscriptionId: 's1', trackingId: `EV${i}-1A`, event: event({ name: `EV${i}-1A`, status: 'Active' }) });

    it(`asks at most ${MAX_EVENTS_ASKED} active events, skipping those known to affect none and resolved ones`, () => {
      const at = (n: number) => Array.from({ length: n }, (_, i) => active(i));
      assert.equal(eventsToAsk(at(MAX_EVENTS_ASKED), undefined).asked.length, MAX_EVENTS_ASKED);
      const over = eventsToAsk(at(MAX_EVENTS_ASKED + 1), undefined);
      assert.deepEqual([over.asked.length, over.active], [MAX_EVENTS_ASKED, MAX_EVENTS_ASKED + 1]);
      const none = at(2);
      const resolved = { ...active(9), event: event({ name: 'EV9-1A', status: 'Resolved' }) };
      assert.deepEqual(eventsToAsk([...none, resolved], (e) => (e === none[0]?.event ? 0 : undefined)).asked.map((e) => e.trackingId), ['EV1-1A']);
    });

    it(`lists ${MAX_PER_EVENT} resources per event, then counts the rest`, () => {
      const md = (n: number) => affectedAnswer({ groups: [{ event: issue, resources: Array.from({ length: n }, (_, i) => vm(i)) }], health: [], active: 1, asked: 1, openCommand: OPEN }).markdown;
      assert.doesNotMatch(md(MAX_PER_EVENT), /more; the event's details/u);
      assert.match(md(MAX_PER_EVENT + 1), /…and 1 more; the event's details list them all\./u);
    });

    it(`lists ${MAX_HEALTH_LINES} resources of a list answer, then counts the rest`, () => {
      const list = (n: number) => resourceListAnswer({ description: 'Resources', statuses: Array.from({ length: n }, (_, i) => status('rg', `vm${i}`, 'Unavailable')), matches: () => true, now: NOW });
      assert.equal(list(MAX_HEALTH_LINES).names.length, MAX_HEALTH_LINES);
      assert.doesNotMatch(list(MAX_HEALTH_LINES).markdown, /more; the Resources view/u);
      assert.match(list(MAX_HEALTH_LINES + 1).markdown, /…and 1 more; the Resources view lists them all\./u);
    });

    it(`names ${MAX_PLACES} template places per event, then counts the rest`, () => {
      const places = (n: number) => {
        const index = new InfraIndex();
        for (let i = 0; i < n; i += 1) index.set(`t${i}.bicep`, "resource app 'Microsoft.Web/sites@2023-01-01' = {\n  name: 'a'\n  location: 'westeurope'\n}\n");
        return workspaceAnswer({ folders: [{ report: index.report(), link: () => undefined }], events: [issue], openCommand: OPEN }).markdown;
      };
      assert.doesNotMatch(places(MAX_PLACES), /more place/u);
      assert.match(places(MAX_PLACES + 1), /…and 1 more place$/mu);
    });
  });
});

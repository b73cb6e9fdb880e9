/**
 * "Check infrastructure" for the agent tools: the templates' targets against the events, matched as
 * the CLI's check gate matches them (same service, same region, active service issues and planned
 * maintenance only), each match at file:line, the lists capped (both sides of each cap) and the
 * whole answer within the 16 KB budget; HealthTools reads the events from the sample service over
 * real loopback HTTP and reads none when there is nothing to check.
 */
import assert from 'node:assert/strict';
import { answerText, TOOL_ANSWER_BUDGET_BYTES } from '../../../src/core/agent/budget';
import { HealthTools } from '../../../src/core/agent/healthTools';
import { infraAnswer, MATCHES_SHOWN, mergeReports, TARGETS_SHOWN, UNRESOLVED_SHOWN, type FolderReport } from '../../../src/core/agent/infraCheck';
import { apiSource } from '../../../src/core/agent/source';
import { EventResourcesApi } from '../../../src/core/api/eventResourcesApi';
import { HealthEventsApi } from '../../../src/core/api/healthEventsApi';
import { ThrottledClient } from '../../../src/core/http/client';
import { InfraIndex } from '../../../src/core/infra/infraIndex';
import type { InfraReport, InfraTarget, InfraUnresolved } from '../../../src/core/infra/types';
import type { HealthEvent } from '../../../src/core/model/eventModel';
import type { GeneratedEvent } from '../../../src/core/sample/generator';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';

const SUB = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const MAIN_BICEP = [
  "param location string = 'westeurope'",
  "resource site 'Microsoft.Web/sites@2023-12-01' = {",
  "  name: 'web'",
  '  location: location',
  '}',
  "resource sa 'Microsoft.Storage/storageAccounts@2023-05-01' = {",
  "  name: 'data'",
  "  location: 'eastus'",
  '}',
  "resource aks 'Microsoft.ContainerService/managedClusters@2024-02-01' = {",
  "  name: 'aks'",
  '  location: resourceGroup().location',
  '}',
].join('\n');

function event(name: string, eventType: string, status: string, service: string, region: string, title = `${service} trouble in ${region}`): HealthEvent {
  return {
    name,
    id: `/subscriptions/${SUB}/providers/Microsoft.ResourceHealth/events/${name}`,
    properties: { title, eventType, status, lastUpdateTime: new Date(Date.now() - 3_600_000).toISOString(), impact: [{ impactedService: service, impactedRegions: [{ impactedRegion: region }] }] },
  } as HealthEvent;
}

function templates(files: Record<string, string>): FolderReport {
  const index = new InfraIndex();
  for (const [path, text] of Object.entries(files)) index.set(path, text);
  return { prefix: '', report: index.report(), paths: index.paths() };
}

const bytes = (text: string) => Buffer.byteLength(text, 'utf8');
const target = (i: number, service = 'App Service', region = 'West Europe'): InfraTarget => ({ service, region, file: `infra/module-${i}/main.bicep`, line: i + 1, column: 3 });
const unresolved = (i: number): InfraUnresolved => ({ file: `infra/module-${i}/main.bicep`, line: i + 1, column: 1, reason: `parameter location${i} has no value in any parameters file` });
const report = (targets: InfraTarget[], notes: InfraUnresolved[] = []): InfraReport => ({ targets, unresolved: notes, subscriptions: [] });

interface Answer {
  interpretation: string;
  matchCount: number;
  matches?: { trackingId: string; eventType: string; service: string; region: string; at: string }[];
  moreMatches?: string;
  targetCount: number;
  targets?: { service: string; region: string; at: string }[];
  moreTargets?: string;
  unresolvedCount?: number;
  unresolved?: { at: string; reason: string }[];
  moreUnresolved?: string;
  trimmed?: string;
}

describe('check infrastructure (agent tools core)', () => {
  const folder = templates({ 'main.bicep': MAIN_BICEP });

  it('an active service issue of the same service in the same region matches, named with file:line, with the targets and the unresolved entries with reasons', () => {
    const { report: r, files } = mergeReports([folder]);
    const answer = infraAnswer(r, files, [event('AAAA-111', 'ServiceIssue', 'Active', 'App Service', 'westeurope')], 'the workspace') as unknown as Answer;
    assert.deepEqual(answer.matches, [{ trackingId: 'AAAA-111', eventType: 'ServiceIssue', title: 'App Service trouble in westeurope', service: 'App Service', region: 'West Europe', at: 'main.bicep:4' }]);
    assert.equal(answer.interpretation, '1 active event (service issue or planned maintenance) touches 1 of the 2 targets the templates of the workspace deploy: same service, same region. 1 place could not be checked (see unresolved).');
    assert.deepEqual(answer.targets, [
      { service: 'App Service', region: 'West Europe', at: 'main.bicep:4' },
      { service: 'Storage', region: 'East US', at: 'main.bicep:8' },
    ]);
    assert.equal(answer.unresolved?.length, 1);
    assert.match(answer.unresolved?.[0]?.at ?? '', /^main\.bicep:12$/u);
    assert.match(answer.unresolved?.[0]?.reason ?? '', /resourceGroup\(\)\.location is known only at deployment/u);
  });

  it('active planned maintenance matches too; resolved events, HealthAdvisories, other services in the same region and the same service in another region do not', () => {
    const { report: r, files } = mergeReports([folder]);
    const events = [
      event('PM-1', 'PlannedMaintenance', 'Active', 'Storage', 'East US'),
      event('RES-1', 'ServiceIssue', 'Resolved', 'App Service', 'West Europe'),
      event('ADV-1', 'HealthAdvisory', 'Active', 'App Service', 'West Europe'),
      event('OTHER-SVC', 'ServiceIssue', 'Active', 'Virtual Machines', 'West Europe'),
      event('OTHER-REGION', 'ServiceIssue', 'Active', 'App Service', 'North Europe'),
    ];
    const answer = infraAnswer(r, files, events, 'the workspace') as unknown as Answer;
    assert.deepEqual(
      answer.matches?.map((m) => [m.trackingId, m.at]),
      [['PM-1', 'main.bicep:8']],
    );
    const none = infraAnswer(r, files, events.slice(1), 'the workspace') as unknown as Answer;
    assert.equal(none.matchCount, 0);
    assert.match(none.interpretation, /^No active service issue or planned maintenance touches the 2 targets the templates of the workspace deploy\./u);
  });

  it('a workspace without templates is one sentence saying nothing was checked; templates without a target say so too', () => {
    const empty = infraAnswer(report([]), 0, [event('AAAA-111', 'ServiceIssue', 'Active', 'App Service', 'West Europe')], 'the workspace folder app');
    assert.deepEqual(empty, { interpretation: 'No templates (Bicep, ARM JSON, Terraform or azd) were found in the workspace folder app, so nothing was checked.', matchCount: 0, targetCount: 0 });
    const noTarget = mergeReports([templates({ 'main.bicep': "param location string\nresource site 'Microsoft.Web/sites@2023-12-01' = {\n  name: 'web'\n  location: location\n}\n" })]);
    const answer = infraAnswer(noTarget.report, noTarget.files, [], 'the workspace') as unknown as Answer;
    assert.match(answer.interpretation, /^No deployment targets \(service and region\) were found in the templates of the workspace, so nothing was checked\. 1 place could not be checked/u);
  });

  it(`lists at most ${MATCHES_SHOWN} matches, ${TARGETS_SHOWN} targets and ${UNRESOLVED_SHOWN} unresolved entries, counting the rest (both sides of each cap)`, () => {
    const at = (n: number, m: number) => infraAnswer(report(Array.from({ length: n }, (_, i) => target(i)), Array.from({ length: m }, (_, i) => unresolved(i))), 1, [event('AAAA-111', 'ServiceIssue', 'Active', 'App Service', 'West Europe')], 'x') as unknown as Answer;
    const atCap = at(TARGETS_SHOWN, UNRESOLVED_SHOWN);
    assert.equal(atCap.targets?.length, TARGETS_SHOWN);
    assert.equal(atCap.moreTargets, undefined);
    assert.equal(atCap.unresolved?.length, UNRESOLVED_SHOWN);
    assert.equal(atCap.moreUnresolved, undefined);
    const over = at(TARGETS_SHOWN + 1, UNRESOLVED_SHOWN + 1);
    assert.equal(over.targets?.length, TARGETS_SHOWN);
    assert.equal(over.targetCount, TARGETS_SHOWN + 1);
    assert.match(over.moreTargets ?? '', new RegExp(`^Showing ${TARGETS_SHOWN} of ${TARGETS_SHOWN + 1} targets`, 'u'));
    assert.equal(over.unresolved?.length, UNRESOLVED_SHOWN);
    assert.equal(over.unresolvedCount, UNRESOLVED_SHOWN + 1);
    assert.equal(at(MATCHES_SHOWN, 0).moreMatches, undefined);
    assert.equal(at(MATCHES_SHOWN, 0).matches?.length, MATCHES_SHOWN);
    const matches = at(MATCHES_SHOWN + 1, 0);
    assert.equal(matches.matchCount, MATCHES_SHOWN + 1);
    assert.equal(matches.matches?.length, MATCHES_SHOWN);
    assert.match(matches.moreMatches ?? '', /health-events check --infra DIR/u);
  });

  it('a monorepo of 5,000 targets, 2,000 unresolved entries and 100 long-titled events stays within the 16 KB answer budget, counts intact', () => {
    const targets = Array.from({ length: 5_000 }, (_, i) => target(i, i % 2 ? 'App Service' : 'Storage', i % 3 ? 'West Europe' : 'East US'));
    const notes = Array.from({ length: 2_000 }, (_, i) => ({ ...unresolved(i), reason: 'x'.repeat(5_000) }));
    const events = Array.from({ length: 100 }, (_, i) => event(`EV-${i}`, 'ServiceIssue', 'Active', i % 2 ? 'App Service' : 'Storage', 'West Europe', 'y'.repeat(2_000)));
    const text = answerText(infraAnswer(report(targets, notes), 5_000, events, 'the workspace'));
    assert.ok(bytes(text) <= TOOL_ANSWER_BUDGET_BYTES, `${bytes(text)} bytes`);
    const answer = JSON.parse(text) as Answer;
    assert.equal(answer.targetCount, 5_000);
    assert.equal(answer.unresolvedCount, 2_000);
    assert.ok(answer.matchCount > MATCHES_SHOWN && (answer.matches?.length ?? 0) > 0, 'matches are the last list cut');
  });

  it('several folders merge with each file led by its folder, and a subfolder keeps only its own files', () => {
    const other = templates({ 'infra/main.bicep': MAIN_BICEP, 'ops/extra.bicep': "resource sa 'Microsoft.Storage/storageAccounts@2023-05-01' = {\n  name: 'x'\n  location: 'westus'\n}\n" });
    const merged = mergeReports([
      { ...folder, prefix: 'api' },
      { ...other, prefix: 'web' },
    ]);
    assert.deepEqual(
      merged.report.targets.map((t) => `${t.file}:${t.line}`),
      ['api/main.bicep:4', 'api/main.bicep:8', 'web/infra/main.bicep:4', 'web/infra/main.bicep:8', 'web/ops/extra.bicep:3'],
    );
    assert.equal(merged.files, 3);
    const infraOnly = mergeReports([{ ...other, under: 'infra' }]);
    assert.deepEqual(
      infraOnly.report.targets.map((t) => t.file),
      ['infra/main.bicep', 'infra/main.bicep'],
    );
    assert.equal(infraOnly.files, 1);
    assert.equal(mergeReports([{ ...other, under: 'inf' }]).files, 0, 'a prefix of a folder name is not that folder');
  });
});

describe('HealthTools.checkInfrastructure against the sample service (real loopback HTTP)', function () {
  this.timeout(30_000);
  let service: SampleService | undefined;
  let client: ThrottledClient | undefined;
  const toolsFor = async (events: HealthEvent[]): Promise<HealthTools> => {
    service = await startSampleService({ subscriptionIds: [SUB], eventsOverride: events.map((e): GeneratedEvent => ({ event: e, subscriptionIds: [SUB] }) as GeneratedEvent) });
    const sample = service;
    client = new ThrottledClient({ origin: sample.url, tokenProvider: { getToken: async () => sample.token }, maxTransientRetries: 0 });
    return new HealthTools(apiSource({ api: new HealthEventsApi({ client }), resources: new EventResourcesApi({ client }), quota: () => client?.quota, subscriptions: [SUB] }));
  };
  afterEach(async () => {
    await client?.close();
    await service?.close();
    service = undefined;
  });

  it('reads the events of the subscriptions and names the match with file:line', async () => {
    const tools = await toolsFor([event('AAAA-111', 'ServiceIssue', 'Active', 'App Service', 'West Europe'), event('BBBB-222', 'ServiceIssue', 'Resolved', 'Storage', 'East US')]);
    const answer = (await tools.checkInfrastructure([templates({ 'main.bicep': MAIN_BICEP })], 'the workspace')) as unknown as Answer;
    assert.deepEqual(
      answer.matches?.map((m) => [m.trackingId, m.at]),
      [['AAAA-111', 'main.bicep:4']],
    );
    assert.ok([...(service?.stats.byPath.keys() ?? [])].some((path) => path.endsWith('/events')), 'the events were read from the service');
  });

  it('a workspace without templates is answered without a single request to the service', async () => {
    const tools = await toolsFor([event('AAAA-111', 'ServiceIssue', 'Active', 'App Service', 'West Europe')]);
    const answer = await tools.checkInfrastructure([], 'the workspace (no folder is open)');
    assert.match(String(answer['interpretation']), /^No templates .* were found in the workspace \(no folder is open\), so nothing was checked\.$/u);
    assert.equal(service?.stats.requests, 0);
  });
});

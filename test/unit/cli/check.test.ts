import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cli, type Run } from './cliRun';
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

/** One event as the service lists it: one impacted service in one region, updated an hour ago. */
function event(name: string, eventType: string, status: string, service: string, region: string, updatedDaysAgo = 0): GeneratedEvent {
  return {
    event: {
      name,
      id: `/subscriptions/${SUB}/providers/Microsoft.ResourceHealth/events/${name}`,
      properties: {
        title: `${service} trouble in ${region}`,
        eventType,
        status,
        lastUpdateTime: new Date(Date.now() - 3_600_000 - updatedDaysAgo * 86_400_000).toISOString(),
        impact: [{ impactedService: service, impactedRegions: [{ impactedRegion: region }] }],
      },
    },
    subscriptionIds: [SUB],
  } as GeneratedEvent;
}

describe('health-events check: the deployment gate (against the sample service over HTTP)', () => {
  let dir: string;
  let service: SampleService | undefined;
  const start = async (events: GeneratedEvent[]): Promise<{ url: string; env: Record<string, string> }> => {
    service = await startSampleService({ subscriptionIds: [SUB], eventsOverride: events });
    return { url: service.url, env: { HEALTH_EVENTS_TOKEN: service.token } };
  };
  const check = (url: string, env: Record<string, string>, ...more: string[]): Promise<Run> => cli(['check', '--infra', dir, '--subscription', SUB, '--endpoint', url, ...more], env);

  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'check-'));
    writeFileSync(path.join(dir, 'main.bicep'), MAIN_BICEP);
  });
  afterEach(async () => {
    rmSync(dir, { recursive: true, force: true });
    await service?.close();
    service = undefined;
  });

  it('an active service issue of the same service in the same region: exit 3, and the table names the match with file:line', async () => {
    const { url, env } = await start([event('AAAA-111', 'ServiceIssue', 'Active', 'App Service', 'West Europe')]);
    const run = await check(url, env);
    assert.equal(run.code, 3, run.stderr);
    assert.match(run.stdout, /^TRACKING ID\s+TYPE\s+SERVICE\s+REGION\s+WHERE\s+TITLE$/m);
    assert.match(run.stdout, /^AAAA-111\s+ServiceIssue\s+App Service\s+West Europe\s+main\.bicep:4\s+App Service trouble in West Europe$/m);
    assert.match(run.stdout, /1 active event touches what these templates deploy \(2 targets\)/);
    assert.match(run.stdout, /main\.bicep:12 {2}Azure Kubernetes Service \(AKS\): resourceGroup\(\)\.location is known only at deployment/);
  });

  it('--json prints exactly targets, unresolved and matches with the documented fields', async () => {
    const { url, env } = await start([event('AAAA-111', 'ServiceIssue', 'Active', 'App Service', 'westeurope')]);
    const run = await check(url, env, '--json');
    assert.equal(run.code, 3, run.stderr);
    assert.deepEqual(JSON.parse(run.stdout), {
      targets: [
        { service: 'App Service', region: 'West Europe', file: 'main.bicep', line: 4 },
        { service: 'Storage', region: 'East US', file: 'main.bicep', line: 8 },
      ],
      unresolved: [
        {
          file: 'main.bicep',
          line: 12,
          reason: 'Azure Kubernetes Service (AKS): resourceGroup().location is known only at deployment (the region of the target resource group); pass --resource-group NAME or --location REGION',
        },
      ],
      notes: [],
      matches: [{ trackingId: 'AAAA-111', title: 'App Service trouble in westeurope', eventType: 'ServiceIssue', service: 'App Service', region: 'West Europe', file: 'main.bicep', line: 4 }],
      complete: false,
    });
  });

  it('active planned maintenance of a target matches too (exit 3); the service name may carry a suffix such as "(AKS)"', async () => {
    writeFileSync(path.join(dir, 'aks.bicep'), "resource k 'Microsoft.ContainerService/managedClusters@2024-02-01' = {\n  location: 'swedencentral'\n}\n");
    const { url, env } = await start([event('BBBB-222', 'PlannedMaintenance', 'Active', 'Azure Kubernetes Service', 'Sweden Central')]);
    const run = await check(url, env, '--json');
    assert.equal(run.code, 3, run.stderr);
    const out = JSON.parse(run.stdout) as { matches: { trackingId: string; service: string; file: string; line: number }[] };
    assert.deepEqual(out.matches.map((m) => `${m.trackingId} ${m.service} ${m.file}:${m.line}`), ['BBBB-222 Azure Kubernetes Service (AKS) aks.bicep:2']);
  });

  it('an outage still Active but last updated 45 days ago (a long-running incident) still stops the deployment, even with --since 30d', async () => {
    const { url, env } = await start([event('OLD-45', 'ServiceIssue', 'Active', 'App Service', 'West Europe', 45)]);
    assert.equal((await check(url, env)).code, 3);
    const run = await check(url, env, '--since', '30d');
    assert.equal(run.code, 3, run.stderr);
    assert.match(run.stdout, /^OLD-45\s+ServiceIssue/m);
  });

  it('resolved events, another service in the same region and the same service in another region do not match: exit 0 (every line checked)', async () => {
    const { url, env } = await start([
      event('CCCC-333', 'ServiceIssue', 'Resolved', 'App Service', 'West Europe'),
      event('DDDD-444', 'ServiceIssue', 'Active', 'Virtual Machines', 'West Europe'),
      event('EEEE-555', 'ServiceIssue', 'Active', 'App Service', 'North Europe'),
      event('FFFF-666', 'HealthAdvisory', 'Active', 'App Service', 'West Europe'),
      event('GGGG-777', 'PlannedMaintenance', 'Resolved', 'Storage', 'East US'),
    ]);
    const run = await check(url, env, '--location', 'westus');
    assert.equal(run.code, 0, run.stderr);
    assert.match(run.stdout, /^No active service issue or planned maintenance touches the 3 targets these templates deploy\.$/m);
    assert.doesNotMatch(run.stdout, /Not checked/);
    const json = await check(url, env, '--json', '--location', 'westus');
    assert.equal(json.code, 0);
    const out = JSON.parse(json.stdout) as { matches: unknown[]; complete: boolean; unresolved: unknown[] };
    assert.deepEqual([out.matches, out.unresolved, out.complete], [[], [], true]);
  });

  it('usage errors exit 2: no --infra, a folder that does not exist, no --subscription', async () => {
    const noInfra = await cli(['check', '--subscription', SUB], {});
    assert.equal(noInfra.code, 2);
    assert.match(noInfra.stderr, /--infra DIR is required/);
    const missing = await cli(['check', '--infra', path.join(dir, 'nope'), '--subscription', SUB], {});
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--infra must name a folder/);
    const noSub = await cli(['check', '--infra', dir], {});
    assert.equal(noSub.code, 2);
    assert.match(noSub.stderr, /--subscription ID is required/);
  });

  it('a token the service rejects (an expired token in the pipeline) exits 1 with one line, not 0', async () => {
    const { url } = await start([event('AAAA-111', 'ServiceIssue', 'Active', 'App Service', 'West Europe')]);
    const run = await check(url, { HEALTH_EVENTS_TOKEN: 'expired' });
    assert.equal(run.code, 1);
    assert.match(run.stderr, /health-events check: /);
    assert.ok(!run.stderr.includes('expired'));
  });
});

/**
 * The gate fails closed (issue 31 items 2 and 3, review H2, weak test 4): against the sample service
 * over HTTP, as check.test.ts. Exit 4 when nothing matched but something could not be checked,
 * --allow-unchecked makes it 0, --location and --resource-group give the deployment's region.
 */
import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { cli, type Run } from './cliRun';
import { makeTooDeepFolder, removeTree } from '../infra/tooDeep';
import type { GeneratedEvent } from '../../../src/core/sample/generator';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';

const SUB = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';
const SITE = (location: string): string => `param location string = ${location}\nresource site 'Microsoft.Web/sites@2023-12-01' = {\n  name: 'web'\n  location: location\n}\n`;

function activeIssue(name: string, service: string, region: string): GeneratedEvent {
  return {
    event: {
      name,
      id: `/subscriptions/${SUB}/providers/Microsoft.ResourceHealth/events/${name}`,
      properties: { title: `${service} outage`, eventType: 'ServiceIssue', status: 'Active', lastUpdateTime: new Date(Date.now() - 3_600_000).toISOString(), impact: [{ impactedService: service, impactedRegions: [{ impactedRegion: region }] }] },
    },
    subscriptionIds: [SUB],
  } as GeneratedEvent;
}

interface CheckJson {
  complete: boolean;
  unresolved: { file: string; line: number; reason: string }[];
  matches: { trackingId: string; file: string; line: number }[];
}


describe('health-events check fails closed: exit 4 for what it could not check, the deployment region from flags', function () {
  this.timeout(60_000);
  let dir: string;
  let service: SampleService;
  const write = (rel: string, text: string): void => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  const check = (...more: string[]): Promise<Run> => cli(['check', '--infra', dir, '--subscription', SUB, '--endpoint', service.url, ...more], { HEALTH_EVENTS_TOKEN: service.token });

  before(async () => {
    service = await startSampleService({ subscriptionIds: [SUB], eventsOverride: [activeIssue('WEU-1', 'App Service', 'West Europe'), activeIssue('NEU-1', 'Key Vault', 'North Europe')] });
  });
  after(async () => {
    await service.close();
  });
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'gate-'));
  });
  afterEach(() => {
    removeTree(dir);
  });

  it('2,001 ordinary JSON files beside a template during an App Service outage in its region: exit 3, not 0 (review H2)', async () => {
    write('a-infra/main.bicep', SITE("'westeurope'"));
    for (let i = 1; i <= 2001; i++) {
      write(`z-data/f${i}.json`, '{"k":1}');
    }
    const run = await check();
    assert.equal(run.code, 3, run.stdout + run.stderr);
    assert.match(run.stdout, /^WEU-1\s+ServiceIssue\s+App Service\s+West Europe\s+a-infra\/main\.bicep:4\s/m);
  });

  it('param location string = resourceGroup().location: exit 4, the line says to pass --resource-group or --location; --allow-unchecked makes it 0', async () => {
    write('main.bicep', SITE('resourceGroup().location'));
    const run = await check();
    assert.equal(run.code, 4, run.stdout + run.stderr);
    assert.match(run.stdout, /^Not checked \(1\):\n {2}main\.bicep:4 {2}App Service: resourceGroup\(\)\.location is known only at deployment \(the region of the target resource group\); pass --resource-group NAME or --location REGION$/m);
    assert.match(run.stdout, /1 line could not be checked \(listed above\), so the check is incomplete \(exit 4\)/);
    const json = JSON.parse((await check('--json')).stdout) as CheckJson;
    assert.equal(json.complete, false);
    assert.deepEqual(json.unresolved.map((u) => `${u.file}:${u.line}`), ['main.bicep:4']);
    const allowed = await check('--allow-unchecked');
    assert.equal(allowed.code, 0, allowed.stdout);
    assert.match(allowed.stdout, /passing because of --allow-unchecked/);
  });

  it('--location REGION is the region of resourceGroup().location and deployment().location, with no request', async () => {
    write('main.bicep', SITE('resourceGroup().location'));
    write('sub.bicep', "targetScope = 'subscription'\nresource kv 'Microsoft.KeyVault/vaults@2023-07-01' = {\n  name: 'kv'\n  location: deployment().location\n}\n");
    const run = await check('--location', 'westeurope', '--json');
    assert.equal(run.code, 3, run.stderr);
    const out = JSON.parse(run.stdout) as CheckJson;
    assert.deepEqual([out.complete, out.matches.map((m) => `${m.trackingId} ${m.file}:${m.line}`)], [true, ['WEU-1 main.bicep:4']]);
    const elsewhere = await check('--location', 'northeurope');
    assert.equal(elsewhere.code, 3, elsewhere.stdout);
    assert.match(elsewhere.stdout, /^NEU-1\s+ServiceIssue\s+Key Vault\s+North Europe\s+sub\.bicep:4\s/m);
    const quiet = await check('--location', 'eastus');
    assert.equal(quiet.code, 0, quiet.stdout);
    const bad = await check('--location', 'atlantis');
    assert.equal(bad.code, 2);
    assert.match(bad.stderr, /--location must be an Azure region such as westeurope; "atlantis" is not one\./);
  });

  it('--resource-group NAME: its region, looked up in the first subscription (GET …/resourcegroups/NAME), is resourceGroup().location', async () => {
    write('main.bicep', SITE('resourceGroup().location'));
    const before = service.stats.requests;
    const run = await check('--resource-group', 'RG-WEB-PROD', '--json');
    assert.equal(run.code, 3, run.stderr);
    const out = JSON.parse(run.stdout) as CheckJson;
    assert.deepEqual([out.complete, out.matches.map((m) => `${m.trackingId} ${m.file}:${m.line}`)], [true, ['WEU-1 main.bicep:4']]);
    assert.equal(service.stats.requests - before, 2, 'one resource group request and one events listing');
  });

  it('a resource group that does not exist is one line and exit 1, before anything is checked', async () => {
    write('main.bicep', SITE('resourceGroup().location'));
    const run = await check('--resource-group', 'rg-typo');
    assert.equal(run.code, 1);
    assert.equal(run.stdout, '');
    assert.equal(
      run.stderr,
      `health-events check: Resource group "rg-typo" does not exist in subscription ${SUB}; check the name with 'az group list -o table', or pass --location REGION instead.\n`,
    );
  });

  it('templates in which no target is found: exit 4 with the reason (never "nothing to check, pass")', async () => {
    write('main.bicep', '// nothing deployed yet\n');
    const run = await check('--json');
    assert.equal(run.code, 4, run.stderr);
    assert.deepEqual((JSON.parse(run.stdout) as CheckJson).unresolved, [{ file: '.', line: 0, reason: 'no deployment target (service and region) was found in the 1 infrastructure file read' }]);
  });

  it('a folder the walk cannot list (a path too long for the system) ends in 4, not 0', async () => {
    write('infra/main.bicep', SITE("'eastus'"));
    makeTooDeepFolder(dir);
    const run = await check();
    assert.equal(run.code, 4, run.stdout + run.stderr);
    assert.match(run.stdout, /the folder could not be listed \(ENAMETOOLONG\), so its templates were not checked/);
  });
});

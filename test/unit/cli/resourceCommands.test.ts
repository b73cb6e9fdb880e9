import assert from 'node:assert/strict';
import { cli } from './cliRun';
import { impactedResourcesFor } from '../../../src/core/sample/impactedResources';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';


const SEED = 7; // a seed with an active emerging issue, so the table is exercised
const PAGE_SIZE = 2;

describe('health-events impacted-resources and emerging-issues (in-process, against the sample service)', () => {
  let service: SampleService;
  let env: Record<string, string>;
  let sub: string;
  let trackingId: string;
  let expectedCount: number;

  before(async () => {
    service = await startSampleService({ seed: SEED, events: 80, pageSize: PAGE_SIZE });
    env = { HEALTH_EVENTS_TOKEN: service.token };
    const found = service.events
      .flatMap((g) => g.subscriptionIds.map((s) => ({ s, id: g.event.name ?? '', n: impactedResourcesFor(g.event, s, SEED).length })))
      .find((c) => c.n > PAGE_SIZE * 2);
    assert.ok(found);
    sub = found.s;
    trackingId = found.id;
    expectedCount = found.n;
  });
  after(async () => {
    await service.close();
  });

  it('impacted-resources prints name, type, resource group and region for each resource', async () => {
    const run = await cli(['impacted-resources', '--endpoint', service.url, '--subscription', sub, '--tracking-id', trackingId], env);
    assert.equal(run.code, 0, run.stderr);
    const lines = run.stdout.split('\n');
    assert.match(lines[0] ?? '', /^NAME\s+TYPE\s+RESOURCE GROUP\s+REGION$/);
    assert.equal(lines.filter((l) => /\srg-[a-z-]+\s/.test(l)).length, expectedCount);
    assert.match(run.stdout, new RegExp(`${expectedCount} resources, ${Math.ceil(expectedCount / PAGE_SIZE)} requests\\.`));
  });

  it('impacted-resources --json prints the resources as received and the number of requests sent', async () => {
    const run = await cli(['impacted-resources', '--endpoint', service.url, '--subscription', sub, '--tracking-id', trackingId, '--json'], env);
    assert.equal(run.code, 0, run.stderr);
    const out = JSON.parse(run.stdout) as { resources: { name: string }[]; requests: number };
    assert.equal(out.resources.length, expectedCount);
    assert.equal(out.requests, Math.ceil(expectedCount / PAGE_SIZE));
  });

  it('impacted-resources --filter narrows to one region on the service side', async () => {
    const all = JSON.parse((await cli(['impacted-resources', '--endpoint', service.url, '--subscription', sub, '--tracking-id', trackingId, '--json'], env)).stdout) as {
      resources: { properties: { targetRegion: string } }[];
    };
    const region = all.resources[0]?.properties.targetRegion ?? '';
    const run = await cli(['impacted-resources', '--endpoint', service.url, '--subscription', sub, '--tracking-id', trackingId, '--filter', `targetRegion eq '${region}'`, '--json'], env);
    const out = JSON.parse(run.stdout) as { resources: { properties: { targetRegion: string } }[] };
    assert.ok(out.resources.length > 0);
    assert.ok(out.resources.every((r) => r.properties.targetRegion === region));
    assert.equal(out.resources.length, all.resources.filter((r) => r.properties.targetRegion === region).length);
  });

  it('missing options are a usage error (exit 2) and an unknown event is one line (exit 1) without the token', async () => {
    const missing = await cli(['impacted-resources', '--endpoint', service.url, '--subscription', sub], env);
    assert.equal(missing.code, 2);
    assert.match(missing.stderr, /--tracking-id ID are required/);
    const unknown = await cli(['impacted-resources', '--endpoint', service.url, '--subscription', sub, '--tracking-id', 'NOPE-1'], env);
    assert.equal(unknown.code, 1);
    assert.equal(unknown.stderr.trim().split('\n').length, 1);
    assert.match(unknown.stderr, /^health-events impacted-resources: The event NOPE-1 was not found/);
    assert.ok(!unknown.stderr.includes(service.token));
    const help = await cli(['impacted-resources', '--help'], env);
    assert.match(help.stdout, /--filter ODATA/);
  });

  it('emerging-issues shows the issues being investigated, as a table or as JSON', async () => {
    const active = service.events.filter((g) => g.event.properties?.eventType === 'EmergingIssues' && g.event.properties.status === 'Active');
    const run = await cli(['emerging-issues', '--endpoint', service.url], env);
    assert.equal(run.code, 0, run.stderr);
    assert.ok(active.length > 0, 'the seed should have an active emerging issue');
    assert.match(run.stdout, /^Emerging issue under investigation: 1 emerging issue is being investigated/);
    assert.match(run.stdout, /SEVERITY\s+TRACKING ID\s+STARTED\s+SERVICES\s+REGIONS\s+TITLE/);
    for (const g of active) {
      assert.ok(run.stdout.includes(g.event.name ?? ''), `${g.event.name ?? ''} is listed`);
    }
    const json = JSON.parse((await cli(['emerging-issues', '--endpoint', service.url, '--json'], env)).stdout) as {
      emergingIssues: { properties: { statusActiveEvents: unknown[] } };
      requests: number;
    };
    assert.equal(json.emergingIssues.properties.statusActiveEvents.length, active.length);
    assert.equal(json.requests, 1);
  });
});

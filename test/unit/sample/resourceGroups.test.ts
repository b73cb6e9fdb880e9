/** The sample service's resource groups (GET …/resourcegroups and …/resourcegroups/{name}) through ResourceGroupsApi on the throttled client. */
import assert from 'node:assert/strict';
import { ResourceGroupsApi } from '../../../src/core/api/resourceGroupsApi';
import { ThrottledClient } from '../../../src/core/http/client';
import { startSampleService, type SampleService } from '../../../src/core/sample/server';

const SUB = '0b1c2d3e-4f50-4a6b-8c7d-9e0f1a2b3c4d';

describe('sample service: resource groups, as ARM answers them (api-version 2021-04-01)', () => {
  let service: SampleService;
  let client: ThrottledClient;
  let api: ResourceGroupsApi;
  before(async () => {
    service = await startSampleService({ subscriptionIds: [SUB], eventsOverride: [], pageSize: 2 });
    client = new ThrottledClient({ origin: service.url, tokenProvider: { getToken: async () => service.token }, maxTransientRetries: 0 });
    api = new ResourceGroupsApi({ client });
  });
  after(async () => {
    await client.close();
    await service.close();
  });

  it('lists every group of the estate across pages, each in its own region; one group is found by name in any case', async () => {
    const groups = await api.list(SUB);
    assert.deepEqual(
      groups.map((g) => `${g.name} ${g.location}`),
      ['rg-analytics eastus', 'rg-data-prod westeurope', 'rg-network westeurope', 'rg-shared northeurope', 'rg-web-prod westeurope'],
    );
    assert.equal((await api.get(SUB, 'RG-SHARED'))?.location, 'northeurope');
  });

  it('a group that does not exist is undefined (404 ResourceGroupNotFound); a subscription it does not hold is an error', async () => {
    assert.equal(await api.get(SUB, 'rg-missing'), undefined);
    await assert.rejects(api.get('11111111-2222-3333-4444-555555555555', 'rg-shared'), (e: Error & { status?: number }) => e.status === 404);
  });

  it('refuses a request without the api-version, as ARM does', async () => {
    const response = await fetch(`${service.url}/subscriptions/${SUB}/resourcegroups`, { headers: { authorization: `Bearer ${service.token}` } });
    assert.equal(response.status, 400);
    assert.match(await response.text(), /MissingApiVersionParameter/);
  });
});

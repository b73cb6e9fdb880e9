/** azd environments and the deployment's regions as the reader resolves them (issue 31 item 3, weak test 9). */
import assert from 'node:assert/strict';
import { InfraIndex } from '../../../src/core/infra/infraIndex';

const ARM_AT = (location: string): string =>
  JSON.stringify({ $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#', resources: [{ type: 'Microsoft.Web/sites', name: 'w', location }] }, null, 2);
const regions = (index: InfraIndex): string[] => index.report().targets.map((t) => t.region).sort();

describe('infrastructure reader: azd environments and the deployment region', () => {
  it('a changed .azure/<env>/.env is evaluated again, even for a template that uses no other file (its cached scope is not reused)', () => {
    const index = new InfraIndex();
    index.set('.azure/dev/.env', 'AZURE_LOCATION=eastus\n');
    index.set('main.json', ARM_AT('${AZURE_LOCATION}'));
    assert.deepEqual(regions(index), ['East US']);
    index.set('.azure/dev/.env', 'AZURE_LOCATION=westus2\n');
    assert.deepEqual(regions(index), ['West US 2']);
  });

  it('main.parameters.json ${AZURE_LOCATION} is filled from the default environment of .azure/config.json, as azd does; every environment without one', () => {
    const index = new InfraIndex();
    index.set('infra/main.bicep', "param location string\nresource s 'Microsoft.Web/sites@1' = {\n  location: location\n}\n");
    index.set('infra/main.parameters.json', JSON.stringify({ $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentParameters.json#', parameters: { location: { value: '${AZURE_LOCATION}' } } }));
    index.set('.azure/dev/.env', 'AZURE_LOCATION="eastus2"\n');
    index.set('.azure/prod/.env', 'AZURE_LOCATION=westus3\n');
    assert.deepEqual(regions(index), ['East US 2', 'West US 3']);
    index.set('.azure/config.json', '{"version":1,"defaultEnvironment":"prod"}');
    assert.deepEqual(regions(index), ['West US 3']);
    index.set('.azure/config.json', '{"version":1,"defaultEnvironment":"gone"}');
    assert.deepEqual(regions(index), ['East US 2', 'West US 3'], 'a default that does not exist selects nothing: every environment is used');
  });

  it('resourceGroup().location and deployment().location take the regions given, and are marked as decided at deployment without them', () => {
    const index = new InfraIndex();
    index.set('main.bicep', "param location string = resourceGroup().location\nresource s 'Microsoft.Web/sites@1' = {\n  location: location\n}\n");
    index.set('arm.json', ARM_AT('[deployment().location]'));
    assert.deepEqual(index.report().targets, []);
    assert.deepEqual(
      index.report().unresolved.map((u) => `${u.file} ${u.regionAtDeployment === true} ${u.reason}`),
      [
        'arm.json true App Service: deployment().location is known only at deployment (the region the deployment is sent to)',
        'main.bicep true App Service: resourceGroup().location is known only at deployment (the region of the target resource group)',
      ],
    );
    index.setRegions({ resourceGroup: 'northeurope' });
    assert.deepEqual(index.report().targets.map((t) => `${t.file} ${t.region}`), ['main.bicep North Europe']);
    index.setRegions({ resourceGroup: 'westeurope', deployment: 'swedencentral' });
    assert.deepEqual(index.report().targets.map((t) => `${t.file} ${t.region}`), ['arm.json Sweden Central', 'main.bicep West Europe']);
    index.setRegions(undefined);
    assert.deepEqual(index.report().targets, []);
  });
});

import assert from 'node:assert/strict';
import { InfraIndex } from '../../../src/core/infra/infraIndex';
import { regionDisplayName } from '../../../src/core/query/regionNames';
import { mappedServiceNames, sameService, serviceOfArmType, serviceOfAzurermType } from '../../../src/core/infra/serviceMap';
import { DEFAULT_SERVICES } from '../../../src/core/query/services';
import { serviceKey } from '../../../src/core/query/normalize';

describe('infrastructure reader: names, parameters and incremental reading', () => {
  it('maps every resource type to a name Service Health uses (DEFAULT_SERVICES), and tolerates "(AKS)" and a leading "Azure"', () => {
    const known = new Set(DEFAULT_SERVICES.map(serviceKey));
    assert.deepEqual(mappedServiceNames().filter((n) => !known.has(serviceKey(n))), []);
    assert.ok(sameService('Azure Kubernetes Service', 'Azure Kubernetes Service (AKS)'));
    assert.ok(sameService('Cosmos DB', 'Azure Cosmos DB'));
    assert.ok(!sameService('SQL Database', 'SQL Managed Instance'));
    assert.equal(serviceOfArmType('Microsoft.Sql/servers/databases@2023-08-01'), 'SQL Database');
    assert.equal(serviceOfArmType('microsoft.web/sites', 'functionapp'), 'Azure Functions');
    assert.equal(serviceOfArmType('Microsoft.CognitiveServices/accounts', 'OpenAI'), 'Azure OpenAI Service');
    assert.equal(serviceOfArmType('Microsoft.Unknown/things'), undefined);
    assert.equal(serviceOfAzurermType('azurerm_kubernetes_cluster'), 'Azure Kubernetes Service (AKS)');
  });

  it('normalises regions: westeurope, West Europe and west-europe are one; unknown names are undefined', () => {
    assert.equal(regionDisplayName('westeurope'), 'West Europe');
    assert.equal(regionDisplayName('West Europe'), 'West Europe');
    assert.equal(regionDisplayName('eastus2'), 'East US 2');
    assert.equal(regionDisplayName('global'), 'Global');
    assert.equal(regionDisplayName('westeuropa'), undefined);
  });

  it('a parameter takes every value its parameter files give, and its default when one leaves it unset', () => {
    const index = new InfraIndex();
    index.set('main.bicep', "param location string = 'eastus'\nresource s 'Microsoft.Web/sites@1' = {\n  location: location\n}\n");
    assert.deepEqual(index.report().targets.map((t) => t.region), ['East US']);
    index.set('dev.bicepparam', "using 'main.bicep'\nparam location = 'westeurope'\n");
    assert.deepEqual(index.report().targets.map((t) => t.region), ['West Europe']);
    index.set('prod.bicepparam', "using 'main.bicep'\n");
    assert.deepEqual(index.report().targets.map((t) => t.region).sort(), ['East US', 'West Europe']);
  });

  it('a parameter without a default that no file sets is unresolved, not guessed', () => {
    const index = new InfraIndex();
    index.set('main.bicep', "param location string\nresource s 'Microsoft.Web/sites@1' = {\n  location: location\n}\n");
    assert.deepEqual(index.report().targets, []);
    assert.deepEqual(index.report().unresolved.map((u) => u.reason), ['App Service: parameter location has no default value and no parameters file sets it']);
  });

  it('re-reads only the changed file: set replaces its facts, delete removes them', () => {
    const index = new InfraIndex();
    index.set('a.tf', 'resource "azurerm_storage_account" "s" {\n  location = "westeurope"\n}\n');
    index.set('b.tf', 'resource "azurerm_key_vault" "k" {\n  location = var.region\n}\n');
    index.set('vars.tf', 'variable "region" {\n  default = "uksouth"\n}\n');
    const first = index.report();
    assert.equal(index.report(), first, 'the report is cached until a file changes');
    assert.deepEqual(first.targets.map((t) => `${t.service} ${t.region}`), ['Storage West Europe', 'Key Vault UK South']);
    index.set('vars.tf', 'variable "region" {\n  default = "francecentral"\n}\n');
    assert.deepEqual(index.report().targets.map((t) => `${t.service} ${t.region}`), ['Storage West Europe', 'Key Vault France Central']);
    index.delete('a.tf');
    assert.deepEqual(index.report().targets.map((t) => t.service), ['Key Vault']);
  });

  it('a deleted folder (reported by the watcher as the folder alone) forgets the files under it, not a sibling with the same prefix', () => {
    const index = new InfraIndex();
    const storage = 'resource "azurerm_storage_account" "s" {\n  location = "westeurope"\n}\n';
    index.set('infra/a.tf', storage);
    index.set('infra/nested/b.tf', storage);
    index.set('infra-old/c.tf', storage);
    assert.equal(index.deleteUnder('infra'), true);
    assert.deepEqual(index.paths(), ['infra-old/c.tf']);
    assert.equal(index.report().targets.length, 1);
    assert.equal(index.deleteUnder('infra'), false, 'nothing left under it');
    assert.equal(index.deleteUnder('infra-old/c.tf'), true, 'a file path alone is deleted too');
    assert.equal(index.size, 0);
  });

  it('Bicep: location inside a multi-line string or a comment is not a location; nested properties.location is not either', () => {
    const index = new InfraIndex();
    index.set(
      'main.bicep',
      [
        "var script = '''",
        "location: 'eastus'",
        "'''",
        "// location: 'eastus'",
        "resource s 'Microsoft.Web/sites@1' = {",
        "  properties: { location: 'eastus' }",
        "  location: 'westus' /* location: 'eastus' */",
        '}',
      ].join('\n'),
    );
    assert.deepEqual(index.report().targets.map((t) => `${t.region} ${t.line}`), ['West US 7']);
  });
});

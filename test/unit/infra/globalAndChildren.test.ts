import assert from 'node:assert/strict';
import { InfraIndex } from '../../../src/core/infra/infraIndex';
import { targetKeys, touchesAny } from '../../../src/core/infra/match';
import type { HealthEvent } from '../../../src/core/model/eventModel';

const rows = (index: InfraIndex): string[] => {
  const r = index.report();
  return [...r.targets.map((t) => `${t.service} | ${t.region} | ${t.file}:${t.line}`), ...r.unresolved.map((u) => `${u.info ? 'info' : 'unchecked'} ${u.file}:${u.line} ${u.reason}`)];
};

const event = (service: string, region: string): HealthEvent => ({ name: 'E', properties: { eventType: 'ServiceIssue', status: 'Active', impact: [{ impactedService: service, impactedRegions: [{ impactedRegion: region }] }] } }) as HealthEvent;

describe("global resources are in Service Health's Global region, never regional and never unchecked", () => {
  it("Bicep location: 'global', ARM \"Location\": \"Global\" and Terraform's global types (no location argument) agree", () => {
    const index = new InfraIndex();
    index.set('main.bicep', "resource fd 'Microsoft.Cdn/profiles@2023-05-01' = {\n  name: 'afd'\n  location: 'global'\n}\n");
    index.set('azuredeploy.json', JSON.stringify({ $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#', resources: [{ type: 'Microsoft.Network/trafficManagerProfiles', name: 'tm', Location: 'Global' }] }, null, 1));
    index.set('tf/main.tf', 'resource "azurerm_dns_zone" "z" {\n  name = "contoso.example"\n}\nresource "azurerm_cdn_frontdoor_profile" "fd" {\n  name = "afd"\n}\nresource "azurerm_monitor_action_group" "ag" {\n  location = "global"\n}\n');
    assert.deepEqual(rows(index), [
      'Traffic Manager | Global | azuredeploy.json:7',
      'Azure Front Door | Global | main.bicep:3',
      'Azure DNS | Global | tf/main.tf:1',
      'Azure Front Door | Global | tf/main.tf:4',
      'Azure Monitor | Global | tf/main.tf:8',
    ]);
  });

  it('only an event Service Health reports for Global touches a global target; a regional one never does, nor the reverse', () => {
    const index = new InfraIndex();
    index.set('main.bicep', "resource fd 'Microsoft.Cdn/profiles@2023-05-01' = {\n  location: 'global'\n}\nresource web 'Microsoft.Web/sites@2022-09-01' = {\n  location: 'westeurope'\n}\n");
    const keys = targetKeys(index.report().targets);
    assert.equal(touchesAny(event('Azure Front Door', 'Global'), keys), true);
    assert.equal(touchesAny(event('Azure Front Door', 'West Europe'), keys), false);
    assert.equal(touchesAny(event('App Service', 'Global'), keys), false);
    assert.equal(touchesAny(event('App Service', 'West Europe'), keys), true);
  });
});

describe('Terraform resources created inside another take its region', () => {
  it('through a direct reference (container app → environment, database → server, secret → vault), as Terraform reads it', () => {
    const index = new InfraIndex();
    index.set(
      'main.tf',
      [
        'resource "azurerm_container_app_environment" "env" {\n  location = "canadacentral"\n}',
        'resource "azurerm_container_app" "api" {\n  container_app_environment_id = azurerm_container_app_environment.env.id\n}',
        'resource "azurerm_mssql_server" "sql" {\n  location = "brazilsouth"\n}',
        'resource "azurerm_mssql_database" "db" {\n  server_id = azurerm_mssql_server.sql.id\n}',
        'resource "azurerm_key_vault_secret" "s" {\n  key_vault_id = data.azurerm_key_vault.shared.id\n}',
        'data "azurerm_key_vault" "shared" {\n  name = "kv-shared"\n}',
      ].join('\n'),
    );
    assert.deepEqual(rows(index), [
      'Azure Container Apps | Canada Central | main.tf:2',
      'Azure Container Apps | Canada Central | main.tf:5',
      'SQL Database | Brazil South | main.tf:8',
      'SQL Database | Brazil South | main.tf:11',
      // The vault is read from Azure, not deployed here: its region is not known.
      'unchecked main.tf:14 Key Vault: data.azurerm_key_vault.shared is an existing resource; its region is read from Azure at deployment',
    ]);
  });

  it('without a direct reference (a variable, a module input) they are counted where their parent is declared, like ARM child resources', () => {
    const index = new InfraIndex();
    index.set('main.tf', 'variable "vnet" {}\nresource "azurerm_subnet" "a" {\n  virtual_network_name = var.vnet\n}\nresource "azurerm_storage_container" "c" {\n  storage_account_name = "stshared"\n}\n');
    assert.deepEqual(rows(index), []);
  });

  it('networking pieces (public IP, NIC, NSG) are Virtual Network; an azurerm type nobody maps is still unchecked', () => {
    const index = new InfraIndex();
    index.set('main.tf', 'resource "azurerm_public_ip" "ip" {\n  location = "francecentral"\n}\nresource "azurerm_network_interface" "nic" {\n  location = "francecentral"\n}\nresource "azurerm_network_security_group" "nsg" {\n  location = "francecentral"\n}\nresource "azurerm_contoso_widget" "w" {\n  location = "francecentral"\n}\n');
    assert.deepEqual(rows(index), [
      'Virtual Network | France Central | main.tf:2',
      'Virtual Network | France Central | main.tf:5',
      'Virtual Network | France Central | main.tf:8',
      'unchecked main.tf:11 no Service Health service is known for resource type azurerm_contoso_widget',
    ]);
  });
});

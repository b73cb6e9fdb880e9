import assert from 'node:assert/strict';
import path from 'node:path';
import { readInfraDir } from '../../../src/core/infra/readDir';
import type { InfraReport } from '../../../src/core/infra/types';

const fixtures = path.resolve(__dirname, '../../../../test/fixtures/infra');

const targetsOf = (r: InfraReport): string[] => r.targets.map((t) => `${t.service} | ${t.region} | ${t.file}:${t.line}:${t.column}`);
const unresolvedOf = (r: InfraReport): string[] => r.unresolved.map((u) => `${u.file}:${u.line} ${u.reason}`);

describe('infrastructure reader over the template corpus (test/fixtures/infra)', () => {
  it('Bicep: literals, parameters with .bicepparam values, variables, symbol.location, function kinds, loops, modules', () => {
    const r = readInfraDir(path.join(fixtures, 'bicep')).report;
    assert.deepEqual(targetsOf(r), [
      'App Service | West Europe | main.bicep:21:3', // plan: param default 'westeurope'
      'App Service | West Europe | main.bicep:29:3', // site: plan.location
      'Azure Functions | West Europe | main.bicep:51:3', // kind functionapp; 'West Europe' as written
      'Storage | North Europe | main.bicep:56:3', // no default; main.bicepparam sets it
      'Key Vault | Sweden Central | main.bicep:63:3', // a variable
      'Azure Cosmos DB | East US 2 | main.bicep:86:3', // inside a [for …] loop
      'Log Analytics | UK South | monitoring.bicep:5:3', // the module call's value wins over resourceGroup().location
      'Application Insights | UK South | monitoring.bicep:10:3',
    ]);
    assert.deepEqual(unresolvedOf(r), [
      'broken.bicep:0 the file is not valid Bicep: an unterminated string starts on line 1',
      "broken.bicep:3 Microsoft.Web/sites 'site' has no location",
      'main.bicep:76 Azure Kubernetes Service (AKS): resourceGroup().location is known only at deployment (the region of the target resource group)',
      "main.bicep:81 SQL Database: a conditional expression is evaluated only at deployment: dataLocation == 'westeurope' ? 'westeurope' : 'northeurope'",
      "main.bicep:91 Azure Cache for Redis: 'atlantis' is not a known Azure region",
      'main.bicep:101 no Service Health service is known for resource type Contoso.Widgets/gadgets',
    ]);
  });

  it('ARM JSON: parameter defaults and parameters files, variables, nested child resources, global, conditionals; other JSON ignored', () => {
    const r = readInfraDir(path.join(fixtures, 'arm')).report;
    assert.deepEqual(targetsOf(r), [
      'SQL Database | East US | azuredeploy.json:23:7',
      'SQL Database | East US | azuredeploy.json:29:11', // the nested "databases" child
      'Service Bus | France Central | azuredeploy.json:38:7',
      'Event Hubs | Japan East | azuredeploy.json:44:7', // azuredeploy.parameters.json overrides [resourceGroup().location]
      'Azure Front Door | Global | azuredeploy.json:50:7',
      'App Service | West Europe | broken.json:3:51', // half typed: what it already says is still checked
    ]);
    assert.deepEqual(unresolvedOf(r), [
      "azuredeploy.json:56 Virtual Network: a conditional expression is evaluated only at deployment: [if(equals(parameters('sqlLocation'), 'eastus'), 'eastus', …",
      'broken.json:4 the file is not valid JSON (a close bracket was expected on line 4); what could be read was checked',
    ]);
  });

  it('Terraform: var defaults overridden by terraform.tfvars, locals, references, "${var.x}", heredocs skipped, module inputs', () => {
    const r = readInfraDir(path.join(fixtures, 'terraform')).report;
    assert.deepEqual(targetsOf(r), [
      'Azure Kubernetes Service (AKS) | North Europe | main.tf:22:3', // azurerm_resource_group.rg.location → var.location → tfvars
      'Virtual Machines | East US | main.tf:36:3',
      'Azure Database for PostgreSQL | Germany West Central | main.tf:46:3',
      'Storage | North Europe | main.tf:56:3',
      'App Service | Canada Central | modules/web/main.tf:7:3',
    ]);
    assert.deepEqual(unresolvedOf(r), [
      `main.tf:51 Azure Cache for Redis: a conditional expression is evaluated only at deployment: var.secondary != "" ? var.secondary : "westus"`,
      'main.tf:61 SQL Database: data.azurerm_resource_group.shared.location is read from Azure at plan time',
    ]);
  });

  it('azd: azure.yaml hosts and main.parameters.json ${AZURE_LOCATION} in every .azure/<env>/.env; subscriptions listed', () => {
    const r = readInfraDir(path.join(fixtures, 'azd')).report;
    assert.deepEqual(targetsOf(r), [
      'App Service | East US 2 | azure.yaml:9:5',
      'App Service | West US 3 | azure.yaml:9:5',
      'Azure Container Apps | East US 2 | azure.yaml:13:5',
      'Azure Container Apps | West US 3 | azure.yaml:13:5',
      'Azure Cosmos DB | East US 2 | infra/cosmos.bicep:5:3', // main.bicep passes location to the module
      'Azure Cosmos DB | West US 3 | infra/cosmos.bicep:5:3',
    ]);
    assert.deepEqual(unresolvedOf(r), ["azure.yaml:16 no Service Health service is known for azd host 'unicornhost'"]);
    assert.deepEqual([...r.subscriptions].sort(), ['11111111-2222-3333-4444-555555555555', '66666666-7777-8888-9999-000000000000']);
  });

  it('reads the whole corpus in one pass with paths relative to the folder', () => {
    const r = readInfraDir(fixtures).report;
    assert.ok(r.targets.some((t) => t.file === 'terraform/modules/web/main.tf'));
    assert.ok(r.targets.some((t) => t.file === 'bicep/monitoring.bicep'));
    assert.equal(r.targets.length, 8 + 6 + 5 + 6 + 12);
  });
});

import assert from 'node:assert/strict';
import { InfraIndex } from '../../../src/core/infra/infraIndex';

const rows = (text: string): string[] => {
  const index = new InfraIndex();
  index.set('main.bicep', text);
  const r = index.report();
  return [...r.targets.map((t) => `${t.service} | ${t.region} | ${t.line}${t.name ? ` | ${t.name}` : ''}`), ...r.unresolved.map((u) => `${u.info ? 'info' : 'unchecked'} ${u.line} ${u.reason}`)];
};

describe('Bicep as people write it', () => {
  it('a single-line object and comma-separated properties are read (review M9)', () => {
    assert.deepEqual(rows("resource s 'Microsoft.Web/sites@2023-12-01' = { name: 'web', location: 'westeurope' }\nresource k 'Microsoft.KeyVault/vaults@2023-07-01' = {\n  name: 'kv', location: 'northeurope'\n  properties: { tenantId: subscription().tenantId, sku: { name: 'standard', family: 'A' } }\n}\n"), [
      'App Service | West Europe | 1 | web',
      'Key Vault | North Europe | 3 | kv',
    ]);
  });

  it('`= if (…)` with the `{` on the next line keeps its body', () => {
    assert.deepEqual(rows("param deployWeb bool = true\nresource s 'Microsoft.Web/sites@2023-12-01' = if (deployWeb)\n{\n  name: 'web'\n  location: 'westeurope'\n}\n"), ['App Service | West Europe | 5 | web']);
  });

  it('Azure Verified Modules are the resource their path names, in their location parameter; the name is kept', () => {
    const text = [
      "param location string = 'swedencentral'",
      "module kv 'br/public:avm/res/key-vault/vault:0.6.1' = {",
      "  name: 'kv'",
      '  params: {',
      "    name: 'kv-app'",
      '    location: location',
      '  }',
      '}',
      "module cosmos 'br/public:avm/res/document-db/database-account:0.8.1' = {",
      "  params: { name: 'cosmos', location: 'eastus2' }",
      '}',
      "module logs 'br/public:avm/res/operational-insights/workspace:0.7.0' = {",
      "  params: { name: 'logs' }",
      '}',
    ].join('\n');
    assert.deepEqual(rows(text), [
      'Key Vault | Sweden Central | 6 | kv-app',
      'Azure Cosmos DB | East US 2 | 10 | cosmos',
      'unchecked 12 Log Analytics: resourceGroup().location is known only at deployment (the region of the target resource group)',
    ]);
  });

  it('any other registry or template-spec module (and an AVM not in the table) is one unchecked entry, never silence', () => {
    const mod = (i: number, source: string): string => `module m${i} '${source}' = {\n  params: {\n    location: 'westeurope'\n  }\n}\n`;
    const sources = ['br:contoso.azurecr.io/bicep/app:1.0', 'br/contoso:app:v1', 'ts:00000000-0000-0000-0000-000000000000/rg/spec:1.0', 'br/public:avm/res/unknown/thing:1.0.0', 'br/public:avm/ptn/azd/monitoring:0.1.0'];
    assert.deepEqual(
      rows(sources.map((s, i) => mod(i, s)).join('')),
      sources.map((s, i) => `unchecked ${1 + 5 * i} module '${s}' comes from a registry the reader cannot open, so its resources are not checked`),
    );
  });

  it('a local module whose file is missing or outside the folder is one unchecked line, never silence', () => {
    const mod = (name: string, source: string): string => `module ${name} '${source}' = {\n  params: {\n    location: 'westeurope'\n  }\n}\n`;
    assert.deepEqual(rows(mod('a', './missing.bicep') + mod('b', '../../outside.bicep')), [
      "unchecked 1 module './missing.bicep' was not found among the files read, so its resources are not checked",
      "unchecked 6 module '../../outside.bicep' is outside the folder read, so its resources are not checked",
    ]);
  });

  it('existing resources are not targets', () => {
    assert.deepEqual(rows("resource kv 'Microsoft.KeyVault/vaults@2023-07-01' existing = {\n  name: 'kv'\n}\n"), []);
  });
});

import assert from 'node:assert/strict';
import { readFacts } from '../../../src/core/infra/classify';
import { InfraIndex } from '../../../src/core/infra/infraIndex';
import { MAX_JSON_DEPTH } from '../../../src/core/infra/jsonPos';

const SCHEMA = 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#';
const rows = (index: InfraIndex): string[] => [
  ...index.report().targets.map((t) => `${t.service} | ${t.region} | ${t.file}:${t.line}`),
  ...index.report().unresolved.map((u) => `${u.info ? 'info' : 'unchecked'} ${u.file}:${u.line} ${u.reason}`),
];
const json = (o: unknown): string => JSON.stringify(o, null, 2);

describe('ARM templates as people write them (jsonc-parser)', () => {
  it('property names and parameters()/variables() names are case-insensitive, as ARM is (review M9)', () => {
    const index = new InfraIndex();
    index.set('azuredeploy.json', json({ $schema: SCHEMA, Parameters: { Location: { Type: 'string', DefaultValue: 'westeurope' } }, Variables: { Region: "[Parameters('LOCATION')]" }, Resources: [{ Type: 'Microsoft.Web/sites', Name: 'a', Location: "[parameters('location')]" }, { type: 'Microsoft.KeyVault/vaults', name: 'kv', location: "[variables('region')]" }] }));
    assert.deepEqual(rows(index), ['App Service | West Europe | azuredeploy.json:16', 'Key Vault | West Europe | azuredeploy.json:21']);
  });

  it('comments and trailing commas are read; a half-typed template keeps its other targets and says what it could not read', () => {
    const index = new InfraIndex();
    index.set('main.json', `{\n  // a comment\n  "$schema": "${SCHEMA}",\n  "resources": [\n    { "type": "Microsoft.Web/sites", "location": "westeurope", },\n    { "type": "Microsoft.KeyVault/vaults", "location": "north`);
    assert.deepEqual(rows(index), [
      'App Service | West Europe | main.json:5',
      "unchecked main.json:6 Key Vault: 'north' is not a known Azure region",
      'unchecked main.json:6 the file is not valid JSON (an unexpected end of string on line 6); what could be read was checked',
    ]);
  });

  it('a number longer than 64 characters (review L3) is a number, not "not valid JSON"', () => {
    const index = new InfraIndex();
    index.set('main.json', json({ $schema: SCHEMA, resources: [{ type: 'Microsoft.Web/sites', location: 'westeurope', properties: { n: 0 } }] }).replace('"n": 0', `"n": ${'1'.repeat(100)}`));
    assert.deepEqual(rows(index), ['App Service | West Europe | main.json:6']);
  });

  it(`nesting ${MAX_JSON_DEPTH} deep is read; one level more is one unchecked entry, not a stack overflow`, () => {
    const deep = (levels: number): string => `{"$schema": "${SCHEMA}", "x": ${'['.repeat(levels - 1)}${']'.repeat(levels - 1)}}`;
    assert.equal(readFacts('a.json', deep(MAX_JSON_DEPTH))?.kind, 'arm');
    assert.deepEqual(readFacts('a.json', deep(MAX_JSON_DEPTH + 1))?.problems.map((p) => p.reason), [`the file is not valid JSON: nesting deeper than ${MAX_JSON_DEPTH} levels on line 1`]);
  });

  it('a resource without a recognisable type is reported, never dropped; an unknown type is unchecked; an uncovered one is informational', () => {
    const index = new InfraIndex();
    index.set('main.json', json({ $schema: SCHEMA, resources: [{ name: 'x', location: 'westeurope' }, { type: 'Contoso.Widgets/gadgets', name: 'g' }, { type: 'Microsoft.ManagedIdentity/userAssignedIdentities', name: 'id', location: 'westeurope' }, { type: 'Microsoft.Network/publicIPAddresses', name: 'ip', location: 'westeurope' }] }));
    assert.deepEqual(rows(index), [
      'Virtual Network | West Europe | main.json:20',
      'unchecked main.json:4 this resource has no "type", so it is not read',
      'unchecked main.json:8 no Service Health service is known for resource type Contoso.Widgets/gadgets',
      'info main.json:15 Microsoft.ManagedIdentity/userAssignedIdentities: no Service Health service covers this resource type',
    ]);
  });

  it('nested deployments read like modules: inner scope takes its parameters, outer scope sees the parent\'s; a linked template is unchecked', () => {
    const nested = (scope: string, location: string): unknown => ({
      type: 'Microsoft.Resources/deployments',
      apiVersion: '2022-09-01',
      name: scope,
      properties: {
        mode: 'Incremental',
        expressionEvaluationOptions: { scope },
        parameters: { location: { value: "[parameters('location')]" } },
        template: { $schema: SCHEMA, parameters: { location: { type: 'string', defaultValue: 'eastus' } }, resources: [{ type: 'Microsoft.Web/sites', name: scope, location }] },
      },
    });
    const index = new InfraIndex();
    index.set(
      'main.json',
      json({
        $schema: SCHEMA,
        parameters: { location: { type: 'string', defaultValue: 'westeurope' } },
        resources: [nested('inner', "[parameters('location')]"), nested('outer', "[parameters('location')]"), { type: 'Microsoft.Resources/deployments', name: 'linked', properties: { templateLink: { uri: 'https://example.com/t.json' } } }],
      }),
    );
    const r = rows(index);
    assert.deepEqual(r, [
      'App Service | West Europe | main.json:36',
      'App Service | West Europe | main.json:68',
      "unchecked main.json:74 the linked template of deployment 'linked' is not read; its resources are not checked",
    ]);
  });

  it('compiled Bicep: 13 nested deployments of a main.json each keep their targets (issue 31: "nothing was checked")', () => {
    const module = (i: number): unknown => ({ type: 'Microsoft.Resources/deployments', name: `m${i}`, properties: { expressionEvaluationOptions: { scope: 'inner' }, parameters: { location: { value: "[parameters('location')]" } }, template: { $schema: SCHEMA, parameters: { location: { type: 'string' } }, resources: [{ type: 'Microsoft.Storage/storageAccounts', name: `s${i}`, location: "[parameters('location')]" }] } } });
    const index = new InfraIndex();
    index.set('main.json', json({ $schema: SCHEMA, parameters: { location: { type: 'string', defaultValue: 'uksouth' } }, resources: Array.from({ length: 13 }, (_, i) => module(i)) }));
    assert.equal(index.report().targets.filter((t) => t.service === 'Storage' && t.region === 'UK South').length, 13);
    assert.deepEqual(index.report().unresolved, []);
  });
});

import assert from 'node:assert/strict';
import { InfraIndex } from '../../../src/core/infra/infraIndex';

const targetsOf = (index: InfraIndex): string[] => index.report().targets.map((t) => `${t.service} | ${t.region} | ${t.file}:${t.line}`);

// Every azd starter's infra/main.bicep stacks decorators on their own lines above its parameters.
describe('Bicep decorators (azd starters stack them line after line)', () => {
  it('two stacked decorator lines above a param, as in an azd starter main.bicep, are skipped and the param is read', () => {
    const index = new InfraIndex();
    index.set(
      'infra/main.bicep',
      [
        "@minLength(1)",
        "@description('Primary location for all resources')",
        "param location string = 'westeurope'",
        '',
        "@description('The admin password')",
        '@secure()',
        'param password string',
        '',
        "resource web 'Microsoft.Web/sites@2023-12-01' = {",
        "  name: 'web'",
        '  location: location',
        '}',
      ].join('\n'),
    );
    assert.deepEqual(targetsOf(index), ['App Service | West Europe | infra/main.bicep:11']);
    assert.deepEqual(index.report().unresolved, []);
  });

  it('any number of decorators, on one line or many, before param, var, resource, module, output, type and func', () => {
    const index = new InfraIndex();
    index.set(
      'main.bicep',
      [
        "@allowed([\n  'westeurope'\n  'northeurope'\n])",
        "@minLength(1) @maxLength(20) @description('where')",
        '@metadata({',
        "  example: 'westeurope'",
        '})',
        "param location string = 'northeurope'",
        "@description('v')",
        '@export()',
        'var region = location',
        '@description(\'t\')',
        '@sealed()',
        'type pair = { a: string }',
        "@description('f')",
        '@export()',
        'func twice(s string) string => s',
        "@batchSize(1)",
        "@description('r')",
        "resource kv 'Microsoft.KeyVault/vaults@2023-07-01' = {",
        '  location: region',
        '}',
        "@description('m')",
        "@sys.description('qualified')",
        "module mon './mon.bicep' = {",
        "  name: 'mon'",
        '  params: {',
        '    location: location',
        '  }',
        '}',
        "@description('o')",
        '@secure()',
        'output where string = location',
      ].join('\n'),
    );
    index.set('mon.bicep', "param location string\nresource w 'Microsoft.OperationalInsights/workspaces@2023-09-01' = {\n  location: location\n}\n");
    assert.deepEqual(targetsOf(index), ['Key Vault | North Europe | main.bicep:22', 'Log Analytics | North Europe | mon.bicep:3']);
  });

  it('a file that is only decorators (half typed) ends, with nothing read', () => {
    const index = new InfraIndex();
    index.set('main.bicep', "@description('a')\n@secure()\n@\n@(\n");
    assert.deepEqual(index.report().targets, []);
  });
});

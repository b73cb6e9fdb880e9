import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readFacts } from '../../../src/core/infra/classify';
import { InfraIndex } from '../../../src/core/infra/infraIndex';

const NAMES = ['main.bicep', 'main.bicepparam', 'main.tf', 'prod.tfvars', 'azure.yaml', '.azure/dev/.env', 'azuredeploy.json'];
const ARM_HEAD = '{"$schema": "https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#", ';
// Fragments of real syntax, so random input reaches deep into the parsers, not just the first token.
const PIECES = ["resource x 'Microsoft.Web/sites@2023-01-01' = {", 'location:', "'westeurope'", '${', '}', '{', '[', ']', '(', ')', '\n', "'''", '"', "'", '/*', '//', '#', '<<EOT', 'EOT', 'param', 'var', '=', '?', ':', 'resource "azurerm_linux_web_app" "a" {', 'location = var.x', 'variable "x" {', 'default =', '.location', 'module m \'./m.bicep\' = {', 'params: {', 'using', '"resources": [', '"location": "[parameters(\'l\')]"', '\\', '\u0000', 'services:', '  web:', '    host: appservice', 'AZURE_LOCATION='];

describe('infrastructure reader: bad input never throws', () => {
  it('random mixes of template syntax, in every file kind, are read or skipped with a reason, never thrown', () => {
    fc.assert(
      fc.property(fc.constantFrom(...NAMES), fc.array(fc.oneof(fc.constantFrom(...PIECES), fc.string({ maxLength: 8 })), { maxLength: 60 }), fc.boolean(), (name, pieces, armHead) => {
        const text = (armHead && name.endsWith('.json') ? ARM_HEAD : '') + pieces.join(' ');
        const index = new InfraIndex();
        index.set(name, text);
        index.set('other.bicep', text);
        const report = index.report();
        for (const u of report.unresolved) {
          assert.ok(u.reason.length > 0);
        }
      }),
      { numRuns: 400, seed: 24 },
    );
  });

  it('deep nesting (a generated template 100,000 brackets deep) is reported, not a stack overflow', () => {
    const deep = `${ARM_HEAD}"resources": ${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const facts = readFacts('deep.json', deep);
    assert.equal(facts?.kind, 'skipped');
    assert.match(facts?.problems[0]?.reason ?? '', /nesting deeper than 200 levels/);
    const bicep = readFacts('deep.bicep', `resource x 'Microsoft.Web/sites@1' = ${'{'.repeat(100_000)}`);
    assert.equal(bicep?.kind, 'bicep');
  });

  it('references that go round in a circle (param a = b, b = a) end with a reason', () => {
    const index = new InfraIndex();
    index.set('main.bicep', "var a = b\nvar b = a\nresource s 'Microsoft.Web/sites@1' = {\n  location: a\n}\n");
    assert.deepEqual(index.report().unresolved.map((u) => u.reason), ['App Service: the references go around in a circle']);
  });

  it('a file that is not infrastructure (package.json, README) is not read at all', () => {
    assert.equal(readFacts('package.json', '{"name":"x"}'), undefined);
    assert.equal(readFacts('README.md', '# hi'), undefined);
  });
});

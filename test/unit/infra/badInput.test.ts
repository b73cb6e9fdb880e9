import assert from 'node:assert/strict';
import fc from 'fast-check';
import { readFacts } from '../../../src/core/infra/classify';
import { InfraIndex } from '../../../src/core/infra/infraIndex';
import { withStepBudget } from '../../../src/core/infra/progress';
import type { InfraReport } from '../../../src/core/infra/types';

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

  // Each generated case runs under the reader's step budgets (per file, per resolve): a case that
  // spends one did not finish, and fails the property; nothing here measures time.
  describe('fuzzing in the shapes of public templates', () => {
    const RUNS = { numRuns: 120, seed: 30 };
    it('stacked decorators (one line or many, any count) before every kind of declaration', () => {
      fc.assert(
        fc.property(fc.array(fc.tuple(fc.array(DECORATOR, { maxLength: 6 }), fc.constantFrom('\n', ' ', '\n\n'), DECLARATION), { maxLength: 12 }), unterminated(), (decls, tail) => {
          finished({ 'infra/main.bicep': decls.map(([decorators, sep, decl]) => [...decorators, decl].join(sep)).join('\n') + tail, 'infra/mon.bicep': 'param location string\n' });
        }),
        RUNS,
      );
    });

    it('module graphs with cycles, self-calls and fan-out, between files the modules really name', () => {
      fc.assert(
        fc.property(moduleGraph(), (files) => {
          const report = finished(files);
          // Every site is accounted for: a target or a reason on its location line (the last line
          // but one); a call that closes a cycle is a line of its own, and nothing else is.
          const places = new Set([...report.targets, ...report.unresolved].map((x) => `${x.file}:${x.line}`));
          const sites = Object.entries(files).map(([file, text]) => `${file}:${text.split('\n').length - 2}`);
          const cycles = report.unresolved.filter((u) => u.reason.includes('closes a cycle')).map((u) => `${u.file}:${u.line}`);
          assert.deepEqual([...places].sort(), [...new Set([...sites, ...cycles])].sort(), JSON.stringify(report));
        }),
        RUNS,
      );
    });

    it('ARM templates with nested deployments (inner and outer scope), deep and wide', () => {
      fc.assert(
        fc.property(armDeployment(), fc.boolean(), (resources, params) => {
          const template = { $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#', parameters: { location: params ? { type: 'string', defaultValue: 'westeurope' } : { type: 'string' } }, resources };
          finished({ 'azuredeploy.json': JSON.stringify(template, null, 1) });
        }),
        RUNS,
      );
    });

    it('registry modules (AVM, private br:, template specs) mixed with local ones', () => {
      fc.assert(
        fc.property(fc.array(fc.constantFrom(...REGISTRY), { minLength: 1, maxLength: 6 }), fc.constantFrom("'westeurope'", 'location', 'resourceGroup().location'), (refs, location) => {
          const text = `param location string = 'northeurope'\n${refs.map((ref, i) => `module m${i} '${ref}' = {\n  name: 'm${i}'\n  params: {\n    location: ${location}\n  }\n}\n`).join('')}`;
          finished({ 'main.bicep': text, 'local.bicep': "param location string\nresource s 'Microsoft.Web/sites@1' = {\n  location: location\n}\n" });
        }),
        RUNS,
      );
    });

    it('deep nesting, long whitespace runs and unterminated strings, in every file kind', () => {
      fc.assert(
        fc.property(fc.constantFrom(...NAMES), fc.constantFrom('resource', 'brace', 'interp', 'json', 'heredoc'), fc.integer({ min: 1, max: 3_000 }), fc.integer({ min: 0, max: 60_000 }), unterminated(), (name, shape, depth, spaces, tail) => {
          finished({ [name]: (name.endsWith('.json') ? ARM_HEAD : '') + nested(shape, depth, ' '.repeat(spaces)) + tail });
        }),
        { numRuns: 60, seed: 30 },
      );
    });
  });

  it('a file that is not infrastructure (package.json, README) is not read at all', () => {
    assert.equal(readFacts('package.json', '{"name":"x"}'), undefined);
    assert.equal(readFacts('README.md', '# hi'), undefined);
  });
});

const DECORATOR = fc.constantFrom("@description('Primary location for all resources')", '@secure()', '@minLength(1)', '@maxLength(64)', "@allowed([\n  'westeurope'\n  'northeurope'\n])", "@sys.description('x')", "@metadata({\n  a: 'b'\n})", '@batchSize(1)', '@export()', '@', '@(', '@description(');
const DECLARATION = fc.constantFrom(
  "param location string = 'westeurope'",
  'param name string',
  'var region = location',
  "resource web 'Microsoft.Web/sites@2023-12-01' = {\n  name: 'web'\n  location: location\n}",
  "module mon './mon.bicep' = {\n  name: 'mon'\n  params: {\n    location: location\n  }\n}",
  'output where string = location',
  'type pair = { a: string }',
  'func twice(s string) string => s',
);
const REGISTRY = ['br/public:avm/res/key-vault/vault:0.6.1', 'br/public:avm/res/web/site:0.3.0', 'br/public:avm/res/unknown/thing:1.0.0', 'br:contoso.azurecr.io/bicep/modules/app:1.0', 'br/contoso:app:v1', 'ts:00000000-0000-0000-0000-000000000000/rg/spec:1.0', './local.bicep', './missing.bicep'];

/** A tail that leaves a string or comment open, or nothing. */
const unterminated = (): fc.Arbitrary<string> => fc.constantFrom('', "'", '"', "'''", '/*', "'${", '"${', '<<EOT\nx');

/** Reads the files under the reader's own budgets and fails when any case did not finish within them. */
function finished(files: Record<string, string>): InfraReport {
  const index = new InfraIndex();
  const { value: report } = withStepBudget(Number.POSITIVE_INFINITY, () => {
    for (const [name, text] of Object.entries(files)) {
      index.set(name, text);
    }
    return index.report();
  });
  for (const u of report.unresolved) {
    assert.ok(u.reason.length > 0);
    assert.doesNotMatch(u.reason, /steps, so it was stopped|stopped moving|too many times to follow|could not be read \(/, `${u.file}: ${u.reason}`);
  }
  return report;
}

/** 1-6 files m0..m5; each calls files of the graph by the names they really have (itself included), up to 3 times. */
function moduleGraph(): fc.Arbitrary<Record<string, string>> {
  return fc.integer({ min: 1, max: 6 }).chain((n) =>
    fc.array(fc.tuple(fc.array(fc.integer({ min: 0, max: n - 1 }), { maxLength: 3 }), fc.boolean(), fc.constantFrom('location', "'westeurope'", 'other')), { minLength: n, maxLength: n }).map((specs) => {
      const files: Record<string, string> = {};
      specs.forEach(([calls, withDefault, value], i) => {
        const head = `param location string${withDefault ? " = 'northeurope'" : ''}\nparam other string = location\n`;
        const mods = calls.map((j, k) => `module c${k} './m${j}.bicep' = {\n  name: 'c${k}'\n  params: {\n    location: ${value}\n  }\n}\n`).join('');
        files[`infra/m${i}.bicep`] = `${head}${mods}resource s 'Microsoft.Web/sites@2022-01-01' = {\n  name: 's${i}'\n  location: location\n}\n`;
      });
      return files;
    }),
  );
}

type Json = Record<string, unknown>;

/** ARM resources: sites, and Microsoft.Resources/deployments holding an inline template with more of both. */
function armDeployment(): fc.Arbitrary<Json[]> {
  const { tree } = fc.letrec<{ tree: Json[]; resource: Json }>((tie) => ({
    tree: fc.array(tie('resource'), { maxLength: 4 }),
    resource: fc.oneof(
      { depthSize: 'small', withCrossShrink: true },
      fc.record({ type: fc.constantFrom('Microsoft.Web/sites', 'Microsoft.Network/publicIPAddresses', 'Contoso.Widgets/gadgets', 'microsoft.keyvault/VAULTS'), apiVersion: fc.constant('2023-01-01'), name: fc.constant('r'), location: fc.constantFrom("[parameters('location')]", "[parameters('Location')]", 'westeurope', 'global', '[resourceGroup().location]') }),
      fc.record({
        type: fc.constant('Microsoft.Resources/deployments'),
        apiVersion: fc.constant('2022-09-01'),
        name: fc.constant('nested'),
        properties: fc.record({
          mode: fc.constant('Incremental'),
          expressionEvaluationOptions: fc.record({ scope: fc.constantFrom('inner', 'outer') }),
          parameters: fc.constant({ location: { value: "[parameters('location')]" } }),
          template: tie('tree').map((resources) => ({ $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#', parameters: { location: { type: 'string' } }, resources })),
        }),
      }),
    ),
  })) as { tree: fc.Arbitrary<Json[]> };
  return tree;
}

/** A text nested `depth` deep in one of the shapes generated files take, with a whitespace run in it. */
function nested(shape: string, depth: number, pad: string): string {
  switch (shape) {
    case 'resource':
      return `${"resource r 'Microsoft.Web/sites@1' = {\n  location: 'westeurope'\n".repeat(depth)}${pad}${'}\n'.repeat(depth)}`;
    case 'brace':
      return `var x = ${'{'.repeat(depth)}${pad}${'}'.repeat(depth)}\nservices:\n  web:\n${pad}x\n    host: appservice\n`;
    case 'interp':
      return `var x = '${"${'".repeat(depth)}${pad}${"'}".repeat(depth)}'\nlocals {\n  a = "${'${"'.repeat(depth)}"\n}\n`;
    case 'json':
      return `"resources": ${'['.repeat(depth)}${pad}${']'.repeat(depth)}}`;
    default:
      return `resource "azurerm_linux_web_app" "a" {\n  location = <<EOT\n${pad}${'EOT\n'.repeat(depth % 5)}\n}\n`;
  }
}

import assert from 'node:assert/strict';
import { InfraIndex } from '../../../src/core/infra/infraIndex';
import { MAX_VALUE_NESTING } from '../../../src/core/infra/bicepValue';
import { readFacts } from '../../../src/core/infra/classify';
import type { Expr } from '../../../src/core/infra/types';

const rows = (index: InfraIndex): string[] => {
  const r = index.report();
  return [...r.targets.map((t) => `${t.service} | ${t.region} | ${t.file}:${t.line}`), ...r.unresolved.map((u) => `unchecked ${u.file}:${u.line} ${u.reason}`)];
};

const SITE = (location: string, loop = 'for region in regions'): string => `resource web 'Microsoft.Web/sites@2022-09-01' = [${loop}: {\n  name: 'app'\n  location: ${location}\n}]\n`;

describe('Bicep loops: a loop item stands for each element of its list', () => {
  it('a list from a parameters file (not the default) gives one target per element', () => {
    const index = new InfraIndex();
    index.set('main.bicep', `param regions array = [ 'westeurope' ]\n${SITE('region')}`);
    index.set('main.bicepparam', "using './main.bicep'\nparam regions = [\n  'eastus'\n  'westus2'\n]\n");
    assert.deepEqual(rows(index), ['App Service | East US | main.bicep:4', 'App Service | West US 2 | main.bicep:4']);
  });

  it('an item property (s.region), a string interpolation of it, and a list held in a variable', () => {
    const index = new InfraIndex();
    index.set('main.bicep', `var stamps = [\n  { name: 'a', region: 'uksouth' }\n  { name: 'b', region: 'ukwest' }\n]\n${SITE('s.region', 'for s in stamps')}${SITE("'${s.region}'", 'for (s, i) in stamps')}`);
    assert.deepEqual(rows(index), ['App Service | UK South | main.bicep:7', 'App Service | UK West | main.bicep:7', 'App Service | UK South | main.bicep:11', 'App Service | UK West | main.bicep:11']);
  });

  it('what a loop cannot give is unchecked with why: the index, range(), a missing property, a list of no known value', () => {
    const index = new InfraIndex();
    index.set('main.bicep', `param regions array\nvar stamps = [ { name: 'a' } ]\n${SITE('i', 'for (r, i) in regions')}${SITE('r', 'for r in range(0, 3)')}${SITE('s.region', 'for s in stamps')}${SITE('region')}`);
    assert.deepEqual(rows(index), [
      'unchecked main.bicep:5 App Service: the loop index i is a number, not a region',
      "unchecked main.bicep:9 App Service: the loop's list: cannot evaluate range(0, 3)",
      'unchecked main.bicep:13 App Service: a loop item has no property region',
      'unchecked main.bicep:17 App Service: parameter regions has no default value and no parameters file sets it',
    ]);
  });

  it('a module loop passes each item to the module; a caller that sets the list decides it', () => {
    const index = new InfraIndex();
    index.set('main.bicep', "module pair 'pair.bicep' = {\n  name: 'pair'\n  params: { regions: [ 'japaneast', 'japanwest' ] }\n}\n");
    index.set('pair.bicep', "param regions array = [ 'westeurope' ]\nmodule app 'app.bicep' = [for r in regions: {\n  name: 'app-${r}'\n  params: { location: r }\n}]\n");
    index.set('app.bicep', "param location string\nresource web 'Microsoft.Web/sites@2022-09-01' = {\n  name: 'app'\n  location: location\n}\n");
    assert.deepEqual(rows(index), ['App Service | Japan East | app.bicep:4', 'App Service | Japan West | app.bicep:4']);
  });

  it(`lists nested ${MAX_VALUE_NESTING} deep are read; one level more is left unevaluated with why`, () => {
    const innermost = (levels: number): Expr | undefined => {
      const facts = readFacts('main.bicep', `var regions = ${'[ '.repeat(levels)}'westeurope'${' ]'.repeat(levels)}\n`);
      let value = facts?.kind === 'bicep' ? facts.vars.get('regions') : undefined;
      while (value?.k === 'array') value = value.items[0];
      return value;
    };
    assert.deepEqual(innermost(MAX_VALUE_NESTING), { k: 'str', v: 'westeurope' });
    assert.deepEqual(innermost(MAX_VALUE_NESTING + 1), { k: 'unknown', reason: `a value nested more than ${MAX_VALUE_NESTING} deep is not read` });
  });
});

import assert from 'node:assert/strict';
import path from 'node:path';
import { readInfraDir } from '../../../src/core/infra/readDir';
import type { InfraReport } from '../../../src/core/infra/types';

const fixtures = path.resolve(__dirname, '../../../../test/fixtures/infra');

/** Each target as `file:line name type @nameLine`; '-' where the reader left a field out. */
const identities = (r: InfraReport): string[] => r.targets.map((t) => `${t.file}:${t.line} ${t.name ?? '-'} ${t.resourceType ?? '-'} @${t.nameLine ?? '-'}`);

describe("infrastructure reader: the resource's name and ARM type (test/fixtures/infra/names)", () => {
  it('literal names and parameters with one value are kept; interpolations, functions and parameters without a value are left out', () => {
    const r = readInfraDir(path.join(fixtures, 'names')).report;
    assert.deepEqual(identities(r), [
      'azuredeploy.json:12 bus-main Microsoft.ServiceBus/namespaces @11', // [parameters('busName')] with a default
      'azuredeploy.json:18 - Microsoft.EventHub/namespaces @-', // [concat(…)]: never guessed
      'azuredeploy.json:24 sql-main Microsoft.Sql/servers @23',
      'azuredeploy.json:30 sql-main/orders Microsoft.Sql/servers/databases @29', // the nested child
      'main.bicep:8 - Microsoft.Web/serverfarms @-', // planName: no default, no parameters file
      'main.bicep:13 app-web Microsoft.Web/sites @12', // siteName's default
      'main.bicep:18 - Microsoft.DocumentDB/databaseAccounts @-', // '${…}' interpolation
      'main.bicep:23 - Microsoft.KeyVault/vaults @-', // toLower(…)
      'main.bicep:27 cache-main Microsoft.Cache/redis @28', // name after location
      'main.tf:9 tf-app - @8', // var.app_name's default; Terraform types have no ARM type here
      'main.tf:14 - - @-', // "${var.prefix}sa"
      'main.tf:19 tf-vault - @18',
    ]);
  });

  it('the corpus: literal names kept, interpolated ones left out', () => {
    const r = readInfraDir(fixtures).report;
    const named = (file: string, line: number): string | undefined => r.targets.find((t) => t.file === file && t.line === line)?.name;
    assert.equal(named('bicep/monitoring.bicep', 5), 'logs');
    assert.equal(named('bicep/main.bicep', 29), undefined); // '${prefix}-web'
    assert.equal(named('arm/azuredeploy.json', 23), 'sql1');
    assert.equal(named('terraform/modules/web/main.tf', 7), 'web');
    assert.equal(named('terraform/main.tf', 22), undefined); // "${var.prefix}-aks"
  });
});

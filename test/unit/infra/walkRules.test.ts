// One rule decides which templates a folder deploys, for the CLI's walk and the editor's file search
// (issue 31: test and example templates, --include/--exclude, azd's infra path).
import assert from 'node:assert/strict';
import { InfraIndex } from '../../../src/core/infra/infraIndex';
import { walkRules } from '../../../src/core/infra/walkRules';

const SITE = (region: string): string => `resource web 'Microsoft.Web/sites@2022-09-01' = {\n  location: '${region}'\n}\n`;

describe('walkRules.deploys: the one decision of what a folder deploys', () => {
  it('test and example templates are not deployments, at any depth; other templates are', () => {
    const { deploys } = walkRules();
    for (const rel of ['main.bicep', 'infra/main.bicep', 'infra/modules/web.bicep', 'main.tf', 'testing/main.bicep', 'contest.bicep']) assert.equal(deploys(rel), true, rel);
    for (const rel of ['main.test.bicep', 'modules/web.TEST.bicep', 'tests/a.bicep', 'test/b.bicep', 'e2e/c.bicep', 'examples/d/main.bicep', 'deploy/tests/x.bicep', 'node_modules/m/main.bicep', '.terraform/modules/x/main.tf']) {
      assert.equal(deploys(rel), false, rel);
    }
  });

  it("azd's infra path may point into a test or example folder; then its templates deploy", () => {
    const { deploys } = walkRules({ azdInfraPath: 'examples/app' });
    assert.equal(deploys('examples/app/main.bicep'), true);
    assert.equal(deploys('examples/other/main.bicep'), false);
  });

  it('include keeps only matching templates (test ones too when named), exclude drops files and folders, azd files always count', () => {
    const include = walkRules({ include: ['infra/**', 'tests/smoke.bicep'] });
    assert.deepEqual(['infra/main.bicep', 'tests/smoke.bicep', 'legacy/old.bicep', 'azure.yaml', '.azure/dev/.env'].map(include.deploys), [true, true, false, true, true]);
    const exclude = walkRules({ exclude: ['legacy', 'infra/skip.bicep'] });
    assert.deepEqual(['infra/main.bicep', 'infra/skip.bicep', 'legacy/old.bicep', 'legacy/deep/older.bicep'].map(exclude.deploys), [true, false, false, false]);
  });

  it('matches the walk: a file deploys exactly when the walk neither skips a folder above it nor the file', () => {
    const rules = walkRules({ exclude: ['legacy/**'] });
    const walkWould = (rel: string): boolean => {
      const parts = rel.split('/');
      for (let i = 1; i < parts.length; i++) if (rules.skipDir(parts.slice(0, i).join('/'), parts[i - 1] ?? '')) return false;
      return !rules.skipFile(rel);
    };
    for (const rel of ['a.bicep', 'legacy/x/y.bicep', 'tests/t.bicep', 'src/e2e/z.tf', 'infra/main.test.bicep', 'deploy/main.bicep']) assert.equal(rules.deploys(rel), walkWould(rel), rel);
  });
});

describe('InfraIndex.deployedReport: what the folder deploys, and every file for the one the user opened', () => {
  it('a main.test.bicep adds no target to what the folder deploys; its own report keeps it', () => {
    const index = new InfraIndex();
    index.set('main.bicep', SITE('westeurope'));
    index.set('main.test.bicep', SITE('brazilsouth'));
    const { report, undeployed, all } = index.deployedReport(walkRules().deploys);
    assert.deepEqual(report.targets.map((t) => `${t.file} ${t.region}`), ['main.bicep West Europe']);
    assert.deepEqual(undeployed, ['main.test.bicep']);
    assert.deepEqual(all?.targets.map((t) => `${t.file} ${t.region}`), ['main.bicep West Europe', 'main.test.bicep Brazil South']);
  });

  it('with nothing left out it is the plain report, and it follows a changed file', () => {
    const index = new InfraIndex();
    index.set('main.bicep', SITE('westeurope'));
    const plain = index.deployedReport(walkRules().deploys);
    assert.equal(plain.report, index.report());
    assert.equal(plain.all, undefined);
    index.set('tests/t.bicep', SITE('eastus'));
    index.set('main.bicep', SITE('northeurope'));
    assert.deepEqual(index.deployedReport(walkRules().deploys).report.targets.map((t) => t.region), ['North Europe']);
  });
});

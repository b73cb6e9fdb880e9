/**
 * The walk behind the deployment gate: what counts toward the caps, which folders go first, which
 * files are deployments, and links out of the folder (issue 31, review H2 and weak test 3).
 */
import assert from 'node:assert/strict';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readInfraDir } from '../../../src/core/infra/readDir';
import { makeTooDeepFolder, removeTree } from './tooDeep';
import { azdInfraPath } from '../../../src/core/infra/walkRules';

const SITE = (region: string): string => `resource s 'Microsoft.Web/sites@2023-12-01' = {\n  name: 's'\n  location: '${region}'\n}\n`;
const ARM = (region: string): string =>
  JSON.stringify({ $schema: 'https://schema.management.azure.com/schemas/2019-04-01/deploymentTemplate.json#', resources: [{ type: 'Microsoft.Web/sites', name: 'w', location: region }] });


describe('infrastructure reader: the walk (caps that only templates use up, order, deployments, links)', () => {
  let dir: string;
  const write = (rel: string, text: string): void => {
    mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    writeFileSync(path.join(dir, rel), text);
  };
  const targets = (r: { targets: readonly { file: string; region: string }[] }): string[] => r.targets.map((t) => `${t.file} ${t.region}`);
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'walk-'));
  });
  afterEach(() => {
    removeTree(dir);
  });

  it('2,001 ordinary JSON files (a JavaScript repository) never use up the 2,000-file cap: the template is read, nothing is unchecked', () => {
    write('a-infra/main.bicep', SITE('westeurope'));
    for (let i = 1; i <= 2001; i++) {
      write(`z-data/f${i}.json`, '{"k":1}');
    }
    const r = readInfraDir(dir).report;
    assert.deepEqual(targets(r), ['a-infra/main.bicep West Europe']);
    assert.deepEqual(r.unresolved, []);
  });

  it('ARM templates and parameters files count toward the file cap (both sides of it); other JSON does not', () => {
    write('a.json', ARM('westeurope'));
    write('b.json', ARM('northeurope'));
    write('package.json', '{"name":"x"}');
    write('tsconfig.json', '{"compilerOptions":{}}');
    assert.deepEqual(readInfraDir(dir, { maxFiles: 2 }).report.unresolved, []);
    assert.equal(readInfraDir(dir, { maxFiles: 2 }).report.targets.length, 2);
    assert.deepEqual(readInfraDir(dir, { maxFiles: 1 }).report.unresolved.map((u) => u.reason), ['stopped after 1 infrastructure files; the rest were not read']);
  });

  it('a JSON file over the size cap (package-lock.json) is skipped silently unless it is a template', () => {
    write('package-lock.json', `{"name":"x","pad":"${'x'.repeat(300)}"}`);
    write('big.json', `${ARM('westeurope').slice(0, -1)},"pad":"${'x'.repeat(300)}"}`);
    const r = readInfraDir(dir, { maxFileBytes: 200 }).report;
    assert.deepEqual(r.unresolved.map((u) => `${u.file} ${u.reason}`), ['big.json the file is larger than 200 bytes and was not read']);
  });

  it('stops at the total byte budget with the reason (both sides of it); other JSON costs only the start looked at', () => {
    const text = SITE('westeurope');
    write('a.bicep', text);
    write('b.bicep', text);
    const size = Buffer.byteLength(text);
    assert.deepEqual(readInfraDir(dir, { maxTotalBytes: 2 * size }).report.unresolved, []);
    const over = readInfraDir(dir, { maxTotalBytes: 2 * size - 1 }).report;
    assert.equal(over.targets.length, 1);
    assert.deepEqual(over.unresolved.map((u) => u.reason), [`stopped after reading ${size} bytes (the cap is ${2 * size - 1}); the rest were not read`]);
  });

  it('likely template folders (infra, deploy, bicep, terraform, azd\'s infra path) are walked first, so a cap reached elsewhere never pushes them out', () => {
    write('zzz/other.bicep', SITE('eastus'));
    write('aaa/other.bicep', SITE('eastus'));
    write('infra/main.bicep', SITE('westeurope'));
    assert.deepEqual(targets(readInfraDir(dir, { maxFiles: 1 }).report), ['infra/main.bicep West Europe']);
    write('azure.yaml', 'name: x\ninfra:\n  provider: bicep\n  path: ./a/iac # azd reads it here\n');
    write('a/iac/main.bicep', SITE('northeurope'));
    // Two files: azure.yaml (read with the root's files), then azd's infra path before infra/.
    assert.deepEqual(targets(readInfraDir(dir, { maxFiles: 2 }).report), ['a/iac/main.bicep North Europe']);
  });

  it('azd infra path: the infra.path of azure.yaml, else infra; a path out of the folder or a very long line keeps the default', () => {
    assert.equal(azdInfraPath(undefined), 'infra');
    assert.equal(azdInfraPath('name: x\ninfra:\n  path: "deploy/azure/"\n'), 'deploy/azure');
    assert.equal(azdInfraPath('name: x\ninfra:\n  path: ../elsewhere\n'), 'infra');
    assert.equal(azdInfraPath(`infra:\n  path: ${'/'.repeat(100_000)}x\n`), 'infra');
    assert.equal(azdInfraPath('services:\n  web:\n    path: ./src\n'), 'infra');
  });

  it('test and example templates (tests/, test/, e2e/, examples/, *.test.bicep) are not deployments', () => {
    write('main.bicep', SITE('westeurope'));
    for (const rel of ['tests/a.bicep', 'test/b.bicep', 'e2e/c.bicep', 'examples/d/main.bicep', 'modules/web.test.bicep']) {
      write(rel, SITE('eastus'));
    }
    const r = readInfraDir(dir).report;
    assert.deepEqual(targets(r), ['main.bicep West Europe']);
    assert.deepEqual(r.unresolved, []);
  });

  it('...unless azure.yaml or --include points at them', () => {
    write('examples/app/main.bicep', SITE('eastus'));
    write('tests/t.bicep', SITE('westus'));
    assert.deepEqual(targets(readInfraDir(dir, { include: ['tests/**'] }).report), ['tests/t.bicep West US']);
    write('azure.yaml', 'infra:\n  path: examples/app\n');
    assert.deepEqual(targets(readInfraDir(dir).report), ['examples/app/main.bicep East US']);
  });

  it('--include reads only matching templates and --exclude drops files and folders (azd files are always read)', () => {
    write('infra/main.bicep', SITE('westeurope'));
    write('legacy/old.bicep', SITE('eastus'));
    write('legacy/deep/older.bicep', SITE('eastus'));
    write('infra/skip.bicep', SITE('westus'));
    assert.deepEqual(targets(readInfraDir(dir, { exclude: ['legacy', 'infra/skip.bicep'] }).report), ['infra/main.bicep West Europe']);
    assert.deepEqual(targets(readInfraDir(dir, { exclude: ['legacy/**'] }).report).sort(), ['infra/main.bicep West Europe', 'infra/skip.bicep West US']);
    assert.deepEqual(targets(readInfraDir(dir, { include: ['legacy/*.bicep'] }).report), ['legacy/old.bicep East US']);
  });

  it('a link to a template outside the folder is not followed (noted); a link inside is read once', function () {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'walk-outside-'));
    writeFileSync(path.join(outside, 'main.bicep'), SITE('eastus'));
    writeFileSync(path.join(outside, 'shared.json'), '{}');
    write('infra/main.bicep', SITE('westeurope'));
    try {
      symlinkSync(path.join(outside, 'main.bicep'), path.join(dir, 'linked.bicep'), 'file');
      symlinkSync(path.join(outside, 'shared.json'), path.join(dir, 'tsconfig.json'), 'file');
      symlinkSync(path.join(dir, 'infra', 'main.bicep'), path.join(dir, 'again.bicep'), 'file');
    } catch {
      rmSync(outside, { recursive: true, force: true });
      this.skip();
    }
    try {
      const r = readInfraDir(dir).report;
      assert.deepEqual(targets(r), ['again.bicep West Europe', 'infra/main.bicep West Europe']);
      assert.deepEqual(
        r.unresolved.map((u) => `${u.file} ${u.info === true ? 'info' : 'unchecked'} ${u.reason}`),
        ['linked.bicep unchecked a link to a file outside the folder read was not followed', 'tsconfig.json info a link to a file outside the folder read was not followed'],
      );
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('a folder that cannot be listed (no permission) is noted as not checked', function () {
    if (process.getuid?.() === 0) {
      this.skip(); // root reads any folder
    }
    write('infra/main.bicep', SITE('westeurope'));
    write('locked/main.bicep', SITE('eastus'));
    chmodSync(path.join(dir, 'locked'), 0o000);
    try {
      const r = readInfraDir(dir).report;
      assert.deepEqual(r.unresolved.map((u) => `${u.file} ${u.reason}`), ['locked the folder could not be listed (EACCES), so its templates were not checked']);
    } finally {
      chmodSync(path.join(dir, 'locked'), 0o755);
    }
  });

  it('a folder whose path is longer than the system allows (ENAMETOOLONG) is noted as not checked, the rest is read', () => {
    write('infra/main.bicep', SITE('westeurope'));
    // Built with relative steps (cd), as a deep checkout can be; its absolute path passes PATH_MAX.
    makeTooDeepFolder(dir);
    const r = readInfraDir(dir).report;
    assert.deepEqual(targets(r), ['infra/main.bicep West Europe']);
    assert.equal(r.unresolved.length, 1);
    assert.match(r.unresolved[0]?.reason ?? '', /^the folder could not be listed \(ENAMETOOLONG\), so its templates were not checked$/);
  });
});

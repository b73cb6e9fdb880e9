import assert from 'node:assert/strict';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { readInfraDir } from '../../../src/core/infra/readDir';

const SITE = (region: string): string => `resource s 'Microsoft.Web/sites@2023-12-01' = {\n  name: 's'\n  location: '${region}'\n}\n`;

describe('infrastructure reader: caps, links and files it must not read', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(path.join(os.tmpdir(), 'infra-'));
  });
  afterEach(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it('a file exactly at the size cap is read; one byte over is skipped with the reason', () => {
    const text = SITE('westeurope');
    writeFileSync(path.join(dir, 'at.bicep'), text);
    writeFileSync(path.join(dir, 'over.bicep'), `${text} `);
    const r = readInfraDir(dir, { maxFileBytes: Buffer.byteLength(text) }).report;
    assert.deepEqual(r.targets.map((t) => t.file), ['at.bicep']);
    assert.deepEqual(r.unresolved, [{ file: 'over.bicep', line: 0, column: 0, reason: `the file is larger than ${Buffer.byteLength(text)} bytes and was not read` }]);
  });

  it('reads up to the cap on infrastructure files and says so when it stops (both sides of the cap)', () => {
    for (const n of [1, 2, 3]) {
      writeFileSync(path.join(dir, `app${n}.bicep`), SITE('westeurope'));
    }
    writeFileSync(path.join(dir, 'README.md'), 'not infrastructure; does not count');
    const atCap = readInfraDir(dir, { maxFiles: 3 }).report;
    assert.equal(atCap.targets.length, 3);
    assert.deepEqual(atCap.unresolved, []);
    const underCap = readInfraDir(dir, { maxFiles: 2 }).report;
    assert.equal(underCap.targets.length, 2);
    assert.deepEqual(underCap.unresolved.map((u) => u.reason), ['stopped after 2 infrastructure files; the rest were not read']);
  });

  it('stops after the cap on folder entries (a huge monorepo), with the reason', () => {
    for (const n of [1, 2, 3]) {
      writeFileSync(path.join(dir, `f${n}.txt`), '');
    }
    assert.deepEqual(readInfraDir(dir, { maxEntries: 3 }).report.unresolved, []);
    assert.deepEqual(readInfraDir(dir, { maxEntries: 2 }).report.unresolved.map((u) => u.reason), ['stopped after 2 folder entries; the rest of the folder was not read']);
  });

  it('a symbolic link loop (a folder linking to its parent) is reported, not followed forever', function () {
    mkdirSync(path.join(dir, 'infra'));
    writeFileSync(path.join(dir, 'infra', 'main.bicep'), SITE('northeurope'));
    try {
      symlinkSync(dir, path.join(dir, 'infra', 'loop'), 'dir');
    } catch {
      this.skip();
    }
    const r = readInfraDir(dir).report;
    assert.equal(r.targets.length, 1);
    assert.deepEqual(r.unresolved.map((u) => `${u.file} ${u.reason}`), ['infra/loop a symbolic link loop (or a second link to the same folder) was not followed']);
  });

  it('a link to a folder outside the one read (a checkout linking to /etc) is not followed', function () {
    const outside = mkdtempSync(path.join(os.tmpdir(), 'infra-outside-'));
    writeFileSync(path.join(outside, 'main.bicep'), SITE('eastus'));
    try {
      symlinkSync(outside, path.join(dir, 'elsewhere'), 'dir');
    } catch {
      this.skip();
    }
    try {
      const r = readInfraDir(dir).report;
      assert.deepEqual(r.targets, []);
      assert.deepEqual(r.unresolved.map((u) => u.reason), ['a link to a folder outside the folder read was not followed']);
    } finally {
      rmSync(outside, { recursive: true, force: true });
    }
  });

  it('a binary file with a template name (a compiled artefact) is skipped with the reason', () => {
    writeFileSync(path.join(dir, 'main.bicep'), Buffer.from([0x72, 0x65, 0x00, 0x01, 0x02]));
    assert.deepEqual(readInfraDir(dir).report.unresolved.map((u) => u.reason), ['a binary file (it holds NUL bytes) is not read']);
  });

  it('skips node_modules, .git and .terraform (copies of modules, not what this folder deploys), but reads .azure', () => {
    for (const sub of ['node_modules', '.git', '.terraform']) {
      mkdirSync(path.join(dir, sub));
      writeFileSync(path.join(dir, sub, 'main.bicep'), SITE('eastus'));
    }
    mkdirSync(path.join(dir, '.azure', 'dev'), { recursive: true });
    writeFileSync(path.join(dir, '.azure', 'dev', '.env'), 'AZURE_LOCATION=westus2\n');
    writeFileSync(path.join(dir, 'azure.yaml'), 'name: x\nservices:\n  web:\n    host: appservice\n');
    const r = readInfraDir(dir).report;
    assert.deepEqual(r.targets.map((t) => `${t.service} ${t.region} ${t.file}`), ['App Service West US 2 azure.yaml']);
  });
});

import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { readInfraDir } from '../../../src/core/infra/readDir';

// Templates in the styles people write (azd starters, quickstarts, compiled Bicep, module trees,
// Terraform with modules and .tfvars, a folder of bad input), each with the targets and unchecked
// lines expected of it written beside it in expected.txt (issue 31 item 7).
const corpus = path.resolve(__dirname, '../../../../test/fixtures/infra-corpus');

describe('infrastructure reader over the realistic corpus (test/fixtures/infra-corpus)', () => {
  for (const name of readdirSync(corpus)) {
    it(`${name}: the targets and unchecked lines in its expected.txt, no more and no fewer`, () => {
      const expected = readFileSync(path.join(corpus, name, 'expected.txt'), 'utf8')
        .split('\n')
        .filter((line) => line !== '' && !line.startsWith('#'));
      const r = readInfraDir(path.join(corpus, name)).report;
      const actual = [
        ...r.targets.map((t) => `target ${t.service} | ${t.region} | ${t.file}:${t.line}`),
        ...r.unresolved.map((u) => `${u.info ? 'info' : 'unchecked'} ${u.file}:${u.line} ${u.reason}`),
      ];
      assert.deepEqual(actual, expected);
    });
  }
});

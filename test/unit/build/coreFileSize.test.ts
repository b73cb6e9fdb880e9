// House rule: a file past ~400 lines is split into modules named for what they hold (src/core is held to it strictly).
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');
const MAX_LINES = 400;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : []));
}

describe('core file size', () => {
  it(`no file of src/core is past ${MAX_LINES} lines`, () => {
    const long = sourceFiles(join(root, 'src', 'core'))
      .map((f) => ({ file: relative(root, f), lines: readFileSync(f, 'utf8').split('\n').length - 1 }))
      .filter((f) => f.lines > MAX_LINES)
      .map((f) => `${f.file} (${f.lines})`);
    assert.deepEqual(long, []);
  });
});

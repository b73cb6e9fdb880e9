// The README's architecture section only points to docs/architecture.md, the one map of src/ (two maps drift apart).
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');

describe('README architecture section', () => {
  it('is a short pointer to docs/architecture.md with no folder map of its own', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const start = readme.indexOf('## How it is built');
    assert.ok(start >= 0, 'README has no "How it is built" section');
    const intro = readme.slice(start, readme.indexOf('\n#', start + 3)).trim().split('\n').slice(1).join('\n').trim();
    assert.ok(intro.includes('(docs/architecture.md)'), 'the section does not link docs/architecture.md');
    assert.ok(intro.split('\n').length <= 6, `the section is ${intro.split('\n').length} lines`);
    assert.doesNotMatch(intro, /```|^\s*src\/\w+\/\s{2,}/m, 'the section keeps a folder map of its own');
  });
});

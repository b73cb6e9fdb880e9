// The README is the Marketplace page: short, for users, and every link in it and in the documents it
// leads to (CONTRIBUTING.md, docs/) must land on a file and heading that exist, or the page breaks quietly.
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { headingSlugs, markdownLinks } from './markdownLinks';

const root = join(__dirname, '..', '..', '..', '..');
const documents = ['README.md', 'CONTRIBUTING.md', 'BENCHMARKS.md', ...readdirSync(join(root, 'docs')).filter((f) => f.endsWith('.md')).map((f) => `docs/${f}`)];

describe('documents and their links', () => {
  it('the README is at most 300 lines and written for users: the map of the code is a link, not a copy', () => {
    const readme = readFileSync(join(root, 'README.md'), 'utf8');
    const lines = readme.split('\n').length;
    assert.ok(lines <= 300, `README.md is ${lines} lines`);
    assert.match(readme, /\]\(docs\/architecture\.md\)/, 'the README does not link docs/architecture.md');
    assert.match(readme, /\]\(CONTRIBUTING\.md\)/, 'the README does not link CONTRIBUTING.md');
    assert.doesNotMatch(readme, /^\s*src\/\w+\/\s{2,}/m, 'the README keeps a folder map of its own');
    assert.match(readme, /npm ci && npm test/, 'the README names the test command');
  });

  for (const doc of documents) {
    it(`every relative link and image of ${doc} resolves to a file, and every #anchor to a heading`, () => {
      const text = readFileSync(join(root, doc), 'utf8');
      const broken: string[] = [];
      for (const link of markdownLinks(text)) {
        if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) {
          if (!/^(https|mailto):/i.test(link.target)) broken.push(`line ${link.line}: ${link.target} (only https and mailto links)`);
          continue;
        }
        const [path, anchor] = splitAnchor(link.target);
        const file = path === '' ? join(root, doc) : join(root, dirname(doc), decodeURIComponent(path));
        if (!existsSync(file)) {
          broken.push(`line ${link.line}: ${link.target} (no file ${relative(root, file)})`);
          continue;
        }
        if (anchor !== undefined && file.endsWith('.md') && !headingSlugs(readFileSync(file, 'utf8')).has(anchor)) {
          broken.push(`line ${link.line}: ${link.target} (no heading #${anchor} in ${relative(root, file)})`);
        }
      }
      assert.deepEqual(broken, []);
    });
  }
});

function splitAnchor(target: string): [string, string | undefined] {
  const hash = target.indexOf('#');
  return hash < 0 ? [target, undefined] : [target.slice(0, hash), target.slice(hash + 1)];
}

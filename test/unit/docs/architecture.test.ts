// docs/architecture.md is the map of src/: every folder is named there, design essays live there
// (not in code comments), and every `Why:` pointer in the code lands on one of its sections.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';

const root = join(__dirname, '..', '..', '..', '..');
const docPath = join(root, 'docs', 'architecture.md');
/** Longest comment the code keeps; past it, the reason belongs in docs/architecture.md. */
const MAX_COMMENT = 400;

function folders(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.isDirectory()) {
      const path = join(dir, entry.name);
      out.push(relative(root, path).split('\\').join('/'), ...folders(path));
    }
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sourceFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/** The comments of a TypeScript text, each `//` run on consecutive lines joined into one; strings skipped. */
export function comments(source: string): { line: number; text: string }[] {
  const found: { line: number; text: string }[] = [];
  let run: { line: number; lastLine: number; text: string } | undefined;
  const flush = (): void => {
    if (run) found.push({ line: run.line, text: run.text });
    run = undefined;
  };
  let line = 1;
  for (let i = 0; i < source.length; ) {
    const c = source[i];
    const two = source.slice(i, i + 2);
    if (c === '\n') {
      line++;
      i++;
    } else if (two === '//') {
      const end = source.indexOf('\n', i) === -1 ? source.length : source.indexOf('\n', i);
      const text = source.slice(i, end);
      if (run && run.lastLine === line - 1) {
        run.text += `\n${text}`;
        run.lastLine = line;
      } else {
        flush();
        run = { line, lastLine: line, text };
      }
      i = end;
    } else if (two === '/*') {
      flush();
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      const text = source.slice(i, stop);
      found.push({ line, text });
      line += text.split('\n').length - 1;
      i = stop;
    } else if (c === '"' || c === "'" || c === '`') {
      let j = i + 1;
      while (j < source.length && source[j] !== c) {
        if (source[j] === '\\') j++;
        else if (source[j] === '\n') line++;
        j++;
      }
      i = j + 1;
    } else {
      if (c !== ' ' && c !== '\t' && c !== '\r') flush();
      i++;
    }
  }
  flush();
  return found;
}

/** GitHub's anchor for a Markdown heading. */
function anchorOf(heading: string): string {
  return heading.trim().toLowerCase().replace(/[^a-z0-9 _-]/g, '').replace(/ /g, '-');
}

describe('docs/architecture.md, the map of src/', () => {
  const doc = readFileSync(docPath, 'utf8');
  const files = sourceFiles(join(root, 'src'));

  it('names every folder of src/, and no folder that does not exist', () => {
    const actual = folders(join(root, 'src')).sort();
    const named = [...doc.matchAll(/`(src\/[A-Za-z0-9_/-]+)\/`/g)].map((m) => m[1] as string);
    assert.deepEqual(actual.filter((f) => !named.includes(f)), [], 'folders of src/ missing from docs/architecture.md');
    assert.deepEqual([...new Set(named)].filter((f) => !actual.includes(f)), [], 'docs/architecture.md names folders src/ does not have');
  });

  it(`keeps every comment in src/ within ${MAX_COMMENT} characters (essays go to the doc)`, () => {
    const long = files.flatMap((file) =>
      comments(readFileSync(file, 'utf8'))
        .filter((c) => c.text.length > MAX_COMMENT)
        .map((c) => `${relative(root, file)}:${c.line} (${c.text.length} characters)`),
    );
    assert.deepEqual(long, []);
  });

  it('has a section for every "Why: docs/architecture.md#…" pointer in src/', () => {
    const anchors = new Set([...doc.matchAll(/^#{1,6} (.+)$/gm)].map((m) => anchorOf(m[1] as string)));
    const broken = files.flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/docs\/architecture\.md#([a-z0-9_-]+)/g)]
        .filter((m) => !anchors.has(m[1] as string))
        .map((m) => `${relative(root, file)}: #${m[1]}`),
    );
    assert.deepEqual(broken, []);
  });
});

describe('comments(), the scanner the limit relies on', () => {
  it('joins consecutive // lines, keeps block comments whole, and skips comment markers inside strings', () => {
    const found = comments("const a = '// not a comment'; // one\n// two\n\n/* three\n four */ const b = `/* no */`;\n// five");
    assert.deepEqual(found, [
      { line: 1, text: '// one\n// two' },
      { line: 4, text: '/* three\n four */' },
      { line: 6, text: '// five' },
    ]);
  });
});

// Runtime strings are ready for translation: the committed l10n/bundle.l10n.json is what
// `npm run l10n` (@vscode/l10n-dev) extracts from the sources now, and no src/ui folder shows a
// sentence that bypasses vscode.l10n.t.
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { getL10nJson } from '@vscode/l10n-dev';

const root = join(__dirname, '..', '..', '..', '..');

/** Every src/ui folder: a new one is checked from its first file. */
const UI_FOLDERS = readdirSync(join(root, 'src', 'ui'), { withFileTypes: true })
  .filter((e) => e.isDirectory())
  .map((e) => e.name);

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? tsFiles(join(dir, e.name)) : e.name.endsWith('.ts') ? [join(dir, e.name)] : [],
  );
}

/**
 * A sentence handed to the workbench as a literal: a message or status-bar text, a thrown Error, or
 * a title, placeholder, tooltip or invocation message. Ids, file names and log lines are not matched.
 */
const LITERAL_SHOWN = [
  /\b(?:show(?:Information|Warning|Error)Message|setStatusBarMessage|new Error)\(\s*['"`]/u,
  /\b(?:title|placeHolder|prompt|saveLabel|openLabel|tooltip|invocationMessage|detail)\s*:\s*['"`]/u,
  /\.(?:name|tooltip|description|label|text)\s*=\s*['"`][^$'"`]/u,
];

/** Lines of the converted folders' VS Code-side files that show a literal instead of a translated string. */
export function untranslated(files: ReadonlyArray<{ path: string; text: string }>): string[] {
  return files
    .filter((f) => /from 'vscode'/u.test(f.text))
    .flatMap((f) => f.text.split('\n').map((line, i) => ({ line, where: `${f.path}:${i + 1}` })))
    .filter(({ line }) => !/^\s*(?:\/\/|\*)/u.test(line) && LITERAL_SHOWN.some((re) => re.test(line)))
    .map(({ line, where }) => `${where}: ${line.trim()}`);
}

describe('runtime strings (vscode.l10n)', function () {
  this.timeout(60_000);

  it('l10n/bundle.l10n.json is what `npm run l10n` extracts from src now (run it after changing a string)', async () => {
    const sources = tsFiles(join(root, 'src')).map((f) => ({ contents: readFileSync(f, 'utf8'), extension: '.ts' }));
    const fresh = await getL10nJson(sources);
    const committed = JSON.parse(readFileSync(join(root, 'l10n', 'bundle.l10n.json'), 'utf8')) as unknown;
    assert.ok(Object.keys(fresh).length > 40, 'the extractor found almost nothing');
    assert.deepEqual(committed, fresh);
  });

  it('no src/ui folder shows a literal sentence: each goes through vscode.l10n.t', () => {
    const files = UI_FOLDERS.flatMap((d) => tsFiles(join(root, 'src', 'ui', d))).map((f) => ({ path: relative(root, f), text: readFileSync(f, 'utf8') }));
    assert.ok(UI_FOLDERS.length >= 15 && UI_FOLDERS.includes('tree'), `the walk found the folders: ${UI_FOLDERS.join(', ')}`);
    assert.ok(files.length > 60, 'the walk found the files');
    assert.deepEqual(untranslated(files), []);
  });

  it('the check catches the shapes it looks for, and passes translated ones', () => {
    const file = (text: string): Array<{ path: string; text: string }> => [{ path: 'x.ts', text: `import * as vscode from 'vscode';\n${text}` }];
    for (const bad of [
      "void vscode.window.showWarningMessage('Sign in first.');",
      'vscode.window.setStatusBarMessage(`Copied ${id}`, 3000);',
      "throw new Error('The server is gone; restart it.');",
      "  placeHolder: 'Choose the subscriptions',",
      "item.tooltip = 'Impacted';",
    ]) {
      assert.equal(untranslated(file(bad)).length, 1, bad);
    }
    for (const good of [
      "void vscode.window.showWarningMessage(vscode.l10n.t('Sign in first.'));",
      "  placeHolder: vscode.l10n.t('Choose the subscriptions'),",
      "this.log.warn('Quota refresh failed');",
      "item.contextValue = 'serviceHealth.resourceGroup';",
    ]) {
      assert.deepEqual(untranslated(file(good)), [], good);
    }
  });
});

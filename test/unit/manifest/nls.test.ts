// Manifest strings are ready for translation: every text the workbench shows from package.json is a
// `%key%` with its English in package.nls.json (VS Code and vsce swap in package.nls.<locale>.json),
// every key is used, and the runtime strings have their bundle folder declared.
import assert from 'node:assert/strict';
import { NLS_KEY, nlsStrings, rawManifest } from './localizedManifest';

/** Properties whose text the workbench shows (command palette, views, Settings editor, chat, tools). */
const USER_TEXT = new Set([
  'title', 'shortTitle', 'category', 'description', 'markdownDescription', 'enumDescriptions', 'markdownEnumDescriptions',
  'deprecationMessage', 'markdownDeprecationMessage', 'displayName', 'userDescription', 'fullName', 'contents', 'label',
  'contextualTitle', 'altText',
]);

/**
 * Text for the language model, not for people, stays English: the tools' modelDescription and input
 * schemas, and the chat participant's disambiguation (what routes a question to @health).
 */
const MODEL_TEXT = new Set(['modelDescription', 'inputSchema', 'disambiguation']);

interface Found {
  readonly path: string;
  readonly text: string;
}

/** Every user-facing string under `value`; `name` counts only for views (elsewhere it is an id). */
function userStrings(value: unknown, path: string, key: string | undefined, inViews: boolean): Found[] {
  if (typeof value === 'string') {
    return key !== undefined && (USER_TEXT.has(key) || (key === 'name' && inViews)) ? [{ path, text: value }] : [];
  }
  if (Array.isArray(value)) return value.flatMap((v, i) => userStrings(v, `${path}[${i}]`, key, inViews));
  if (value && typeof value === 'object') {
    return Object.entries(value)
      .filter(([k]) => !MODEL_TEXT.has(k))
      .flatMap(([k, v]) => userStrings(v, `${path}.${k}`, k, inViews || (path === 'contributes' && k === 'views')));
  }
  return [];
}

/** Every `%key%` anywhere in the manifest. */
function keysUsed(value: unknown): string[] {
  if (typeof value === 'string') return [NLS_KEY.exec(value)?.[1]].filter((k): k is string => k !== undefined);
  if (Array.isArray(value)) return value.flatMap(keysUsed);
  if (value && typeof value === 'object') return Object.values(value).flatMap(keysUsed);
  return [];
}

const manifest = rawManifest() as { displayName: string; description: string; contributes: unknown; l10n?: string };
const nls = nlsStrings();
const shown = [
  { path: 'displayName', text: manifest.displayName },
  { path: 'description', text: manifest.description },
  ...userStrings(manifest.contributes, 'contributes', undefined, false),
];

describe('package.json strings are in package.nls.json', () => {
  it('the walk finds the command titles, view names, welcome text and setting descriptions', () => {
    for (const part of ['.commands[0].title', '.views.serviceHealth[0].name', '.viewsWelcome[0].contents', '.markdownDescription', '.enumDescriptions[0]', '.userDescription']) {
      assert.ok(shown.some((s) => s.path.includes(part)), `the walk missed ${part}`);
    }
  });

  it('every title, name and description the workbench shows is a %key%', () => {
    assert.deepEqual(shown.filter((s) => !NLS_KEY.test(s.text)).map((s) => `${s.path}: ${s.text}`), []);
  });

  it('every %key% has its text in package.nls.json', () => {
    assert.deepEqual([...new Set(keysUsed(manifest))].filter((k) => typeof nls[k] !== 'string' || nls[k].trim() === ''), []);
  });

  it('package.nls.json holds no unused key', () => {
    const used = new Set(keysUsed(manifest));
    assert.deepEqual(Object.keys(nls).filter((k) => !used.has(k)), []);
  });

  it('keys are named serviceHealth.*', () => {
    assert.deepEqual(Object.keys(nls).filter((k) => !/^serviceHealth\.[\w.]+$/u.test(k)), []);
  });

  it('the runtime strings bundle folder is declared (vscode.l10n reads l10n/bundle.l10n.<locale>.json)', () => {
    assert.equal(manifest.l10n, './l10n');
  });
});

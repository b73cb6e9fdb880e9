/**
 * package.json as VS Code shows it: every `%key%` string replaced by its text in package.nls.json
 * (what VS Code and vsce do), for tests that read a title or a description.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

export const root = join(__dirname, '..', '..', '..', '..');

/** A `%key%` placeholder as VS Code and vsce read it (vsce allows only word characters and dots). */
export const NLS_KEY = /^%([\w.]+)%$/;

export function rawManifest(): unknown {
  return JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as unknown;
}

export function nlsStrings(): Record<string, string> {
  return JSON.parse(readFileSync(join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
}

/** package.json with its `%key%` strings replaced; a key missing from package.nls.json throws. */
export function localizedManifest<T>(): T {
  const nls = nlsStrings();
  return JSON.parse(JSON.stringify(rawManifest()), (_key, value: unknown) => {
    const m = typeof value === 'string' ? NLS_KEY.exec(value) : null;
    if (!m) return value;
    const text = nls[m[1]!];
    if (text === undefined) throw new Error(`package.nls.json has no ${value}`);
    return text;
  }) as T;
}

/**
 * Reads a settings file's text (JSON with comments, as VS Code writes it) without `vscode`, so
 * unit tests cover it. Only answers "does this file set this key to something non-empty?".
 */

/** The text with `//` and `/* *\/` comments blanked out; strings (URLs with `//`) are kept. */
export function stripJsonComments(text: string): string {
  let out = '';
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === '"') {
      const end = stringEnd(text, i);
      out += text.slice(i, end);
      i = end;
    } else if (c === '/' && text[i + 1] === '/') {
      while (i < text.length && text[i] !== '\n') i++;
    } else if (c === '/' && text[i + 1] === '*') {
      const close = text.indexOf('*/', i + 2);
      i = close < 0 ? text.length : close + 2;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

/** Index just past the string literal that starts at `start` (a `"`). */
function stringEnd(text: string, start: number): number {
  let i = start + 1;
  while (i < text.length && text[i] !== '"') {
    i += text[i] === '\\' ? 2 : 1;
  }
  return Math.min(i + 1, text.length);
}

/** Whether a settings file sets `key` (the full `section.name`) to a non-empty string. */
export function setsNonEmptyString(settingsText: string, key: string): boolean {
  const escaped = key.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const pattern = new RegExp(`"${escaped}"\\s*:\\s*"((?:[^"\\\\]|\\\\.)*)"`, 'g');
  for (const m of stripJsonComments(settingsText).matchAll(pattern)) {
    if ((m[1] ?? '').trim() !== '') return true;
  }
  return false;
}

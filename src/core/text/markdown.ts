// Markdown built from text we do not control (service titles, resource names, typed words), and the
// `command:` links in it: one escaping rule and one URI builder for the chat answers, the hovers and
// the exported Markdown, so no room escapes less than another.

/** Characters that start inline markup anywhere in a line (links, emphasis, code, HTML, tables, math, entities). */
const INLINE_SPECIAL = /[\\`*_[\]()<>|~&$]/gu;

/**
 * Backslash-escapes Markdown markup (CommonMark allows escaping any ASCII punctuation; an escaped
 * character never starts markup) and folds line breaks and control characters into spaces, so
 * the text stays on its line. Block markers (`#`, `-`, `+`, `>`, `=`, `1.`) matter only at the
 * start of a line, so only a leading one is escaped: tracking ids and dates stay readable.
 */
export function escapeMarkdown(text: string): string {
  const folded = text
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/gu, ' ')
    .replace(/\s+/gu, ' ')
    .trim()
    .replace(INLINE_SPECIAL, (c) => `\\${c}`);
  return folded.replace(/^[#+\-=>]/u, (c) => `\\${c}`).replace(/^(\d+)([.)])/u, '$1\\$2');
}

/**
 * A `command:` URI with JSON arguments. encodeURIComponent leaves `()'!*~` alone; `(` and `)`
 * would end a Markdown link destination, so they are percent-encoded too.
 */
export function commandUri(command: string, args: readonly unknown[]): string {
  const encoded = encodeURIComponent(JSON.stringify(args)).replace(/[()'!*~]/gu, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`);
  return `command:${command}?${encoded}`;
}

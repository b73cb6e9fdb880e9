/**
 * Splits query text into structured terms (`key:value`, `key:"quoted value"`, `key:a,b`),
 * quoted phrases and plain words. Total: any input yields tokens, never an exception.
 */
import { trimToLettersAndDigits } from '../text/scan';

export type Token =
  | { readonly kind: 'term'; readonly key: string; readonly values: readonly string[]; readonly negated: boolean; readonly raw: string }
  | { readonly kind: 'phrase'; readonly text: string; readonly negated: boolean; readonly raw: string }
  | { readonly kind: 'word'; readonly word: string; readonly negated: boolean; readonly raw: string };

const OPEN_QUOTES = new Set(['"', '\u201C', '\u201D', '\u201E']);
const CLOSE_QUOTES = new Set(['"', '\u201C', '\u201D']);

function isSpace(ch: string): boolean {
  return /\s/u.test(ch);
}

/** Reads a quoted string starting at the opening quote; `\"` and `\\` escape. Unterminated runs to the end. */
function readQuoted(chars: readonly string[], start: number): { value: string; end: number } {
  let value = '';
  let i = start + 1;
  while (i < chars.length) {
    const ch = chars[i] ?? '';
    if (ch === '\\') {
      const next = chars[i + 1];
      if (next !== undefined && (next === '\\' || CLOSE_QUOTES.has(next) || OPEN_QUOTES.has(next))) {
        value += next;
        i += 2;
        continue;
      }
    } else if (CLOSE_QUOTES.has(ch)) {
      return { value, end: i + 1 };
    }
    value += ch;
    i += 1;
  }
  return { value, end: i };
}

/** Strips punctuation around a word ("europe?" → "europe", "(AKS)" → "AKS"); inner characters stay. */
export function trimWord(word: string): string {
  return trimToLettersAndDigits(word);
}

export function tokenize(text: string, isKey: (key: string) => boolean): Token[] {
  // Iterate by code point so surrogate pairs are never split.
  const chars = Array.from(text);
  const tokens: Token[] = [];
  let i = 0;
  while (i < chars.length) {
    const ch = chars[i] ?? '';
    if (isSpace(ch)) {
      i += 1;
      continue;
    }
    const start = i;
    let negated = false;
    const after = chars[i + 1];
    if (ch === '-' && after !== undefined && (OPEN_QUOTES.has(after) || /[\p{L}]/u.test(after))) {
      negated = true;
      i += 1;
    }
    const head = chars[i] ?? '';
    if (OPEN_QUOTES.has(head)) {
      const { value, end } = readQuoted(chars, i);
      tokens.push({ kind: 'phrase', text: value, negated, raw: chars.slice(start, end).join('') });
      i = end;
      continue;
    }
    // A structured term: a known key, a colon, then one or more comma-separated values.
    let j = i;
    while (j < chars.length && /[A-Za-z_]/u.test(chars[j] ?? '')) j += 1;
    const key = chars.slice(i, j).join('');
    if (j > i && chars[j] === ':' && isKey(key.toLowerCase())) {
      const values: string[] = [];
      let k = j + 1;
      for (;;) {
        const c = chars[k];
        if (c !== undefined && OPEN_QUOTES.has(c)) {
          const { value, end } = readQuoted(chars, k);
          values.push(value);
          k = end;
        } else {
          let v = '';
          while (k < chars.length && !isSpace(chars[k] ?? '') && chars[k] !== ',') {
            v += chars[k];
            k += 1;
          }
          if (v) values.push(v);
        }
        if (chars[k] === ',') {
          k += 1;
          continue;
        }
        break;
      }
      const glued = k < chars.length && !isSpace(chars[k] ?? '');
      if (!glued) {
        tokens.push({ kind: 'term', key: key.toLowerCase(), values, negated, raw: chars.slice(start, k).join('') });
        i = k;
        continue;
      }
      // Text glued to the end of a term (`status:"active"x`) makes the whole thing a word,
      // which the parser then reports as not understood.
    }
    while (i < chars.length && !isSpace(chars[i] ?? '')) i += 1;
    const raw = chars.slice(start, i).join('');
    tokens.push({ kind: 'word', word: negated ? raw.slice(1) : raw, negated, raw });
  }
  return tokens;
}

/** Splitting a token run into statements (one per line at bracket depth 0) and finding bracket pairs. */
import type { Token } from './lexer';
import { step } from './progress';

export interface Range {
  readonly from: number;
  readonly to: number;
}

const OPEN = new Set(['{', '[', '(']);
const CLOSE = new Set(['}', ']', ')']);

/**
 * Statements of tokens[from, to): split at newlines outside brackets (and at top-level commas when
 * `commas`, for one-line objects); empty ones dropped. A `)` at the end of a line followed by a line
 * starting with `{` continues the statement (`= if (cond)` with its body on the next line).
 */
export function statements(tokens: readonly Token[], from: number, to: number, commas = false): Range[] {
  const out: Range[] = [];
  let depth = 0;
  let start = from;
  let prev: Token | undefined;
  for (let i = from; i < to; i++) {
    const t = tokens[i];
    if (t?.t === 'punct') {
      if (OPEN.has(t.v)) {
        depth++;
      } else if (CLOSE.has(t.v) && depth > 0) {
        depth--;
      } else if (commas && depth === 0 && t.v === ',') {
        if (i > start) {
          out.push({ from: start, to: i });
        }
        start = i + 1;
      }
    } else if (t?.t === 'nl' && depth === 0) {
      let next = i + 1;
      if (prev?.t === 'punct' && prev.v === ')') {
        while (next < to && tokens[next]?.t === 'nl') {
          next++;
        }
        if (tokens[next]?.t === 'punct' && tokens[next]?.v === '{' && next < to) {
          i = next - 1;
          continue;
        }
      }
      if (i > start) {
        out.push({ from: start, to: i });
      }
      start = next;
      i = next - 1;
    }
    if (t && t.t !== 'nl') {
      prev = t;
    }
  }
  if (to > start) {
    out.push({ from: start, to });
  }
  step(to - from);
  return out;
}

/** Index of the bracket closing the one at `open`, or -1 (unbalanced). */
export function matching(tokens: readonly Token[], open: number, to: number): number {
  let depth = 0;
  for (let i = open; i < to; i++) {
    const t = tokens[i];
    if (t?.t !== 'punct') {
      continue;
    }
    if (OPEN.has(t.v)) {
      depth++;
    } else if (CLOSE.has(t.v)) {
      depth--;
      if (depth === 0) {
        step(i - open);
        return i;
      }
    }
  }
  step(to - open);
  return -1;
}

/** The tokens of a range without newlines (an expression that spans lines inside brackets). */
export function slice(tokens: readonly Token[], from: number, to: number): Token[] {
  const out: Token[] = [];
  for (let i = from; i < to; i++) {
    const t = tokens[i];
    if (t && t.t !== 'nl') {
      out.push(t);
    }
  }
  return out;
}

/** First index in [from, to) of punctuation `v` at bracket depth 0, or -1. */
export function findTop(tokens: readonly Token[], from: number, to: number, v: string): number {
  let depth = 0;
  for (let i = from; i < to; i++) {
    const t = tokens[i];
    if (t?.t !== 'punct') {
      continue;
    }
    if (depth === 0 && t.v === v) {
      return i;
    }
    if (OPEN.has(t.v)) {
      depth++;
    } else if (CLOSE.has(t.v)) {
      depth--;
    }
  }
  return -1;
}

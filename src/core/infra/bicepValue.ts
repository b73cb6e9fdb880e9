/**
 * Bicep values with structure: array and object literals (a parameter's list of regions, a list of
 * stamps), and the item of a `[for … in …: …]` loop, which stands for each element of its array.
 */
import { bicepExpr } from './expr';
import type { Token } from './lexer';
import { findTop, matching, slice, statements } from './statements';
import type { Expr } from './types';

/** A `[for item in array: …]` or `[for (item, index) in array: …]` loop around a declaration's body. */
export interface Loop {
  readonly item: string;
  readonly index?: string;
  readonly array: Expr;
}

/** How deep array and object literals are read; deeper parts are left unevaluated. */
export const MAX_VALUE_NESTING = 20;

const isPunct = (t: Token | undefined, v: string): boolean => t?.t === 'punct' && t.v === v;

/** The value of tokens[from, to): an array or object literal, or an expression (with the loop's item, if any). */
export function bicepValue(tokens: readonly Token[], from: number, to: number, loop?: Loop, depth = 0): Expr {
  let first = from;
  while (first < to && tokens[first]?.t === 'nl') first += 1;
  let last = to - 1;
  while (last > first && tokens[last]?.t === 'nl') last -= 1;
  const open = tokens[first];
  const bracket = isPunct(open, '[') || isPunct(open, '{');
  if (!bracket || matching(tokens, first, to) !== last) {
    return loopExpr(slice(tokens, from, to), loop);
  }
  if (depth >= MAX_VALUE_NESTING) {
    return { k: 'unknown', reason: `a value nested more than ${MAX_VALUE_NESTING} deep is not read` };
  }
  if (isPunct(open, '[')) {
    if (tokens[first + 1]?.v === 'for') {
      return { k: 'unknown', reason: 'a for-expression is evaluated only at deployment' };
    }
    return { k: 'array', items: statements(tokens, first + 1, last, true).map((s) => bicepValue(tokens, s.from, s.to, loop, depth + 1)) };
  }
  const props = new Map<string, Expr>();
  for (const s of statements(tokens, first + 1, last, true)) {
    const key = tokens[s.from];
    if ((key?.t === 'id' || key?.t === 'str') && isPunct(tokens[s.from + 1], ':')) {
      props.set(key.v, bicepValue(tokens, s.from + 2, s.to, loop, depth + 1));
    }
  }
  return { k: 'object', props };
}

/** An expression in which the loop's item (`region`, `s.region`, `'${region}'`) stands for each element of the loop's array. */
export function loopExpr(tokens: readonly Token[], loop: Loop | undefined): Expr {
  if (loop) {
    const path = itemPath(tokens, loop.item);
    if (path) {
      return { k: 'each', array: loop.array, path };
    }
    const [only] = tokens;
    if (tokens.length === 1 && only?.t === 'id' && only.v === loop.index) {
      return { k: 'unknown', reason: `the loop index ${loop.index} is a number, not a region` };
    }
  }
  return bicepExpr(tokens);
}

/** `item` → [], `item.a.b` → ['a', 'b'], `'${item.a}'` → ['a']; undefined when the tokens are not the item. */
function itemPath(tokens: readonly Token[], item: string): string[] | undefined {
  const [only] = tokens;
  if (tokens.length === 1 && only?.t === 'str') {
    const m = /^\$\{\s*([A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*)\s*\}$/.exec(only.v);
    const names = m?.[1]?.split('.');
    return names?.[0] === item ? names.slice(1) : undefined;
  }
  const dotted = tokens.length % 2 === 1 && tokens.every((t, i) => (i % 2 === 0 ? t.t === 'id' : isPunct(t, '.')));
  return dotted && tokens[0]?.v === item ? tokens.filter((_, i) => i % 2 === 0 && i > 0).map((t) => t.v) : undefined;
}

/**
 * The loop at tokens[from] (`[for region in regions: …`), and the index after its `:` (where the
 * body, or its `if (…)` filter, starts); undefined when there is none.
 */
export function loopHeader(tokens: readonly Token[], from: number, to: number): { loop: Loop; after: number } | undefined {
  let i = from;
  while (i < to && tokens[i]?.t === 'nl') i += 1;
  if (!isPunct(tokens[i], '[') || tokens[i + 1]?.v !== 'for') {
    return undefined;
  }
  i += 2;
  let item: string | undefined;
  let index: string | undefined;
  if (isPunct(tokens[i], '(')) {
    const close = matching(tokens, i, to);
    item = tokens[i + 1]?.v;
    index = isPunct(tokens[i + 2], ',') ? tokens[i + 3]?.v : undefined;
    i = close < 0 ? to : close + 1;
  } else {
    item = tokens[i]?.v;
    i += 1;
  }
  const colon = tokens[i]?.v === 'in' ? findTop(tokens, i + 1, to, ':') : -1;
  if (!item || colon < 0) {
    return undefined;
  }
  return { loop: { item, ...(index ? { index } : {}), array: bicepValue(tokens, i + 1, colon) }, after: colon + 1 };
}

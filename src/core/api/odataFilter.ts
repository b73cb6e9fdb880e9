/** The OData `$filter` subset of the health events list (seed 000). Why: docs/architecture.md#api-odatafilter */
import type { HealthEvent } from '../model/schemas';
import { append } from '../text/lists';

export type FilterField = 'service' | 'region';

export type FilterExpr =
  | { readonly kind: 'eq'; readonly field: FilterField; readonly value: string }
  | { readonly kind: 'or'; readonly operands: readonly FilterExpr[] }
  | { readonly kind: 'and'; readonly operands: readonly FilterExpr[] };

/** A syntax error in a filter; `position` is the 0-based character offset of the problem. */
export class FilterSyntaxError extends Error {
  override readonly name = 'FilterSyntaxError';
  constructor(
    message: string,
    readonly position: number,
  ) {
    super(message);
  }
}

/** Quotes a string literal OData-style: wrapped in single quotes, inner quotes doubled. */
export function quoteODataString(value: string): string {
  return `'${value.replace(/'/g, "''")}'`;
}

/**
 * Builds the server-side filter: one `eq` term per service, then per region, joined with `or`.
 * Returns undefined when there is nothing to filter on (the caller then omits `$filter`).
 */
export function buildEventsFilter(terms: {
  services?: readonly string[];
  regions?: readonly string[];
}): string | undefined {
  const parts = [
    ...(terms.services ?? []).map((s) => `service eq ${quoteODataString(s)}`),
    ...(terms.regions ?? []).map((r) => `region eq ${quoteODataString(r)}`),
  ];
  return parts.length > 0 ? parts.join(' or ') : undefined;
}

/** Prints an expression back in the grammar `parseEventsFilter` reads (canonical spacing). */
export function formatFilter(expr: FilterExpr): string {
  switch (expr.kind) {
    case 'eq':
      return `${expr.field} eq ${quoteODataString(expr.value)}`;
    case 'or':
      return expr.operands.map(formatFilter).join(' or ');
    case 'and':
      // `and` binds tighter than `or`, so only `or` operands need parentheses.
      return expr.operands.map((e) => (e.kind === 'or' ? `(${formatFilter(e)})` : formatFilter(e))).join(' and ');
  }
}

/** Every `eq` term of an expression, in order, grouped by field. */
export function filterTerms(expr: FilterExpr): { services: string[]; regions: string[] } {
  const out = { services: [] as string[], regions: [] as string[] };
  const visit = (e: FilterExpr): void => {
    if (e.kind === 'eq') {
      (e.field === 'service' ? out.services : out.regions).push(e.value);
    } else {
      e.operands.forEach(visit);
    }
  };
  visit(expr);
  return out;
}

type Token =
  | { readonly type: 'word'; readonly text: string; readonly pos: number }
  | { readonly type: 'string'; readonly text: string; readonly pos: number }
  | { readonly type: '(' | ')'; readonly pos: number }
  | { readonly type: 'end'; readonly pos: number };

// Deep nesting would otherwise overflow the stack with a RangeError instead of a syntax error.
const MAX_DEPTH = 64;
const MAX_LENGTH = 16_384;

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const ch = text[i] as string;
    if (/\s/.test(ch)) {
      i++;
    } else if (ch === '(' || ch === ')') {
      tokens.push({ type: ch, pos: i });
      i++;
    } else if (ch === "'") {
      const start = i;
      let value = '';
      i++;
      for (;;) {
        if (i >= text.length) {
          throw new FilterSyntaxError(`Unterminated string literal starting at position ${start}.`, start);
        }
        const c = text[i] as string;
        if (c === "'") {
          if (text[i + 1] === "'") {
            value += "'";
            i += 2;
            continue;
          }
          i++;
          break;
        }
        value += c;
        i++;
      }
      tokens.push({ type: 'string', text: value, pos: start });
    } else if (/[A-Za-z_]/.test(ch)) {
      const start = i;
      while (i < text.length && /[A-Za-z0-9_]/.test(text[i] as string)) {
        i++;
      }
      tokens.push({ type: 'word', text: text.slice(start, i), pos: start });
    } else {
      throw new FilterSyntaxError(`Unexpected character '${ch}' at position ${i}.`, i);
    }
  }
  tokens.push({ type: 'end', pos: text.length });
  return tokens;
}

/**
 * Parses a filter. Grammar (keywords and field names case-insensitive):
 *   expr  := and ('or' and)*
 *   and   := term ('and' term)*
 *   term  := '(' expr ')' | field 'eq' string
 *   field := 'service' | 'region'
 * Throws FilterSyntaxError (and nothing else) on any malformed input.
 */
export function parseEventsFilter(text: string): FilterExpr {
  if (text.length > MAX_LENGTH) {
    throw new FilterSyntaxError(`Filter is too long (${text.length} characters; at most ${MAX_LENGTH}).`, MAX_LENGTH);
  }
  const tokens = tokenize(text);
  let index = 0;
  const peek = (): Token => tokens[index] ?? { type: 'end', pos: text.length };
  const isKeyword = (t: Token, kw: string): boolean => t.type === 'word' && t.text.toLowerCase() === kw;
  const describe = (t: Token): string =>
    t.type === 'end' ? 'end of filter' : t.type === 'word' || t.type === 'string' ? `'${t.text}'` : `'${t.type}'`;

  // `(a or b) or c` is `a or b or c`: flattening keeps the tree canonical.
  const flatten = (kind: 'or' | 'and', items: FilterExpr[]): FilterExpr[] =>
    items.flatMap((e) => (e.kind === kind ? e.operands : [e]));
  const parseOr = (depth: number): FilterExpr => {
    const operands = flatten('or', [parseAnd(depth)]);
    while (isKeyword(peek(), 'or')) {
      index++;
      append(operands, flatten('or', [parseAnd(depth)]));
    }
    return operands.length === 1 ? (operands[0] as FilterExpr) : { kind: 'or', operands };
  };
  const parseAnd = (depth: number): FilterExpr => {
    const operands = flatten('and', [parseTerm(depth)]);
    while (isKeyword(peek(), 'and')) {
      index++;
      append(operands, flatten('and', [parseTerm(depth)]));
    }
    return operands.length === 1 ? (operands[0] as FilterExpr) : { kind: 'and', operands };
  };
  const parseTerm = (depth: number): FilterExpr => {
    const t = peek();
    if (t.type === '(') {
      if (depth >= MAX_DEPTH) {
        throw new FilterSyntaxError(`Parentheses are nested too deeply at position ${t.pos}.`, t.pos);
      }
      index++;
      const inner = parseOr(depth + 1);
      const close = peek();
      if (close.type !== ')') {
        throw new FilterSyntaxError(`Expected ')' at position ${close.pos} but found ${describe(close)}.`, close.pos);
      }
      index++;
      return inner;
    }
    if (t.type !== 'word') {
      throw new FilterSyntaxError(`Expected a field name at position ${t.pos} but found ${describe(t)}.`, t.pos);
    }
    const name = t.text.toLowerCase();
    if (name !== 'service' && name !== 'region') {
      throw new FilterSyntaxError(
        `Unknown field '${t.text}' at position ${t.pos}; use 'service' or 'region'.`,
        t.pos,
      );
    }
    index++;
    const op = peek();
    if (!isKeyword(op, 'eq')) {
      throw new FilterSyntaxError(`Expected 'eq' at position ${op.pos} but found ${describe(op)}.`, op.pos);
    }
    index++;
    const value = peek();
    if (value.type !== 'string') {
      throw new FilterSyntaxError(
        `Expected a quoted string at position ${value.pos} but found ${describe(value)}.`,
        value.pos,
      );
    }
    index++;
    return { kind: 'eq', field: name, value: value.text };
  };

  if (peek().type === 'end') {
    throw new FilterSyntaxError('The filter is empty.', 0);
  }
  const expr = parseOr(0);
  const rest = peek();
  if (rest.type !== 'end') {
    throw new FilterSyntaxError(`Unexpected ${describe(rest)} at position ${rest.pos}.`, rest.pos);
  }
  return expr;
}

/** Region names compare loosely: `westeurope`, `West Europe` and `west-europe` are one region. */
export function normalizeRegion(name: string): string {
  return name.toLowerCase().replace(/[\s\-_]+/g, '');
}

/** True when the event matches: service against any impactedService, region against any impactedRegion. */
export function evaluateFilter(expr: FilterExpr, event: HealthEvent): boolean {
  switch (expr.kind) {
    case 'or':
      return expr.operands.some((e) => evaluateFilter(e, event));
    case 'and':
      return expr.operands.every((e) => evaluateFilter(e, event));
    case 'eq': {
      const impact = event.properties?.impact ?? [];
      if (expr.field === 'service') {
        const wanted = expr.value.trim().toLowerCase();
        return impact.some((i) => (i.impactedService ?? '').trim().toLowerCase() === wanted);
      }
      const wanted = normalizeRegion(expr.value);
      return impact.some((i) => (i.impactedRegions ?? []).some((r) => normalizeRegion(r.impactedRegion ?? '') === wanted));
    }
  }
}

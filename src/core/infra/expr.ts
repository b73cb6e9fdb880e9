/** Location expressions (a token run) → Expr: what the reader can follow, and why it cannot follow the rest. */
import type { Token } from './lexer';
import type { Expr } from './types';

const TIGHT = new Set(['.', '(', ')', '[', ']', ',']);

/** The expression as written, for a reason ("cannot evaluate `a ? b : c`"), cut at 60 characters. */
export function exprText(tokens: readonly Token[], quote = "'"): string {
  let text = '';
  let prev: Token | undefined;
  for (const t of tokens) {
    const operator = prev?.t === 'punct' && t.t === 'punct' && /^[=!<>&|]$/.test(prev.v) && /^[=&|]$/.test(t.v);
    const glue = prev === undefined || operator || (t.t === 'punct' && TIGHT.has(t.v)) || (prev.t === 'punct' && (prev.v === '.' || prev.v === '(' || prev.v === '['));
    text += `${glue ? '' : ' '}${t.t === 'str' ? `${quote}${t.v}${quote}` : t.v}`;
    prev = t;
  }
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

const unknown = (reason: string): Expr => ({ k: 'unknown', reason });

function unescape(raw: string): string {
  return raw.replace(/\\(.)/g, (_, c: string) => (c === 'n' ? '\n' : c === 't' ? '\t' : c));
}

const isPunct = (t: Token | undefined, v: string): boolean => t?.t === 'punct' && t.v === v;

function common(tokens: readonly Token[], quote = "'"): Expr | undefined {
  if (tokens.length === 0) {
    return unknown('the location has no value');
  }
  if (tokens.some((t) => isPunct(t, '?'))) {
    return unknown(`a conditional expression is evaluated only at deployment: ${exprText(tokens, quote)}`);
  }
  const first = tokens[0];
  if (tokens.length === 1 && first?.t === 'str' && !first.interp) {
    return { k: 'str', v: unescape(first.v) };
  }
  return undefined;
}

/** Bicep: 'westeurope', a parameter or variable name, `symbol.location`, `'${name}'`. */
export function bicepExpr(tokens: readonly Token[]): Expr {
  const simple = common(tokens);
  if (simple) {
    return simple;
  }
  const [a, b, c] = tokens;
  if (tokens.length === 1 && a?.t === 'str') {
    const m = /^\$\{\s*([A-Za-z_]\w*)\s*\}$/.exec(a.v);
    return m?.[1] ? { k: 'param', name: m[1] } : unknown(`a string with interpolation cannot be evaluated: ${exprText(tokens)}`);
  }
  if (tokens.length === 1 && a?.t === 'id') {
    return { k: 'param', name: a.v };
  }
  if (tokens.length === 3 && a?.t === 'id' && isPunct(b, '.') && c?.v === 'location') {
    return { k: 'loc', symbol: a.v };
  }
  if (a?.t === 'id' && (a.v === 'resourceGroup' || a.v === 'deployment') && isPunct(b, '(') && isPunct(c, ')') && isPunct(tokens[3], '.') && tokens.length === 5 && tokens[4]?.v === 'location') {
    return { k: 'deployRegion', of: a.v };
  }
  if (a?.t === 'id' && /^(resourceGroup|deployment|subscription)$/.test(a.v) && tokens[tokens.length - 1]?.v === 'location') {
    return unknown(`${a.v}().location is known only at deployment (the region of the target ${a.v === 'deployment' ? 'deployment' : 'resource group'})`);
  }
  return unknown(`cannot evaluate ${exprText(tokens)}`);
}

/** Drops `[…]` index parts (`azurerm_x.name[0].location`, `azurerm_x.name["k"].location`). */
function withoutIndexes(tokens: readonly Token[]): Token[] {
  const out: Token[] = [];
  let depth = 0;
  for (const t of tokens) {
    if (isPunct(t, '[')) {
      depth++;
    } else if (isPunct(t, ']')) {
      depth--;
    } else if (depth === 0) {
      out.push(t);
    }
  }
  return out;
}

/** The resource a Terraform reference names (`azurerm_x.name.id`, `azurerm_x.name[0].name`, `data.azurerm_x.name.id`), or undefined. */
export function hclReference(tokens: readonly Token[]): string | undefined {
  const parts = withoutIndexes(tokens);
  const dotted = parts.length % 2 === 1 && parts.every((t, i) => (i % 2 === 0 ? t.t === 'id' : isPunct(t, '.')));
  if (!dotted) {
    return undefined;
  }
  const names = parts.filter((_, i) => i % 2 === 0).map((t) => t.v);
  const [a, b, c] = names;
  if (names.length === 3 && a?.startsWith('azurerm_') && b) {
    return `${a}.${b}`;
  }
  return names.length === 4 && a === 'data' && b?.startsWith('azurerm_') && c ? `data.${b}.${c}` : undefined;
}

/** Terraform: "East US", var.x, local.x, type.name.location, "${var.x}". */
export function hclExpr(tokens: readonly Token[]): Expr {
  const simple = common(tokens, '"');
  if (simple) {
    return simple;
  }
  const first = tokens[0];
  if (tokens.length === 1 && first?.t === 'str') {
    const m = /^\$\{\s*(var|local)\.([A-Za-z_][\w-]*)\s*\}$/.exec(first.v);
    if (m?.[2]) {
      return m[1] === 'var' ? { k: 'param', name: m[2] } : { k: 'var', name: m[2] };
    }
    return unknown(`a string with interpolation cannot be evaluated: ${exprText(tokens, '"')}`);
  }
  const parts = withoutIndexes(tokens);
  const names = parts.filter((_, i) => i % 2 === 0);
  const dotted = parts.every((t, i) => (i % 2 === 0 ? t.t === 'id' : isPunct(t, '.'))) && parts.length % 2 === 1;
  if (!dotted) {
    return unknown(`cannot evaluate ${exprText(tokens, '"')}`);
  }
  const [a, b, c, d] = names.map((t) => t.v);
  if (names.length === 2 && a === 'var' && b) {
    return { k: 'param', name: b };
  }
  if (names.length === 2 && a === 'local' && b) {
    return { k: 'var', name: b };
  }
  if (names.length === 3 && a && b && c === 'location' && a !== 'data' && a !== 'module') {
    return { k: 'loc', symbol: `${a}.${b}` };
  }
  if (names.length === 4 && a === 'data' && d === 'location') {
    return unknown(`data.${b}.${c}.location is read from Azure at plan time`);
  }
  if (a === 'module') {
    return unknown(`a module output (${exprText(tokens, '"')}) is known only after the module is read`);
  }
  return unknown(`cannot evaluate ${exprText(tokens, '"')}`);
}

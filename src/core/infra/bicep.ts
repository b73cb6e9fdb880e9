/** Bicep files (.bicep) and Bicep parameter files (.bicepparam), read with the shared tokenizer. */
import { problem, type ModuleCall, type ParamDecl, type ParamFileFacts, type TemplateFacts } from './facts';
import { lex, type Token } from './lexer';
import { moved } from './progress';
import { avmResourceType, isRegistrySource } from './registry';
import { bicepValue, loopHeader, type Loop } from './bicepValue';
import { findTop, matching, slice, statements, type Range } from './statements';
import type { Expr, Pos, ResourceDecl } from './types';

const pos = (t: Token | undefined): Pos => ({ line: t?.line ?? 1, column: t?.column ?? 1 });

/**
 * The index after the leading decorators (`@description('…')`, `@sys.secure()`, `@allowed([…])`),
 * or `r.to` when the statement is only decorators: statements split at newlines, so a decorator on
 * its own line is a statement of its own, and the declaration it decorates is the next one.
 */
function skipDecorators(tokens: readonly Token[], r: Range): number {
  let i = r.from;
  while (i < r.to && tokens[i]?.v === '@' && tokens[i]?.t === 'punct') {
    const before = i;
    i += 1;
    // The decorator's (possibly namespaced) name: `secure`, `sys.description`.
    while (i < r.to && (tokens[i]?.t === 'id' || tokens[i]?.v === '.')) {
      i += 1;
    }
    if (i < r.to && tokens[i]?.v === '(') {
      const close = matching(tokens, i, r.to);
      i = close < 0 ? r.to : close + 1;
    }
    while (i < r.to && tokens[i]?.t === 'nl') {
      i += 1;
    }
    moved(before, i, 'the decorators');
  }
  return Math.min(i, r.to);
}

/** A property `key: value`, its value tokens[from, to) read only when asked (valueOf). */
type Prop = { key: Token; from: number; to: number };

/** Properties `key: value` of an object body tokens(open, close), one level deep; `children` gets the nested `resource` statements. */
function objectProps(tokens: readonly Token[], open: number, close: number, children?: Range[]): Map<string, Prop> {
  const props = new Map<string, Prop>();
  // Properties end at a newline or, in a one-line object (`{ name: 'web', location: 'westeurope' }`), a comma.
  for (const s of statements(tokens, open + 1, close, true)) {
    const key = tokens[s.from];
    if ((key?.t === 'id' || key?.t === 'str') && tokens[s.from + 1]?.v === ':') {
      props.set(key.v, { key, from: s.from + 2, to: s.to });
    } else if (children && key?.t === 'id' && key.v === 'resource') {
      children.push(s);
    }
  }
  return props;
}

const valueOf = (tokens: readonly Token[], prop: Prop, loop: Loop | undefined): Expr => bicepValue(tokens, prop.from, prop.to, loop);

/** The loop after a declaration's `=` (searched from `from`), if any, and where its body's `{` is. */
function bodyOf(tokens: readonly Token[], from: number, to: number, outer?: Loop): { open: number; close: number; loop?: Loop } {
  const eq = findTop(tokens, from, to, '=');
  const header = eq < 0 ? undefined : loopHeader(tokens, eq + 1, to);
  const open = findFirst(tokens, header ? header.after : from, to, '{');
  const close = open < 0 ? -1 : matching(tokens, open, to);
  const loop = header?.loop ?? outer;
  return { open, close, ...(loop ? { loop } : {}) };
}

interface Collected {
  readonly params: Map<string, ParamDecl>;
  readonly vars: Map<string, Expr>;
  readonly resources: ResourceDecl[];
  readonly modules: ModuleCall[];
  readonly problems: ReturnType<typeof problem>[];
}

/** How deep `resource` declarations may nest inside each other (ARM's cap too); deeper ones are one unchecked entry. */
export const MAX_RESOURCE_NESTING = 20;

/**
 * `resource sym 'Type@version' [existing] = [if (…)] { … }` (or a `[for …: { … }]` loop), with
 * nested child resources. Each body is split once (its properties and its children in one pass),
 * and nesting stops at MAX_RESOURCE_NESTING, so a generated file cannot make this quadratic or deep.
 */
function readResource(tokens: readonly Token[], r: Range, at: number, parent: { type: string; depth: number; loop?: Loop } | undefined, out: Collected): void {
  const keyword = tokens[at];
  const depth = parent ? parent.depth + 1 : 0;
  if (depth > MAX_RESOURCE_NESTING) {
    out.problems.push(problem(pos(keyword), `resources nested more than ${MAX_RESOURCE_NESTING} deep are not read`));
    return;
  }
  const symbol = tokens[at + 1]?.v ?? '';
  const typeToken = tokens[at + 2];
  if (typeToken?.t !== 'str') {
    return;
  }
  let type = typeToken.v.split('@')[0] ?? '';
  // A nested child may name only its own segment ('config'); it belongs to its parent's type.
  if (parent && !type.includes('/')) {
    type = `${parent.type}/${type}`;
  }
  const existing = tokens[at + 3]?.v === 'existing';
  // A child inside a loop's body sees the loop's item too.
  const { open, close, loop } = bodyOf(tokens, at + 3, r.to, parent?.loop);
  const children: Range[] = [];
  const body = open >= 0 && close > open ? objectProps(tokens, open, close, children) : new Map<string, Prop>();
  const location = body.get('location');
  const kindExpr = body.get('kind');
  const kind = kindExpr ? valueOf(tokens, kindExpr, loop) : undefined;
  const name = body.get('name');
  out.resources.push({
    type,
    symbol,
    pos: pos(keyword),
    ...(location ? { location: valueOf(tokens, location, loop), locationPos: pos(location.key) } : {}),
    ...(name ? { name: valueOf(tokens, name, loop), namePos: pos(name.key) } : {}),
    ...(kind?.k === 'str' ? { kind: kind.v } : {}),
    ...(existing ? { existing } : {}),
  });
  for (const s of children) {
    readResource(tokens, s, s.from, { type, depth, ...(loop ? { loop } : {}) }, out);
  }
}

function findFirst(tokens: readonly Token[], from: number, to: number, v: string): number {
  for (let i = from; i < to; i++) {
    if (tokens[i]?.t === 'punct' && tokens[i]?.v === v) {
      return i;
    }
  }
  return -1;
}

function readModule(tokens: readonly Token[], r: Range, at: number, out: Collected): void {
  const source = tokens[at + 2];
  const { open, close, loop } = bodyOf(tokens, at + 3, r.to);
  if (source?.t !== 'str' || source.interp || open < 0 || close < 0) {
    return;
  }
  const params = objectProps(tokens, open, close).get('params');
  const values = new Map<string, Expr>();
  const places = new Map<string, Token>();
  if (params && tokens[params.from]?.v === '{') {
    const pClose = matching(tokens, params.from, params.to);
    for (const [name, prop] of objectProps(tokens, params.from, pClose < 0 ? params.to : pClose)) {
      values.set(name, valueOf(tokens, prop, loop));
      places.set(name, prop.key);
    }
  }
  if (isRegistrySource(source.v)) {
    readRegistryModule(tokens[at], tokens[at + 1]?.v ?? '', source.v, values, places, out);
    return;
  }
  out.modules.push({ source: source.v, values, pos: pos(tokens[at]) });
}

/** An Azure Verified Module is the resource its path names, in its `location` parameter; another registry module is one unchecked entry. */
function readRegistryModule(keyword: Token | undefined, symbol: string, source: string, values: ReadonlyMap<string, Expr>, places: ReadonlyMap<string, Token>, out: Collected): void {
  const type = avmResourceType(source);
  if (!type) {
    out.problems.push(problem(pos(keyword), `module '${source}' comes from a registry the reader cannot open, so its resources are not checked`));
    return;
  }
  const location = values.get('location');
  const locationKey = places.get('location');
  const name = values.get('name');
  const nameKey = places.get('name');
  const kind = values.get('kind');
  out.resources.push({
    type,
    symbol,
    pos: pos(keyword),
    // An AVM module's location parameter defaults to its resource group's region.
    location: location ?? { k: 'deployRegion', of: 'resourceGroup' },
    ...(location && locationKey ? { locationPos: pos(locationKey) } : {}),
    ...(name ? { name, ...(nameKey ? { namePos: pos(nameKey) } : {}) } : {}),
    ...(kind?.k === 'str' ? { kind: kind.v } : {}),
  });
}

export function parseBicep(text: string): TemplateFacts {
  const { tokens, problem: lexProblem } = lex(text, { quote: "'", hcl: false });
  const problems = lexProblem ? [problem({ line: 0, column: 0 }, `the file is not valid Bicep: ${lexProblem}`)] : [];
  const out: Collected = { params: new Map(), vars: new Map(), resources: [], modules: [], problems };
  for (const r of statements(tokens, 0, tokens.length)) {
    const at = skipDecorators(tokens, r);
    const head = tokens[at];
    if (head?.t !== 'id') {
      continue;
    }
    const name = tokens[at + 1]?.v ?? '';
    if (head.v === 'param' || head.v === 'var') {
      const eq = findTop(tokens, at + 2, r.to, '=');
      const expr = eq < 0 ? undefined : bicepValue(tokens, eq + 1, r.to);
      if (head.v === 'param') {
        out.params.set(name, { ...(expr ? { default: expr } : {}), pos: pos(head) });
      } else if (expr) {
        out.vars.set(name, expr);
      }
    } else if (head.v === 'resource') {
      readResource(tokens, r, at, undefined, out);
    } else if (head.v === 'module') {
      readModule(tokens, r, at, out);
    }
  }
  return { kind: 'bicep', ...out };
}

/** `using './main.bicep'` and `param name = value`. */
export function parseBicepParam(text: string): ParamFileFacts {
  const { tokens, problem: lexProblem } = lex(text, { quote: "'", hcl: false });
  const values = new Map<string, Expr>();
  let target = '';
  for (const r of statements(tokens, 0, tokens.length)) {
    const head = tokens[r.from];
    if (head?.v === 'using' && tokens[r.from + 1]?.t === 'str') {
      target = tokens[r.from + 1]?.v ?? '';
    } else if (head?.v === 'param' && tokens[r.from + 2]?.v === '=') {
      values.set(tokens[r.from + 1]?.v ?? '', bicepParamValue(tokens, r.from + 3, r.to));
    }
  }
  const problems = lexProblem ? [problem({ line: 0, column: 0 }, `the file is not valid Bicep: ${lexProblem}`)] : [];
  if (!target) {
    problems.push(problem({ line: 0, column: 0 }, "the parameters file has no using '<template>' line, so its values apply to no template"));
  }
  return { kind: 'params', target, values, problems };
}

/** A .bicepparam value: a literal (a list too), or `readEnvironmentVariable('NAME')` (azd fills those from its environment). */
function bicepParamValue(all: readonly Token[], from: number, to: number): Expr {
  const tokens = slice(all, from, to);
  const [a, b, c, d, e] = tokens;
  if (a?.v === 'readEnvironmentVariable' && b?.v === '(' && c?.t === 'str') {
    return d?.v === ',' && e?.t === 'str' ? { k: 'env', name: c.v, fallback: e.v } : { k: 'env', name: c.v };
  }
  return bicepValue(all, from, to);
}

/** Terraform (.tf) and variable files (.tfvars): azurerm resources, variables, locals and module calls. */
import { AZURERM_GLOBAL, AZURERM_PARENT } from './azurermTypes';
import { hclExpr, hclReference } from './expr';
import { problem, type ModuleCall, type ParamDecl, type ParamFileFacts, type TemplateFacts } from './facts';
import { lex, type Token } from './lexer';
import { matching, slice, statements } from './statements';
import type { Expr, ResourceDecl } from './types';

interface Attr {
  readonly expr: Expr;
  readonly key: Token;
  /** The value's tokens, tokens[from, to). */
  readonly from: number;
  readonly to: number;
}

/** `key = value` attributes of a block body tokens(open, close), one level deep (nested blocks skipped). */
function attributes(tokens: readonly Token[], open: number, close: number): Map<string, Attr> {
  const out = new Map<string, Attr>();
  for (const s of statements(tokens, open + 1, close)) {
    const key = tokens[s.from];
    if (key?.t === 'id' && tokens[s.from + 1]?.v === '=' && tokens[s.from + 2]?.v !== '=') {
      out.set(key.v, { expr: hclExpr(slice(tokens, s.from + 2, s.to)), key, from: s.from + 2, to: s.to });
    }
  }
  return out;
}

/** The block's body: the first `{` after the labels, and its match. */
function body(tokens: readonly Token[], from: number, to: number): [number, number] | undefined {
  for (let i = from; i < to; i++) {
    if (tokens[i]?.t === 'punct' && tokens[i]?.v === '{') {
      const close = matching(tokens, i, to);
      return close < 0 ? undefined : [i, close];
    }
  }
  return undefined;
}

/**
 * The region of a resource without a `location` argument: a global type is in "Global"; a type
 * created inside another resource is in that resource's region when it refers to it directly
 * (`container_app_environment_id = azurerm_container_app_environment.env.id`), as Terraform reads it.
 */
function implicitLocation(tokens: readonly Token[], type: string, attrs: ReadonlyMap<string, Attr>): Pick<ResourceDecl, 'location' | 'locationPos'> {
  if (AZURERM_GLOBAL.has(type)) {
    return { location: { k: 'str', v: 'global' } };
  }
  for (const name of AZURERM_PARENT[type] ?? []) {
    const attr = attrs.get(name);
    const symbol = attr ? hclReference(slice(tokens, attr.from, attr.to)) : undefined;
    if (attr && symbol) {
      return { location: { k: 'loc', symbol }, locationPos: { line: attr.key.line, column: attr.key.column } };
    }
  }
  return {};
}

const MODULE_META = new Set(['source', 'version', 'count', 'for_each', 'providers', 'depends_on']);

export function parseTerraform(text: string): TemplateFacts {
  const { tokens, problem: lexProblem } = lex(text, { quote: '"', hcl: true });
  const params = new Map<string, ParamDecl>();
  const vars = new Map<string, Expr>();
  const resources: ResourceDecl[] = [];
  const modules: ModuleCall[] = [];
  const problems = lexProblem ? [problem({ line: 0, column: 0 }, `the file is not valid Terraform: ${lexProblem}`)] : [];
  for (const r of statements(tokens, 0, tokens.length)) {
    const head = tokens[r.from];
    const label1 = tokens[r.from + 1];
    const label2 = tokens[r.from + 2];
    const b = body(tokens, r.from, r.to);
    if (head?.t !== 'id' || !b) {
      continue;
    }
    const attrs = attributes(tokens, b[0], b[1]);
    if ((head.v === 'resource' || head.v === 'data') && label1?.t === 'str' && label2?.t === 'str') {
      const location = attrs.get('location');
      const name = attrs.get('name');
      const kind = attrs.get('kind')?.expr;
      resources.push({
        type: label1.v,
        symbol: `${head.v === 'data' ? 'data.' : ''}${label1.v}.${label2.v}`,
        pos: { line: head.line, column: head.column },
        ...(location ? { location: location.expr, locationPos: { line: location.key.line, column: location.key.column } } : implicitLocation(tokens, label1.v, attrs)),
        ...(name ? { name: name.expr, namePos: { line: name.key.line, column: name.key.column } } : {}),
        ...(kind?.k === 'str' ? { kind: kind.v } : {}),
        ...(head.v === 'data' ? { existing: true } : {}),
      });
    } else if (head.v === 'variable' && label1?.t === 'str') {
      const def = attrs.get('default')?.expr;
      params.set(label1.v, { ...(def ? { default: def } : {}), pos: { line: head.line, column: head.column } });
    } else if (head.v === 'locals') {
      for (const [name, attr] of attrs) {
        vars.set(name, attr.expr);
      }
    } else if (head.v === 'module' && label1?.t === 'str') {
      const source = attrs.get('source')?.expr;
      if (source?.k === 'str' && !/^\.\.?\//.test(source.v)) {
        // A registry, Git or archive module: its files are not in this folder.
        problems.push(problem({ line: head.line, column: head.column }, `module "${label1.v}" comes from '${source.v}', which the reader cannot open, so its resources are not checked`));
      } else if (source?.k === 'str') {
        const values = new Map<string, Expr>();
        for (const [name, attr] of attrs) {
          if (!MODULE_META.has(name)) {
            values.set(name, attr.expr);
          }
        }
        modules.push({ source: source.v, values, pos: { line: head.line, column: head.column } });
      }
    }
  }
  return { kind: 'terraform', params, vars, resources, modules, problems };
}

/** `name = value` lines of a .tfvars file; they apply to the variables of their folder. */
export function parseTfvars(text: string): ParamFileFacts {
  const { tokens, problem: lexProblem } = lex(text, { quote: '"', hcl: true });
  const values = new Map<string, Expr>();
  for (const s of statements(tokens, 0, tokens.length)) {
    const key = tokens[s.from];
    if (key?.t === 'id' && tokens[s.from + 1]?.v === '=') {
      values.set(key.v, hclExpr(slice(tokens, s.from + 2, s.to)));
    }
  }
  const problems = lexProblem ? [problem({ line: 0, column: 0 }, `the file is not valid Terraform: ${lexProblem}`)] : [];
  return { kind: 'params', target: '.', values, problems };
}

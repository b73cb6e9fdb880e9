/**
 * Templates grouped into scopes that share names: a Bicep or ARM file is its own scope, a
 * Terraform folder is one scope (its .tf files share variables and resources). Each scope also
 * gets the parameter sources that fill it: parameter files and module calls.
 */
import { posix } from 'node:path';
import type { FileFacts, ModuleCall, ParamDecl, TemplateFacts } from './facts';
import type { Expr, Pos, ResourceDecl } from './types';

export interface ScopeDecl extends ResourceDecl {
  readonly file: string;
}

export interface Scope {
  readonly id: string;
  readonly kind: TemplateFacts['kind'];
  readonly params: Map<string, ParamDecl>;
  readonly vars: Map<string, Expr>;
  readonly resources: Map<string, ScopeDecl>;
  readonly decls: ScopeDecl[];
}

/** Where a parameter's values may come from: a parameters file (no scope of its own) or a caller. */
export interface ParamSource {
  readonly values: ReadonlyMap<string, Expr>;
  readonly scope?: Scope;
}

const dirOf = (path: string): string => {
  const cut = path.lastIndexOf('/');
  return cut < 0 ? '' : path.slice(0, cut);
};

/** `dir` joined with a relative path, normalised; undefined when it leaves the folder read. */
export function joinPath(dir: string, rel: string): string | undefined {
  const joined = posix.normalize(posix.join(dir || '.', rel)).replace(/\/$/, '');
  return joined.startsWith('../') || joined === '..' || posix.isAbsolute(joined) ? undefined : joined === '.' ? '' : joined;
}

const tfScopeId = (dir: string): string => `${dir}/`;

/** A Bicep or ARM file's scope, built once per parse (the facts object changes when the file does). */
const fileScopes = new WeakMap<TemplateFacts, Scope>();

function newScope(id: string, kind: TemplateFacts['kind']): Scope {
  return { id, kind, params: new Map(), vars: new Map(), resources: new Map(), decls: [] };
}

function addFacts(scope: Scope, file: string, facts: TemplateFacts): void {
  for (const [name, p] of facts.params) {
    scope.params.set(name, p);
  }
  for (const [name, v] of facts.vars) {
    scope.vars.set(name, v);
  }
  for (const decl of facts.resources) {
    const d = { ...decl, file };
    scope.decls.push(d);
    if (decl.symbol) {
      scope.resources.set(decl.symbol, d);
    }
  }
}

export function buildScopes(files: ReadonlyMap<string, FileFacts>): { scopes: Map<string, Scope>; sources: Map<string, ParamSource[]>; cycles: CycleCall[] } {
  const scopes = new Map<string, Scope>();
  const inline: { id: string; source: ParamSource }[] = [];
  for (const [file, facts] of files) {
    if (facts.kind === 'terraform') {
      const id = tfScopeId(dirOf(file));
      const scope = scopes.get(id) ?? newScope(id, 'terraform');
      scopes.set(id, scope);
      addFacts(scope, file, facts);
    } else if (facts.kind === 'bicep' || facts.kind === 'arm') {
      addFileScope(scopes, file, file, facts, inline);
    }
  }
  const { sources, cycles } = buildSources(files, scopes);
  for (const { id, source } of inline) {
    addSource(sources, id, source);
  }
  return { scopes, sources, cycles };
}

/** A Bicep or ARM file's scope (or an ARM inline template's, `file#name`), and its inline templates' scopes, each filled by its deployment's values. */
function addFileScope(scopes: Map<string, Scope>, id: string, file: string, facts: TemplateFacts, inline: { id: string; source: ParamSource }[]): void {
  let scope = fileScopes.get(facts);
  if (!scope || scope.id !== id) {
    scope = newScope(id, facts.kind);
    addFacts(scope, file, facts);
    fileScopes.set(facts, scope);
  }
  scopes.set(id, scope);
  for (const child of facts.inline ?? []) {
    const childId = `${id}#${child.name}`;
    addFileScope(scopes, childId, file, child.facts, inline);
    inline.push({ id: childId, source: { values: child.values, scope } });
  }
}

function addSource(sources: Map<string, ParamSource[]>, scopeId: string, source: ParamSource): void {
  const list = sources.get(scopeId);
  if (list) {
    list.push(source);
  } else {
    sources.set(scopeId, [source]);
  }
}

/** A module call between two scopes that were both read. */
interface Call {
  readonly from: string;
  readonly to: string;
  readonly file: string;
  readonly call: ModuleCall;
  readonly source: ParamSource;
}

/** A module call that closes a cycle: not followed, and one unchecked entry at the call. */
export interface CycleCall {
  readonly file: string;
  readonly pos: Pos;
  readonly reason: string;
}

function buildSources(files: ReadonlyMap<string, FileFacts>, scopes: ReadonlyMap<string, Scope>): { sources: Map<string, ParamSource[]>; cycles: CycleCall[] } {
  const sources = new Map<string, ParamSource[]>();
  const calls: Call[] = [];
  for (const [file, facts] of files) {
    const dir = dirOf(file);
    if (facts.kind === 'params') {
      const id = paramTarget(file, facts.target, scopes);
      if (id !== undefined && scopes.has(id)) {
        addSource(sources, id, { values: facts.values });
      }
    } else if (facts.kind === 'bicep' || facts.kind === 'terraform') {
      const from = facts.kind === 'terraform' ? tfScopeId(dir) : file;
      const caller = scopes.get(from);
      for (const call of facts.modules) {
        const path = joinPath(dir, call.source);
        const to = path === undefined ? undefined : facts.kind === 'terraform' ? tfScopeId(path) : path;
        if (to !== undefined && scopes.has(to)) {
          calls.push({ from, to, file, call, source: { values: call.values, ...(caller ? { scope: caller } : {}) } });
        }
      }
    }
  }
  const closing = cycleCalls(calls);
  const cycles: CycleCall[] = [];
  for (const c of calls) {
    const path = closing.get(c);
    if (path) {
      cycles.push({ file: c.file, pos: c.call.pos ?? { line: 0, column: 0 }, reason: `module '${c.call.source}' closes a cycle (${path.join(' → ')}), which cannot deploy, so this call is not followed; break the cycle to have it checked` });
    } else {
      addSource(sources, c.to, c.source);
    }
  }
  return { sources, cycles };
}

/**
 * The calls that close a cycle, each with the cycle it closes: the back edges of a depth-first walk
 * from the templates nobody calls (then from the rest, by name), so a cycle is reported once, at
 * the call that leads back, and the other calls are still followed. Linear in the calls.
 */
function cycleCalls(calls: readonly Call[]): Map<Call, string[]> {
  const out = new Map<Call, string[]>();
  const edges = new Map<string, Call[]>();
  const called = new Set<string>();
  for (const c of calls) {
    const list = edges.get(c.from);
    if (list) list.push(c);
    else edges.set(c.from, [c]);
    called.add(c.to);
  }
  const starts = [...edges.keys()].sort((a, b) => Number(called.has(a)) - Number(called.has(b)) || (a < b ? -1 : a > b ? 1 : 0));
  const done = new Set<string>();
  for (const start of starts) {
    if (done.has(start)) continue;
    const stack: { id: string; next: number }[] = [{ id: start, next: 0 }];
    const onPath = new Map<string, number>([[start, 0]]);
    while (stack.length > 0) {
      const top = stack[stack.length - 1];
      if (!top) break;
      const edge = edges.get(top.id)?.[top.next];
      if (!edge) {
        stack.pop();
        onPath.delete(top.id);
        done.add(top.id);
        continue;
      }
      top.next += 1;
      const at = onPath.get(edge.to);
      if (at !== undefined) {
        out.set(edge, [...stack.slice(at).map((s) => s.id), edge.to]);
      } else if (!done.has(edge.to)) {
        onPath.set(edge.to, stack.length);
        stack.push({ id: edge.to, next: 0 });
      }
    }
  }
  return out;
}

/** The scope a parameters file fills: its `using` line, its folder (.tfvars), or the template its name starts with (main.parameters.json → main.bicep or main.json). */
function paramTarget(file: string, target: string, scopes: ReadonlyMap<string, Scope>): string | undefined {
  const dir = dirOf(file);
  if (target === '.') {
    return tfScopeId(dir);
  }
  if (target) {
    return joinPath(dir, target);
  }
  const base = /([^/]+?)\.parameters(\.[^/]*)?\.json$/i.exec(file)?.[1];
  if (!base) {
    return undefined;
  }
  return [`${base}.bicep`, `${base}.json`].map((name) => (dir ? `${dir}/${name}` : name)).find((path) => scopes.has(path));
}

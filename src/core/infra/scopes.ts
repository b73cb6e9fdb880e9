/**
 * Templates grouped into scopes that share names: a Bicep or ARM file is its own scope, a
 * Terraform folder is one scope (its .tf files share variables and resources). Each scope also
 * gets the parameter sources that fill it: parameter files and module calls.
 */
import { posix } from 'node:path';
import type { FileFacts, ParamDecl, TemplateFacts } from './facts';
import type { Expr, ResourceDecl } from './types';

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

export function buildScopes(files: ReadonlyMap<string, FileFacts>): { scopes: Map<string, Scope>; sources: Map<string, ParamSource[]> } {
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
  const sources = buildSources(files, scopes);
  for (const { id, source } of inline) {
    addSource(sources, id, source);
  }
  return { scopes, sources };
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

function buildSources(files: ReadonlyMap<string, FileFacts>, scopes: ReadonlyMap<string, Scope>): Map<string, ParamSource[]> {
  const sources = new Map<string, ParamSource[]>();
  const add = (scopeId: string | undefined, source: ParamSource): void => {
    if (scopeId !== undefined && scopes.has(scopeId)) {
      addSource(sources, scopeId, source);
    }
  };
  for (const [file, facts] of files) {
    const dir = dirOf(file);
    if (facts.kind === 'params') {
      add(paramTarget(file, facts.target, scopes), { values: facts.values });
    } else if (facts.kind === 'bicep' || facts.kind === 'terraform') {
      const caller = scopes.get(facts.kind === 'terraform' ? tfScopeId(dir) : file);
      for (const call of facts.modules) {
        const path = joinPath(dir, call.source);
        add(path === undefined ? undefined : facts.kind === 'terraform' ? tfScopeId(path) : path, { values: call.values, ...(caller ? { scope: caller } : {}) });
      }
    }
  }
  return sources;
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

/**
 * Evaluating location expressions across scopes: every value a parameter can take, or why not.
 * Each (scope, name) is evaluated once per resolve (memoised), a name met again while it is being
 * evaluated is a circle, and every evaluation counts against the resolve's step budget, so module
 * cycles and fan-out (each module calling the next twice) cost linear time, never exponential.
 */
import type { ParamSource, Scope } from './scopes';
import type { Expr } from './types';

export interface Evaluation {
  readonly values: string[];
  readonly reasons: string[];
  /** Those of `values` that are the deployment's region given from outside (a flag, the editor's choice), not written in a file. */
  atDeployment?: string[];
}

interface Memo {
  readonly result: Evaluation;
  /** The evaluation used another file (see EvalContext.external). */
  readonly external: boolean;
}

export interface EvalContext {
  readonly sources: ReadonlyMap<string, readonly ParamSource[]>;
  /** The azd environments' variables, one map per `.azure/<env>/.env`. */
  readonly envs: readonly ReadonlyMap<string, string>[];
  /** The deployment's regions when the caller knows them (`check --resource-group` / `--location`, the editor's choice). */
  readonly regions?: DeploymentRegions;
  /** Set when an evaluation used another file (a parameters file, a caller, an azd environment): its result cannot be cached with the scope. */
  external?: boolean;
  /** Finished evaluations of parameters and variables, by `scope id \0 p|v \0 name`. */
  readonly memo: Map<string, Memo>;
  /** Names being evaluated now, with how many module calls had been crossed when each started. */
  readonly inProgress: Map<string, number>;
  /** Module calls crossed on the current path (a circle that crossed one is a module cycle). */
  crossings: number;
  /** Evaluation steps left in this resolve. */
  stepsLeft: number;
}

/** How many references (parameter, variable, module call) one evaluation may pass through. */
export const MAX_DEPTH = 64;
/** Evaluation steps one resolve may take (each step is one expression evaluated); far past any real workspace. */
export const RESOLVE_STEP_BUDGET = 1_000_000;

export const CIRCLE = 'the references go around in a circle';
export const MODULE_CIRCLE = 'the modules call each other in a circle';
export const TOO_DEEP = `the value passes through more than ${MAX_DEPTH} parameters, variables or module calls`;
export const BUDGET_SPENT = 'the templates refer to each other too many times to follow, so the rest was not evaluated';

export function newEvalContext(sources: ReadonlyMap<string, readonly ParamSource[]>, envs: readonly ReadonlyMap<string, string>[], budget = RESOLVE_STEP_BUDGET): EvalContext {
  return { sources, envs, memo: new Map(), inProgress: new Map(), crossings: 0, stepsLeft: budget };
}

/** The regions a deployment is sent to, given from outside the templates. */
export interface DeploymentRegions {
  /** `resourceGroup().location`: the target resource group's region. */
  readonly resourceGroup?: string;
  /** `deployment().location`: the region a subscription-scope deployment is sent to. */
  readonly deployment?: string;
}

/** Why a `resourceGroup().location` or `deployment().location` line has no region yet (the report marks these `regionAtDeployment`). */
export const DEPLOYMENT_REGION_REASONS: Readonly<Record<keyof DeploymentRegions, string>> = {
  resourceGroup: 'resourceGroup().location is known only at deployment (the region of the target resource group)',
  deployment: 'deployment().location is known only at deployment (the region the deployment is sent to)',
};

function merge(into: Evaluation, from: Evaluation): void {
  for (const v of from.values) {
    if (!into.values.includes(v)) {
      into.values.push(v);
    }
  }
  for (const r of from.reasons) {
    if (!into.reasons.includes(r)) {
      into.reasons.push(r);
    }
  }
  for (const v of from.atDeployment ?? []) {
    into.atDeployment ??= [];
    if (!into.atDeployment.includes(v)) {
      into.atDeployment.push(v);
    }
  }
}

const reason = (text: string): Evaluation => ({ values: [], reasons: [text] });

export function evaluate(expr: Expr, scope: Scope | undefined, ctx: EvalContext, depth = 0): Evaluation {
  if (ctx.stepsLeft <= 0) {
    return reason(BUDGET_SPENT);
  }
  ctx.stepsLeft -= 1;
  if (depth > MAX_DEPTH) {
    return reason(TOO_DEEP);
  }
  switch (expr.k) {
    case 'str':
      return { values: [expr.v], reasons: [] };
    case 'unknown':
      return reason(expr.reason);
    case 'env':
      ctx.external = true;
      return evaluateEnv(expr.name, expr.fallback, ctx);
    case 'deployRegion': {
      // The regions are given per run (a flag, the editor's choice), never cached with the scope.
      ctx.external = true;
      const given = ctx.regions?.[expr.of];
      return given ? { values: [given], reasons: [], atDeployment: [given] } : reason(DEPLOYMENT_REGION_REASONS[expr.of]);
    }
    case 'var':
      return named('v', expr.name, scope, ctx, depth);
    case 'param':
      return named('p', expr.name, scope, ctx, depth);
    case 'array':
    case 'object':
      return reason('the location is an array or object, not a region name');
    case 'each':
      // The loop's array may come from a caller or a parameters file: never cached with the scope.
      ctx.external = true;
      return evaluateEach(expr.array, expr.path, scope, ctx, depth);
    case 'loc': {
      const target = scope?.resources.get(expr.symbol);
      if (!target) {
        return reason(`no resource named ${expr.symbol} in this template`);
      }
      if (!target.location) {
        return reason(target.existing ? `${expr.symbol} is an existing resource; its region is read from Azure at deployment` : `${expr.symbol} has no location`);
      }
      return evaluate(target.location, scope, ctx, depth + 1);
    }
  }
}

/** A parameter or variable, evaluated once per resolve; met again while being evaluated, a circle. */
function named(kind: 'p' | 'v', name: string, scope: Scope | undefined, ctx: EvalContext, depth: number): Evaluation {
  if (!scope) {
    return reason(kind === 'v' ? `no variable or local named ${name}` : `no parameter or variable named ${name}`);
  }
  const key = `${scope.id}\u0000${kind}\u0000${name}`;
  const done = ctx.memo.get(key);
  if (done) {
    ctx.external ||= done.external;
    return done.result;
  }
  const startedAt = ctx.inProgress.get(key);
  if (startedAt !== undefined) {
    return reason(ctx.crossings > startedAt ? MODULE_CIRCLE : CIRCLE);
  }
  const outer = ctx.external ?? false;
  ctx.external = false;
  ctx.inProgress.set(key, ctx.crossings);
  let result: Evaluation;
  try {
    result = kind === 'p' ? evaluateParam(name, scope, ctx, depth) : evaluateVar(name, scope, ctx, depth);
  } finally {
    ctx.inProgress.delete(key);
  }
  const external = ctx.external;
  ctx.external = outer || external;
  // A result cut short by depth or budget depends on the path taken, so it is not remembered.
  if (!result.reasons.includes(TOO_DEEP) && !result.reasons.includes(BUDGET_SPENT)) {
    ctx.memo.set(key, { result, external });
  }
  return result;
}

function evaluateVar(name: string, scope: Scope, ctx: EvalContext, depth: number): Evaluation {
  const v = scope.vars.get(name);
  return v ? evaluate(v, scope, ctx, depth + 1) : reason(`no variable or local named ${name}`);
}

function evaluateEnv(name: string, fallback: string | undefined, ctx: EvalContext): Evaluation {
  const out: Evaluation = { values: [], reasons: [] };
  for (const env of ctx.envs) {
    const v = env.get(name) ?? fallback;
    if (v !== undefined && v !== '' && !out.values.includes(v)) {
      out.values.push(v);
    }
  }
  if (out.values.length === 0) {
    return fallback !== undefined && fallback !== '' ? { values: [fallback], reasons: [] } : reason(`${name} is not set in any azd environment (.azure/<env>/.env); run 'azd env set ${name} <value>'`);
  }
  return out;
}

function evaluateParam(name: string, scope: Scope, ctx: EvalContext, depth: number): Evaluation {
  const decl = scope.params.get(name);
  if (!decl) {
    // Bicep writes variables and parameters alike (a bare name).
    const v = scope.vars.get(name);
    return v ? named('v', name, scope, ctx, depth) : reason(`no parameter or variable named ${name}`);
  }
  const out: Evaluation = { values: [], reasons: [] };
  const sources = ctx.sources.get(scope.id) ?? [];
  if (sources.length > 0) {
    ctx.external = true;
  }
  let unset = sources.length === 0;
  for (const source of sources) {
    const given = source.values.get(name);
    if (given) {
      // A caller's value crosses a module call (a parameters file has no scope of its own).
      const crossed = source.scope ? 1 : 0;
      ctx.crossings += crossed;
      try {
        merge(out, evaluate(given, source.scope, ctx, depth + 1));
      } finally {
        ctx.crossings -= crossed;
      }
    } else {
      unset = true;
    }
  }
  if (unset) {
    if (decl.default) {
      merge(out, evaluate(decl.default, scope, ctx, depth + 1));
    } else {
      merge(out, reason(`parameter ${name} has no default value and ${sources.length > 0 ? 'not every parameters file or caller sets it' : 'no parameters file sets it'}`));
    }
  }
  return out;
}

/** An expression as literal structure: parameters and variables followed to the values they are given, with the scope each is in. */
interface Literal {
  readonly expr: Expr;
  readonly scope: Scope | undefined;
}

/** The literals `expr` stands for (every value a parameter is given, else its default), and why some could not be followed. */
function literals(expr: Expr, scope: Scope | undefined, ctx: EvalContext, depth: number, out: Evaluation & { found: Literal[] }): void {
  if (ctx.stepsLeft <= 0 || depth > MAX_DEPTH) {
    merge(out, reason(ctx.stepsLeft <= 0 ? BUDGET_SPENT : TOO_DEEP));
    return;
  }
  ctx.stepsLeft -= 1;
  if ((expr.k !== 'param' && expr.k !== 'var') || !scope) {
    out.found.push({ expr, scope });
    return;
  }
  const decl = expr.k === 'param' ? scope.params.get(expr.name) : undefined;
  if (!decl) {
    const v = scope.vars.get(expr.name);
    if (v) literals(v, scope, ctx, depth + 1, out);
    else merge(out, reason(`no parameter or variable named ${expr.name}`));
    return;
  }
  const sources = ctx.sources.get(scope.id) ?? [];
  let unset = sources.length === 0;
  for (const source of sources) {
    const given = source.values.get(expr.name);
    if (given) literals(given, source.scope, ctx, depth + 1, out);
    else unset = true;
  }
  if (unset && decl.default) literals(decl.default, scope, ctx, depth + 1, out);
  else if (unset) merge(out, reason(`parameter ${expr.name} has no default value and ${sources.length > 0 ? 'not every parameters file or caller sets it' : 'no parameters file sets it'}`));
}

/** A loop's item: the property `path` of each element of every array the loop may go over. */
function evaluateEach(array: Expr, path: readonly string[], scope: Scope | undefined, ctx: EvalContext, depth: number): Evaluation {
  const arrays = { values: [], reasons: [], found: [] as Literal[] };
  literals(array, scope, ctx, depth + 1, arrays);
  const out: Evaluation = { values: [], reasons: arrays.reasons };
  for (const a of arrays.found) {
    if (a.expr.k === 'array') {
      for (const item of a.expr.items) merge(out, select(item, path, a.scope, ctx, depth + 1));
    } else {
      merge(out, reason(a.expr.k === 'unknown' ? `the loop's list: ${a.expr.reason}` : 'the loop does not go over a list the reader can read'));
    }
  }
  return out;
}

/** The property `path` of a value (an object literal, or a parameter holding one), evaluated. */
function select(value: Expr, path: readonly string[], scope: Scope | undefined, ctx: EvalContext, depth: number): Evaluation {
  const [key, ...rest] = path;
  if (key === undefined) {
    return evaluate(value, scope, ctx, depth + 1);
  }
  const objects = { values: [], reasons: [], found: [] as Literal[] };
  literals(value, scope, ctx, depth + 1, objects);
  const out: Evaluation = { values: [], reasons: objects.reasons };
  for (const o of objects.found) {
    const prop = o.expr.k === 'object' ? o.expr.props.get(key) : undefined;
    if (prop) merge(out, select(prop, rest, o.scope, ctx, depth + 1));
    else merge(out, reason(o.expr.k === 'unknown' ? o.expr.reason : `a loop item has no property ${key}`));
  }
  return out;
}

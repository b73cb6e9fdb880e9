/** Evaluating location expressions across scopes: every value a parameter can take, or why not. */
import type { ParamSource, Scope } from './scopes';
import type { Expr } from './types';

export interface Evaluation {
  readonly values: string[];
  readonly reasons: string[];
}

export interface EvalContext {
  readonly sources: ReadonlyMap<string, readonly ParamSource[]>;
  /** The azd environments' variables, one map per `.azure/<env>/.env`. */
  readonly envs: readonly ReadonlyMap<string, string>[];
  /** The deployment's regions when the caller knows them (`check --resource-group` / `--location`, the editor's choice). */
  readonly regions?: DeploymentRegions;
  /** Set when an evaluation used another file (a parameters file, a caller, an azd environment): its result cannot be cached with the scope. */
  external?: boolean;
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

const MAX_DEPTH = 32;

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
}

const reason = (text: string): Evaluation => ({ values: [], reasons: [text] });

export function evaluate(expr: Expr, scope: Scope | undefined, ctx: EvalContext, depth = 0): Evaluation {
  if (depth > MAX_DEPTH) {
    return reason('the references go around in a circle');
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
      return given ? { values: [given], reasons: [] } : reason(DEPLOYMENT_REGION_REASONS[expr.of]);
    }
    case 'var': {
      const v = scope?.vars.get(expr.name);
      return v ? evaluate(v, scope, ctx, depth + 1) : reason(`no variable or local named ${expr.name}`);
    }
    case 'param':
      return evaluateParam(expr.name, scope, ctx, depth);
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

function evaluateParam(name: string, scope: Scope | undefined, ctx: EvalContext, depth: number): Evaluation {
  const decl = scope?.params.get(name);
  if (!scope || !decl) {
    // Bicep writes variables and parameters alike (a bare name).
    const v = scope?.vars.get(name);
    return v ? evaluate(v, scope, ctx, depth + 1) : reason(`no parameter or variable named ${name}`);
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
      merge(out, evaluate(given, source.scope, ctx, depth + 1));
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

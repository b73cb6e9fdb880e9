/** All files' facts → the report: deployment targets, and what could not be resolved (with why). Why: docs/architecture.md#infra-reader */
import { AZURERM_PARENT } from './azurermTypes';
import type { FileFacts } from './facts';
import { selectedEnvs } from './azdConfig';
import { DEPLOYMENT_REGION_REASONS, evaluate, newEvalContext, type DeploymentRegions, type EvalContext } from './evaluate';
import { regionDisplayName } from '../query/regionNames';
import { buildScopes, joinPath, type Scope, type ScopeDecl } from './scopes';
import { isNotCovered, isWithoutService, serviceOfArmType, serviceOfAzdHost, serviceOfAzurermType } from './serviceMap';
import type { InfraReport, InfraTarget, InfraUnresolved } from './types';
import { append } from '../text/lists';

const ENV_FILE = /(^|\/)\.azure\/[^/]+\/\.env$/i;

function serviceOf(scope: Scope, decl: ScopeDecl): string | undefined | null {
  if (scope.kind !== 'terraform') {
    return serviceOfArmType(decl.type, decl.kind);
  }
  // Not an azurerm resource (random_string, azuread_*, null_resource): nothing deployed to a region.
  return decl.type.startsWith('azurerm_') ? serviceOfAzurermType(decl.type, decl.kind) : null;
}

/**
 * A child resource names its parent's path (`Microsoft.Sql/servers/databases`), or is a Terraform
 * type created inside another resource (azurerm_subnet), and takes the parent's region.
 */
const isChild = (scope: Scope, type: string): boolean => (scope.kind === 'terraform' ? AZURERM_PARENT[type] !== undefined : type.split('/').length > 2);

function readDecl(scope: Scope, decl: ScopeDecl, ctx: EvalContext, targets: InfraTarget[], unresolved: InfraUnresolved[]): void {
  // An existing resource is read from Azure, not deployed; the control plane has no region to watch.
  if (decl.existing) {
    return;
  }
  const where = decl.locationPos ?? decl.pos;
  const at = { file: decl.file, line: where.line, column: where.column };
  if (isNotCovered(decl.type)) {
    unresolved.push({ ...at, reason: `${decl.type}: no Service Health service covers this resource type`, info: true });
    return;
  }
  // Resource groups, deployments, role assignments: the control plane, with no region to watch.
  if (isWithoutService(decl.type)) {
    return;
  }
  const service = serviceOf(scope, decl);
  if (service === null) {
    return;
  }
  if (!service) {
    unresolved.push({ ...at, reason: `no Service Health service is known for resource type ${decl.type}` });
    return;
  }
  if (!decl.location) {
    if (!isChild(scope, decl.type)) {
      unresolved.push({ ...at, reason: `${decl.type} '${decl.symbol}' has no location` });
    }
    return;
  }
  addLocations(service, { ...at, ...identityOf(scope, decl, ctx) }, evaluate(decl.location, scope, ctx), targets, unresolved);
}

const placeOf = ({ file, line, column }: { file: string; line: number; column: number }): { file: string; line: number; column: number } => ({ file, line, column });

type Identity = Pick<InfraTarget, 'name' | 'resourceType' | 'nameLine'>;

/** The resource's name when it evaluates to exactly one value (a literal, a parameter's one value), and its ARM type; never guessed. */
function identityOf(scope: Scope, decl: ScopeDecl, ctx: EvalContext): Identity {
  const resourceType = scope.kind === 'terraform' ? undefined : decl.type;
  const result = decl.name ? evaluate(decl.name, scope, ctx) : undefined;
  const [name] = result && result.reasons.length === 0 && result.values.length === 1 ? result.values : [];
  return {
    ...(name ? { name } : {}),
    ...(resourceType ? { resourceType } : {}),
    ...(name && decl.namePos ? { nameLine: decl.namePos.line } : {}),
  };
}

/** Each value a location evaluated to becomes a target, or unresolved when it is no known region; each reason it could not be evaluated, unresolved. */
function addLocations(
  service: string,
  at: { readonly file: string; readonly line: number; readonly column: number } & Identity,
  result: ReturnType<typeof evaluate>,
  targets: InfraTarget[],
  unresolved: InfraUnresolved[],
): void {
  for (const value of result.values) {
    const region = regionDisplayName(value);
    if (region) {
      targets.push({ service, region, ...at, ...(result.atDeployment?.includes(value) ? { regionAtDeployment: true } : {}) });
    } else {
      unresolved.push({ ...placeOf(at), reason: `${service}: '${value.slice(0, 60)}' is not a known Azure region` });
    }
  }
  for (const r of result.reasons) {
    unresolved.push({ ...placeOf(at), reason: `${service}: ${r}`, ...(AT_DEPLOYMENT.has(r) ? { regionAtDeployment: true } : {}) });
  }
}

const AT_DEPLOYMENT = new Set(Object.values(DEPLOYMENT_REGION_REASONS));

/**
 * A scope's outcome when it used no other file: valid while the scope object lives (it is rebuilt
 * when its file changes) and no parameters file or caller fills it (one may have arrived since).
 */
const selfContained = new WeakMap<Scope, { targets: InfraTarget[]; unresolved: InfraUnresolved[] }>();

function readScope(scope: Scope, ctx: EvalContext, targets: InfraTarget[], unresolved: InfraUnresolved[]): void {
  const cached = ctx.sources.has(scope.id) ? undefined : selfContained.get(scope);
  if (cached) {
    append(targets, cached.targets);
    append(unresolved, cached.unresolved);
    return;
  }
  const own = { targets: [] as InfraTarget[], unresolved: [] as InfraUnresolved[] };
  ctx.external = false;
  for (const decl of scope.decls) {
    readDecl(scope, decl, ctx, own.targets, own.unresolved);
  }
  if (!ctx.external) {
    selfContained.set(scope, own);
  }
  append(targets, own.targets);
  append(unresolved, own.unresolved);
}

export interface ResolveOptions {
  /** Evaluation steps this resolve may take (tests lower it); past it, the rest is one unchecked reason per line. */
  readonly stepBudget?: number;
  /** The deployment's regions when known (`resourceGroup().location`, `deployment().location`). */
  readonly regions?: DeploymentRegions;
}

export function resolveFacts(files: ReadonlyMap<string, FileFacts>, options: ResolveOptions = {}): InfraReport {
  const targets: InfraTarget[] = [];
  const unresolved: InfraUnresolved[] = [];
  const envs: ReadonlyMap<string, string>[] = [];
  for (const [file, facts] of files) {
    for (const p of facts.problems) {
      unresolved.push({ file, ...p });
    }
    if (facts.kind === 'env' && ENV_FILE.test(file)) {
      envs.push(facts.values);
    }
  }
  const { scopes, sources, cycles } = buildScopes(files);
  const ctx: EvalContext = { ...newEvalContext(sources, selectedEnvs(files), options.stepBudget), ...(options.regions ? { regions: options.regions } : {}) };
  missingModules(files, scopes, unresolved);
  for (const c of cycles) {
    unresolved.push({ file: c.file, line: c.pos.line, column: c.pos.column, reason: c.reason });
  }
  for (const scope of scopes.values()) {
    readScope(scope, ctx, targets, unresolved);
  }
  readAzd(files, ctx, targets, unresolved);
  const subscriptions = [...new Set(envs.map((e) => e.get('AZURE_SUBSCRIPTION_ID')?.trim() ?? '').filter((s) => s !== ''))];
  return { targets: dedupe(targets).sort(byPlace), unresolved: dedupe(unresolved).sort(byPlace), subscriptions };
}

/** A local module call whose file is not among those read (missing, outside the folder, skipped) is one unchecked line: its resources are unknown. */
function missingModules(files: ReadonlyMap<string, FileFacts>, scopes: ReadonlyMap<string, Scope>, unresolved: InfraUnresolved[]): void {
  for (const [file, facts] of files) {
    if (facts.kind !== 'bicep' && facts.kind !== 'terraform') {
      continue;
    }
    const dir = file.includes('/') ? file.slice(0, file.lastIndexOf('/')) : '';
    for (const call of facts.modules) {
      const path = joinPath(dir, call.source);
      const id = path === undefined ? undefined : facts.kind === 'terraform' ? `${path}/` : path;
      if (id === undefined || !scopes.has(id)) {
        const at = call.pos ?? { line: 0, column: 0 };
        const why = id === undefined ? 'is outside the folder read' : 'was not found among the files read';
        unresolved.push({ file, line: at.line, column: at.column, reason: `module '${call.source}' ${why}, so its resources are not checked` });
      }
    }
  }
}

/** azure.yaml services run on their host (App Service, Container Apps…) in the environment's AZURE_LOCATION. */
function readAzd(files: ReadonlyMap<string, FileFacts>, ctx: EvalContext, targets: InfraTarget[], unresolved: InfraUnresolved[]): void {
  for (const [file, facts] of files) {
    if (facts.kind !== 'azd') {
      continue;
    }
    for (const { host, pos } of facts.services) {
      const at = { file, line: pos.line, column: pos.column };
      const service = serviceOfAzdHost(host);
      if (!service) {
        unresolved.push({ ...at, reason: `no Service Health service is known for azd host '${host}'` });
        continue;
      }
      addLocations(service, at, evaluate({ k: 'env', name: 'AZURE_LOCATION' }, undefined, ctx), targets, unresolved);
    }
  }
}

/** By file, line and column, then by the rest (two azd environments give one line two regions): the same order on every run. */
function byPlace<T extends { file: string; line: number; column: number }>(a: T, b: T): number {
  const rest = (x: T): string => JSON.stringify(x);
  return a.file < b.file ? -1 : a.file > b.file ? 1 : a.line - b.line || a.column - b.column || (rest(a) < rest(b) ? -1 : rest(a) > rest(b) ? 1 : 0);
}

function dedupe<T extends { file: string; line: number; column: number }>(items: T[]): T[] {
  const seen = new Set<string>();
  return items.filter((item) => {
    const key = `${item.file}\n${item.line}\n${item.column}\n${'service' in item ? `${String(item.service)}\n${String((item as { region?: unknown }).region)}` : String((item as { reason?: unknown }).reason)}`;
    if (seen.has(key)) {
      return false;
    }
    seen.add(key);
    return true;
  });
}

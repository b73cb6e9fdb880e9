/**
 * ARM JSON templates and parameters files, read with positions (jsonPos.ts). Property, parameter and
 * variable names are case-insensitive, as ARM's are; nested deployments with an inline template are
 * read like modules (scope `inner`) or as part of their parent (scope `outer`, ARM's default).
 */
import { problem, type InlineTemplate, type ParamDecl, type ParamFileFacts, type TemplateFacts } from './facts';
import { parseJsonWithPositions, type JsonNode, type JsonProp } from './jsonPos';
import type { Expr, ResourceDecl } from './types';

const unknown = (reason: string): Expr => ({ k: 'unknown', reason });

/** How deep resources (child resources, nested deployments) may nest; deeper ones are one unchecked entry. */
export const MAX_ARM_NESTING = 20;

/** An ARM template expression string ("[parameters('location')]") or a literal. */
export function armExpr(node: JsonNode): Expr {
  if (node.type !== 'string') {
    return unknown('the location is not a string');
  }
  const v = node.value.trim();
  if (v.startsWith('[[')) {
    return { k: 'str', v: v.slice(1) };
  }
  if (!(v.startsWith('[') && v.endsWith(']'))) {
    const env = /^\$\{([A-Za-z_]\w*)(?:=([^}]*))?\}$/.exec(v);
    if (env?.[1]) {
      // azd substitutes ${NAME} in parameters files from the environment's .env.
      return env[2] !== undefined ? { k: 'env', name: env[1], fallback: env[2] } : { k: 'env', name: env[1] };
    }
    return { k: 'str', v };
  }
  const inner = v.slice(1, -1).trim();
  const ref = /^(parameters|variables)\(\s*'([^']+)'\s*\)$/i.exec(inner);
  if (ref?.[1] && ref[2]) {
    const name = ref[2].toLowerCase();
    return ref[1].toLowerCase() === 'parameters' ? { k: 'param', name } : { k: 'var', name };
  }
  if (/^if\s*\(/i.test(inner)) {
    return unknown(`a conditional expression is evaluated only at deployment: ${shorten(v)}`);
  }
  const deployRegion = /^(resourceGroup|deployment)\(\)\.location$/i.exec(inner)?.[1]?.toLowerCase();
  if (deployRegion) {
    return { k: 'deployRegion', of: deployRegion === 'deployment' ? 'deployment' : 'resourceGroup' };
  }
  if (/^(resourceGroup|deployment|subscription)\(\)\.location$/i.test(inner)) {
    return unknown(`${inner} is known only at deployment (the region of the target resource group)`);
  }
  return unknown(`cannot evaluate ${shorten(v)}`);
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

const prop = (node: JsonNode | undefined, key: string): JsonProp | undefined => (node?.type === 'object' ? node.props.get(key) : undefined);
const str = (node: JsonNode | undefined): string | undefined => (node?.type === 'string' ? node.value : undefined);

/** True when the JSON is an ARM deployment template (by its $schema). */
export function isArmSchema(schema: string | undefined, what: 'deploymentTemplate' | 'deploymentParameters'): boolean {
  return schema !== undefined && schema.toLowerCase().includes(`${what.toLowerCase()}.json`);
}

function resourcesOf(node: JsonNode | undefined): { symbol: string; node: JsonNode }[] {
  if (node?.type === 'array') {
    return node.items.map((item) => ({ symbol: '', node: item }));
  }
  // languageVersion 2.0: resources keyed by symbolic name.
  if (node?.type === 'object') {
    return [...node.props.values()].map((p) => ({ symbol: p.key, node: p.node }));
  }
  return [];
}

interface Reading {
  readonly resources: ResourceDecl[];
  readonly inline: InlineTemplate[];
  readonly problems: ReturnType<typeof problem>[];
}

const isDeployment = (type: string): boolean => type.toLowerCase() === 'microsoft.resources/deployments';

function readResources(node: JsonNode | undefined, parentType: string | undefined, out: Reading, depth: number): void {
  for (const { symbol, node: r } of resourcesOf(node)) {
    if (r.type !== 'object') {
      continue;
    }
    const typeValue = str(prop(r, 'type')?.node);
    if (depth > MAX_ARM_NESTING) {
      out.problems.push(problem(r, `resources nested more than ${MAX_ARM_NESTING} deep are not read`));
      continue;
    }
    if (!typeValue) {
      out.problems.push(problem(r, 'this resource has no "type", so it is not read'));
      continue;
    }
    const type = parentType && !typeValue.includes('/') ? `${parentType}/${typeValue}` : typeValue;
    const location = prop(r, 'location');
    const name = prop(r, 'name');
    const kind = str(prop(r, 'kind')?.node);
    const nameValue = str(name?.node);
    out.resources.push({
      type,
      symbol: symbol || (nameValue !== undefined ? `${type}/${nameValue}` : ''),
      pos: { line: r.line, column: r.column },
      ...(location ? { location: armExpr(location.node), locationPos: { line: location.keyLine, column: location.keyColumn } } : {}),
      ...(name ? { name: armExpr(name.node), namePos: { line: name.keyLine, column: name.keyColumn } } : {}),
      ...(kind !== undefined ? { kind } : {}),
      ...(prop(r, 'existing') ? { existing: true } : {}),
    });
    if (isDeployment(type)) {
      readDeployment(r, nameValue ?? symbol, out, depth);
    }
    readResources(prop(r, 'resources')?.node, type, out, depth + 1);
  }
}

/** A nested deployment: an inline template is a module (inner scope) or part of this one (outer scope); a linked one is not read. */
function readDeployment(r: JsonNode, name: string, out: Reading, depth: number): void {
  const properties = prop(r, 'properties')?.node;
  const template = prop(properties, 'template')?.node;
  if (template?.type !== 'object') {
    if (prop(properties, 'templatelink')) {
      out.problems.push(problem(r, `the linked template of deployment '${name}' is not read; its resources are not checked`));
    }
    return;
  }
  const scope = str(prop(prop(properties, 'expressionevaluationoptions')?.node, 'scope')?.node)?.toLowerCase();
  if (scope !== 'inner') {
    // Outer scope: the inline template's expressions see this template's parameters and variables.
    readResources(prop(template, 'resources')?.node, undefined, out, depth + 1);
    return;
  }
  const values = parameterValues(prop(properties, 'parameters')?.node);
  out.inline.push({ name: `${name || 'deployment'}@${r.line}:${r.column}`, facts: readTemplate(template, depth + 1), values });
}

function readTemplate(node: JsonNode, depth: number): TemplateFacts {
  const params = new Map<string, ParamDecl>();
  const parametersNode = prop(node, 'parameters')?.node;
  if (parametersNode?.type === 'object') {
    for (const [name, p] of parametersNode.props) {
      const def = prop(p.node, 'defaultvalue')?.node;
      params.set(name, { ...(def ? { default: armExpr(def) } : {}), pos: { line: p.keyLine, column: p.keyColumn } });
    }
  }
  const vars = new Map<string, Expr>();
  const variablesNode = prop(node, 'variables')?.node;
  if (variablesNode?.type === 'object') {
    for (const [name, p] of variablesNode.props) {
      vars.set(name, armExpr(p.node));
    }
  }
  const out: Reading = { resources: [], inline: [], problems: [] };
  readResources(prop(node, 'resources')?.node, undefined, out, depth);
  return { kind: 'arm', params, vars, resources: out.resources, modules: [], ...(out.inline.length > 0 ? { inline: out.inline } : {}), problems: out.problems };
}

/** The template's facts, or undefined when the JSON is not an ARM template (a package.json is not a problem). */
export function parseArmJson(text: string): TemplateFacts | ParamFileFacts | { problem: string } | undefined {
  // Most JSON in a workspace is not ARM; a cheap look for the schema name avoids parsing it.
  if (!/deployment(Template|Parameters)\.json/i.test(text.slice(0, 4096))) {
    return undefined;
  }
  const { node, error, errorAt } = parseJsonWithPositions(text);
  if (node?.type !== 'object') {
    return { problem: `the file is not valid JSON: ${error ?? 'it holds no object'}` };
  }
  const schema = str(prop(node, '$schema')?.node);
  const facts = isArmSchema(schema, 'deploymentParameters') ? readParameters(node) : isArmSchema(schema, 'deploymentTemplate') ? readTemplate(node, 0) : undefined;
  if (!facts || !error) {
    return facts;
  }
  // A half-typed template keeps what it still says, and says what it could not read, on the line of the error.
  return { ...facts, problems: [problem(errorAt ?? { line: 0, column: 0 }, `the file is not valid JSON (${error}); what could be read was checked`), ...facts.problems] };
}

function readParameters(node: JsonNode): ParamFileFacts {
  return { kind: 'params', target: '', values: parameterValues(prop(node, 'parameters')?.node), problems: [] };
}

/** `{ "name": { "value": … } }` (a parameters file's, a nested deployment's) → each name's value; `reference`d Key Vault secrets have none. */
function parameterValues(node: JsonNode | undefined): Map<string, Expr> {
  const values = new Map<string, Expr>();
  if (node?.type === 'object') {
    for (const [name, p] of node.props) {
      const value = prop(p.node, 'value')?.node;
      if (value) {
        values.set(name, armExpr(value));
      }
    }
  }
  return values;
}

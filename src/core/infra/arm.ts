/** ARM JSON templates and parameters files, read with positions (jsonPos.ts). */
import { type ParamDecl, type ParamFileFacts, type TemplateFacts } from './facts';
import { parseJsonWithPositions, type JsonNode, type JsonProp } from './jsonPos';
import type { Expr, ResourceDecl } from './types';

const unknown = (reason: string): Expr => ({ k: 'unknown', reason });

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
  const ref = /^(parameters|variables)\(\s*'([^']+)'\s*\)$/.exec(inner);
  if (ref?.[2]) {
    return ref[1] === 'parameters' ? { k: 'param', name: ref[2] } : { k: 'var', name: ref[2] };
  }
  if (/^if\s*\(/.test(inner)) {
    return unknown(`a conditional expression is evaluated only at deployment: ${shorten(v)}`);
  }
  const deployRegion = /^(resourceGroup|deployment)\(\)\.location$/i.exec(inner)?.[1]?.toLowerCase();
  if (deployRegion) {
    return { k: 'deployRegion', of: deployRegion === 'deployment' ? 'deployment' : 'resourceGroup' };
  }
  if (/^(resourceGroup|deployment|subscription)\(\)\.location$/.test(inner)) {
    return unknown(`${inner} is known only at deployment (the region of the target resource group)`);
  }
  return unknown(`cannot evaluate ${shorten(v)}`);
}

function shorten(text: string): string {
  return text.length > 60 ? `${text.slice(0, 59)}…` : text;
}

const prop = (node: JsonNode | undefined, key: string): JsonProp | undefined => (node?.type === 'object' ? node.props.get(key) : undefined);

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
    return [...node.props].map(([symbol, p]) => ({ symbol, node: p.node }));
  }
  return [];
}

function readResources(node: JsonNode | undefined, parentType: string | undefined, out: ResourceDecl[], depth: number): void {
  for (const { symbol, node: r } of resourcesOf(node)) {
    const typeNode = prop(r, 'type')?.node;
    if (r.type !== 'object' || typeNode?.type !== 'string' || depth > 20) {
      continue;
    }
    const type = parentType && !typeNode.value.includes('/') ? `${parentType}/${typeNode.value}` : typeNode.value;
    const location = prop(r, 'location');
    const name = prop(r, 'name');
    const kind = prop(r, 'kind')?.node;
    const existing = prop(r, 'existing')?.node;
    out.push({
      type,
      symbol: symbol || (prop(r, 'name')?.node.type === 'string' ? `${type}/${(prop(r, 'name')?.node as { value: string }).value}` : ''),
      pos: { line: r.line, column: r.column },
      ...(location ? { location: armExpr(location.node), locationPos: { line: location.keyLine, column: location.keyColumn } } : {}),
      ...(name ? { name: armExpr(name.node), namePos: { line: name.keyLine, column: name.keyColumn } } : {}),
      ...(kind?.type === 'string' ? { kind: kind.value } : {}),
      ...(existing ? { existing: true } : {}),
    });
    readResources(prop(r, 'resources')?.node, type, out, depth + 1);
  }
}

/** The template's facts, or undefined when the JSON is not an ARM template (a package.json is not a problem). */
export function parseArmJson(text: string): TemplateFacts | ParamFileFacts | { problem: string } | undefined {
  // Most JSON in a workspace is not ARM; a cheap look for the schema name avoids parsing it.
  if (!/deployment(Template|Parameters)\.json/i.test(text.slice(0, 4096))) {
    return undefined;
  }
  const { node, error } = parseJsonWithPositions(text);
  if (!node) {
    return { problem: `the file is not valid JSON: ${error ?? 'unreadable'}` };
  }
  const schemaNode = prop(node, '$schema')?.node;
  const schema = schemaNode?.type === 'string' ? schemaNode.value : undefined;
  if (isArmSchema(schema, 'deploymentParameters')) {
    return readParameters(node);
  }
  if (!isArmSchema(schema, 'deploymentTemplate')) {
    return undefined;
  }
  const params = new Map<string, ParamDecl>();
  const parametersNode = prop(node, 'parameters')?.node;
  if (parametersNode?.type === 'object') {
    for (const [name, p] of parametersNode.props) {
      const def = prop(p.node, 'defaultValue')?.node;
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
  const resources: ResourceDecl[] = [];
  readResources(prop(node, 'resources')?.node, undefined, resources, 0);
  return { kind: 'arm', params, vars, resources, modules: [], problems: [] };
}

function readParameters(node: JsonNode): ParamFileFacts {
  const values = new Map<string, Expr>();
  const parametersNode = prop(node, 'parameters')?.node;
  if (parametersNode?.type === 'object') {
    for (const [name, p] of parametersNode.props) {
      const value = prop(p.node, 'value')?.node;
      if (value) {
        values.set(name, armExpr(value));
      }
    }
  }
  return { kind: 'params', target: '', values, problems: [] };
}


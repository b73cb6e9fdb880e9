/** azd: azure.yaml (the services and their hosts) and `.azure/<env>/.env` (AZURE_LOCATION, AZURE_SUBSCRIPTION_ID). */
import { problem, type AzdEnvFacts, type AzdProjectFacts } from './facts';
import { isMap, isScalar, LineCounter, parseDocument, type YAMLError } from 'yaml';
import type { Pos } from './types';

/**
 * The `host:` of each entry under the top-level `services:` map, read with the `yaml` package
 * (flow maps, quoting, comments and anchors as azd reads them) and its LineCounter for positions.
 * A file with a syntax error (mid-edit) keeps the services it states before the error, plus one
 * problem on the offending line.
 */
export function parseAzureYaml(text: string): AzdProjectFacts {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const at = (offset: number): Pos => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const first = doc.errors[0];
  const problems = first ? [problem(at(errorOffset(doc.errors)), `azure.yaml is not valid YAML (${first.code.toLowerCase().replace(/_/g, ' ')}); what could be read was checked`)] : [];
  // What follows an error is the parser's guess at the structure, so only services stated before it are kept.
  const readUpTo = first ? first.pos[0] : Number.POSITIVE_INFINITY;
  const services: { host: string; pos: Pos }[] = [];
  const root = doc.contents;
  const list = isMap(root) ? root.get('services', true) : undefined;
  if (isMap(list)) {
    for (const service of list.items) {
      if (!isMap(service.value)) {
        continue;
      }
      const hostPair = service.value.items.find((p) => isScalar(p.key) && p.key.value === 'host');
      const host = isScalar(hostPair?.value) ? hostPair.value.value : undefined;
      const offset = isScalar(hostPair?.key) ? hostPair.key.range?.[0] : undefined;
      if (typeof host === 'string' && /^[A-Za-z]+$/.test(host.trim()) && offset !== undefined && offset < readUpTo) {
        services.push({ host: host.trim(), pos: at(offset) });
      }
    }
  }
  return { kind: 'azd', services, problems };
}

/**
 * Where the first error is. A value followed by a more-indented line is read as a key that runs
 * onto that line (BLOCK_AS_IMPLICIT_KEY, then MULTILINE_IMPLICIT_KEY over the same start): the
 * mis-indented line is where that key ends, not the value above it.
 */
function errorOffset(errors: readonly YAMLError[]): number {
  const [first] = errors;
  if (!first) {
    return 0;
  }
  const runOn = first.code === 'BLOCK_AS_IMPLICIT_KEY' ? errors.find((e) => e.code === 'MULTILINE_IMPLICIT_KEY' && e.pos[0] === first.pos[0]) : undefined;
  return runOn ? runOn.pos[1] : first.pos[0];
}

/** KEY=value lines; quotes around the value are dropped. */
export function parseDotEnv(text: string): AzdEnvFacts {
  const values = new Map<string, string>();
  const problems = [];
  const lines = text.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const line = (lines[i] ?? '').trim();
    if (line === '' || line.startsWith('#')) {
      continue;
    }
    const m = /^(?:export\s+)?([A-Za-z_][A-Za-z0-9_]*)\s*=\s*(.*)$/.exec(line);
    if (!m?.[1]) {
      problems.push(problem({ line: i + 1, column: 1 }, 'this line is not NAME=value'));
      continue;
    }
    values.set(m[1], (m[2] ?? '').replace(/^"(.*)"$|^'(.*)'$/, '$1$2'));
  }
  return { kind: 'env', values, problems };
}

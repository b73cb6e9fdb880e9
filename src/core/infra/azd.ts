/** azd: azure.yaml (the services and their hosts) and `.azure/<env>/.env` (AZURE_LOCATION, AZURE_SUBSCRIPTION_ID). */
import { problem, type AzdEnvFacts, type AzdProjectFacts } from './facts';
import { isMap, isScalar, LineCounter, parseDocument } from 'yaml';
import type { Pos } from './types';

/**
 * The `host:` of each entry under the top-level `services:` map, read with the `yaml` package
 * (flow maps, quoting, comments and anchors as azd reads them) and its LineCounter for positions.
 * A file with a syntax error (mid-edit) keeps the services it still states, plus one problem.
 */
export function parseAzureYaml(text: string): AzdProjectFacts {
  const lineCounter = new LineCounter();
  const doc = parseDocument(text, { lineCounter, prettyErrors: false, uniqueKeys: false });
  const at = (offset: number): Pos => {
    const { line, col } = lineCounter.linePos(offset);
    return { line, column: col };
  };
  const problems = doc.errors.slice(0, 1).map((e) => problem(at(e.pos[0]), `azure.yaml is not valid YAML (${e.code.toLowerCase().replace(/_/g, ' ')}); what could be read was checked`));
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
      if (typeof host === 'string' && /^[A-Za-z]+$/.test(host.trim()) && offset !== undefined) {
        services.push({ host: host.trim(), pos: at(offset) });
      }
    }
  }
  return { kind: 'azd', services, problems };
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

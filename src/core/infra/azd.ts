/** azd: azure.yaml (the services and their hosts) and `.azure/<env>/.env` (AZURE_LOCATION, AZURE_SUBSCRIPTION_ID). */
import { problem, type AzdEnvFacts, type AzdProjectFacts } from './facts';
import type { Pos } from './types';

/**
 * The `host:` of each entry under the top-level `services:` map. A line scanner, not a YAML
 * parser: azure.yaml keeps services as a plain block map, and anything else is left unread.
 */
export function parseAzureYaml(text: string): AzdProjectFacts {
  const services: { host: string; pos: Pos }[] = [];
  const lines = text.split('\n');
  let inServices = false;
  let serviceIndent = -1;
  for (let i = 0; i < lines.length; i++) {
    const raw = (lines[i] ?? '').replace(/\r$/, '');
    const content = withoutComment(raw);
    if (content.trim() === '' || content.trimStart().startsWith('#')) {
      continue;
    }
    const indent = content.length - content.trimStart().length;
    if (indent === 0) {
      inServices = /^services\s*:\s*$/.test(content);
      serviceIndent = -1;
      continue;
    }
    if (!inServices) {
      continue;
    }
    if (serviceIndent < 0) {
      serviceIndent = indent;
    }
    const host = /^\s+host\s*:\s*["']?([A-Za-z]+)["']?\s*$/.exec(content);
    if (host?.[1] && indent > serviceIndent) {
      services.push({ host: host[1], pos: { line: i + 1, column: indent + 1 } });
    }
  }
  return { kind: 'azd', services, problems: [] };
}

/** The line before a `#` comment (a `#` at the start or after whitespace), in one linear pass: a regular expression here backtracked quadratically on a long run of spaces. */
function withoutComment(line: string): string {
  let at = line.indexOf('#');
  while (at > 0 && line[at - 1] !== ' ' && line[at - 1] !== '\t') {
    at = line.indexOf('#', at + 1);
  }
  return at < 0 ? line : line.slice(0, at).trimEnd();
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

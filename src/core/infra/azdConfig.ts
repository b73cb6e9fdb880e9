/**
 * azd's `.azure/config.json` and the environments it selects: azd fills `${AZURE_LOCATION}` from
 * the default environment's `.env`, so the reader does too (every environment when none is named).
 */
import { problem, type AzdConfigFacts, type FileFacts } from './facts';

export function parseAzdConfig(text: string): AzdConfigFacts {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return { kind: 'azdconfig', problems: [problem({ line: 0, column: 0 }, "azd's config is not valid JSON, so every environment in .azure is used")] };
  }
  const name = typeof parsed === 'object' && parsed !== null ? (parsed as { defaultEnvironment?: unknown }).defaultEnvironment : undefined;
  return { kind: 'azdconfig', ...(typeof name === 'string' && name.trim() !== '' ? { defaultEnvironment: name.trim() } : {}), problems: [] };
}

const ENV_FILE = /^((?:.*\/)?)\.azure\/([^/]+)\/\.env$/i;
const CONFIG_FILE = /^((?:.*\/)?)\.azure\/config\.json$/i;

/**
 * The variables of the environments azd would use, one map per environment: per `.azure` folder,
 * the default environment when config.json names one that exists, else every environment.
 */
export function selectedEnvs(files: ReadonlyMap<string, FileFacts>): ReadonlyMap<string, string>[] {
  const projects = new Map<string, { chosen?: string; envs: Map<string, ReadonlyMap<string, string>> }>();
  const project = (dir: string) => {
    const key = dir.toLowerCase();
    let entry = projects.get(key);
    if (!entry) {
      entry = { envs: new Map() };
      projects.set(key, entry);
    }
    return entry;
  };
  for (const [file, facts] of files) {
    const env = facts.kind === 'env' ? ENV_FILE.exec(file) : null;
    if (env && facts.kind === 'env') {
      project(env[1] ?? '').envs.set(env[2] ?? '', facts.values);
    }
    const config = facts.kind === 'azdconfig' ? CONFIG_FILE.exec(file) : null;
    if (config && facts.kind === 'azdconfig' && facts.defaultEnvironment !== undefined) {
      project(config[1] ?? '').chosen = facts.defaultEnvironment;
    }
  }
  return [...projects.values()].flatMap(({ chosen, envs }) => {
    const selected = chosen === undefined ? undefined : envs.get(chosen);
    return selected ? [selected] : [...envs.values()];
  });
}

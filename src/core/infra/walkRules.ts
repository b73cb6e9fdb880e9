/**
 * Which files of a folder are what it deploys, and which folders the walk reads first: the walk
 * is capped, so likely template folders go before the rest, and test and example templates are
 * not deployments unless azd's azure.yaml or the command line points at them.
 */
import picomatch from 'picomatch';

/** Folders that hold tools' copies, never the templates one deploys. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules', '.terraform']);

/** Folders of test and example templates: read only when azure.yaml or --include points into them. */
const TEST_DIRS = new Set(['test', 'tests', 'e2e', 'examples']);

/** Folders where templates usually live: walked before any other, so a cap never pushes them out. */
const LIKELY_DIRS = new Set(['infra', 'deploy', 'deployment', 'bicep', 'terraform', 'iac']);

export interface WalkRuleOptions {
  /** Globs (relative to the folder read, forward slashes): only matching files are templates; azd's azure.yaml and .azure files are always read. */
  readonly include?: readonly string[];
  /** Globs of files and folders that are not read. */
  readonly exclude?: readonly string[];
  /** azd's `infra.path` from the root azure.yaml ('infra' when it names none). */
  readonly azdInfraPath?: string;
}

export interface WalkRules {
  /** A folder never entered (tool copies, excluded, tests nobody points at). */
  skipDir(rel: string, name: string): boolean;
  /** Which folders go first: 0 on azd's infra path, 1 a likely template folder, 2 any other. */
  rank(rel: string, name: string): 0 | 1 | 2;
  /** A file that is not part of what the folder deploys. */
  skipFile(rel: string): boolean;
  /**
   * Whether a file (relative path, forward slashes) is part of what the folder deploys: the walk's
   * decision for a path found another way (the editor's file search): no folder above it skipped,
   * and the file not skipped.
   */
  deploys(rel: string): boolean;
}

const isAzdFile = (rel: string): boolean => /(^|\/)(azure\.ya?ml|\.azure\/.*)$/i.test(rel);

/** `a/b` is `a/b` or lies under it, or the other way round. */
const onPath = (rel: string, path: string): boolean => rel === path || rel.startsWith(`${path}/`) || path.startsWith(`${rel}/`);

export function walkRules(options: WalkRuleOptions = {}): WalkRules {
  const glob = (globs: readonly string[] | undefined) => (globs && globs.length > 0 ? picomatch([...globs], { dot: true }) : undefined);
  const include = glob(options.include);
  const exclude = glob(options.exclude);
  const azd = options.azdInfraPath ?? 'infra';
  const isTestPath = (rel: string): boolean => {
    const parts = rel.toLowerCase().split('/');
    const base = parts.pop() ?? '';
    return base.endsWith('.test.bicep') || parts.some((p) => TEST_DIRS.has(p));
  };
  const rules: Omit<WalkRules, 'deploys'> = {
    skipDir: (rel, name) =>
      SKIPPED_DIRS.has(name) ||
      (exclude !== undefined && (exclude(rel) || exclude(`${rel}/`))) ||
      // With --include, a test folder may hold what it names: its files are decided one by one.
      (include === undefined && TEST_DIRS.has(name.toLowerCase()) && !onPath(rel, azd)),
    rank: (rel, name) => (onPath(rel, azd) ? 0 : LIKELY_DIRS.has(name.toLowerCase()) ? 1 : 2),
    skipFile: (rel) => {
      if (exclude?.(rel)) {
        return true;
      }
      if (isAzdFile(rel)) {
        return false;
      }
      if (include) {
        return !include(rel);
      }
      return isTestPath(rel) && !(rel === azd || rel.startsWith(`${azd}/`));
    },
  };
  const deploys = (rel: string): boolean => {
    for (let cut = rel.indexOf('/'); cut >= 0; cut = rel.indexOf('/', cut + 1)) {
      const dir = rel.slice(0, cut);
      if (rules.skipDir(dir, dir.slice(dir.lastIndexOf('/') + 1))) {
        return false;
      }
    }
    return !rules.skipFile(rel);
  };
  return { ...rules, deploys };
}

/**
 * azd's `infra: path:` in azure.yaml (default `infra`): a line scan for the two keys, linear and
 * bounded by the file's size cap. Anything it does not understand leaves the default.
 */
export function azdInfraPath(text: string | undefined): string {
  if (text === undefined) {
    return 'infra';
  }
  let inInfra = false;
  for (const raw of text.split('\n')) {
    const line = raw.replace(/\r$/, '');
    if (/^\S/.test(line)) {
      inInfra = /^infra\s*:\s*(#.*)?$/.test(line);
      continue;
    }
    const value = inInfra ? /^\s+path\s*:(.*)$/.exec(line)?.[1] : undefined;
    if (value !== undefined) {
      // Plain string work, not one regex: a long line must cost linear time.
      const hash = value.indexOf(' #');
      const path = (hash < 0 ? value : value.slice(0, hash)).trim().replace(/^(["'])(.*)\1$/, '$2');
      if (path.length > 400) {
        return 'infra';
      }
      const clean = path.replace(/\\/g, '/').replace(/^\.\//, '').replace(/\/+$/, '');
      return clean === '' || clean.startsWith('..') || clean.startsWith('/') ? 'infra' : clean;
    }
  }
  return 'infra';
}

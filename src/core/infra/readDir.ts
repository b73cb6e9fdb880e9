/**
 * Reading a folder from disk (`check --infra DIR`, MCP): walks it without following links out of
 * it or round in a loop, likely template folders first, reads only infrastructure files, and stops
 * at the caps. Never throws for what it finds; each skip is reported with why. Synchronous and
 * plain data in and out, so it can run in a worker.
 */
import { readdirSync, realpathSync, statSync, type Dirent } from 'node:fs';
import { join, sep } from 'node:path';
import { infraFileKind } from './classify';
import type { DeploymentRegions } from './evaluate';
import { InfraIndex } from './infraIndex';
import { readOne, readRootAzureYaml, type FileBudget } from './readDirFile';
import type { InfraReport, InfraUnresolved } from './types';
import { azdInfraPath, walkRules, type WalkRuleOptions, type WalkRules } from './walkRules';

export interface ReadDirLimits {
  /** Directory entries looked at before the walk stops (default 100,000). */
  readonly maxEntries?: number;
  /** Template files read before the walk stops (default 2,000); JSON that is not an ARM template or parameters file does not count. */
  readonly maxFiles?: number;
  /** Larger files are skipped (default 2 MiB). */
  readonly maxFileBytes?: number;
  /** Bytes read in all before the walk stops (default 256 MiB); other JSON costs only the start looked at. */
  readonly maxTotalBytes?: number;
}

/** What to read besides the caps: which files deploy (`--include`/`--exclude`) and the deployment's regions. */
export interface ReadDirOptions extends ReadDirLimits, Pick<WalkRuleOptions, 'include' | 'exclude'> {
  readonly regions?: DeploymentRegions;
}

export const DEFAULT_LIMITS = { maxEntries: 100_000, maxFiles: 2_000, maxFileBytes: 2 * 1024 * 1024, maxTotalBytes: 256 * 1024 * 1024 } as const;

export interface ReadDirResult {
  readonly index: InfraIndex;
  readonly report: InfraReport;
}

export function readInfraDir(root: string, options: ReadDirOptions = {}, index = new InfraIndex(options.regions)): ReadDirResult {
  const { maxEntries, maxFiles, maxFileBytes, maxTotalBytes } = { ...DEFAULT_LIMITS, ...options };
  if (options.regions) {
    index.setRegions(options.regions);
  }
  const rootReal = realpathSync(root);
  const budget: FileBudget = { files: 0, bytes: 0, maxFiles, maxFileBytes, maxTotalBytes };
  const rules = walkRules({ ...options, azdInfraPath: azdInfraPath(readRootAzureYaml(root, maxFileBytes)) });
  const walk: Walk = { rootReal, seenDirs: new Set([rootReal]), notes: [], entries: 0, maxEntries, index, rules, budget };
  // Relative paths are built along the walk: path.relative per entry cost more than the reading.
  // The real path of a plain folder is its parent's plus its name; only links need realpath.
  // One stack per rank: azd's infra path, then likely template folders, then the rest, so a cap never pushes templates out.
  const stacks: [At[], At[], At[]] = [[], [], [{ abs: root, rel: '', real: rootReal }]];
  const next = (): At | undefined => stacks[0].pop() ?? stacks[1].pop() ?? stacks[2].pop();
  for (let dir = next(); dir !== undefined && !walk.stopped; dir = next()) {
    let entries: Dirent[];
    try {
      entries = readdirSync(dir.abs, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch (error) {
      walk.notes.push(note(dir.rel || '.', `the folder could not be listed (${(error as NodeJS.ErrnoException).code ?? 'error'}), so its templates were not checked`));
      continue;
    }
    for (const entry of entries) {
      const child: At = { abs: join(dir.abs, entry.name), rel: dir.rel ? `${dir.rel}/${entry.name}` : entry.name, real: join(dir.real, entry.name) };
      const entered = visit(walk, entry, child);
      if (entered) {
        stacks[rules.rank(entered.rel, entry.name)].push(entered);
      }
      if (walk.stopped) {
        break;
      }
    }
  }
  const report = index.report();
  return { index, report: walk.notes.length === 0 ? report : { ...report, unresolved: [...report.unresolved, ...walk.notes] } };
}

interface Walk {
  readonly rootReal: string;
  readonly seenDirs: Set<string>;
  readonly notes: InfraUnresolved[];
  entries: number;
  stopped?: boolean;
  readonly maxEntries: number;
  readonly index: InfraIndex;
  readonly rules: WalkRules;
  readonly budget: FileBudget;
}

interface At {
  readonly abs: string;
  readonly rel: string;
  readonly real: string;
}

const note = (file: string, reason: string, info?: boolean): InfraUnresolved => ({ file, line: 0, column: 0, reason, ...(info ? { info } : {}) });

/** One folder entry: the folder to enter, if it is one. Only links and infrastructure files cost a stat. */
function visit(walk: Walk, entry: Dirent, at: At): At | undefined {
  if (++walk.entries > walk.maxEntries) {
    walk.notes.push(note('.', `stopped after ${walk.maxEntries} folder entries; the rest of the folder was not read`));
    walk.stopped = true;
    return undefined;
  }
  const isLink = entry.isSymbolicLink();
  if (entry.isDirectory()) {
    return walk.rules.skipDir(at.rel, entry.name) ? undefined : enterDir(at, at.real, walk);
  }
  if (!isLink && !entry.isFile()) {
    return undefined;
  }
  const kind = isLink ? undefined : infraFileKind(at.rel);
  if (!isLink && (kind === undefined || walk.rules.skipFile(at.rel))) {
    return undefined;
  }
  if (isLink) {
    return visitLink(walk, entry, at);
  }
  readAndCount(walk, at);
  return undefined;
}

/** A link is followed only when its target is inside the folder read, for folders and files alike. */
function visitLink(walk: Walk, entry: Dirent, at: At): At | undefined {
  let real: string;
  try {
    real = realpathSync(at.abs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    if (!walk.rules.skipFile(at.rel) && infraFileKind(at.rel) !== undefined) {
      walk.notes.push(note(at.rel, code === 'ELOOP' ? 'a symbolic link loop was not followed' : `not read (${code === 'ENOENT' ? 'a broken link' : code})`));
    } else if (code === 'ELOOP') {
      walk.notes.push(note(at.rel, 'a symbolic link loop was not followed', true));
    }
    return undefined;
  }
  const isDir = readDirKind(real);
  if (isDir) {
    return walk.rules.skipDir(at.rel, entry.name) ? undefined : enterDir(at, real, walk);
  }
  const kind = infraFileKind(at.rel);
  if (kind === undefined || walk.rules.skipFile(at.rel)) {
    return undefined;
  }
  if (!inside(real, walk.rootReal)) {
    // A JSON link may be any shared config; it is a template only if its content says so, which is outside the folder.
    walk.notes.push(note(at.rel, 'a link to a file outside the folder read was not followed', kind === 'json'));
    return undefined;
  }
  readAndCount(walk, { ...at, real });
  return undefined;
}

function readDirKind(real: string): boolean {
  try {
    return statSync(real).isDirectory();
  } catch {
    return false;
  }
}

function readAndCount(walk: Walk, at: At): void {
  const stop = readOne(at.abs, at.rel, walk.index, walk.budget);
  if (stop) {
    walk.notes.push(note('.', stop));
    walk.stopped = true;
  }
}

const inside = (real: string, rootReal: string): boolean => real === rootReal || real.startsWith(rootReal.endsWith(sep) ? rootReal : rootReal + sep);

/** A folder is walked once (a link back to it is a loop) and only inside the root. */
function enterDir(at: At, real: string, walk: Walk): At | undefined {
  if (!inside(real, walk.rootReal)) {
    walk.notes.push(note(at.rel, 'a link to a folder outside the folder read was not followed'));
    return undefined;
  }
  if (walk.seenDirs.has(real)) {
    // Everything in it is read once through its other path, so nothing goes unchecked.
    walk.notes.push(note(at.rel, 'a symbolic link loop (or a second link to the same folder) was not followed', true));
    return undefined;
  }
  walk.seenDirs.add(real);
  return { ...at, real };
}

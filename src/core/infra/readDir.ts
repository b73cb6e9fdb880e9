/**
 * Reading a folder from disk (the CLI's `check --infra DIR`): walks it without following links
 * out of it or round in a loop, reads only infrastructure files, and stops at the caps. Never throws
 * for what it finds; each skipped file or folder is reported with why.
 */
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Dirent, type Stats } from 'node:fs';
import { join, sep } from 'node:path';
import { infraFileKind } from './classify';
import { InfraIndex } from './infraIndex';
import type { InfraReport, InfraUnresolved } from './types';

export interface ReadDirLimits {
  /** Directory entries looked at before the walk stops (default 100,000). */
  readonly maxEntries?: number;
  /** Infrastructure files read before the walk stops (default 2,000). */
  readonly maxFiles?: number;
  /** Larger files are skipped (default 2 MiB). */
  readonly maxFileBytes?: number;
}

export const DEFAULT_LIMITS = { maxEntries: 100_000, maxFiles: 2_000, maxFileBytes: 2 * 1024 * 1024 } as const;

/** Folders that hold tools' copies, never the templates one deploys. */
const SKIPPED_DIRS = new Set(['.git', 'node_modules', '.terraform']);

export interface ReadDirResult {
  readonly index: InfraIndex;
  readonly report: InfraReport;
}

export function readInfraDir(root: string, limits: ReadDirLimits = {}, index = new InfraIndex()): ReadDirResult {
  const { maxEntries, maxFiles, maxFileBytes } = { ...DEFAULT_LIMITS, ...limits };
  const rootReal = realpathSync(root);
  const walk: Walk = { rootReal, seenDirs: new Set([rootReal]), notes: [], entries: 0, files: 0, maxEntries, maxFiles, maxFileBytes, index };
  // Relative paths are built along the walk: path.relative per entry cost more than the reading.
  // The real path of a plain folder is its parent's plus its name; only links need realpath.
  const stack: At[] = [{ abs: root, rel: '', real: rootReal }];
  while (stack.length > 0 && !walk.stopped) {
    const dir = stack.pop() ?? { abs: root, rel: '', real: rootReal };
    let entries: Dirent[];
    try {
      entries = readdirSync(dir.abs, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
    } catch (error) {
      walk.notes.push(note(dir.rel || '.', `the folder could not be listed (${(error as NodeJS.ErrnoException).code ?? 'error'})`));
      continue;
    }
    for (const entry of entries) {
      const child: At = { abs: join(dir.abs, entry.name), rel: dir.rel ? `${dir.rel}/${entry.name}` : entry.name, real: join(dir.real, entry.name) };
      const entered = visit(walk, entry, child);
      if (entered) {
        stack.push(entered);
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
  files: number;
  stopped?: boolean;
  readonly maxEntries: number;
  readonly maxFiles: number;
  readonly maxFileBytes: number;
  readonly index: InfraIndex;
}

interface At {
  readonly abs: string;
  readonly rel: string;
  readonly real: string;
}

const note = (file: string, reason: string): InfraUnresolved => ({ file, line: 0, column: 0, reason });

/** One folder entry: the folder to enter, if it is one. Only links and infrastructure files cost a stat. */
function visit(walk: Walk, entry: Dirent, at: At): At | undefined {
  if (++walk.entries > walk.maxEntries) {
    walk.notes.push(note('.', `stopped after ${walk.maxEntries} folder entries; the rest of the folder was not read`));
    walk.stopped = true;
    return undefined;
  }
  const isLink = entry.isSymbolicLink();
  if (entry.isDirectory() || isLink) {
    const stats = isLink ? statOrNote(at.abs, at.rel, walk.notes) : undefined;
    if (entry.isDirectory() || stats?.isDirectory()) {
      if (SKIPPED_DIRS.has(entry.name)) {
        return undefined;
      }
      const real = isLink ? linkTarget(at, walk) : at.real;
      return real !== undefined && enterDir(real, walk.rootReal, walk.seenDirs, at.rel, walk.notes) ? { ...at, real } : undefined;
    }
    if (!stats?.isFile()) {
      return undefined;
    }
  } else if (!entry.isFile()) {
    return undefined;
  }
  if (infraFileKind(at.rel) === undefined) {
    return undefined;
  }
  if (++walk.files > walk.maxFiles) {
    walk.notes.push(note('.', `stopped after ${walk.maxFiles} infrastructure files; the rest were not read`));
    walk.stopped = true;
    return undefined;
  }
  readOne(at.abs, at.rel, walk.index, walk.maxFileBytes);
  return undefined;
}

/** stat follows links; a dangling link or one that cannot be read is noted. */
function statOrNote(abs: string, rel: string, notes: InfraUnresolved[]): Stats | undefined {
  try {
    return statSync(abs);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'error';
    const link = (() => {
      try {
        return lstatSync(abs).isSymbolicLink();
      } catch {
        return false;
      }
    })();
    if (link || code !== 'ENOENT') {
      notes.push({ file: rel, line: 0, column: 0, reason: code === 'ELOOP' ? 'a symbolic link loop was not followed' : `not read (${link ? 'a broken link' : code})` });
    }
    return undefined;
  }
}

function linkTarget(at: At, walk: Walk): string | undefined {
  try {
    return realpathSync(at.abs);
  } catch {
    walk.notes.push(note(at.rel, 'a symbolic link loop was not followed'));
    return undefined;
  }
}

/** A folder is walked once (a link back to it is a loop) and only inside the root. */
function enterDir(real: string, rootReal: string, seen: Set<string>, rel: string, notes: InfraUnresolved[]): boolean {
  if (real !== rootReal && !real.startsWith(rootReal + sep)) {
    notes.push(note(rel, 'a link to a folder outside the folder read was not followed'));
    return false;
  }
  if (seen.has(real)) {
    notes.push(note(rel, 'a symbolic link loop (or a second link to the same folder) was not followed'));
    return false;
  }
  seen.add(real);
  return true;
}

/** Reads a file unless it is over the size cap (a stat first, so a huge file is never loaded). */
function readOne(abs: string, path: string, index: InfraIndex, maxFileBytes: number): void {
  let buffer: Buffer;
  try {
    const size = statSync(abs).size;
    if (size > maxFileBytes) {
      index.skip(path, `the file is larger than ${maxFileBytes} bytes and was not read`);
      return;
    }
    buffer = readFileSync(abs);
  } catch (error) {
    index.skip(path, `the file could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    return;
  }
  index.set(path, buffer.toString('utf8'));
}

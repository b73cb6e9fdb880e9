/**
 * Reading a folder from disk (the CLI's `check --infra DIR`): walks it without following links
 * out of it or round in a loop, reads only infrastructure files, and stops at the caps. Never throws
 * for what it finds; each skipped file or folder is reported with why.
 */
import { lstatSync, readdirSync, readFileSync, realpathSync, statSync, type Stats } from 'node:fs';
import { join, relative, sep } from 'node:path';
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
  const seenDirs = new Set<string>([rootReal]);
  const notes: InfraUnresolved[] = [];
  const rel = (abs: string): string => relative(root, abs).split(sep).join('/');
  const stack = [root];
  let entries = 0;
  let files = 0;
  walk: while (stack.length > 0) {
    const dir = stack.pop() ?? root;
    let names: string[];
    try {
      names = readdirSync(dir).sort();
    } catch (error) {
      notes.push({ file: rel(dir), line: 0, column: 0, reason: `the folder could not be listed (${(error as NodeJS.ErrnoException).code ?? 'error'})` });
      continue;
    }
    for (const name of names) {
      if (++entries > maxEntries) {
        notes.push({ file: '.', line: 0, column: 0, reason: `stopped after ${maxEntries} folder entries; the rest of the folder was not read` });
        break walk;
      }
      const abs = join(dir, name);
      const stats = statOrNote(abs, rel, notes);
      if (!stats) {
        continue;
      }
      if (stats.isDirectory()) {
        if (!SKIPPED_DIRS.has(name) && enterDir(abs, rootReal, seenDirs, rel, notes)) {
          stack.push(abs);
        }
        continue;
      }
      if (!stats.isFile() || infraFileKind(rel(abs)) === undefined) {
        continue;
      }
      if (++files > maxFiles) {
        notes.push({ file: '.', line: 0, column: 0, reason: `stopped after ${maxFiles} infrastructure files; the rest were not read` });
        break walk;
      }
      if (stats.size > maxFileBytes) {
        index.skip(rel(abs), `the file is larger than ${maxFileBytes} bytes and was not read`);
        continue;
      }
      readOne(abs, rel(abs), index);
    }
  }
  const report = index.report();
  return { index, report: notes.length === 0 ? report : { ...report, unresolved: [...report.unresolved, ...notes] } };
}

/** stat follows links; a dangling link or one that cannot be read is noted. */
function statOrNote(abs: string, rel: (abs: string) => string, notes: InfraUnresolved[]): Stats | undefined {
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
      notes.push({ file: rel(abs), line: 0, column: 0, reason: code === 'ELOOP' ? 'a symbolic link loop was not followed' : `not read (${link ? 'a broken link' : code})` });
    }
    return undefined;
  }
}

/** A folder is walked once (a link back to it is a loop) and only inside the root. */
function enterDir(abs: string, rootReal: string, seen: Set<string>, rel: (abs: string) => string, notes: InfraUnresolved[]): boolean {
  let real: string;
  try {
    real = realpathSync(abs);
  } catch {
    notes.push({ file: rel(abs), line: 0, column: 0, reason: 'a symbolic link loop was not followed' });
    return false;
  }
  if (real !== rootReal && !real.startsWith(rootReal + sep)) {
    notes.push({ file: rel(abs), line: 0, column: 0, reason: 'a link to a folder outside the folder read was not followed' });
    return false;
  }
  if (seen.has(real)) {
    notes.push({ file: rel(abs), line: 0, column: 0, reason: 'a symbolic link loop (or a second link to the same folder) was not followed' });
    return false;
  }
  seen.add(real);
  return true;
}

function readOne(abs: string, path: string, index: InfraIndex): void {
  let text: string;
  try {
    text = readFileSync(abs, 'utf8');
  } catch (error) {
    index.skip(path, `the file could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    return;
  }
  index.set(path, text);
}

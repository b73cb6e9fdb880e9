/**
 * The folders check_infrastructure may read: the roots the server was given (`--root`; VS Code
 * passes its workspace folders), or else the roots the client declares (MCP roots). A path is
 * confined after `..` and symbolic links are resolved, and is read with the core reader, which
 * runs nothing, follows no link out of the folder and stops at its caps.
 */
import { realpathSync, statSync } from 'node:fs';
import { basename, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { FolderReport } from '../agent/infraCheck';
import { ToolInputError } from '../agent/inputs';
import { ToolAnswerError } from '../agent/toolAnswerError';
import { readDirOffThread } from '../infra/readOffThread';

/** Roots named in a sentence; the rest are counted. */
const ROOTS_NAMED = 3;

const inside = (path: string, root: string): boolean => path === root || path.startsWith(root.endsWith(sep) ? root : root + sep);

function rootList(roots: readonly string[]): string {
  const named = roots.slice(0, ROOTS_NAMED).join(', ');
  return roots.length > ROOTS_NAMED ? `${named} and ${roots.length - ROOTS_NAMED} more` : named;
}

function realOrUndefined(path: string): string | undefined {
  try {
    return realpathSync(path);
  } catch {
    return undefined;
  }
}

/** The real path of `given` (relative paths from the first root) when it is a folder inside a root; otherwise one sentence. */
export function confineToRoots(given: string, roots: readonly string[]): string {
  const first = roots[0];
  if (first === undefined) throw NO_ROOTS;
  const shown = given.length > 200 ? `${given.slice(0, 199)}…` : given;
  const outside = (how: string) => new ToolInputError(`Invalid path: ${shown} ${how} the folders this server may read (${rootList(roots)}); pass a folder inside one of them.`);
  // `..` first, before anything touches the disk: a path outside says nothing of what exists there.
  const lexical = resolve(first, given);
  if (!roots.some((r) => inside(lexical, resolve(r)))) throw outside('is outside');
  const real = realOrUndefined(lexical);
  if (real === undefined) throw new ToolInputError(`Invalid path: ${shown} does not exist; pass a folder inside ${rootList(roots)}.`);
  const realRoots = roots.flatMap((r) => realOrUndefined(r) ?? []);
  if (!realRoots.some((r) => inside(real, r))) throw outside('leads (through a symbolic link) outside');
  if (!statSync(real).isDirectory()) throw new ToolInputError(`Invalid path: ${shown} is not a folder; pass the folder that holds the templates.`);
  return real;
}

const NO_ROOTS = new ToolAnswerError(
  'This server was given no folder it may read; tell the user to start it with --root DIR (VS Code passes its workspace folders) or to use an MCP client that shares its roots, then call again.',
);

/**
 * What to read: the confined path, or every root (each file led by its root's name when there are
 * several). Read in a worker, so the server keeps answering meanwhile; `signal` (a cancellation) ends it.
 */
export async function readRoots(path: string | undefined, roots: readonly string[], signal?: AbortSignal): Promise<{ parts: FolderReport[]; where: string }> {
  if (roots.length === 0) throw NO_ROOTS;
  const read = (real: string) => readDirOffThread(real, signal ? { signal } : {});
  if (path !== undefined) {
    const real = confineToRoots(path, roots);
    const { report, paths } = await read(real);
    return { parts: [{ prefix: '', report, paths: [...paths] }], where: `the folder ${path}` };
  }
  const reals = roots.flatMap((r) => realOrUndefined(r) ?? []).filter((r) => statSync(r).isDirectory());
  const parts: FolderReport[] = [];
  for (const real of reals) {
    const { report, paths } = await read(real);
    parts.push({ prefix: reals.length > 1 ? basename(real) : '', report, paths: [...paths] });
  }
  return { parts, where: reals.length === 1 ? `the folder ${reals[0] ?? ''}` : `the ${reals.length} folders this server may read` };
}

/** The client's roots (MCP `roots/list`), file URIs only, as paths. */
export function fileRoots(uris: readonly string[]): string[] {
  return uris.flatMap((uri) => {
    if (!uri.startsWith('file:')) return [];
    try {
      return [fileURLToPath(uri)];
    } catch {
      return [];
    }
  });
}

/**
 * Reading one file of the walk within its budgets: a file count that only templates use up (a
 * repository's package.json files never push a template out) and a total byte budget. JSON is
 * first looked at by its start: only an ARM template or parameters file is read whole and counted.
 */
import { closeSync, lstatSync, openSync, readFileSync, readSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { infraFileKind } from './classify';
import type { InfraIndex } from './infraIndex';

export interface FileBudget {
  files: number;
  bytes: number;
  readonly maxFiles: number;
  readonly maxFileBytes: number;
  readonly maxTotalBytes: number;
}

/** How much of a JSON file is looked at for an ARM `$schema`: 16 KiB holds the 4,096 characters the ARM reader looks at, in any encoding of them. */
export const JSON_LOOK_BYTES = 16 * 1024;

/** The schema names the ARM reader (arm.ts) looks for at the start of a JSON file. */
const ARM_SCHEMA = /deployment(Template|Parameters)\.json/i;

/** Reads one infrastructure file into the index; returns why the walk must stop (a cap), or undefined. */
export function readOne(abs: string, path: string, index: InfraIndex, budget: FileBudget): string | undefined {
  if (budget.bytes >= budget.maxTotalBytes) {
    return bytesCap(budget);
  }
  let size: number;
  let head: Buffer | undefined;
  try {
    size = statSync(abs).size;
    if (infraFileKind(path) === 'json') {
      head = readHead(abs, Math.min(size, JSON_LOOK_BYTES));
      budget.bytes += head.length;
      if (!ARM_SCHEMA.test(head.toString('utf8'))) {
        return undefined;
      }
    }
  } catch (error) {
    index.skip(path, `the file could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
    return undefined;
  }
  if (++budget.files > budget.maxFiles) {
    return `stopped after ${budget.maxFiles} infrastructure files; the rest were not read`;
  }
  if (size > budget.maxFileBytes) {
    index.skip(path, `the file is larger than ${budget.maxFileBytes} bytes and was not read`);
    return undefined;
  }
  const whole = head !== undefined && head.length === size;
  if (!whole && budget.bytes + size > budget.maxTotalBytes) {
    return bytesCap(budget);
  }
  try {
    const buffer = whole && head ? head : readFileSync(abs);
    budget.bytes += whole ? 0 : buffer.length;
    index.set(path, buffer.toString('utf8'));
  } catch (error) {
    index.skip(path, `the file could not be read (${(error as NodeJS.ErrnoException).code ?? 'error'})`);
  }
  return undefined;
}

const bytesCap = (budget: FileBudget): string => `stopped after reading ${budget.bytes} bytes (the cap is ${budget.maxTotalBytes}); the rest were not read`;

function readHead(abs: string, bytes: number): Buffer {
  const fd = openSync(abs, 'r');
  try {
    const buffer = Buffer.alloc(bytes);
    const read = readSync(fd, buffer, 0, bytes, 0);
    return buffer.subarray(0, read);
  } finally {
    closeSync(fd);
  }
}

/** The root's azure.yaml (or azure.yml) text, for azd's infra path; undefined when there is none or it is over the size cap. */
export function readRootAzureYaml(root: string, maxFileBytes: number): string | undefined {
  for (const name of ['azure.yaml', 'azure.yml']) {
    try {
      const abs = join(root, name);
      // lstat: a link (perhaps out of the folder) is not followed here either.
      const stats = lstatSync(abs);
      if (stats.isFile() && stats.size <= maxFileBytes) {
        return readFileSync(abs, 'utf8');
      }
    } catch {
      // No such file: the next name, then the default path.
    }
  }
  return undefined;
}

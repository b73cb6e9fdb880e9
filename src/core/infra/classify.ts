/** Which files the reader reads, and how: by name (and, for JSON, by the ARM $schema inside). */
import { parseArmJson } from './arm';
import { parseAzdConfig } from './azdConfig';
import { parseAzureYaml, parseDotEnv } from './azd';
import { parseBicep, parseBicepParam } from './bicep';
import type { FileFacts } from './facts';
import { ReaderStuck, withStepBudget } from './progress';
import { parseTerraform, parseTfvars } from './terraform';

export type InfraFileKind = 'bicep' | 'bicepparam' | 'terraform' | 'tfvars' | 'azd' | 'env' | 'azdconfig' | 'json';

/** The kind of an infrastructure file by its relative path (forward slashes), or undefined for any other file. */
export function infraFileKind(path: string): InfraFileKind | undefined {
  const lower = path.toLowerCase();
  const base = lower.slice(lower.lastIndexOf('/') + 1);
  if (lower.endsWith('.bicep')) {
    return 'bicep';
  }
  if (lower.endsWith('.bicepparam')) {
    return 'bicepparam';
  }
  if (lower.endsWith('.tf')) {
    return 'terraform';
  }
  if (lower.endsWith('.tfvars')) {
    return 'tfvars';
  }
  if (base === 'azure.yaml' || base === 'azure.yml') {
    return 'azd';
  }
  if (/(^|\/)\.azure\/[^/]+\/\.env$/.test(lower)) {
    return 'env';
  }
  if (/(^|\/)\.azure\/config\.json$/.test(lower)) {
    return 'azdconfig';
  }
  if (lower.endsWith('.json')) {
    return 'json';
  }
  return undefined;
}

/** A NUL in the first 8 KB: a binary file, whatever its name says. */
export function looksBinary(text: string): boolean {
  return text.slice(0, 8192).includes('\u0000');
}

/**
 * Work a file may take, in guarded steps per character: every reader is linear (nesting is capped),
 * so a file that needs more has hit a reader bug, and stops as one unchecked entry.
 */
export const STEPS_PER_CHAR = 64;
export const stepBudgetFor = (text: string): number => STEPS_PER_CHAR * text.length + 10_000;

/**
 * Reads one file's facts; undefined when it is not infrastructure (a JSON file without an ARM schema).
 * Never throws: an unreadable file, a loop that stopped moving or a spent step budget comes back as
 * a file with one problem.
 */
export function readFacts(path: string, text: string, stepBudget = stepBudgetFor(text)): FileFacts | undefined {
  const kind = infraFileKind(path);
  if (kind === undefined) {
    return undefined;
  }
  if (looksBinary(text)) {
    return fileProblem('a binary file (it holds NUL bytes) is not read');
  }
  // Editors on Windows (Visual Studio, Notepad) save UTF-8 with a byte order mark, which no parser reads as text.
  const body = text.charCodeAt(0) === 0xfeff ? text.slice(1) : text;
  try {
    return withStepBudget(stepBudget, () => parseAs(kind, body)).value;
  } catch (error) {
    if (error instanceof ReaderStuck) {
      return fileProblem(`the file was not read: ${error.message}`);
    }
    // A parser bug must not stop the rest of the workspace from being read.
    return fileProblem(`the file could not be read (${error instanceof Error ? error.message : String(error)})`);
  }
}

function parseAs(kind: InfraFileKind, text: string): FileFacts | undefined {
  switch (kind) {
    case 'bicep':
      return parseBicep(text);
    case 'bicepparam':
      return parseBicepParam(text);
    case 'terraform':
      return parseTerraform(text);
    case 'tfvars':
      return parseTfvars(text);
    case 'azd':
      return parseAzureYaml(text);
    case 'env':
      return parseDotEnv(text);
    case 'azdconfig':
      return parseAzdConfig(text);
    case 'json': {
      const facts = parseArmJson(text);
      return facts && 'problem' in facts ? fileProblem(facts.problem) : facts;
    }
  }
}

/** Facts that hold only a whole-file reason. */
export function fileProblem(reason: string): FileFacts {
  return { kind: 'skipped', problems: [{ line: 0, column: 0, reason }] };
}

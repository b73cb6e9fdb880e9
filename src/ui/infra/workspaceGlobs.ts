/** Which files the editor reads as templates, and which it leaves out. VS Code-free, so unit-tested. */
import { DEFAULT_LIMITS } from '../../core/infra/readDir';

/** Every name the reader knows (src/core/infra/classify.ts); JSON files are kept only when they hold an ARM template. */
export const INFRA_GLOB = '**/{*.bicep,*.bicepparam,*.tf,*.tfvars,*.json,azure.yaml,azure.yml,.azure/*/.env}';

/** Tools' copies, never the templates one deploys (the CLI's reader skips them too). */
const ALWAYS_EXCLUDED = ['**/node_modules/**', '**/.terraform/**', '**/.git/**'];

/** The caps: the CLI's, so the editor and the gate read the same files. */
export const WORKSPACE_LIMITS = { maxFiles: DEFAULT_LIMITS.maxFiles, maxFileBytes: DEFAULT_LIMITS.maxFileBytes } as const;

/**
 * The exclude glob for `findFiles`: `search.exclude` patterns switched on (true; a `when` clause is
 * kept too, as it cannot be evaluated here) plus the tools' folders. `files.exclude` applies by itself.
 */
export function excludeGlob(searchExclude: unknown): string {
  const patterns = [...ALWAYS_EXCLUDED];
  if (searchExclude && typeof searchExclude === 'object') {
    for (const [pattern, on] of Object.entries(searchExclude as Record<string, unknown>)) {
      if ((on === true || (typeof on === 'object' && on !== null)) && pattern.trim() !== '' && !/[{}]/.test(pattern) && !patterns.includes(pattern)) {
        patterns.push(pattern);
      }
    }
  }
  return `{${patterns.join(',')}}`;
}

import { readdirSync } from 'node:fs';
import { basename, join } from 'node:path';

// The lazy bundles' names, from their sources: every src/**/<name>Bundle.ts, as scripts/build.mjs finds them.
export function sourceBundles(): string[] {
  const src = join(__dirname, '..', '..', '..', '..', 'src');
  return readdirSync(src, { recursive: true, encoding: 'utf8' })
    .map((f) => basename(f))
    .filter((f) => f.endsWith('Bundle.ts'))
    .map((f) => f.slice(0, -'Bundle.ts'.length))
    .sort();
}

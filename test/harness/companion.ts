// Builds the test-only authentication provider (test/companion/auth-provider) into an installable
// extension folder: its manifest plus one bundled extension.js (it shares the sample service's token
// format through src/core/sample/signedTokens.ts, so it is bundled rather than copied).
import { build } from 'esbuild';
import { copyFile, mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface BuiltCompanion {
  /** The folder to pass to startServer's `preinstall`. */
  readonly folder: string;
  dispose(): Promise<void>;
}

export async function buildAuthCompanion(root: string): Promise<BuiltCompanion> {
  return buildCompanion(root, 'auth-provider');
}

/** Builds test/companion/<name> (package.json + extension.ts) the same way. */
export async function buildCompanion(root: string, name: string): Promise<BuiltCompanion> {
  const source = join(root, 'test', 'companion', name);
  const parent = await mkdtemp(join(tmpdir(), 'service-health-companion-'));
  const folder = join(parent, name);
  await mkdir(folder, { recursive: true });
  try {
    await copyFile(join(source, 'package.json'), join(folder, 'package.json'));
    await build({
      entryPoints: [join(source, 'extension.ts')],
      outfile: join(folder, 'extension.js'),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      external: ['vscode'],
      logLevel: 'warning',
    });
  } catch (err) {
    await rm(parent, { recursive: true, force: true });
    throw err;
  }
  return { folder, dispose: () => rm(parent, { recursive: true, force: true }) };
}

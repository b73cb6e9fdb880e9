// `npm run test:vsix`: builds the production .vsix (`npm run package`), installs it into a fresh real
// VS Code server with the server's own --install-extension (offline) and runs the smoke group of the
// UI suite against it, with no development path. Runs last in `npm test`: it leaves dist/ production.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const vsix = join(root, 'service-health.vsix');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const built = spawnSync(npm, ['run', '--silent', 'package'], { cwd: root, stdio: ['ignore', 'inherit', 'inherit'] });
if (built.status !== 0 || !existsSync(vsix)) {
  console.error('[vsix] npm run package failed.');
  console.log('0 passed, 1 failed');
  process.exit(1);
}
const { runUiTests } = createRequire(import.meta.url)(join(root, 'out', 'test', 'ui', 'run.js'));
try {
  const failures = await runUiTests({ root, vsix, timeoutMs: Number(process.env.SERVICE_HEALTH_UI_TIMEOUT_MS ?? 300_000), grep: process.env.SERVICE_HEALTH_TEST_GREP });
  process.exitCode = failures === 0 ? 0 : 1;
} catch (err) {
  console.error(`[vsix] ${err instanceof Error ? err.message : String(err)}`);
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
}
process.stdout.write('', () => process.exit(process.exitCode));

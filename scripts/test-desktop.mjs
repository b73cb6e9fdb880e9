// `npm run test:desktop`: the same integration suites (out/test/integration) in a desktop VS Code through
// @vscode/test-electron. It downloads VS Code, so it needs internet: use it on a developer machine. The
// offline CI route is `npm run test:vscode`. Needs `npm run build` and `npm run compile` first.
// Env: SERVICE_HEALTH_VSCODE_VERSION (default 'stable'), SERVICE_HEALTH_TEST_GREP (mocha grep).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runTests } from '@vscode/test-electron';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const workspace = mkdtempSync(join(tmpdir(), 'service-health-desktop-'));
try {
  await runTests({
    version: process.env.SERVICE_HEALTH_VSCODE_VERSION ?? 'stable',
    extensionDevelopmentPath: root,
    extensionTestsPath: join(root, 'out', 'test', 'integration', 'index.js'),
    // Other installed extensions stay off, so the run sees only the extension under test.
    launchArgs: [workspace, '--disable-extensions', '--disable-workspace-trust', '--skip-welcome', '--skip-release-notes'],
  });
} catch (err) {
  console.error(`[test:desktop] ${err instanceof Error ? err.message : String(err)}`);
  process.exitCode = 1;
} finally {
  rmSync(workspace, { recursive: true, force: true });
}

// `npm run test:vscode`: the integration tests in a real VS Code, offline (VS Code server from the npm
// package code-server, driven through Debian's Chromium). Needs `npm run build` and `npm run compile` first.
// Env: SERVICE_HEALTH_VSCODE_TIMEOUT_MS (default 900000), SERVICE_HEALTH_VERBOSE=1 (workbench console),
// SERVICE_HEALTH_TEST_GREP (mocha grep), SERVICE_HEALTH_CHROMIUM (default /usr/bin/chromium).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'out', 'test', 'harness', 'run-integration.js');
for (const needed of [entry, join(root, 'out', 'test', 'integration', 'index.js'), join(root, 'dist', 'extension.js')]) {
  if (!existsSync(needed)) {
    console.error(`${needed} is missing: run \`npm run compile && npm run build\` first.`);
    process.exit(1);
  }
}
const { runIntegrationTests } = createRequire(import.meta.url)(entry);
const timeoutMs = Number(process.env.SERVICE_HEALTH_VSCODE_TIMEOUT_MS ?? 900_000);
try {
  process.exitCode = await runIntegrationTests({
    root,
    timeoutMs,
    verbose: process.env.SERVICE_HEALTH_VERBOSE === '1',
    grep: process.env.SERVICE_HEALTH_TEST_GREP,
  });
} catch (err) {
  console.error(`[harness] ${err instanceof Error ? err.message : String(err)}`);
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
}
// Playwright and stray handles must not keep a finished run alive; flush stdout before leaving.
process.stdout.write('', () => process.exit(process.exitCode));

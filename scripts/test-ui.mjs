// `npm run test:ui`: Playwright UI tests against the real web workbench (VS Code server from code-server +
// Debian Chromium), offline: the extension in sample mode, then in Azure mode with a test-only sign-in provider. Needs `npm run compile && npm run build`.
// Env: SERVICE_HEALTH_UI_TIMEOUT_MS (whole run, default 1800000), SERVICE_HEALTH_TEST_GREP (mocha grep),
// SERVICE_HEALTH_VERBOSE=1 (workbench console on stderr), SERVICE_HEALTH_CHROMIUM (default /usr/bin/chromium).
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'out', 'test', 'ui', 'run.js');
for (const needed of [entry, join(root, 'dist', 'extension.js')]) {
  if (!existsSync(needed)) {
    console.error(`${needed} is missing: run \`npm run compile && npm run build\` first.`);
    console.log('0 passed, 1 failed');
    process.exit(1);
  }
}
const { runUiTests } = createRequire(import.meta.url)(entry);
const stop = new AbortController();
// Ctrl+C: let the run's finally close the browser and the server before leaving.
process.once('SIGINT', () => stop.abort());
process.once('SIGTERM', () => stop.abort());
try {
  const failures = await runUiTests({
    root,
    timeoutMs: Number(process.env.SERVICE_HEALTH_UI_TIMEOUT_MS ?? 1_800_000),
    grep: process.env.SERVICE_HEALTH_TEST_GREP,
    verbose: process.env.SERVICE_HEALTH_VERBOSE === '1',
    signal: stop.signal,
  });
  process.exitCode = failures === 0 ? 0 : 1;
} catch (err) {
  console.error(`[ui] ${err instanceof Error ? err.message : String(err)}`);
  // The reporter may not have printed its line: the last stdout line must still say the run failed.
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
}
process.stdout.write('', () => process.exit(process.exitCode));

// `npm run demo:ui` (and `npm run demo -- --ui`): Service Health in the real VS Code for the web, in
// sample mode. Prints the URL; Ctrl+C stops the server and everything it started. The logic lives in
// test/harness/demoUi.ts (unit-tested); this file wires it to the process.
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(root, 'out', 'test');
for (const needed of [join(out, 'harness', 'demoUi.js'), join(root, 'dist', 'extension.js')]) {
  if (!existsSync(needed)) {
    console.error(`${needed} is missing: run \`npm run build && npm run compile\` first (\`npm run demo:ui\` does both).`);
    process.exit(1);
  }
}
const require = createRequire(import.meta.url);
const { parseDemoUiArgs, runDemoUi, DEMO_UI_USAGE, DemoUsageError } = require(join(out, 'harness', 'demoUi.js'));
const { ensureRuntime } = require(join(out, 'harness', 'runtime.js'));
const { startServer } = require(join(out, 'harness', 'server.js'));
const { createSampleWorkspace } = require(join(out, 'ui', 'workspace.js'));

let args;
try {
  args = parseDemoUiArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof DemoUsageError)) throw error;
  console.error(`demo:ui: ${error.message}`);
  process.exit(2);
}
if (args.help) {
  process.stdout.write(DEMO_UI_USAGE);
  process.exit(0);
}

const stopRequested = new Promise((resolve) => {
  process.once('SIGINT', () => resolve('SIGINT'));
  process.once('SIGTERM', () => resolve('SIGTERM'));
});
const tty = process.stdout.isTTY === true;
let progressShown = false;
try {
  process.exitCode = await runDemoUi(args, {
    ensureRuntime: (log) => ensureRuntime({ dir: join(root, '.vscode-test', 'runtime'), log }),
    startServer,
    // Refresh as a user would see it; the test settings turn it off.
    createWorkspace: () => createSampleWorkspace({ 'serviceHealth.refreshIntervalMinutes': 5 }),
    extensionPath: root,
    print: (line) => {
      if (progressShown && tty) process.stdout.write('\n');
      progressShown = false;
      console.log(line);
    },
    progress: (line) => {
      progressShown = true;
      if (tty) process.stdout.write(`\r${line}`);
      else if (Number(/(\d+) s$/.exec(line)?.[1] ?? 1) % 10 === 0) console.log(line); // every 10 s in a log
    },
    every: (ms, tick) => {
      const timer = setInterval(tick, ms);
      return () => clearInterval(timer);
    },
    now: () => Date.now(),
    stopRequested,
  });
} catch (error) {
  console.error(`\ndemo:ui failed: ${error instanceof Error ? error.message : String(error)}`);
  process.exitCode = 1;
}
process.stdout.write('', () => process.exit(process.exitCode));

// Demo: starts the sample service through the built CLI, lists its events as a table and shows
// the rate-limit status, then stops the service. Run with `npm run demo` (builds first).
// `npm run demo -- --ui` shows the extension itself in VS Code for the web instead (scripts/demo-ui.mjs).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
if (process.argv.includes('--ui')) {
  // The UI demo runs the test harness's compiled code (out/): compile it, then hand over in-process.
  const compiled = spawnSync('npm', ['run', 'compile'], { cwd: root, stdio: 'inherit' });
  if (compiled.status !== 0) process.exit(compiled.status ?? 1);
  await import('./demo-ui.mjs');
} else {
  await cliDemo();
}

async function cliDemo() {
  const cli = join(root, 'dist', 'cli.js');
  if (!existsSync(cli)) {
    console.error('dist/cli.js is missing; run `npm run build` first (or `npm run demo`, which builds).');
    process.exit(1);
  }

  const server = spawn(process.execPath, [cli, 'serve-sample', '--port', '0'], { stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = [];
  const ready = new Promise((resolve, reject) => {
    const rl = createInterface({ input: server.stdout });
    rl.on('line', (line) => {
      lines.push(line);
      if (line.startsWith('subscriptions:')) {
        resolve();
      }
    });
    server.once('exit', (code) => reject(new Error(`serve-sample exited with code ${code} before it was ready`)));
  });

  let exitCode = 0;
  try {
    await ready;
    const url = lines[0].replace(/^listening on /, '');
    const token = lines[1].replace(/^token: /, '');
    const subscriptions = lines[2].replace(/^subscriptions: /, '').split(' ').filter(Boolean);
    console.log(`Sample service at ${url} with subscriptions ${subscriptions.join(', ')}\n`);

    // The token goes through the environment, never the command line (visible in the process list).
    const env = { ...process.env, HEALTH_EVENTS_TOKEN: token };
    const run = (title, args) => {
      console.log(`$ health-events ${args.join(' ')}`);
      // Straight to this terminal: the table fits its width and colours as it would for the user.
      const result = spawnSync(process.execPath, [cli, ...args], { env, stdio: ['ignore', 'inherit', 'inherit'] });
      console.log('');
      if (result.status !== 0) {
        console.error(`${title} exited with code ${result.status}`);
        exitCode = 1;
      }
    };
    // The last day: a first screen, not every event of the sample's week.
    run('list', ['list', '--endpoint', url, '--since', '1d', ...subscriptions.slice(0, 2).flatMap((s) => ['--subscription', s])]);
    run('rate-limit', ['rate-limit', '--endpoint', url]);
  } catch (error) {
    console.error(`demo failed: ${error instanceof Error ? error.message : String(error)}`);
    exitCode = 1;
  } finally {
    const exited = new Promise((resolve) => server.once('exit', resolve));
    server.kill('SIGTERM');
    await exited;
  }
  process.exitCode = exitCode;
}

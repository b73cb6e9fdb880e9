// Entry point of the `health-events` CLI; the commands live in src/core/cli.
import { runCli } from './core/cli/runCli';
import { errorText } from './core/text/errorText';

const controller = new AbortController();
// First Ctrl+C (or SIGTERM) stops cleanly; a second one falls back to Node's default and exits.
const stop = () => controller.abort();
process.once('SIGINT', stop);
process.once('SIGTERM', stop);

runCli(process.argv.slice(2), { stdout: process.stdout, stderr: process.stderr, env: process.env, signal: controller.signal, stdio: { stdin: process.stdin, stdout: process.stdout } }).then(
  (code) => {
    process.off('SIGINT', stop);
    process.off('SIGTERM', stop);
    process.exitCode = code;
  },
  (error: unknown) => {
    process.stderr.write(`health-events: unexpected error: ${errorText(error)}\n`);
    process.exitCode = 1;
  },
);

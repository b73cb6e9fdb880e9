// Entry point of dist/mcp.js: the MCP server alone (`health-events mcp` without the rest of the
// CLI or the sample service), shipped in the .vsix so the extension can start it with its own Node.
import { parseArgs } from 'node:util';
import { MCP_OPTIONS, runMcp } from './core/cli/mcpCommand';
import { UsageError } from './core/cli/options';
import { SecretSet } from './core/cli/secrets';
import { MCP_USAGE } from './core/cli/usage';
import { errorText } from './core/text/errorText';

const controller = new AbortController();
// Every line this process writes to stderr hides the token, as the CLI's do (the server adds the tokens it reads later).
const secrets = new SecretSet();
secrets.add(process.env['HEALTH_EVENTS_TOKEN']);
const stderr = secrets.writer(process.stderr);
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());

async function main(): Promise<number> {
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      options: MCP_OPTIONS,
      strict: true,
      allowPositionals: false,
    });
    if (values.help === true) {
      stderr.write(MCP_USAGE);
      return 0;
    }
    return await runMcp(
      { values, stdout: stderr, stderr, env: process.env, signal: controller.signal, now: Date.now },
      { stdin: process.stdin, stdout: process.stdout, secrets },
    );
  } catch (error) {
    const message = errorText(error);
    stderr.write(`health-events mcp: ${error instanceof UsageError || error instanceof TypeError ? '' : 'error: '}${message.replace(/\s+/g, ' ')}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}

void main().then((code) => {
  process.exitCode = code;
});

// Entry point of dist/mcp.js: the MCP server alone (`health-events mcp` without the rest of the
// CLI or the sample service), shipped in the .vsix so the extension can start it with its own Node.
import { parseArgs } from 'node:util';
import { runMcp } from './core/cli/mcpCommand';
import { UsageError } from './core/cli/options';
import { MCP_USAGE } from './core/cli/usage';

const controller = new AbortController();
process.once('SIGINT', () => controller.abort());
process.once('SIGTERM', () => controller.abort());

async function main(): Promise<number> {
  try {
    const { values } = parseArgs({
      args: process.argv.slice(2),
      options: { endpoint: { type: 'string' }, subscription: { type: 'string', multiple: true }, help: { type: 'boolean', short: 'h' } },
      strict: true,
      allowPositionals: false,
    });
    if (values.help === true) {
      process.stderr.write(MCP_USAGE);
      return 0;
    }
    return await runMcp(
      { values, stdout: process.stderr, stderr: process.stderr, env: process.env, signal: controller.signal, now: Date.now },
      { stdin: process.stdin, stdout: process.stdout },
    );
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`health-events mcp: ${error instanceof UsageError || error instanceof TypeError ? '' : 'error: '}${message.replace(/\s+/g, ' ')}\n`);
    return error instanceof UsageError ? 2 : 1;
  }
}

void main().then((code) => {
  process.exitCode = code;
});

/**
 * `health-events mcp`: the MCP server over stdio. stdout carries JSON-RPC only; every log line
 * (rate-limit waits, tool failures) goes to stderr. The token comes from HEALTH_EVENTS_TOKEN
 * only (a --token flag would show it in the process list of every MCP client).
 */
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { HealthTools } from '../agent/healthTools';
import { apiSource } from '../agent/source';
import { createHealthMcpServer } from '../mcp/healthMcpServer';
import { ListedSubscriptions, namesUnavailableText } from '../subscriptions/listedSubscriptions';
import { explainForCli, withSession, type CommandContext } from './commands';
import { UsageError } from './options';
import { SecretSet } from './secrets';
import { TOKEN_ENV } from './usage';

export interface McpStreams {
  readonly stdin: Readable;
  readonly stdout: Writable;
  /** The secrets the caller's stderr writer hides; the server adds every token it reads. */
  readonly secrets?: SecretSet;
}

export async function runMcp(ctx: CommandContext, streams: McpStreams | undefined): Promise<number> {
  if (!streams) {
    throw new UsageError('mcp runs only as a process with standard input and output; start it from an MCP client.');
  }
  if (typeof ctx.values['token'] === 'string') {
    throw new UsageError(`mcp takes the token from ${TOKEN_ENV} only; --token would show it in the process list.`);
  }
  const raw = ctx.values['subscription'];
  const subscriptions = (Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : []).filter((s): s is string => typeof s === 'string').map((s) => s.trim()).filter((s) => s !== '');
  const secrets = streams.secrets ?? new SecretSet();
  secrets.add(ctx.env[TOKEN_ENV]);
  const redact = (text: string): string => secrets.redact(text);
  // Every stderr line is redacted here too, whoever made ctx.stderr (the CLI's writer, or dist/mcp.js's).
  const stderr = secrets.writer(ctx.stderr);
  return withSession({ ...ctx, stderr }, async ({ api, resources, client, hasToken }) => {
    const log = (line: string) => stderr.write(`health-events mcp: ${line}\n`);
    // Answers name subscriptions as the extension's do; without names (the listing denied) they show ids.
    const listed = new ListedSubscriptions(
      () => api.listSubscriptions(),
      (error) => log(namesUnavailableText(explainForCli(error, hasToken))),
    );
    const tools = new HealthTools(apiSource({ api, resources, quota: () => client.quota, subscriptions, now: ctx.now, listed }));
    const server = createHealthMcpServer({ tools, redact, log, explain: (error) => explainForCli(error, hasToken) });
    const transport = new StdioServerTransport(streams.stdin, streams.stdout);
    const closed = new Promise<void>((resolve) => {
      const done = () => resolve();
      // The client ends the session by closing our stdin (the MCP stdio transport's shutdown).
      streams.stdin.once('end', done);
      streams.stdin.once('close', done);
      ctx.signal?.addEventListener('abort', done, { once: true });
      transport.onclose = done;
    });
    await server.connect(transport);
    stderr.write(`health-events mcp: serving ${subscriptions.length > 0 ? `${subscriptions.length} subscription${subscriptions.length === 1 ? '' : 's'}` : 'every visible subscription'} on stdio.\n`);
    await closed;
    await server.close();
    return 0;
  });
}

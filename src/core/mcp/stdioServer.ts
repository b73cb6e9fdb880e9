/**
 * The health tools served over stdio until the client closes stdin (the MCP stdio transport's
 * shutdown) or the signal aborts. The CLI's `mcp` command gives the API session; the tools and the
 * MCP SDK stay in this room.
 */
import type { Readable, Writable } from 'node:stream';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { HealthTools } from '../agent/healthTools';
import { apiSource, type ApiSourceOptions } from '../agent/source';
import { createHealthMcpServer, type HealthMcpServerOptions } from './healthMcpServer';

export interface StdioServeOptions extends Omit<HealthMcpServerOptions, 'tools'> {
  readonly source: ApiSourceOptions;
  readonly stdin: Readable;
  readonly stdout: Writable;
  readonly signal?: AbortSignal | undefined;
  /** Called once the server is connected, before it waits for the client to leave. */
  readonly onServing: () => void;
}

export async function serveOverStdio(options: StdioServeOptions): Promise<void> {
  const { source, stdin, stdout, signal, onServing, ...serverOptions } = options;
  const tools = new HealthTools(apiSource(source));
  const server = createHealthMcpServer({ ...serverOptions, tools });
  const transport = new StdioServerTransport(stdin, stdout);
  const closed = new Promise<void>((resolve) => {
    const done = () => resolve();
    stdin.once('end', done);
    stdin.once('close', done);
    signal?.addEventListener('abort', done, { once: true });
    transport.onclose = done;
  });
  await server.connect(transport);
  onServing();
  await closed;
  await server.close();
}

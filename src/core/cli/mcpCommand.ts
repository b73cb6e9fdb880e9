/**
 * `health-events mcp`: the MCP server over stdio. stdout carries JSON-RPC only; every log line
 * (rate-limit waits, tool failures) goes to stderr. The token comes from HEALTH_EVENTS_TOKEN
 * only (a --token flag would show it in the process list of every MCP client).
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import type { Readable, Writable } from 'node:stream';
import type { ParseArgsConfig } from 'node:util';
import { serveOverStdio } from '../mcp/stdioServer';
import { ListedSubscriptions, namesUnavailableText } from '../subscriptions/listedSubscriptions';
import { AvailabilityApi } from '../api/availabilityApi';
import { ApiError } from '../api/errors';
import { ResourceGraphApi } from '../api/resourceGraphApi';
import { TOKEN_FILE_ENV, tokenFileProvider } from '../mcp/tokenFile';
import { explainForCli, str, withSession, type CommandContext } from './commands';
import { portalForEndpoint } from './healthCommands';
import { parseEndpoint, UsageError } from './options';
import { SecretSet } from './secrets';
import { TOKEN_ENV } from './usage';

/** The options of `health-events mcp`, shared by the CLI and dist/mcp.js so neither refuses what the other takes. */
export const MCP_OPTIONS = {
  endpoint: { type: 'string' },
  subscription: { type: 'string', multiple: true },
  'subscriptions-file': { type: 'string' },
  root: { type: 'string', multiple: true },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

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
  const file = ctx.values['subscriptions-file'];
  // A file for many ids (the Windows command line holds about 32 K characters); --subscription for people.
  const fromFile = typeof file === 'string' ? await readSubscriptionsFile(file) : [];
  const subscriptions = [...(Array.isArray(raw) ? raw : typeof raw === 'string' ? [raw] : []), ...fromFile].filter((s): s is string => typeof s === 'string').map((s) => s.trim()).filter((s) => s !== '');
  // The folders check_infrastructure may read (VS Code passes its workspace folders).
  const rootValues = ctx.values['root'];
  const roots = (Array.isArray(rootValues) ? rootValues : typeof rootValues === 'string' ? [rootValues] : []).filter((r): r is string => typeof r === 'string' && r.trim() !== '').map((r) => resolve(r));
  const secrets = streams.secrets ?? new SecretSet();
  secrets.add(ctx.env[TOKEN_ENV]);
  const redact = (text: string): string => secrets.redact(text);
  // Every stderr line is redacted here too, whoever made ctx.stderr (the CLI's writer, or dist/mcp.js's).
  const stderr = secrets.writer(ctx.stderr);
  const tokenFile = ctx.env[TOKEN_FILE_ENV];
  // Started by VS Code: the token is read from the file the extension keeps fresh.
  const tokenProvider = tokenFile ? tokenFileProvider(tokenFile, new URL(parseEndpoint(str(ctx, 'endpoint'))).origin, (t) => secrets.add(t)) : undefined;
  const explain = (error: unknown, hasToken: boolean): unknown => (tokenFile ? explainForVsCode(error) : explainForCli(error, hasToken));
  const baseUrl = parseEndpoint(str(ctx, 'endpoint'));
  return withSession({ ...ctx, stderr, ...(tokenProvider ? { tokenProvider } : {}) }, async ({ api, resources, client, hasToken }) => {
    const log = (line: string) => stderr.write(`health-events mcp: ${line}\n`);
    // Answers name subscriptions as the extension's do; without names (the listing denied) they show ids.
    const listed = new ListedSubscriptions(
      () => api.listSubscriptions(),
      (error) => log(namesUnavailableText(explain(error, hasToken))),
    );
    await serveOverStdio({
      // Resource health of many subscriptions through Resource Graph, each listing kept a few minutes (core/agent/availabilitySource.ts).
      source: { api, resources, availability: new AvailabilityApi({ client, baseUrl }), graph: new ResourceGraphApi({ client, baseUrl }), portal: portalForEndpoint(baseUrl), quota: () => client.quota, subscriptions, now: ctx.now, listed },
      redact,
      log,
      explain: (error) => explain(error, hasToken),
      roots,
      stdin: streams.stdin,
      stdout: streams.stdout,
      signal: ctx.signal,
      onServing: () => stderr.write(`health-events mcp: serving ${subscriptions.length > 0 ? `${subscriptions.length} subscription${subscriptions.length === 1 ? '' : 's'}` : 'every visible subscription'} on stdio.\n`),
    });
    return 0;
  });
}

async function readSubscriptionsFile(path: string): Promise<string[]> {
  const text = await readFile(path, 'utf8').catch(() => {
    throw new UsageError(`--subscriptions-file ${path} could not be read; pass a file with one subscription id per line.`);
  });
  return text.split(/\r?\n/u);
}

/** Started by VS Code: what to do is in VS Code (sign in, restart the server), not a token command. */
export function explainForVsCode(error: unknown): unknown {
  if (error instanceof ApiError && error.status === 401) {
    const reason = [error.code, error.serviceMessage].filter(Boolean).join(': ') || 'HTTP 401';
    return new ApiError(
      `The service did not accept the token from VS Code (${reason}); in VS Code, sign in again from the Service Health view, then restart the server (MCP: List Servers, Service Health, Restart Server).`,
      { status: 401, code: error.code, serviceMessage: error.serviceMessage, details: error.details, operation: error.operation },
    );
  }
  return explainForCli(error, true);
}

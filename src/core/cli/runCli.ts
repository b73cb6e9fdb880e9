/**
 * The `health-events` CLI, runnable in-process: `runCli(argv, io)` returns the exit code
 * (0 success, 1 failure, 2 usage error; `check` also 3: an active event touches a template's target, and 4: not everything could be checked). Expected failures print one line on stderr, never a
 * stack trace; everything written goes through a filter that hides the token.
 */
import { parseArgs, type ParseArgsConfig } from 'node:util';
import { ApiError, PagingError, ResponseValidationError } from '../api/errors';
import { FilterSyntaxError } from '../api/odataFilter';
import { HttpClientError, isAbortError } from '../http/errors';
import type { Clock } from '../http/types';
import { runCheck } from './checkCommand';
import { runDetails, runList, runRateLimit, runSubscriptions, type CommandContext } from './commands';
import { UsageError } from './options';
import { runResourceHealth } from './healthCommands';
import { runEmergingIssues, runImpactedResources } from './resourceCommands';
import { MCP_OPTIONS, runMcp, type McpStreams } from './mcpCommand';
import { SecretSet } from './secrets';
import { runServeSample } from './serveSample';
import { CHECK_USAGE, DETAILS_USAGE, MCP_USAGE, EMERGING_ISSUES_USAGE, IMPACTED_RESOURCES_USAGE, LIST_USAGE, MAIN_USAGE, RATE_LIMIT_USAGE, RESOURCE_HEALTH_USAGE, SERVE_SAMPLE_USAGE, SUBSCRIPTIONS_USAGE } from './usage';
import { errorText } from '../text/errorText';
import { terminalOf } from './terminal';

export interface CliWriter {
  write(chunk: string): unknown;
  /** Set on a terminal (`process.stdout`): tables fit `columns` and may use colour. */
  readonly isTTY?: boolean;
  readonly columns?: number;
}

export interface CliIo {
  readonly stdout: CliWriter;
  readonly stderr: CliWriter;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Aborting stops serve-sample and in-flight requests; the entry wires SIGINT/SIGTERM to it. */
  readonly signal?: AbortSignal;
  /** Time for rate-limit waits (tests pass a fake clock); the wall clock otherwise. */
  readonly clock?: Clock;
  /** The process's raw standard streams, for `mcp` (JSON-RPC over stdio). */
  readonly stdio?: McpStreams;
}

const COMMON_OPTIONS = {
  endpoint: { type: 'string' },
  token: { type: 'string' },
  json: { type: 'boolean' },
  help: { type: 'boolean', short: 'h' },
} as const satisfies ParseArgsConfig['options'];

const COMMANDS = {
  list: {
    usage: LIST_USAGE,
    options: {
      ...COMMON_OPTIONS,
      subscription: { type: 'string', multiple: true },
      filter: { type: 'string' },
      service: { type: 'string', multiple: true },
      region: { type: 'string', multiple: true },
      since: { type: 'string' },
      wide: { type: 'boolean' },
    },
  },
  details: {
    usage: DETAILS_USAGE,
    options: { ...COMMON_OPTIONS, subscription: { type: 'string' }, 'tracking-id': { type: 'string' } },
  },
  'impacted-resources': {
    usage: IMPACTED_RESOURCES_USAGE,
    options: { ...COMMON_OPTIONS, subscription: { type: 'string' }, 'tracking-id': { type: 'string' }, filter: { type: 'string' } },
  },
  check: {
    usage: CHECK_USAGE,
    options: {
      ...COMMON_OPTIONS,
      infra: { type: 'string' },
      subscription: { type: 'string', multiple: true },
      since: { type: 'string' },
      'resource-group': { type: 'string' },
      location: { type: 'string' },
      include: { type: 'string', multiple: true },
      exclude: { type: 'string', multiple: true },
      'allow-unchecked': { type: 'boolean' },
    },
  },
  'resource-health': {
    usage: RESOURCE_HEALTH_USAGE,
    options: { ...COMMON_OPTIONS, subscription: { type: 'string', multiple: true }, resource: { type: 'string' }, history: { type: 'boolean' } },
  },
  'emerging-issues': { usage: EMERGING_ISSUES_USAGE, options: COMMON_OPTIONS },
  subscriptions: { usage: SUBSCRIPTIONS_USAGE, options: COMMON_OPTIONS },
  'rate-limit': { usage: RATE_LIMIT_USAGE, options: COMMON_OPTIONS },
  mcp: {
    usage: MCP_USAGE,
    // --token is taken only to refuse it with a sentence (the token would show in the process list).
    options: { ...MCP_OPTIONS, token: { type: 'string' } },
  },
  'serve-sample': {
    usage: SERVE_SAMPLE_USAGE,
    options: {
      port: { type: 'string' },
      events: { type: 'string' },
      seed: { type: 'string' },
      'latency-ms': { type: 'string' },
      'primary-limit': { type: 'string' },
      'window-seconds': { type: 'string' },
      'page-size': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  },
} as const satisfies Record<string, { usage: string; options: ParseArgsConfig['options'] }>;

type CommandName = keyof typeof COMMANDS;

function isCommand(name: string): name is CommandName {
  return Object.prototype.hasOwnProperty.call(COMMANDS, name);
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  // Every occurrence of a secret in written text is replaced (defence in depth).
  const secrets = new SecretSet();
  const stdout = secrets.writer(io.stdout);
  const stderr = secrets.writer(io.stderr);
  const [first, ...rest] = argv;

  if (first === undefined || first === '--help' || first === '-h' || first === 'help') {
    (first === undefined ? stderr : stdout).write(MAIN_USAGE);
    return first === undefined ? 2 : 0;
  }
  if (first === '--version' || first === '-v') {
    stdout.write('health-events 0.1.0\n');
    return 0;
  }
  if (!isCommand(first)) {
    stderr.write(`health-events: unknown command "${first.slice(0, 40)}"; run 'health-events --help' for the commands.\n`);
    return 2;
  }
  const spec = COMMANDS[first];
  let values: Record<string, string | boolean | string[] | boolean[] | undefined>;
  try {
    const parsed = parseArgs({ args: [...rest], options: spec.options, strict: true, allowPositionals: false });
    values = parsed.values as typeof values;
  } catch (error) {
    // node:util parseArgs messages are one sentence; never echo a value that could be a token.
    const message = error instanceof Error ? error.message.split('\n')[0] ?? '' : String(error);
    stderr.write(`health-events ${first}: ${message.replace(/\.$/, '')}; run 'health-events ${first} --help' for the options.\n`);
    return 2;
  }
  if (values['help'] === true) {
    stdout.write(spec.usage);
    return 0;
  }
  secrets.add(typeof values['token'] === 'string' ? values['token'] : undefined);
  secrets.add(io.env['HEALTH_EVENTS_TOKEN']);

  const ctx: CommandContext = { values, stdout, stderr, env: io.env, signal: io.signal, now: () => io.clock?.now() ?? Date.now(), terminal: terminalOf(io.stdout, io.env), ...(io.clock ? { clock: io.clock } : {}) };
  try {
    switch (first) {
      case 'list':
        return await runList(ctx);
      case 'details':
        return await runDetails(ctx);
      case 'impacted-resources':
        return await runImpactedResources(ctx);
      case 'resource-health':
        return await runResourceHealth(ctx);
      case 'emerging-issues':
        return await runEmergingIssues(ctx);
      case 'check':
        return await runCheck(ctx);
      case 'subscriptions':
        return await runSubscriptions(ctx);
      case 'rate-limit':
        return await runRateLimit(ctx);
      case 'serve-sample':
        return await runServeSample(ctx);
      case 'mcp':
        return await runMcp(ctx, io.stdio && { ...io.stdio, secrets });
    }
  } catch (error) {
    return reportError(first, error, stderr, io.env);
  }
}

function reportError(command: string, error: unknown, stderr: CliWriter, env: CliIo['env']): number {
  if (error instanceof UsageError) {
    stderr.write(`health-events ${command}: ${error.message}\n`);
    return 2;
  }
  if (isAbortError(error)) {
    stderr.write(`health-events ${command}: stopped.\n`);
    return 130;
  }
  if (
    error instanceof ApiError ||
    error instanceof ResponseValidationError ||
    error instanceof PagingError ||
    error instanceof HttpClientError ||
    error instanceof FilterSyntaxError ||
    error instanceof TypeError
  ) {
    stderr.write(`health-events ${command}: ${oneLine(error.message)}\n`);
    return 1;
  }
  const message = errorText(error);
  stderr.write(`health-events ${command}: unexpected error: ${oneLine(message)}; please report it.\n`);
  if (env['HEALTH_EVENTS_DEBUG'] && error instanceof Error && error.stack) {
    stderr.write(`${error.stack}\n`);
  }
  return 1;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The network commands of the CLI: list, details, subscriptions, rate-limit (impacted resources: resourceCommands.ts). */
import { ApiError } from '../api/errors';
import { EventResourcesApi } from '../api/eventResourcesApi';
import { HealthEventsApi } from '../api/healthEventsApi';
import { buildEventsFilter } from '../api/odataFilter';
import { ThrottledClient } from '../http/client';
import { HttpClientError, NetworkError } from '../http/errors';
import { resolveNetwork } from '../http/network';
import type { Clock, TokenProvider } from '../http/types';
import type { HealthEvent } from '../model/schemas';
import { ListedSubscriptions, namesUnavailableText } from '../subscriptions/listedSubscriptions';
import { eventTable, incidentRows, summaryLine, type ListedEvent } from './eventTable';
import { eventDetails, latestSnapshot, quotaLine, rateLimitTable, subscriptionCell, subscriptionsTable } from './format';
import { DEFAULT_WIDTH, type Terminal } from './terminal';
import { chooseToken, parseEndpoint, parseSince, UsageError } from './options';
import { TOKEN_ENV } from './usage';
import { waitLine } from './waitLine';

export interface CommandContext {
  readonly values: Readonly<Record<string, string | boolean | string[] | boolean[] | undefined>>;
  readonly stdout: { write(chunk: string): unknown };
  readonly stderr: { write(chunk: string): unknown };
  readonly env: Readonly<Record<string, string | undefined>>;
  readonly signal?: AbortSignal;
  readonly now: () => number;
  /** Time for rate-limit waits; tests pass a fake one. */
  readonly clock?: Clock;
  /** Where tokens come from instead of --token/HEALTH_EVENTS_TOKEN (the MCP server's token file). */
  readonly tokenProvider?: TokenProvider;
  /** Width and colour of stdout (80 columns, no colour when not given). */
  readonly terminal?: Terminal;
}

const USER_AGENT = 'health-events-cli/0.1.0';

export function str(ctx: CommandContext, name: string): string | undefined {
  const value = ctx.values[name];
  return typeof value === 'string' ? value : undefined;
}

export function strings(ctx: CommandContext, name: string): string[] {
  const value = ctx.values[name];
  if (Array.isArray(value)) {
    return value.filter((v): v is string => typeof v === 'string');
  }
  return typeof value === 'string' ? [value] : [];
}

export function json(ctx: CommandContext, value: unknown): void {
  ctx.stdout.write(`${JSON.stringify(value, null, 2)}\n`);
}

export interface Session {
  readonly client: ThrottledClient;
  readonly api: HealthEventsApi;
  /** Impacted resources, billing details, tenant scope and emerging issues on the same client. */
  readonly resources: EventResourcesApi;
  readonly hasToken: boolean;
  /** The service's base URL (`--endpoint`), for API objects a command makes on the same client. */
  readonly baseUrl: string;
}

/** Opens a client for one command; the caller closes it. */
function openSession(ctx: CommandContext): Session {
  const baseUrl = parseEndpoint(str(ctx, 'endpoint'));
  const choice = chooseToken(str(ctx, 'token'), ctx.env);
  if (choice.warning) {
    ctx.stderr.write(`${choice.warning}\n`);
  }
  const token = choice.token;
  const tokenProvider: TokenProvider = ctx.tokenProvider ?? { getToken: async () => token };
  // The CLI follows the environment: HTTPS_PROXY/HTTP_PROXY/NO_PROXY and NODE_EXTRA_CA_CERTS.
  const network = resolveNetwork({ env: ctx.env });
  for (const problem of network.problems) {
    ctx.stderr.write(`warning: ${problem}\n`);
  }
  // Credentials go to the origin only; the API layer puts the base URL's path before every operation.
  const client = new ThrottledClient({
    origin: new URL(baseUrl).origin,
    tokenProvider,
    userAgent: USER_AGENT,
    network,
    ...(ctx.clock ? { clock: ctx.clock } : {}),
    // A long wait is never silent: scripts and people see why the command is not finishing.
    onRateLimitWait: (wait) => ctx.stderr.write(waitLine(wait)),
  });
  return { client, api: new HealthEventsApi({ client, baseUrl }), resources: new EventResourcesApi({ client, baseUrl }), hasToken: token !== undefined || ctx.tokenProvider !== undefined, baseUrl };
}

export async function withSession(ctx: CommandContext, body: (session: Session) => Promise<number>): Promise<number> {
  const session = openSession(ctx);
  try {
    return await body(session);
  } catch (error) {
    throw explainForCli(error, session.hasToken);
  } finally {
    await session.client.close();
  }
}

/** "Sign in again" means, for the CLI, a new token in the environment variable; proxy credentials go in the proxy URL. */
export function explainForCli(error: unknown, hasToken: boolean): unknown {
  if (error instanceof NetworkError && error.failure.kind === 'proxy-auth') {
    // The CLI has no http.proxyAuthorization: credentials go in the proxy URL.
    return new HttpClientError(
      'The proxy requires authentication (407); put the user name and password in the proxy URL (HTTPS_PROXY=http://user:password@proxy:port) and try again.',
      { cause: error },
    );
  }
  if (error instanceof ApiError && error.status === 401) {
    const reason = [error.code, error.serviceMessage].filter(Boolean).join(': ') || 'HTTP 401';
    const message = hasToken
      ? `The service did not accept the token (${reason}); get a new one, for example with 'az account get-access-token --query accessToken -o tsv', set ${TOKEN_ENV} to it and try again.`
      : `No access token was given and the service requires one; set ${TOKEN_ENV} (for example from 'az account get-access-token --query accessToken -o tsv') and try again.`;
    return new ApiError(message, { status: 401, code: error.code, serviceMessage: error.serviceMessage, details: error.details, operation: error.operation });
  }
  return error;
}

export async function runList(ctx: CommandContext): Promise<number> {
  const subscriptionIds = strings(ctx, 'subscription').map((s) => s.trim()).filter((s) => s !== '');
  if (subscriptionIds.length === 0) {
    throw new UsageError("--subscription ID is required; run 'health-events subscriptions' to see your subscriptions.");
  }
  const rawFilter = str(ctx, 'filter');
  const services = strings(ctx, 'service');
  const regions = strings(ctx, 'region');
  if (rawFilter !== undefined && (services.length > 0 || regions.length > 0)) {
    throw new UsageError('use either --filter or --service/--region, not both.');
  }
  const filter = rawFilter ?? buildEventsFilter({ services, regions });
  const sinceText = str(ctx, 'since');
  const queryStartTime = sinceText === undefined ? undefined : parseSince(sinceText, ctx.now());

  const asJson = ctx.values['json'] === true;
  return withSession(ctx, async ({ client, api, hasToken }) => {
    // People read names, as in the extension; --json stays as it was (no extra request, same fields).
    let namesFailure: unknown;
    const listed = asJson ? undefined : new ListedSubscriptions(() => api.listSubscriptions({ signal: ctx.signal }), (error) => (namesFailure = error));
    const [results] = await Promise.all([api.listEventsForSubscriptions(subscriptionIds, { filter, queryStartTime, signal: ctx.signal }), listed?.namesReady()]);
    const failed = results.filter((r) => r.error);
    const rows: ListedEvent[] = results.flatMap((r) => r.events.map((event: HealthEvent) => ({ subscriptionId: r.subscriptionId, event })));
    const quota = client.quota;
    const name = listed?.name ?? (() => undefined);
    if (asJson) {
      const out: Record<string, unknown> = {
        events: rows.map((r) => r.event),
        requests: quota.requestsSent,
        rateLimit: latestSnapshot(quota) ?? null,
      };
      if (failed.length > 0) {
        out['errors'] = failed.map((r) => ({ subscriptionId: r.subscriptionId, message: r.error?.message }));
      }
      json(ctx, out);
    } else if (rows.length > 0) {
      const incidents = incidentRows(rows);
      const terminal = ctx.terminal ?? { width: DEFAULT_WIDTH, color: false };
      const wide = ctx.values['wide'] === true;
      ctx.stdout.write(eventTable(incidents, { ...terminal, wide, now: ctx.now(), withSubscriptions: results.length > 1, name }));
      const listedIds = results.filter((r) => !r.error).map((r) => r.subscriptionId);
      ctx.stdout.write(`\n${summaryLine(incidents, listedIds, name, quota.requestsSent, latestSnapshot(quota), ctx.now())}\n`);
    } else if (failed.length < results.length) {
      ctx.stdout.write('No events in the time window; widen it with --since (the service default is the last 3 days).\n');
    }
    for (const r of failed) {
      // One line per failing subscription; the others were still listed.
      const message = (explainForCli(r.error, hasToken) as Error).message.replace(/\s+/g, ' ');
      ctx.stderr.write(`health-events list: ${results.length > 1 ? `subscription ${subscriptionCell(r.subscriptionId, name)}: ` : ''}${message}\n`);
    }
    // Said once, only when ids stand where names would be and the events were listed (a rejected
    // token is reported above already).
    const idsShown = rows.length > 0 || (results.length > 1 && failed.length > 0);
    if (namesFailure !== undefined && idsShown && failed.length < results.length) {
      ctx.stderr.write(`health-events list: ${namesUnavailableText(explainForCli(namesFailure, hasToken))}\n`);
    }
    return failed.length > 0 ? 1 : 0;
  });
}

export async function runDetails(ctx: CommandContext): Promise<number> {
  const subscriptionId = str(ctx, 'subscription')?.trim();
  const trackingId = str(ctx, 'tracking-id')?.trim();
  if (!subscriptionId || !trackingId) {
    throw new UsageError("--subscription ID and --tracking-id ID are required; 'health-events list' shows tracking ids.");
  }
  return withSession(ctx, async ({ api }) => {
    const event = await api.fetchEventDetails(subscriptionId, trackingId, { signal: ctx.signal });
    if (ctx.values['json'] === true) {
      json(ctx, event);
    } else {
      ctx.stdout.write(eventDetails(event));
    }
    return 0;
  });
}

export async function runSubscriptions(ctx: CommandContext): Promise<number> {
  return withSession(ctx, async ({ api, client }) => {
    const subscriptions = await api.listSubscriptions({ signal: ctx.signal });
    if (ctx.values['json'] === true) {
      json(ctx, { subscriptions, requests: client.quota.requestsSent });
    } else if (subscriptions.length === 0) {
      ctx.stdout.write('No subscriptions are visible to this token; check that you signed in to the right tenant.\n');
    } else {
      ctx.stdout.write(subscriptionsTable(subscriptions));
    }
    return 0;
  });
}

export async function runRateLimit(ctx: CommandContext): Promise<number> {
  return withSession(ctx, async ({ api, client }) => {
    const status = await api.getRateLimitStatus({ signal: ctx.signal });
    const snapshot = latestSnapshot(client.quota);
    if (ctx.values['json'] === true) {
      json(ctx, { status: status ?? null, rateLimit: snapshot ?? null, requests: client.quota.requestsSent });
      return 0;
    }
    if (status) {
      ctx.stdout.write(rateLimitTable(status, ctx.now()));
    } else {
      ctx.stdout.write('This service does not offer a rate-limit status (GET /rate_limit is not available); the quota comes from response headers.\n');
    }
    ctx.stdout.write(`${quotaLine(snapshot, ctx.now())}\n`);
    return 0;
  });
}

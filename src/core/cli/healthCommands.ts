/** `health-events resource-health`: availability statuses of subscriptions, or of one resource (current or history). */
import { AvailabilityApi } from '../api/availabilityApi';
import { withResolvedActions } from '../health/actions';
import type { AvailabilityStatus } from '../model/availability';
import { DEFAULT_PORTAL_URL } from '../render/links';
import { explainForCli, json, str, withSession, type CommandContext } from './commands';
import { historyTable, stateCounts, statusDetails, statusesTable } from './healthFormat';
import { parseEndpoint, UsageError } from './options';

/** The portal of the cloud the endpoint belongs to (placeholder links open there). */
export function portalForEndpoint(endpoint: string): string {
  const host = new URL(endpoint).hostname.toLowerCase();
  if (host.endsWith('.chinacloudapi.cn')) {
    return 'https://portal.azure.cn';
  }
  if (host.endsWith('.usgovcloudapi.net')) {
    return 'https://portal.azure.us';
  }
  return DEFAULT_PORTAL_URL;
}

function subscriptionsOf(ctx: CommandContext): string[] {
  const value = ctx.values['subscription'];
  const list = Array.isArray(value) ? value : typeof value === 'string' ? [value] : [];
  return list.filter((v): v is string => typeof v === 'string').map((s) => s.trim()).filter((s) => s !== '');
}

const plural = (n: number, word: string): string => `${n} ${word}${n === 1 ? '' : 's'}`;

export async function runResourceHealth(ctx: CommandContext): Promise<number> {
  const subscriptions = subscriptionsOf(ctx);
  const resource = str(ctx, 'resource')?.trim();
  if ((subscriptions.length > 0) === (resource !== undefined && resource !== '')) {
    throw new UsageError("give either --subscription ID (repeatable) or --resource RESOURCE_ID; 'health-events subscriptions' shows subscription ids.");
  }
  if (ctx.values['history'] === true && !resource) {
    throw new UsageError('--history needs --resource RESOURCE_ID: the history is of one resource.');
  }
  const baseUrl = parseEndpoint(str(ctx, 'endpoint'));
  const portal = portalForEndpoint(baseUrl);
  return withSession(ctx, async ({ client, hasToken }) => {
    const api = new AvailabilityApi({ client, baseUrl });
    const out = (statuses: readonly AvailabilityStatus[], extra: Record<string, unknown> = {}) =>
      json(ctx, { statuses: statuses.map((s) => withResolvedActions(s, portal)), requests: client.quota.requestsSent, ...extra });
    if (resource) {
      return oneResource(ctx, api, resource, portal, out);
    }
    const results = await api.listForSubscriptions(subscriptions, { signal: ctx.signal });
    const statuses = results.flatMap((r) => r.statuses);
    const failed = results.filter((r) => r.error);
    if (ctx.values['json'] === true) {
      out(statuses, failed.length > 0 ? { errors: failed.map((r) => ({ subscriptionId: r.subscriptionId, message: r.error?.message })) } : {});
    } else if (statuses.length > 0) {
      ctx.stdout.write(statusesTable(statuses));
      ctx.stdout.write(`\n${plural(statuses.length, 'resource')}: ${stateCounts(statuses)}; ${plural(client.quota.requestsSent, 'request')}.\n`);
    } else if (failed.length < results.length) {
      ctx.stdout.write('No resources with a health status in these subscriptions.\n');
    }
    for (const r of failed) {
      // One line per failing subscription; the others were still listed.
      const message = (explainForCli(r.error, hasToken) as Error).message.replace(/\s+/g, ' ');
      ctx.stderr.write(`health-events resource-health: ${results.length > 1 ? `subscription ${r.subscriptionId}: ` : ''}${message}\n`);
    }
    return failed.length > 0 ? 1 : 0;
  });
}

async function oneResource(
  ctx: CommandContext,
  api: AvailabilityApi,
  resource: string,
  portal: string,
  out: (statuses: readonly AvailabilityStatus[]) => void,
): Promise<number> {
  if (ctx.values['history'] === true) {
    const history = await api.listHistory(resource, { signal: ctx.signal });
    if (ctx.values['json'] === true) {
      out(history);
    } else {
      ctx.stdout.write(history.length > 0 ? historyTable(history) : 'No health history for this resource.\n');
    }
    return 0;
  }
  const status = await api.getCurrent(resource, { signal: ctx.signal });
  if (ctx.values['json'] === true) {
    out([status]);
  } else {
    ctx.stdout.write(statusDetails(status, portal));
  }
  return 0;
}

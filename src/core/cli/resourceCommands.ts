/** The CLI commands of issue 12: impacted-resources and emerging-issues. */
import { json, str, withSession, type CommandContext } from './commands';
import { UsageError } from './options';
import { emergingIssuesText, impactedResourcesTable } from './resourceFormat';

/**
 * `impacted-resources`: the resources of one subscription that an event affects. Subscription
 * scope only (the command names a subscription); `--json` prints the items as received.
 */
export async function runImpactedResources(ctx: CommandContext): Promise<number> {
  const subscriptionId = str(ctx, 'subscription')?.trim();
  const trackingId = str(ctx, 'tracking-id')?.trim();
  if (!subscriptionId || !trackingId) {
    throw new UsageError("--subscription ID and --tracking-id ID are required; 'health-events list' shows tracking ids.");
  }
  const filter = str(ctx, 'filter');
  return withSession(ctx, async ({ resources: api, client }) => {
    const resources = await api.listImpactedResources(subscriptionId, trackingId, { filter, signal: ctx.signal });
    const requests = client.quota.requestsSent;
    if (ctx.values['json'] === true) {
      json(ctx, { resources, requests });
    } else if (resources.length === 0) {
      ctx.stdout.write(`No resources of subscription ${subscriptionId} are reported as impacted by ${trackingId}${filter ? ' with this filter' : ''}.\n`);
    } else {
      ctx.stdout.write(impactedResourcesTable(resources));
      ctx.stdout.write(`\n${resources.length} resource${resources.length === 1 ? '' : 's'}, ${requests} request${requests === 1 ? '' : 's'}.\n`);
    }
    return 0;
  });
}

/** `emerging-issues`: issues Azure is investigating that belong to no subscription yet. */
export async function runEmergingIssues(ctx: CommandContext): Promise<number> {
  return withSession(ctx, async ({ resources: api, client }) => {
    const issues = await api.getEmergingIssues({ signal: ctx.signal });
    if (ctx.values['json'] === true) {
      json(ctx, { emergingIssues: issues, requests: client.quota.requestsSent });
      return 0;
    }
    const text = emergingIssuesText(issues);
    ctx.stdout.write(text === '' ? 'No emerging issues are being investigated right now.\n' : text);
    return 0;
  });
}

/**
 * `health-events check --infra DIR`: the deployment gate. It fails closed: exit 3 when an active
 * service issue or planned maintenance touches what DIR deploys (same service, same region), 4
 * when none does but something could not be checked (`--allow-unchecked` makes that 0), 0 only
 * when every target was checked and none is affected; 1 and 2 as for the other commands.
 */
import { statSync } from 'node:fs';
import { ApiError } from '../api/errors';
import { ResourceGroupsApi } from '../api/resourceGroupsApi';
import type { HealthEvent } from '../model/schemas';
import { completenessOf } from '../infra/completeness';
import type { DeploymentRegions } from '../infra/evaluate';
import { matchEvents, type InfraReport, type ReadDirOptions } from '../infra/index';
import { readDirOffThread } from '../infra/readOffThread';
import { regionDisplayName } from '../query/regionNames';
import { explainForCli, json, str, strings, withSession, type CommandContext, type Session } from './commands';
import { checkText, uncheckedJson } from './checkText';
import { UsageError, parseSince } from './options';

/** Exit code of a check that found an event touching a target. */
export const EXIT_AFFECTED = 3;
/** Exit code of a check that found nothing, but could not check everything. */
export const EXIT_UNCHECKED = 4;

/**
 * How far back the gate lists: Service Health's whole history (90 days). The service filters by
 * last update time only, so an event still Active but last updated weeks ago is found only by
 * listing that far back and keeping what the rule (infra/match.ts, by status) lets touch a target.
 */
export const ACTIVE_WINDOW = '90d';

function infraDir(ctx: CommandContext): string {
  const dir = str(ctx, 'infra')?.trim();
  if (!dir) {
    throw new UsageError('--infra DIR is required: the folder of the templates to check (Bicep, ARM, Terraform, azd).');
  }
  let isDir = false;
  try {
    isDir = statSync(dir).isDirectory();
  } catch {
    isDir = false;
  }
  if (!isDir) {
    throw new UsageError(`--infra must name a folder; "${dir.slice(0, 80)}" is not one.`);
  }
  return dir;
}

/** `--location REGION`, checked against the known regions before anything is read. */
function locationOption(ctx: CommandContext): string | undefined {
  const location = str(ctx, 'location')?.trim();
  if (location !== undefined && regionDisplayName(location) === undefined) {
    throw new UsageError(`--location must be an Azure region such as westeurope; "${location.slice(0, 40)}" is not one.`);
  }
  return location === '' ? undefined : location;
}

/** The deployment's regions: `--location` outright, `--resource-group` looked up in the first subscription. */
async function deploymentRegions(ctx: CommandContext, session: Session, subscriptionId: string, location: string | undefined): Promise<DeploymentRegions | undefined> {
  const group = str(ctx, 'resource-group')?.trim();
  if (!group) {
    return location === undefined ? undefined : { resourceGroup: location, deployment: location };
  }
  const found = await new ResourceGroupsApi({ client: session.client, baseUrl: session.baseUrl }).get(subscriptionId, group, { signal: ctx.signal });
  if (!found) {
    throw new ApiError(`Resource group "${group.slice(0, 90)}" does not exist in subscription ${subscriptionId}; check the name with 'az group list -o table', or pass --location REGION instead.`, {
      status: 404,
      operation: 'getResourceGroup',
    });
  }
  return { resourceGroup: found.location, ...(location === undefined ? {} : { deployment: location }) };
}

export async function runCheck(ctx: CommandContext): Promise<number> {
  const dir = infraDir(ctx);
  const subscriptionIds = strings(ctx, 'subscription').map((s) => s.trim()).filter((s) => s !== '');
  const [first] = subscriptionIds;
  if (first === undefined) {
    throw new UsageError("--subscription ID is required; run 'health-events subscriptions' to see your subscriptions.");
  }
  // --since may reach further back, never less far: a shorter window would miss long-running active events (review L6).
  const since = parseSince(str(ctx, 'since') ?? ACTIVE_WINDOW, ctx.now());
  const floor = parseSince(ACTIVE_WINDOW, ctx.now());
  const queryStartTime = since < floor ? since : floor;
  const location = locationOption(ctx);
  const globs = { include: strings(ctx, 'include'), exclude: strings(ctx, 'exclude') };
  return withSession(ctx, async (session) => {
    const regions = await deploymentRegions(ctx, session, first, location);
    const options: ReadDirOptions = { ...globs, ...(regions ? { regions } : {}) };
    // In a worker: Ctrl+C and SIGTERM (ctx.signal) end it at any point, and a stuck file only costs its budget.
    const { report, paths } = await readDirOffThread(dir, { limits: options, ...(ctx.signal ? { signal: ctx.signal } : {}) });
    return gate(ctx, session, subscriptionIds, queryStartTime, report, paths.length);
  });
}

async function gate(ctx: CommandContext, { api, hasToken }: Session, subscriptionIds: string[], queryStartTime: Date, report: InfraReport, filesRead: number): Promise<number> {
  const results = report.targets.length === 0 ? [] : await api.listEventsForSubscriptions(subscriptionIds, { queryStartTime, signal: ctx.signal });
  const failed = results.filter((r) => r.error);
  const events: HealthEvent[] = results.flatMap((r) => r.events);
  const matches = matchEvents(events, report.targets);
  const completeness = completenessOf(report, filesRead);
  const allowUnchecked = ctx.values['allow-unchecked'] === true;
  if (ctx.values['json'] === true) {
    const out: Record<string, unknown> = {
      targets: report.targets.map(({ service, region, file, line }) => ({ service, region, file, line })),
      unresolved: uncheckedJson(completeness.unchecked),
      notes: completeness.notes.map(({ file, line, reason }) => ({ file, line, reason })),
      matches,
      complete: completeness.complete,
    };
    if (failed.length > 0) {
      out['errors'] = failed.map((r) => ({ subscriptionId: r.subscriptionId, message: r.error?.message }));
    }
    json(ctx, out);
  } else {
    ctx.stdout.write(checkText(report, completeness, matches, { failed: failed.length > 0, allowUnchecked }));
  }
  for (const r of failed) {
    ctx.stderr.write(`health-events check: subscription ${r.subscriptionId}: ${(explainForCli(r.error, hasToken) as Error).message.replace(/\s+/g, ' ')}\n`);
  }
  // An event known to touch a target stops the deployment even when another subscription failed or a line was unchecked.
  if (matches.length > 0) {
    return EXIT_AFFECTED;
  }
  if (failed.length > 0) {
    return 1;
  }
  return completeness.complete || allowUnchecked ? 0 : EXIT_UNCHECKED;
}

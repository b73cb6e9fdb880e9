/**
 * `health-events check --infra DIR`: the deployment gate of issue 24. Exit 3 when an active
 * service issue or planned maintenance touches what DIR deploys (same service, same region),
 * 0 when none does, 1 and 2 as for the other commands.
 */
import { statSync } from 'node:fs';
import type { HealthEvent } from '../model/schemas';
import { matchEvents, readInfraDir, type InfraMatch, type InfraReport } from '../infra/index';
import { explainForCli, json, str, strings, withSession, type CommandContext } from './commands';
import { table } from './format';
import { UsageError, parseSince } from './options';
import { terminalText } from '../text/htmlText';

/** Exit code of a check that found an event touching a target. */
export const EXIT_AFFECTED = 3;

/**
 * How far back the gate lists: Service Health's whole history (90 days). The service filters by
 * last update time only, so an event still Active but last updated weeks ago is found only by
 * listing that far back and keeping what the rule (infra/match.ts, by status) lets touch a target.
 */
export const ACTIVE_WINDOW = '90d';

function readDirOption(ctx: CommandContext): InfraReport {
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
  return readInfraDir(dir).report;
}

export async function runCheck(ctx: CommandContext): Promise<number> {
  const report = readDirOption(ctx);
  const subscriptionIds = strings(ctx, 'subscription').map((s) => s.trim()).filter((s) => s !== '');
  if (subscriptionIds.length === 0) {
    throw new UsageError("--subscription ID is required; run 'health-events subscriptions' to see your subscriptions.");
  }
  // --since may reach further back, never less far: a shorter window would miss long-running active events (review L6).
  const since = parseSince(str(ctx, 'since') ?? ACTIVE_WINDOW, ctx.now());
  const floor = parseSince(ACTIVE_WINDOW, ctx.now());
  const queryStartTime = since < floor ? since : floor;
  return withSession(ctx, async ({ api, hasToken }) => {
    const results = report.targets.length === 0 ? [] : await api.listEventsForSubscriptions(subscriptionIds, { queryStartTime, signal: ctx.signal });
    const failed = results.filter((r) => r.error);
    const events: HealthEvent[] = results.flatMap((r) => r.events);
    const matches = matchEvents(events, report.targets);
    if (ctx.values['json'] === true) {
      const out: Record<string, unknown> = {
        targets: report.targets.map(({ service, region, file, line }) => ({ service, region, file, line })),
        unresolved: report.unresolved.map(({ file, line, reason }) => ({ file, line, reason })),
        matches,
      };
      if (failed.length > 0) {
        out['errors'] = failed.map((r) => ({ subscriptionId: r.subscriptionId, message: r.error?.message }));
      }
      json(ctx, out);
    } else {
      ctx.stdout.write(checkText(report, matches, failed.length > 0));
    }
    for (const r of failed) {
      ctx.stderr.write(`health-events check: subscription ${r.subscriptionId}: ${(explainForCli(r.error, hasToken) as Error).message.replace(/\s+/g, ' ')}\n`);
    }
    // An event known to touch a target stops the deployment even when another subscription failed.
    return matches.length > 0 ? EXIT_AFFECTED : failed.length > 0 ? 1 : 0;
  });
}

const place = (file: string, line: number): string => (line > 0 ? `${file}:${line}` : file);

/** The matches (each with file:line), then what could not be checked, then one line that says what to do. */
export function checkText(report: InfraReport, matches: readonly InfraMatch[], failed: boolean): string {
  const parts: string[] = [];
  if (matches.length > 0) {
    parts.push(
      table(
        ['TRACKING ID', 'TYPE', 'SERVICE', 'REGION', 'WHERE', 'TITLE'],
        matches.map((m) => [terminalText(m.trackingId), terminalText(m.eventType), m.service, m.region, place(m.file, m.line), terminalText(m.title).slice(0, 80)]),
      ),
    );
  }
  if (report.unresolved.length > 0) {
    parts.push(`Not checked (${report.unresolved.length}):\n${report.unresolved.map((u) => `  ${place(u.file, u.line)}  ${u.reason}`).join('\n')}\n`);
  }
  const targets = `${report.targets.length} target${report.targets.length === 1 ? '' : 's'}`;
  if (matches.length > 0) {
    const n = new Set(matches.map((m) => m.trackingId)).size;
    parts.push(`${n} active event${n === 1 ? '' : 's'} touch${n === 1 ? 'es' : ''} what these templates deploy (${targets}); wait for ${n === 1 ? 'it' : 'them'} to end or deploy elsewhere.\n`);
  } else if (report.targets.length === 0) {
    parts.push('No deployment targets found (service and region) in the templates, so nothing was checked.\n');
  } else if (!failed) {
    parts.push(`No active service issue or planned maintenance touches the ${targets} these templates deploy.\n`);
  }
  return parts.join('\n');
}

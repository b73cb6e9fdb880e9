/**
 * `@health` answers about resource health: one resource ("is vm1 healthy?": state, since when,
 * recommended actions as working links, linked events) and a filtered list ("what is unhealthy in
 * rg-app?"). Text from the service is escaped; links are https (actions) or the open-details command.
 */
import { relativeTime, type StoredEvent } from '../events/eventFacts';
import { healthActions, type HealthAction } from '../health/actions';
import { healthRowOf, type HealthRow } from '../health/healthRows';
import { sortStatuses } from '../health/order';
import { linkedTrackingIds, resourceIdOf, type AvailabilityStatus } from '../model/availability';
import { shortType } from '../render/impactedRows';
import { subscriptionList, type SubscriptionNamer } from '../subscriptions/names';
import { eventLine } from './answer';
import { escapeMarkdown } from '../text/markdown';
import { append } from '../text/lists';

/** Resources a list answer shows before "…and N more". */
export const MAX_HEALTH_LINES = 20;

/** The statuses of resources named `name` (the last segment of the id, without case) or with that full id. */
export function findResources(name: string, statuses: readonly AvailabilityStatus[]): AvailabilityStatus[] {
  const wanted = name.trim().toLowerCase();
  return statuses.filter((s) => {
    const row = healthRowOf(s);
    return row.name.toLowerCase() === wanted || row.resourceId.toLowerCase() === wanted;
  });
}

/** "Unavailable since 3h ago (2026-11-27 09:00 UTC)" as plain text. */
function stateSince(row: HealthRow, now: number): string {
  if (row.since === undefined) return row.state;
  const at = new Date(row.since).toISOString();
  return `${row.state} since ${relativeTime(row.since, now)} (${at.slice(0, 10)} ${at.slice(11, 16)} UTC)`;
}

/** An action's text with its link on the words the service named (or after the text); never a placeholder. */
export function actionMarkdown(action: HealthAction): string {
  const text = escapeMarkdown(action.text);
  if (!action.url) return text;
  const url = action.url.replace(/[()\s]/gu, (c) => encodeURIComponent(c));
  if (action.linkText) {
    const at = action.text.toLowerCase().indexOf(action.linkText.toLowerCase());
    const before = action.text.slice(0, at);
    const words = action.text.slice(at, at + action.linkText.length);
    const after = action.text.slice(at + action.linkText.length);
    return `${escapeMarkdown(before)} [${escapeMarkdown(words)}](${url}) ${escapeMarkdown(after)}`.replace(/\s+/gu, ' ').trim();
  }
  return `${text} ([open](${url}))`;
}

export interface ResourceHealthInput {
  readonly status: AvailabilityStatus;
  /** The configured portal for placeholder links; undefined (sample mode): actions are text only. */
  readonly portal?: string;
  /** Held events, to link the status's events to their details. */
  readonly events: readonly StoredEvent[];
  readonly openCommand: string;
  readonly now: number;
  /** The subscription's name, said when several subscriptions hold a resource of that name. */
  readonly subscription?: string;
}

/** "**vm1** (virtual machine, rg-app, westeurope) is Unavailable since …", summary, actions, linked events. */
export function resourceHealthAnswer(input: ResourceHealthInput): string {
  const row = healthRowOf(input.status);
  const facts = [row.type ? shortType(row.type) : '', row.resourceGroup, row.region, input.subscription ?? ''].filter((f) => f !== '').map(escapeMarkdown).join(', ');
  const lines = [`**${escapeMarkdown(row.name || resourceIdOf(input.status) || 'This resource')}**${facts ? ` (${facts})` : ''} is **${escapeMarkdown(stateSince(row, input.now))}**.`];
  const detail = [row.summary, row.detailedStatus].filter((t): t is string => !!t).map(escapeMarkdown).join(' ');
  if (detail) lines.push('', detail);
  if (row.eta !== undefined) lines.push('', `Expected resolution: ${escapeMarkdown(new Date(row.eta).toISOString().slice(0, 16).replace('T', ' '))} UTC.`);
  const actions = input.portal === undefined ? healthActions(input.status, 'https://portal.azure.com').map((a) => ({ text: a.text })) : healthActions(input.status, input.portal);
  if (actions.length > 0) append(lines, ['', 'Recommended actions:', ''].concat(actions.map((a) => `- ${actionMarkdown(a)}`)));
  const linked = linkedTrackingIds(input.status);
  if (linked.length > 0) {
    lines.push('', 'Linked events:', '');
    for (const id of linked) {
      const held = input.events.find((e) => e.trackingId.toUpperCase() === id.toUpperCase());
      const told = input.status.properties?.serviceImpactingEvents?.find((e) => (e.trackingId ?? e.correlationId) === id)?.incidentProperties?.title;
      lines.push(held ? eventLine(held, { now: input.now, openCommand: input.openCommand }) : `- ${escapeMarkdown(told ?? 'Event not loaded')} — ${escapeMarkdown(id)}`);
    }
  }
  return `${lines.join('\n')}\n`;
}

/** One sentence naming what was searched. */
export function resourceNotFound(name: string, searched: number, where: string): string {
  return `No resource named “${escapeMarkdown(name)}” among the ${searched} resource${searched === 1 ? '' : 's'} with health information in ${escapeMarkdown(where)}; check the name in the Resources view.\n`;
}

/** The subscriptions whose health could not be read, named in every answer: their resources are unknown, never healthy. */
export function unreadNote(failed: readonly string[] | undefined, name?: SubscriptionNamer): string {
  if (!failed || failed.length === 0) return '';
  const which = escapeMarkdown(subscriptionList(failed, name, 3));
  return `\n⚠ The health of ${which} could not be read, so ${failed.length === 1 ? 'its' : 'their'} resources are unknown, not healthy, and are not counted here.\n`;
}

export interface ResourceListInput {
  /** resourceDescription of the question. */
  readonly description: string;
  readonly statuses: readonly AvailabilityStatus[];
  readonly matches: (status: AvailabilityStatus) => boolean;
  readonly now: number;
  readonly maxLines?: number;
  /** Subscriptions whose health could not be listed (named in the answer). */
  readonly failed?: readonly string[];
  readonly subscriptionName?: SubscriptionNamer;
}

/** "Unavailable, degraded or unknown resources in resource group rg-app: 2", then one line per resource, not Available first. */
export function resourceListAnswer(input: ResourceListInput): { markdown: string; total: number; names: string[] } {
  const kept = sortStatuses(input.statuses.filter(input.matches)).map(healthRowOf);
  const max = Math.max(1, input.maxLines ?? MAX_HEALTH_LINES);
  const lines = [`**${escapeMarkdown(`${input.description}: ${kept.length}`)}**`];
  if (kept.length === 0) lines.push('', `None of the ${input.statuses.length} resources with health information match.`);
  else lines.push('');
  for (const row of kept.slice(0, max)) {
    const facts = [row.type ? shortType(row.type) : '', row.resourceGroup, row.region].filter((f) => f !== '').map(escapeMarkdown).join(', ');
    lines.push(`- **${escapeMarkdown(row.name || row.resourceId)}** — ${escapeMarkdown(stateSince(row, input.now))}${facts ? ` (${facts})` : ''}`);
  }
  if (kept.length > max) lines.push('', `…and ${kept.length - max} more; the Resources view lists them all.`);
  return { markdown: `${lines.join('\n')}\n${unreadNote(input.failed, input.subscriptionName)}`, total: kept.length, names: kept.slice(0, max).map((r) => r.name) };
}

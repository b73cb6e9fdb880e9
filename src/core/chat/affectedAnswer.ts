/**
 * `@health which of my resources are affected?`: the resources grouped by event (title and tracking
 * id as the heading, the event linked to its details), each with its current health when the
 * Resources view knows it. VS Code-free; text from the service is escaped.
 */
import { titleOf, type StoredEvent } from '../events/eventFacts';
import { healthRowOf } from '../health/healthRows';
import type { AvailabilityStatus } from '../model/availability';
import type { ImpactedResource } from '../model/eventResourceSchemas';
import { impactedRowOf, shortType } from '../render/impactedRows';
import type { SubscriptionNamer } from '../subscriptions/names';
import { commandUri, escapeMarkdown } from '../text/markdown';
import { unreadNote } from './healthAnswer';

/** Resources listed per event before "…and N more". */
export const MAX_PER_EVENT = 10;

export { eventsToAsk, MAX_EVENTS_ASKED } from '../events/incidents';

export interface AffectedGroup {
  readonly event: StoredEvent;
  readonly resources: readonly ImpactedResource[];
  /** True when listing its resources failed for some subscription (the list may be short). */
  readonly failed?: boolean;
}

export interface AffectedInput {
  /** In display order (priority); events without resources are counted, not shown. */
  readonly groups: readonly AffectedGroup[];
  /** Every status the Resources view holds, for each resource's current health. */
  readonly health: readonly AvailabilityStatus[];
  /** How many active events there were, and how many were asked (the rest left for the Events view). */
  readonly active: number;
  readonly asked: number;
  readonly openCommand: string;
  /** Subscriptions whose health the Resources view could not list: their resources' health is unknown (named in the answer). */
  readonly healthFailed?: readonly string[];
  readonly subscriptionName?: SubscriptionNamer;
}

export function affectedAnswer(input: AffectedInput): { markdown: string; events: string[]; total: number } {
  const stateOf = new Map(input.health.map((s) => healthRowOf(s)).filter((r) => r.resourceId !== '').map((r) => [r.resourceId.toLowerCase(), r.state]));
  const hit = input.groups.filter((g) => g.resources.length > 0);
  const total = hit.reduce((n, g) => n + g.resources.length, 0);
  const lines = [`**${escapeMarkdown(`Your resources affected by active events: ${total} resource${total === 1 ? '' : 's'} in ${hit.length} event${hit.length === 1 ? '' : 's'}`)}**`];
  if (hit.length === 0) {
    lines.push('', `None of the ${input.asked} active event${input.asked === 1 ? '' : 's'} asked lists any of your resources${input.groups.some((g) => g.failed) ? ' that could be listed' : ''}.`);
  }
  for (const { event, resources } of hit) {
    const title = escapeMarkdown(titleOf(event.event)) || 'Untitled event';
    const link = commandUri(input.openCommand, [{ subscriptionId: event.subscriptionId, trackingId: event.trackingId }]);
    lines.push('', `#### [${title}](${link} "Open details") — ${escapeMarkdown(event.trackingId)}`, '');
    const rows = resources.map((r) => impactedRowOf(r, event.subscriptionId)).sort((a, b) => a.resourceGroup.localeCompare(b.resourceGroup) || a.name.localeCompare(b.name));
    for (const row of rows.slice(0, MAX_PER_EVENT)) {
      const state = row.resourceId ? stateOf.get(row.resourceId.toLowerCase()) : undefined;
      const facts = [row.type ? shortType(row.type) : '', row.resourceGroup, row.region].filter((f) => f !== '').map(escapeMarkdown).join(', ');
      lines.push(`- **${escapeMarkdown(row.name)}**${facts ? ` (${facts})` : ''} — ${state ? escapeMarkdown(state) : 'health not known'}`);
    }
    if (rows.length > MAX_PER_EVENT) lines.push(`- …and ${rows.length - MAX_PER_EVENT} more; the event's details list them all.`);
  }
  const failed = input.groups.filter((g) => g.failed).map((g) => escapeMarkdown(g.event.trackingId));
  if (failed.length > 0) {
    lines.push('', `Could not list the resources of ${failed.join(', ')} for every subscription; ask again later, or open the event's details.`);
  }
  if (input.active > input.asked) {
    lines.push('', `Asked the ${input.asked} highest-priority of ${input.active} active events; the Events view shows the others' resources.`);
  }
  return { markdown: `${lines.join('\n')}\n${unreadNote(input.healthFailed, input.subscriptionName)}`, events: hit.map((g) => g.event.trackingId), total };
}

/**
 * `@health which of my resources are affected by ABCD-123?`: the question's target and the
 * Markdown answer (interpretation first, then resources grouped by resource group). Everything
 * from the service is escaped. VS Code-free.
 */
import { titleOf, type StoredEvent } from '../events/eventFacts';
import { resourceGroupOf, resourceNameOf, type ImpactedResource } from '../model/eventResources';
import { trimEndChars, trimStartChars } from '../text/scan';
import { escapeMarkdown } from '../text/markdown';

/** Resources listed before "…and N more". */
export const MAX_RESOURCE_LINES = 20;

const QUOTES = '"\'“”`';

/** "which of my resources are affected by ABCD-123", "impacted resources of X", "what does X affect" → X. */
export function resourcesTarget(prompt: string): string | undefined {
  const text = trimEndChars(prompt.trim(), '?.!').trim();
  const m =
    /^(?:which|what)\s+(?:of\s+)?(?:my\s+)?resources\s+(?:are\s+|were\s+)?(?:affected|impacted|hit)\s+by\s+(.+)$/iu.exec(text) ??
    /^(?:show\s+|list\s+)?(?:the\s+)?(?:affected|impacted)\s+resources\s+(?:of|for|by)\s+(.+)$/iu.exec(text) ??
    /^(?:is|are)\s+(?:any\s+of\s+)?my\s+resources\s+(?:affected|impacted)\s+by\s+(.+)$/iu.exec(text) ??
    /^what\s+does\s+(.+?)\s+(?:affect|impact)$/iu.exec(text);
  const named = m?.[1]?.replace(/^(?:the\s+)?(?:event|incident|issue|outage|maintenance)\s+/iu, '');
  const target = named === undefined ? undefined : trimEndChars(trimStartChars(named, QUOTES), QUOTES).trim();
  return target ? target : undefined;
}

export interface ResourcesAnswerInput {
  readonly event: StoredEvent;
  readonly resources: readonly ImpactedResource[];
  /** How many subscriptions were asked. */
  readonly subscriptions: number;
  /** The asked subscriptions' names ("Contoso Production and Dev"), said instead of a count when given. */
  readonly subscriptionNames?: string;
  readonly maxLines?: number;
}

/** "Resources affected by ABCD-123 (title): 3", then `- **rg**: name (type, region)` lines. */
export function resourcesAnswer(input: ResourcesAnswerInput): { markdown: string; total: number } {
  const total = input.resources.length;
  const max = Math.max(1, input.maxLines ?? MAX_RESOURCE_LINES);
  const title = titleOf(input.event.event);
  const subs = input.subscriptionNames ? ` in ${input.subscriptionNames}` : input.subscriptions === 1 ? '' : ` in ${input.subscriptions} subscriptions`;
  const lines = [`**${escapeMarkdown(`Resources affected by ${input.event.trackingId}${title ? ` (${title})` : ''}${subs}: ${total}`)}**`];
  if (total === 0) {
    lines.push('', 'The service reports none of your resources as affected by this event.');
    return { markdown: `${lines.join('\n')}\n`, total };
  }
  const rows = input.resources
    .map((r) => ({ group: resourceGroupOf(r) ?? '(no resource group)', name: resourceNameOf(r) ?? '(unnamed)', type: r.properties?.targetResourceType ?? undefined, region: r.properties?.targetRegion ?? undefined }))
    .sort((a, b) => a.group.localeCompare(b.group) || a.name.localeCompare(b.name));
  lines.push('');
  for (const row of rows.slice(0, max)) {
    const facts = [row.type, row.region].filter((f): f is string => !!f).map(escapeMarkdown).join(', ');
    lines.push(`- **${escapeMarkdown(row.group)}**: ${escapeMarkdown(row.name)}${facts ? ` (${facts})` : ''}`);
  }
  if (total > max) lines.push('', `…and ${total - max} more; the event's details panel lists them all.`);
  return { markdown: `${lines.join('\n')}\n`, total };
}

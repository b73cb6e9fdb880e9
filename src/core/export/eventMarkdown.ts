/** "Copy as Markdown". Why: docs/architecture.md#export-eventmarkdown */
import { subscriptionDisplay, type SubscriptionNamer } from '../subscriptions/names';
import { escapeMarkdown } from '../text/markdown';
import { eventTimeline } from '../chat/timeline';
import { htmlToText } from '../text/htmlText';
import { statusOf, titleOf, type StoredEvent } from '../events/eventFacts';
import { parseShownTime } from '../model/schemas';
import { eventPortalUrl, linkUrl } from '../render/links';
import { eventTypeWords, levelWords, statusWords } from '../render/enumWords';
import { formatUtc } from '../render/time';
import { groupByResourceGroup, NO_RESOURCE_GROUP, resourcePortalUrl, type ImpactedRow } from '../render/impactedRows';

export interface EventMarkdownOptions {
  /** Portal base of the configured cloud. */
  readonly portalUrl: string;
  /** The event's impacted resources; undefined when not loaded (the section says so). */
  readonly resources?: readonly ImpactedRow[];
  /** Why the resources could not be listed, when they could not. */
  readonly resourcesError?: string;
  /** Most updates listed; older ones are summed up. */
  readonly maxUpdates?: number;
  /** Made up by the sample service: said first, and no portal links (they would lead nowhere). */
  readonly sample?: boolean;
  /** Names the event's subscription ("Contoso Production (1234abcd)"); else its GUID is given. */
  readonly subscriptionName?: SubscriptionNamer;
}

/** A table cell: escaped, and a `|` can never end the cell. */
function cell(text: string): string {
  return escapeMarkdown(text) || ' ';
}

function timeOf(value: string | null | undefined): string | undefined {
  const ms = parseShownTime(value);
  return ms === undefined ? undefined : formatUtc(ms);
}

function facts(stored: StoredEvent, subscriptionName: SubscriptionNamer | undefined): string[] {
  const p = stored.event.properties;
  const lines: string[] = [];
  const fact = (label: string, value: string | undefined | null): void => {
    if (value) lines.push(`- **${label}:** ${escapeMarkdown(value)}`);
  };
  // Words, not enum names: the text goes into a ticket people read.
  const level = p?.eventLevel ?? p?.level;
  fact('Status', statusWords(statusOf(stored.event)));
  fact('Type', p?.eventType ? eventTypeWords(p.eventType) : undefined);
  fact('Level', level ? levelWords(level) : undefined);
  fact('Tracking ID', stored.trackingId);
  fact('Subscription', subscriptionDisplay(stored.subscriptionId, subscriptionName));
  fact('Impact start', timeOf(p?.impactStartTime));
  fact('Mitigated', timeOf(p?.impactMitigationTime));
  fact('Last update', timeOf(p?.lastUpdateTime));
  const services = [...new Set((p?.impact ?? []).map((i) => i.impactedService ?? '').filter(Boolean))];
  const regions = [...new Set((p?.impact ?? []).flatMap((i) => (i.impactedRegions ?? []).map((r) => r.impactedRegion ?? '')).filter(Boolean))];
  fact('Services', services.join(', '));
  fact('Regions', regions.join(', '));
  return lines;
}

function updates(stored: StoredEvent, max: number): string[] {
  const entries = eventTimeline(stored.event).reverse();
  if (entries.length === 0) {
    const summary = htmlToText(stored.event.properties?.summary);
    return summary ? ['## Summary', '', escapeMarkdown(summary)] : [];
  }
  const lines = ['## Updates', ''];
  for (const e of entries.slice(0, max)) {
    const when = e.at !== undefined ? formatUtc(e.at) : 'Undated';
    const where = e.regions.length > 0 ? ` (${e.regions.join(', ')})` : '';
    lines.push(`- **${escapeMarkdown(when + where)}:** ${escapeMarkdown(e.text)}`);
  }
  if (entries.length > max) {
    lines.push(`- …and ${entries.length - max} earlier update${entries.length - max === 1 ? '' : 's'}`);
  }
  return lines;
}

function resourcesSection(options: EventMarkdownOptions): string[] {
  const lines = ['## Impacted resources', ''];
  if (options.resources === undefined) {
    lines.push(escapeMarkdown(options.resourcesError ? `Not listed: ${options.resourcesError}` : 'Not loaded.'));
    return lines;
  }
  if (options.resources.length === 0) {
    lines.push('None of your resources are listed as impacted.');
    return lines;
  }
  lines.push('| Resource group | Name | Type | Region |', '| --- | --- | --- | --- |');
  for (const group of groupByResourceGroup(options.resources)) {
    for (const r of group.rows) {
      const url = options.sample ? undefined : resourcePortalUrl(r.resourceId, options.portalUrl);
      // The URL is built from a checked ARM id: only id characters, no parentheses to close the link early.
      const name = url && !/[()]/u.test(url) ? `[${cell(r.name)}](${url})` : cell(r.name);
      lines.push(`| ${cell(group.resourceGroup || NO_RESOURCE_GROUP)} | ${name} | ${cell(r.type)} | ${cell(r.region)} |`);
    }
  }
  return lines;
}

function links(stored: StoredEvent, portalUrl: string): string[] {
  const p = stored.event.properties;
  const lines = ['## Links', '', `- [Open in Azure portal](${eventPortalUrl(stored.trackingId, p?.eventType, portalUrl)})`];
  for (const link of p?.links ?? []) {
    const url = linkUrl(link, portalUrl);
    const text = link.displayText?.localizedValue ?? link.displayText?.value;
    if (url && text && !/[()\s]/u.test(url)) {
      lines.push(`- [${escapeMarkdown(text)}](${url})`);
    }
  }
  return lines;
}

/** The Markdown block, ending in a newline. */
export function eventMarkdown(stored: StoredEvent, options: EventMarkdownOptions): string {
  const sections = [
    [`# ${escapeMarkdown(titleOf(stored.event))}`],
    options.sample ? ['> Sample event made up by the local sample service: not a real Azure event.'] : [],
    facts(stored, options.subscriptionName),
    updates(stored, options.maxUpdates ?? 10),
    resourcesSection(options),
    options.sample ? [] : links(stored, options.portalUrl),
  ].filter((s) => s.length > 0);
  return `${sections.map((s) => s.join('\n')).join('\n\n')}\n`;
}

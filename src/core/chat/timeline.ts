/**
 * An event's updates timeline as text: shown in chat answers to "summarize <tracking id>", and
 * the ONLY material a language model receives (event text: no tokens, ids of subscriptions,
 * tenants or anything else of the user's). VS Code-free.
 */
import { htmlToText } from '../text/htmlText';
import { statusOf, titleOf, type StoredEvent } from '../events/eventFacts';
import { parseServiceTime, parseShownTime, type HealthEvent } from '../model/schemas';
import { formatUtc } from '../render/time';
import { escapeMarkdown } from '../text/markdown';

export interface TimelineEntry {
  /** Epoch ms of the update, when it can be shown (a real time with a zone; see parseShownTime). */
  readonly at?: number;
  /** Epoch ms to order by (a zoneless time read as UTC); undefined for none or a placeholder. */
  readonly order?: number;
  readonly regions: readonly string[];
  readonly text: string;
}

/**
 * Updates of every impacted region, oldest first. The service repeats the same update under
 * each region it applies to: identical (time, text) pairs are merged and list their regions.
 */
export function eventTimeline(event: HealthEvent): TimelineEntry[] {
  const merged = new Map<string, { at?: number; order?: number; regions: string[]; text: string }>();
  for (const impact of event.properties?.impact ?? []) {
    for (const region of impact.impactedRegions ?? []) {
      for (const update of region.updates ?? []) {
        const text = htmlToText(update.summary);
        if (!text) continue;
        const order = parseServiceTime(update.updateDateTime);
        const at = parseShownTime(update.updateDateTime);
        const key = `${order ?? ''}\u0000${text}`;
        const entry = merged.get(key) ?? { ...(at !== undefined ? { at } : {}), ...(order !== undefined ? { order } : {}), regions: [], text };
        const name = region.impactedRegion?.trim();
        if (name && !entry.regions.includes(name)) entry.regions.push(name);
        merged.set(key, entry);
      }
    }
  }
  return [...merged.values()].sort((a, b) => (a.order ?? Number.NEGATIVE_INFINITY) - (b.order ?? Number.NEGATIVE_INFINITY));
}

/** For the model's prompt: ISO, which models read without ambiguity. People get formatUtc. */
function isoMinute(ms: number): string {
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

function clip(text: string, max: number): string {
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}

/** The latest `max` updates as a Markdown list, newest first, each clipped to a readable length. */
export function timelineMarkdown(entries: readonly TimelineEntry[], max = 5): string {
  if (entries.length === 0) return 'No updates have been posted for this event yet.\n';
  const latest = [...entries].reverse().slice(0, max);
  const lines = latest.map((e) => {
    const when = e.at !== undefined ? `**${escapeMarkdown(formatUtc(e.at))}**` : '**(time not given)**';
    const where = e.regions.length > 0 ? ` (${escapeMarkdown(e.regions.join(', '))})` : '';
    return `- ${when}${where}: ${escapeMarkdown(clip(e.text, 400))}`;
  });
  const older = entries.length - latest.length;
  if (older > 0) lines.push(`- …${older} earlier update${older === 1 ? '' : 's'} in the details view.`);
  return `${lines.join('\n')}\n`;
}

/** Upper bound of the text sent to a model: a long timeline keeps its newest updates. */
export const MAX_PROMPT_CHARS = 12_000;

/** The instructions and the event text for a language model summary. */
export function summaryPrompt(stored: StoredEvent): string {
  const { event } = stored;
  const head = [
    'Summarize this Azure Service Health event for an engineer in at most 5 short bullet points:',
    'what is impacted, where, since when, the current status, and any action they should take.',
    'Use only the text below; say so when something is not stated. Do not include links.',
    '',
    `Title: ${titleOf(event)}`,
    `Tracking id: ${stored.trackingId}`,
    `Type: ${event.properties?.eventType ?? 'unknown'}; status: ${statusOf(event) ?? 'unknown'}`,
  ];
  const impactStart = parseShownTime(event.properties?.impactStartTime);
  if (impactStart !== undefined) head.push(`Impact started: ${isoMinute(impactStart)}`);
  const mitigated = parseShownTime(event.properties?.impactMitigationTime);
  if (mitigated !== undefined) head.push(`Mitigated: ${isoMinute(mitigated)}`);
  const description = htmlToText(event.properties?.description ?? event.properties?.summary);
  if (description) head.push('', 'Description:', clip(description, 3000));
  const updates = eventTimeline(event).map((e) => `[${e.at !== undefined ? isoMinute(e.at) : 'time not given'}${e.regions.length > 0 ? `; ${e.regions.join(', ')}` : ''}] ${e.text}`);
  let text = head.join('\n');
  const budget = MAX_PROMPT_CHARS - text.length - 20;
  const kept: string[] = [];
  let used = 0;
  // Newest first until the budget is spent, then back in time order.
  for (const u of [...updates].reverse()) {
    if (used + u.length + 1 > budget) break;
    kept.unshift(u);
    used += u.length + 1;
  }
  if (kept.length > 0) text += `\n\nUpdates (oldest first):\n${kept.join('\n')}`;
  return text;
}

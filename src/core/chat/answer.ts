/**
 * The Markdown answers of the `@health` chat participant, VS Code-free. Everything that comes
 * from the service (titles, regions, tracking ids) or from the user (unrecognized words, typed
 * phrases) is escaped: the UI sends the answer as a MarkdownString trusted for ONE command
 * (open details), so a vendor title such as `](command:evil)` must stay text, never a link.
 */
import { subscriptionList, type SubscriptionNamer } from '../subscriptions/names';
import { lastUpdateOf, regionsOf, relativeTime, statusOf, titleOf, type EventRef, type StoredEvent } from '../events/eventFacts';
import type { QuotaState } from '../http/types';
import { formatQuery, type ParsedQuery } from '../query';
import { describeQuota, quotaRows } from '../quota/quotaSummary';
import { trimEndChars, trimStartChars } from '../text/scan';
import { append } from '../text/lists';
import { commandUri, escapeMarkdown } from '../text/markdown';

/** How many events an answer lists before "…and N more". */
export const DEFAULT_MAX_LINES = 10;

/** Plural noun phrases describeQuery uses → their singular, for "1 active service issue". */
const SINGULARS: ReadonlyArray<readonly [RegExp, string]> = [
  [/\bservice issues\b/u, 'service issue'],
  [/\bhealth advisories\b/u, 'health advisory'],
  [/\bsecurity advisories\b/u, 'security advisory'],
  [/\bbilling notices\b/u, 'billing notice'],
  [/\bpost-incident reviews\b/u, 'post-incident review'],
  [/\bemerging issues\b/u, 'emerging issue'],
  [/\bretirements\b/u, 'retirement'],
  [/\b(price|tax|exchange rate) changes\b/u, '$1 change'],
  [/\bmeter ID changes\b/u, 'meter ID change'],
  [/\bevents\b/u, 'event'],
];

/** "3 active service issues in West Europe", "1 planned maintenance event", "No events" (plain text). */
export function countText(count: number, description: string): string {
  // "planned maintenance" is uncountable: count its events instead.
  let phrase = description.replace(/\bplanned maintenance\b(?! event)/u, 'planned maintenance events');
  if (count === 1) {
    for (const [plural, singular] of SINGULARS) {
      if (plural.test(phrase)) {
        phrase = phrase.replace(plural, singular);
        break;
      }
    }
  }
  return count === 0 ? `No ${phrase}` : `${count} ${phrase}`;
}

/** countText as Markdown: `description` is describeQuery's text (plural nouns, user-typed phrases); it is escaped. */
export function countPhrase(count: number, description: string): string {
  return escapeMarkdown(countText(count, description));
}

/** Items of a list, "a, b and 2 more" past `max`. */
function shortList(values: readonly string[], max: number): string {
  if (values.length <= max) return values.join(', ');
  return `${values.slice(0, max).join(', ')} and ${values.length - max} more`;
}

export interface EventLineOptions {
  readonly now: number;
  /** Command id that opens the details webview; titles become links to it. Absent: plain titles. */
  readonly openCommand?: string;
  /** How many subscriptions list this incident (shown when more than one). */
  readonly subscriptions?: number;
  /** The subscriptions' names ("Contoso Production and Dev"): said instead of the count when given. */
  readonly subscriptionNames?: string;
}

/** One list item: linked title, status, regions, last update, tracking id. */
export function eventLine(stored: StoredEvent, options: EventLineOptions): string {
  const { event } = stored;
  const title = escapeMarkdown(titleOf(event)) || 'Untitled event';
  const ref: EventRef = { subscriptionId: stored.subscriptionId, trackingId: stored.trackingId };
  const linked = options.openCommand ? `[${title}](${commandUri(options.openCommand, [ref])} "Open details")` : `**${title}**`;
  const parts: string[] = [];
  const status = statusOf(event);
  if (status) parts.push(escapeMarkdown(status));
  const regions = regionsOf(event);
  if (regions.length > 0) parts.push(escapeMarkdown(shortList(regions, 3)));
  const updated = lastUpdateOf(event);
  if (updated !== undefined) parts.push(`updated ${relativeTime(updated, options.now)}`);
  parts.push(escapeMarkdown(stored.trackingId));
  if (options.subscriptionNames) parts.push(`in ${escapeMarkdown(options.subscriptionNames)}`);
  else if (options.subscriptions !== undefined && options.subscriptions > 1) parts.push(`${options.subscriptions} subscriptions`);
  return `- ${linked} — ${parts.join(' · ')}`;
}

export function unrecognizedSentence(words: readonly string[], suggested?: string): string | undefined {
  if (words.length === 0) return undefined;
  const quoted = words.map((w) => `“${escapeMarkdown(w)}”`);
  const sentence = `I did not understand ${quoted.join(', ')}, so ${words.length === 1 ? 'it was' : 'they were'} left out of the query.`;
  return suggested ? `${sentence} To ask differently, try \`${suggested.replace(/`/gu, '')}\`.` : sentence;
}

/**
 * What the question was understood as, and how many match: "Active service issues in West
 * Europe, last 7 days: 3". `windowDays` is left out when the description names its own time.
 * Plain text (the caller escapes it for Markdown).
 */
export function interpretationLine(description: string, windowDays: number | undefined, total: number): string {
  const text = description.charAt(0).toUpperCase() + description.slice(1);
  const window = windowDays === undefined ? '' : `, last ${windowDays} day${windowDays === 1 ? '' : 's'}`;
  return `${text}${window}: ${total}`;
}

export interface EventsAnswerInput {
  /** describeQuery of the query (without its limit). */
  readonly description: string;
  /** Matching incidents, in display order (one entry per tracking id). */
  readonly matches: ReadonlyArray<StoredEvent & { readonly subscriptions?: number; readonly subscriptionIds?: readonly string[] }>;
  readonly now: number;
  /** The held window, named in the interpretation when the query has no time of its own. */
  readonly windowDays?: number;
  /** The query's own limit, if any ("top 3"). */
  readonly limit?: number;
  readonly unrecognized?: readonly string[];
  /** The query without the words not understood, offered to try instead (query language). */
  readonly suggestedQuery?: string;
  readonly openCommand?: string;
  readonly maxLines?: number;
  /** A sentence appended after the list (e.g. which time window is held); plain text, escaped. */
  readonly note?: string;
  /** Names subscriptions on each line when the matches span several (one needs no naming). */
  readonly subscriptionName?: SubscriptionNamer;
}

export interface EventsAnswer {
  readonly markdown: string;
  readonly total: number;
  readonly shown: readonly StoredEvent[];
}

/**
 * Words not understood first (with a query to try), then the interpretation and its count, then
 * one line per event, the rest counted.
 */
export function eventsAnswer(input: EventsAnswerInput): EventsAnswer {
  const total = input.matches.length;
  const maxLines = Math.max(1, input.maxLines ?? DEFAULT_MAX_LINES);
  const cap = Math.min(maxLines, input.limit ?? Number.POSITIVE_INFINITY);
  const shown = input.matches.slice(0, cap);
  const lines: string[] = [];
  const unrecognized = unrecognizedSentence(input.unrecognized ?? [], input.suggestedQuery);
  if (unrecognized) lines.push(unrecognized, '');
  lines.push(`**${escapeMarkdown(interpretationLine(input.description, input.windowDays, total))}**`);
  if (shown.length > 0) {
    lines.push('');
    const idsOf = (e: (typeof shown)[number]): readonly string[] => e.subscriptionIds ?? [e.subscriptionId];
    const several = new Set(input.matches.flatMap((e) => idsOf(e).map((id) => id.toLowerCase()))).size > 1;
    for (const e of shown) {
      const names = several && input.subscriptionName ? subscriptionList(idsOf(e), input.subscriptionName) : undefined;
      lines.push(eventLine(e, { now: input.now, openCommand: input.openCommand, subscriptions: e.subscriptions, ...(names ? { subscriptionNames: names } : {}) }));
    }
  }
  const rest = total - shown.length;
  const extra: string[] = [];
  if (rest > 0) {
    extra.push(
      input.limit !== undefined && input.limit <= maxLines
        ? `Showing the top ${shown.length}; ${rest} more match.`
        : `…and ${rest} more. Narrow the question, or use **Service Health: Query Events…** to browse them all.`,
    );
  }
  if (input.note) extra.push(escapeMarkdown(input.note));
  if (extra.length > 0) append(lines, [''].concat(extra));
  return { markdown: `${lines.join('\n')}\n`, total, shown };
}

/** Escapes a table cell: Markdown escaping also covers `|`. */
const cell = (text: string): string => escapeMarkdown(text) || '—';

/** The plain sentence of describeQuota and a table of every bucket. */
export function quotaAnswer(state: QuotaState | undefined, now: number): string {
  if (!state) {
    return 'No quota information: the extension is not connected to a service yet. Sign in or use the sample service, then ask again.\n';
  }
  const lines = [escapeMarkdown(describeQuota(state, now))];
  const rows = quotaRows(state, now);
  if (rows.length > 0) {
    lines.push('', '| Resource | Remaining | Used | Limit | Resets | Source |', '| --- | ---: | ---: | ---: | --- | --- |');
    for (const r of rows) {
      lines.push(`| ${cell(r.resource)} | ${cell(r.remaining)} | ${cell(r.used)} | ${cell(r.limit)} | ${cell(r.reset)} | ${cell(r.source)} |`);
    }
  }
  lines.push('', `${state.requestsSent} request${state.requestsSent === 1 ? '' : 's'} sent in this session.`);
  return `${lines.join('\n')}\n`;
}

export interface Followup {
  readonly prompt: string;
  readonly label: string;
}

/** Up to three next questions, written in the query language (so they need no language model). */
export function followupsFor(q: ParsedQuery): Followup[] {
  const out: Followup[] = [];
  const statuses = q.statuses.map((s) => s.toLowerCase());
  if (statuses.includes('active')) {
    const wider = formatQuery({ ...q, statuses: q.statuses.filter((s) => s.toLowerCase() !== 'active') });
    out.push({ label: 'Show resolved too', prompt: wider || 'events' });
  } else if (statuses.length === 0 && !q.exclude.statuses.some((s) => s.toLowerCase() === 'resolved')) {
    out.push({ label: 'Only active ones', prompt: formatQuery({ ...q, statuses: ['Active'] }) });
  }
  if (!q.levels.some((l) => l.toLowerCase() === 'critical')) {
    out.push({ label: 'Only critical', prompt: formatQuery({ ...q, levels: ['Critical'] }) });
  }
  if (!q.types.includes('PlannedMaintenance')) {
    out.push({ label: 'Planned maintenance next week', prompt: 'planned maintenance next week' });
  } else {
    out.push({ label: 'Active service issues', prompt: 'active service issues' });
  }
  return out.slice(0, 3);
}

/** Quotes people put around a name: straight, curly and back quotes. */
const QUOTES = '"\'“”`';

/** "summarize ABCD-123", "what happened with Front Door?" → the thing to summarise. */
export function summarizeTarget(prompt: string): string | undefined {
  const text = trimEndChars(prompt.trim(), '?.!').trim();
  const m =
    /^(?:please\s+)?(?:summari[sz]e|sum\s+up|recap)\s+(.+)$/iu.exec(text) ??
    /^what\s+(?:happened|is\s+happening|'s\s+happening)\s+(?:with|to|in|at)\s+(.+)$/iu.exec(text) ??
    /^tell\s+me\s+(?:more\s+)?about\s+(.+)$/iu.exec(text);
  const named = m?.[1]?.replace(/^(?:the\s+)?(?:event|incident|issue|outage)\s+/iu, '');
  const target = named === undefined ? undefined : trimEndChars(trimStartChars(named, QUOTES), QUOTES).trim();
  return target ? target : undefined;
}

/**
 * The event a summary request names: its tracking id exactly (case-insensitive), else the
 * highest-priority event whose title contains the words. `events` should be in display order.
 */
export function findEvent(target: string, events: readonly StoredEvent[]): StoredEvent | undefined {
  const wanted = target.trim().toUpperCase();
  if (!wanted) return undefined;
  const byId = events.find((e) => e.trackingId.toUpperCase() === wanted);
  if (byId) return byId;
  const needle = target.trim().toLowerCase().replace(/\s+/gu, ' ');
  return events.find((e) => titleOf(e.event).toLowerCase().replace(/\s+/gu, ' ').includes(needle));
}

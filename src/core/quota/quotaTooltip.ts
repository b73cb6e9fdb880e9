/**
 * The status bar's tooltip as Markdown: the buckets that matter (most constrained first, see
 * constraintRank), capped, then "and N more". VS Code-free, so 2,000 buckets can be benched and
 * tested without a window; the status bar wraps it in a MarkdownString with theme icons.
 */
import type { QuotaSnapshot, QuotaState } from '../http/types';
import { formatCount } from '../text/numbers';
import { bucketLabel, parseBucketName } from './quotaGroups';
import { constraintRank, formatCountdown, isBefore } from './quotaSummary';

/** Rows the tooltip lists; the rest are counted ("and N more") and listed by Show API Quota. */
export const QUOTA_TOOLTIP_ROWS = 10;

/** The `limit` most constrained buckets, in order, without sorting them all. */
export function mostConstrained(buckets: Iterable<QuotaSnapshot>, now: number, limit: number): QuotaSnapshot[] {
  const top: { b: QuotaSnapshot; r: number[] }[] = [];
  const before = (x: { b: QuotaSnapshot; r: number[] }, y: { b: QuotaSnapshot; r: number[] }): boolean =>
    isBefore(x.r, y.r) || (!isBefore(y.r, x.r) && x.b.resource < y.b.resource);
  for (const b of buckets) {
    const entry = { b, r: constraintRank(b, now) };
    const last = top[top.length - 1];
    if (top.length >= limit && last && !before(entry, last)) {
      continue;
    }
    let i = top.length;
    while (i > 0 && before(entry, top[i - 1] as { b: QuotaSnapshot; r: number[] })) {
      i--;
    }
    top.splice(i, 0, entry);
    if (top.length > limit) {
      top.pop();
    }
  }
  return top.map((e) => e.b);
}

export function quotaTooltipMarkdown(
  state: QuotaState,
  now: number,
  nameOf: (subscriptionId: string) => string | undefined = () => undefined,
  maxRows = QUOTA_TOOLTIP_ROWS,
): string {
  // Hover tables have almost no cell padding: non-breaking spaces keep the columns apart.
  const gap = '&nbsp;&nbsp;';
  const parts = [`**API quota**\n\n| Resource${gap} | Left${gap} | Used${gap} | Limit${gap} | Resets |\n|:--|--:|--:|--:|:--|\n`];
  for (const b of mostConstrained(state.buckets.values(), now, maxRows)) {
    const used = b.used !== undefined ? formatCount(b.used) : '—';
    const limit = b.limit !== undefined ? formatCount(b.limit) : '—';
    parts.push(`| ${escapeCell(rowLabel(b.resource, nameOf))}${gap} | ${formatCount(b.remaining)}${gap} | ${used}${gap} | ${limit}${gap} | ${escapeCell(shortReset(b.resetAt, now))} |\n`);
  }
  const more = state.buckets.size - Math.min(maxRows, state.buckets.size);
  if (more > 0) {
    parts.push(`\nand ${formatCount(more)} more: click for the full list.\n`);
  }
  if (state.pausedUntil !== undefined && state.pausedUntil > now) {
    parts.push(`\n$(watch) Requests paused for ${formatCountdown(state.pausedUntil - now)}${state.pauseReason ? `: ${escapeText(state.pauseReason)}` : ''}\n`);
  }
  parts.push(`\n${state.requestsSent.toLocaleString('en-US')} requests sent this session. Click for details.`);
  return parts.join('');
}

/** Categories and provider policies by name; ARM buckets say their scope ("Reads · Contoso (subscription)"). */
function rowLabel(resource: string, nameOf: (id: string) => string | undefined): string {
  const kind = parseBucketName(resource).kind;
  const label = bucketLabel(resource, nameOf);
  return kind === 'category' || kind === 'provider' ? label : `${label} (${kind})`;
}

/** "10:02:00 UTC, in 1:00:01" within a day; the date too beyond. */
export function shortReset(resetAt: number | undefined, now: number): string {
  if (resetAt === undefined) {
    return 'refills continuously';
  }
  if (resetAt <= now) {
    return 'already reset';
  }
  const iso = new Date(resetAt).toISOString();
  const at = resetAt - now < 86_400_000 ? `${iso.slice(11, 19)} UTC` : `${iso.slice(0, 16).replace('T', ' ')} UTC`;
  return `${at}, in ${formatCountdown(resetAt - now)}`;
}

/** A table cell: Markdown, table and theme-icon syntax from a service or a subscription name stays text. */
function escapeCell(text: string): string {
  return text.replace(/[|\\`*_[\]<>$]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

/** Service text (a pause reason) as literal text in Markdown. */
function escapeText(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-!~<>|$]/g, (c) => `\\${c}`).replace(/\s+/g, ' ');
}

/** Terminal formatting of events, subscriptions and quotas for the CLI. */
import type { QuotaSnapshot, QuotaState } from '../http/types';
import { NOT_GIVEN, parseShownTime, trackingIdOf, type HealthEvent, type RateLimitStatus, type Subscription } from '../model/eventModel';
import { htmlToText, terminalText } from '../text/htmlText';
import { eventSourceWords, eventSubTypeWords, eventTypeWords, levelWords, statusWords } from '../render/enumWords';
import { formatWhen } from '../render/time';
import type { SubscriptionNamer } from '../subscriptions/names';
import { append, maxOf } from '../text/lists';
import { displayWidth, padColumns } from './terminal';

/** Left-aligned columns separated by two spaces; the last column is not padded. */
export function table(header: readonly string[], rows: readonly (readonly string[])[]): string {
  const widths = header.map((h, i) => maxOf(displayWidth(h), rows.map((r) => displayWidth(r[i] ?? ''))));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, i) => (i === cells.length - 1 ? c : padColumns(c, widths[i] ?? 0)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n') + '\n';
}

export function regionsOf(event: HealthEvent): string[] {
  const regions = new Set<string>();
  for (const impact of event.properties?.impact ?? []) {
    for (const region of impact.impactedRegions ?? []) {
      if (region.impactedRegion) {
        regions.add(terminalText(region.impactedRegion));
      }
    }
  }
  return [...regions];
}

/** `2026-11-24 14:05Z`; "not given" for a placeholder or a time without a zone, "" for none. */
export function shortTime(value: string | null | undefined): string {
  const ms = parseShownTime(value);
  if (ms === undefined) {
    return value?.trim() ? NOT_GIVEN : '';
  }
  return `${new Date(ms).toISOString().slice(0, 16).replace('T', ' ')}Z`;
}

/** "Contoso Production (0123…-full-id)" where a name is known, else the id: for one-line messages. */
export function subscriptionCell(id: string, name: SubscriptionNamer): string {
  const known = name(id);
  return known ? `${terminalText(known)} (${terminalText(id)})` : terminalText(id);
}

/** A time for people, as the extension shows it: `3 hours ago (24 Nov 2026, 14:05 UTC)`. */
function whenText(value: string | null | undefined, now: number): string {
  const ms = parseShownTime(value);
  return ms === undefined ? (value?.trim() ? NOT_GIVEN : '') : formatWhen(ms, now);
}

/** The `details` text output, for people (enum values in words, dates relative + UTC); `--json` keeps the data as received. */
export function eventDetails(event: HealthEvent, now: number = Date.now()): string {
  const p = event.properties;
  const lines: string[] = [];
  const field = (label: string, value: string | undefined) => {
    if (value) {
      lines.push(`${`${label}:`.padEnd(14)}${value}`);
    }
  };
  field('Title', terminalText(p?.title));
  field('Tracking id', terminalText(trackingIdOf(event)));
  field('Status', terminalText(statusWords(p?.status)));
  field('Type', [terminalText(eventTypeWords(p?.eventType)), terminalText(eventSubTypeWords(p?.eventSubType))].filter(Boolean).join(' / '));
  field('Level', terminalText(levelWords(p?.eventLevel ?? p?.level)));
  field('Source', terminalText(eventSourceWords(p?.eventSource)));
  field('Impact start', p?.impactStartTime ? whenText(p.impactStartTime, now) : undefined);
  field('Mitigated', p?.impactMitigationTime ? whenText(p.impactMitigationTime, now) : undefined);
  field('Last update', p?.lastUpdateTime ? whenText(p.lastUpdateTime, now) : undefined);
  field('Tags', (p?.eventTags ?? []).map((t) => terminalText(t)).join(', '));
  if (p?.isEventSensitive) {
    field('Sensitive', 'yes');
  }
  for (const impact of p?.impact ?? []) {
    const regions = (impact.impactedRegions ?? []).map((r) => `${terminalText(r.impactedRegion)}${r.status ? ` (${terminalText(statusWords(r.status))})` : ''}`);
    field('Service', `${terminalText(impact.impactedService) || '-'}${regions.length ? `: ${regions.join(', ')}` : ''}`);
  }
  const block = (label: string, text: string) => {
    if (text) {
      append(lines, ['', `${label}:`].concat(text.split('\n').map((l) => (l ? `  ${l}` : ''))));
    }
  };
  block('Summary', htmlToText(p?.summary));
  block('Description', htmlToText(p?.description));
  const updates: string[] = [];
  for (const impact of p?.impact ?? []) {
    for (const region of impact.impactedRegions ?? []) {
      for (const update of region.updates ?? []) {
        updates.push(`${whenText(update.updateDateTime, now)} [${terminalText(region.impactedRegion)}] ${htmlToText(update.summary).replace(/\n+/g, ' ')}`);
      }
    }
  }
  block('Updates', updates.join('\n'));
  const actions = (p?.recommendedActions?.actions ?? []).map((a) => `- ${htmlToText(a.actionText).replace(/\n+/g, ' ')}`);
  block('Recommended actions', actions.join('\n'));
  return lines.join('\n') + '\n';
}

export function subscriptionsTable(subscriptions: readonly Subscription[]): string {
  return table(
    ['SUBSCRIPTION ID', 'STATE', 'NAME'],
    subscriptions.map((s) => [terminalText(s.subscriptionId), terminalText(s.state) || '-', terminalText(s.displayName) || '-']),
  );
}

/** The most recently observed quota bucket, or undefined before any response carried one. */
export function latestSnapshot(quota: QuotaState): QuotaSnapshot | undefined {
  let latest: QuotaSnapshot | undefined;
  for (const snapshot of quota.buckets.values()) {
    if (!latest || snapshot.observedAt > latest.observedAt) {
      latest = snapshot;
    }
  }
  return latest;
}

function resetText(epochMs: number | undefined, now: number): string {
  if (epochMs === undefined) {
    return '-';
  }
  const minutes = Math.max(0, Math.ceil((epochMs - now) / 60_000));
  return `${new Date(epochMs).toISOString().slice(0, 19).replace('T', ' ')}Z (in ${minutes} min)`;
}

export function rateLimitTable(status: RateLimitStatus, now: number): string {
  return table(
    ['CATEGORY', 'LIMIT', 'REMAINING', 'USED', 'RESETS'],
    Object.entries(status.resources).map(([name, w]) => [
      terminalText(name),
      String(w.limit),
      String(w.remaining),
      w.used === undefined || w.used === null ? '-' : String(w.used),
      resetText(w.reset * 1000, now),
    ]),
  );
}

export function quotaLine(snapshot: QuotaSnapshot | undefined, now: number): string {
  if (!snapshot) {
    return 'Quota: no rate-limit headers seen yet.';
  }
  const limit = snapshot.limit === undefined ? '' : ` of ${snapshot.limit}`;
  const reset = snapshot.resetAt === undefined ? '' : `, resets ${resetText(snapshot.resetAt, now)}`;
  return `Quota (${terminalText(snapshot.resource)}): ${snapshot.remaining}${limit} requests left${reset}.`;
}

/** The first screen of the Events tree, as cached. Why: docs/architecture.md#cache-firstscreen */
import { lastUpdateOf, trackingIdOrUndefined, type StoredEvent } from '../events/eventFacts';
import { previewOf } from './cachePreview';
import { startsExpanded, type EventGroup, type IncidentRow } from '../events/grouping';
import type { HealthEvent } from '../model/schemas';

export const FIRST_SCREEN_VERSION = 1;

/** One group; `rows` only on a leaf that starts expanded (the others are read from the full cache when opened). */
interface ScreenGroup {
  readonly id: string;
  readonly label: string;
  readonly kind: EventGroup['kind'];
  readonly key: string;
  readonly count: number;
  readonly activeCount: number;
  readonly groups: readonly ScreenGroup[];
  /** Incidents held in the group (rows before paging). */
  readonly total: number;
  /** Each row: its key, its label and its copies as [entry index, subscription id], primary first. */
  readonly rows?: readonly { readonly key: string; readonly label: string; readonly copies: readonly (readonly [number, string])[] }[];
}

export interface FirstScreenFile {
  readonly firstScreen: typeof FIRST_SCREEN_VERSION;
  /** When the events it shows were cached. */
  readonly savedAt: number;
  /** Names the full cache's content it was made from (its shards): the pair belongs together. */
  readonly stamp: string;
  /** Grouping, filter and names the groups were made for. */
  readonly scope: string;
  /** Oldest last update among the events drawn: once the time window passes it, the screen is out of date. */
  readonly oldest?: number;
  /** Unseen active service issues (the view's badge). */
  readonly unseen: number;
  /** Incidents shown and held, for the filter row. */
  readonly shown: number;
  readonly held: number;
  /** Seen keys of the copies in `rows`. */
  readonly seen: readonly string[];
  readonly groups: readonly ScreenGroup[];
  readonly events: readonly HealthEvent[];
}

/** A group read back: its incidents are the first rows only; `labels` say them apart as over all rows. */
export interface CutGroup extends EventGroup {
  readonly groups: readonly CutGroup[];
  readonly cut: {
    /** Incidents the group holds. */
    readonly total: number;
    /** The row labels of `incidents`. */
    readonly labels: readonly string[];
    /** True when the rows were not cached (a group that starts folded). */
    readonly missing: boolean;
  };
}

export interface FirstScreen {
  readonly savedAt: number;
  readonly stamp: string;
  readonly scope: string;
  readonly oldest: number | undefined;
  readonly unseen: number;
  readonly shown: number;
  readonly held: number;
  readonly seen: ReadonlySet<string>;
  readonly groups: readonly CutGroup[];
}

export interface FirstScreenInput {
  readonly savedAt: number;
  readonly stamp: string;
  readonly scope: string;
  /** The groups the tree draws (groupEvents of the visible events). */
  readonly groups: readonly EventGroup[];
  /** Rows per leaf group before its "Show more" row. */
  readonly rowsPerGroup: number;
  /** Row labels of a leaf group, told apart over all its rows (rowText.distinctLabels). */
  readonly labelsOf: (group: EventGroup) => readonly string[];
  readonly isSeen: (key: string) => boolean;
  readonly keyOf: (e: StoredEvent) => string;
  readonly unseen: number;
  readonly shown: number;
  readonly held: number;
}

/** The first screen of `input.groups`. */
export function firstScreenOf(input: FirstScreenInput): FirstScreenFile {
  const events: HealthEvent[] = [];
  const indexOf = new Map<HealthEvent, number>();
  const byContent = new Map<string, number>();
  const seen = new Set<string>();
  let oldest: number | undefined;
  const entry = (e: StoredEvent): number => {
    const known = indexOf.get(e.event);
    if (known !== undefined) {
      return known;
    }
    // Copies of an incident differ in their ARM id only: their previews are one entry.
    const preview = screenEventOf(e.event);
    const text = JSON.stringify(preview);
    let index = byContent.get(text);
    if (index === undefined) {
      index = events.push(preview) - 1;
      byContent.set(text, index);
    }
    indexOf.set(e.event, index);
    return index;
  };
  const rowOf = (r: IncidentRow, label: string): NonNullable<ScreenGroup['rows']>[number] => ({
    key: r.key,
    label,
    copies: r.copies.map((c) => {
      const updated = lastUpdateOf(c.event);
      if (updated !== undefined && (oldest === undefined || updated < oldest)) {
        oldest = updated;
      }
      if (input.isSeen(input.keyOf(c))) {
        seen.add(input.keyOf(c));
      }
      return [entry(c), c.subscriptionId] as const;
    }),
  });
  const walk = (g: EventGroup): ScreenGroup => {
    const base = { id: g.id, label: g.label, kind: g.kind, key: g.key, count: g.count, activeCount: g.activeCount, groups: g.groups.map(walk), total: g.incidents.length };
    if (g.groups.length > 0 || !startsExpanded(g)) {
      return base;
    }
    const labels = input.labelsOf(g);
    return { ...base, rows: g.incidents.slice(0, input.rowsPerGroup).map((r, i) => rowOf(r, labels[i] ?? '')) };
  };
  const groups = input.groups.map(walk);
  return {
    firstScreen: FIRST_SCREEN_VERSION,
    savedAt: input.savedAt,
    stamp: input.stamp,
    scope: input.scope,
    ...(oldest !== undefined ? { oldest } : {}),
    unseen: input.unseen,
    shown: input.shown,
    held: input.held,
    seen: [...seen],
    groups,
    events,
  };
}

/**
 * A first screen read back; undefined when it is not one of this version or not for `scope` (a
 * torn or foreign file is never drawn). Events are checked as far as the rows read them.
 */
export function readFirstScreen(json: unknown, scope: string): FirstScreen | undefined {
  const f = json as Partial<FirstScreenFile> | null;
  if (typeof f !== 'object' || f === null || f.firstScreen !== FIRST_SCREEN_VERSION || f.scope !== scope) {
    return undefined;
  }
  if (typeof f.savedAt !== 'number' || typeof f.stamp !== 'string' || !Array.isArray(f.groups) || !Array.isArray(f.events) || !Array.isArray(f.seen)) {
    return undefined;
  }
  const numbers = [f.unseen, f.shown, f.held];
  if (!numbers.every((n) => typeof n === 'number') || (f.oldest !== undefined && typeof f.oldest !== 'number')) {
    return undefined;
  }
  const events = f.events as unknown[];
  const stored = (index: unknown, subscriptionId: unknown): StoredEvent | undefined => {
    const event = typeof index === 'number' ? (events[index] as HealthEvent | undefined) : undefined;
    if (typeof event !== 'object' || event === null || typeof subscriptionId !== 'string') {
      return undefined;
    }
    const props: unknown = event.properties;
    const trackingId = props === undefined || (typeof props === 'object' && props !== null) ? trackingIdOrUndefined(event) : undefined;
    return trackingId ? { subscriptionId, trackingId, event } : undefined;
  };
  const group = (json: unknown): CutGroup | undefined => {
    const g = json as Partial<ScreenGroup> | null;
    if (typeof g !== 'object' || g === null || typeof g.id !== 'string' || typeof g.label !== 'string' || typeof g.key !== 'string') {
      return undefined;
    }
    if (typeof g.count !== 'number' || typeof g.activeCount !== 'number' || typeof g.total !== 'number' || !Array.isArray(g.groups)) {
      return undefined;
    }
    if (!['type', 'status', 'region', 'service', 'subscription'].includes(String(g.kind))) {
      return undefined;
    }
    const groups = (g.groups as unknown[]).map(group);
    const incidents: IncidentRow[] = [];
    const labels: string[] = [];
    for (const row of (g.rows ?? []) as unknown[]) {
      const r = row as Partial<NonNullable<ScreenGroup['rows']>[number]> | null;
      if (typeof r !== 'object' || r === null || typeof r.key !== 'string' || typeof r.label !== 'string' || !Array.isArray(r.copies)) {
        return undefined;
      }
      const copies = (r.copies as unknown[]).map((c) => (Array.isArray(c) ? stored(c[0], c[1]) : undefined));
      if (copies.length === 0 || copies.some((c) => c === undefined)) {
        return undefined;
      }
      const defined = copies as StoredEvent[];
      incidents.push({ key: r.key, primary: defined[0] as StoredEvent, copies: defined });
      labels.push(r.label);
    }
    if (groups.some((c) => c === undefined)) {
      return undefined;
    }
    return {
      id: g.id,
      label: g.label,
      kind: g.kind as EventGroup['kind'],
      key: g.key,
      count: g.count,
      activeCount: g.activeCount,
      groups: groups as CutGroup[],
      incidents,
      cut: { total: g.total, labels, missing: g.rows === undefined },
    };
  };
  const groups = (f.groups as unknown[]).map(group);
  if (groups.some((g) => g === undefined)) {
    return undefined;
  }
  return {
    savedAt: f.savedAt,
    stamp: f.stamp,
    scope,
    oldest: f.oldest,
    unseen: f.unseen as number,
    shown: f.shown as number,
    held: f.held as number,
    seen: new Set((f.seen as unknown[]).filter((s): s is string => typeof s === 'string')),
    groups: groups as CutGroup[],
  };
}

/** What the rows and their tooltips read of an event: its preview without the texts they never show. */
function screenEventOf(event: HealthEvent): HealthEvent {
  const preview = previewOf(event);
  if (!preview.properties) {
    return preview;
  }
  const drawn = { ...preview.properties };
  delete drawn.summary;
  delete drawn.header;
  return { ...preview, properties: drawn };
}

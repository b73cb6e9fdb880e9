/**
 * What the editor says on a template line: the active service issues and the planned maintenance
 * (active, starting within the coming days) of the line's service in its region. VS Code-free, so unit-tested.
 */
import type { StoredEvent } from '../../core/events/eventFacts';
import { sameService } from '../../core/infra/serviceMap';
import type { InfraTarget } from '../../core/infra/types';
import type { HealthEvent } from '../../core/model/eventModel';
import { regionKey, serviceKey } from '../../core/query/normalize';

/** Planned maintenance counts from this many days before it starts. */
export const MAINTENANCE_AHEAD_DAYS = 7;
const DAY_MS = 86_400_000;

export interface LineEvent {
  readonly subscriptionId: string;
  readonly trackingId: string;
  readonly title: string;
  readonly kind: 'issue' | 'maintenance';
}

export interface LineNote {
  /** 1-based, as the reader reports it. */
  readonly line: number;
  readonly column: number;
  readonly service: string;
  readonly region: string;
  /** One per incident (the same tracking id in several subscriptions counts once). */
  readonly events: readonly LineEvent[];
}

/** Whether an event can touch a deployment now: an active service issue, or active maintenance that starts within MAINTENANCE_AHEAD_DAYS. */
export function lineEventKind(stored: StoredEvent, now: number): LineEvent['kind'] | undefined {
  const p = stored.event.properties;
  if (p?.status !== 'Active') {
    return undefined;
  }
  if (p.eventType === 'ServiceIssue') {
    return 'issue';
  }
  if (p.eventType !== 'PlannedMaintenance') {
    return undefined;
  }
  const start = Date.parse(p.impactStartTime ?? '');
  // Without a start time it is treated as under way: never hide maintenance for lack of a date.
  return Number.isNaN(start) || start - now <= MAINTENANCE_AHEAD_DAYS * DAY_MS ? 'maintenance' : undefined;
}

function touches(stored: StoredEvent, target: InfraTarget): boolean {
  const region = regionKey(target.region);
  return (stored.event.properties?.impact ?? []).some(
    (impact) => sameService(impact.impactedService ?? '', target.service) && (impact.impactedRegions ?? []).some((r) => regionKey(r.impactedRegion ?? '') === region),
  );
}

/** The notes of one file's targets, one per line and service·region; lines no event touches get none. */
export function lineNotes(targets: readonly InfraTarget[], events: readonly StoredEvent[], now: number): LineNote[] {
  const relevant = events.flatMap((stored) => {
    const kind = lineEventKind(stored, now);
    return kind ? [{ stored, kind }] : [];
  });
  const notes = new Map<string, LineNote & { events: LineEvent[] }>();
  for (const target of targets) {
    const key = `${target.line}\n${target.service}\n${regionKey(target.region)}`;
    if (notes.has(key)) {
      continue;
    }
    const seen = new Set<string>();
    const hits: LineEvent[] = [];
    for (const { stored, kind } of relevant) {
      if (!seen.has(stored.trackingId) && touches(stored, target)) {
        seen.add(stored.trackingId);
        hits.push({ subscriptionId: stored.subscriptionId, trackingId: stored.trackingId, title: stored.event.properties?.title ?? stored.trackingId, kind });
      }
    }
    if (hits.length > 0) {
      notes.set(key, { line: target.line, column: target.column, service: target.service, region: target.region, events: hits });
    }
  }
  return [...notes.values()].sort((a, b) => a.line - b.line || a.service.localeCompare(b.service));
}

/** The words for counts (localized by the caller): "1 active service issue", "2 planned maintenance events". */
export interface CountWords {
  issues(n: number): string;
  maintenance(n: number): string;
}

/** The counts in words, issues first. */
export function countsText(events: readonly LineEvent[], words: CountWords): string {
  const issues = events.filter((e) => e.kind === 'issue').length;
  const maintenance = events.length - issues;
  return [...(issues > 0 ? [words.issues(issues)] : []), ...(maintenance > 0 ? [words.maintenance(maintenance)] : [])].join(', ');
}

/** "App Service · West Europe: 1 active service issue". */
export function noteHeadline(note: LineNote, words: CountWords): string {
  return `${note.service} · ${note.region}: ${countsText(note.events, words)}`;
}

/** The (service, region) keys the targets deploy, for {@link touchesAny}. */
export function targetKeys(targets: readonly InfraTarget[]): Set<string> {
  return new Set(targets.map((t) => `${serviceKey(t.service)}\n${regionKey(t.region)}`));
}

/** Whether one of the event's impacts names a service in a region the targets deploy (any status: the query decides). */
export function touchesAny(event: HealthEvent, keys: ReadonlySet<string>): boolean {
  return (event.properties?.impact ?? []).some((impact) => {
    const service = serviceKey(impact.impactedService ?? '');
    return (impact.impactedRegions ?? []).some((r) => keys.has(`${service}\n${regionKey(r.impactedRegion ?? '')}`));
  });
}

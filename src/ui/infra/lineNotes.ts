/**
 * What the editor says on a template line: the incidents that touch the line's service in its
 * region, by the one rule of core/infra/match.ts (active service issues, active planned
 * maintenance), so the editor, the gate, the tree and `@health` agree. VS Code-free, so unit-tested.
 */
import type { StoredEvent } from '../../core/events/eventFacts';
import { IncidentIndex, targetKey, type TouchKind } from '../../core/infra/match';
import type { InfraTarget } from '../../core/infra/types';
import { regionKey } from '../../core/query/normalize';
import { Slicer } from '../../core/text/slices';

// The tree and `workspace:yes` take the rule's keys from here (workspaceInfra, workspaceSection).
export { targetKeys, touchesAny } from '../../core/infra/match';

export interface LineEvent {
  readonly subscriptionId: string;
  readonly trackingId: string;
  readonly title: string;
  readonly kind: TouchKind;
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

/** The incidents the rule lets touch a target, built once per events change and shared by every file's notes. */
export function noteIncidents(events: readonly StoredEvent[], visit?: () => void): IncidentIndex<StoredEvent> {
  return new IncidentIndex(events, (s) => s.event, visit);
}

/** The notes of one file's targets, one per line and service·region; lines no event touches get none. */
export function lineNotes(targets: readonly InfraTarget[], events: readonly StoredEvent[] | IncidentIndex<StoredEvent>): LineNote[] {
  const index = events instanceof IncidentIndex ? events : noteIncidents(events);
  const notes = new Map<string, LineNote>();
  for (const target of targets) {
    const key = `${target.line}\n${target.service}\n${regionKey(target.region)}`;
    if (notes.has(key)) {
      continue;
    }
    const hits = index.touching(targetKey(target)).map(({ first, trackingId, kind }) => ({
      subscriptionId: first.subscriptionId,
      trackingId: first.trackingId || trackingId,
      title: first.event.properties?.title ?? first.trackingId,
      kind,
    }));
    if (hits.length > 0) {
      notes.set(key, { line: target.line, column: target.column, service: target.service, region: target.region, events: hits });
    }
  }
  return [...notes.values()].sort((a, b) => a.line - b.line || a.service.localeCompare(b.service));
}

/** A template file's notes, beside what the caller keeps of the file (its URI, its unresolved places). */
export interface FileNotes<F> {
  readonly file: F;
  readonly notes: LineNote[];
}

/**
 * What the editor computes once per change (ui/infra/infraEditor.ts; bench/estate.mjs runs it too):
 * the incidents' index, then each file's notes, in slices that yield (issue 32); undefined when
 * superseded (the events or the templates changed again meanwhile).
 */
export async function templateNotes<F extends { readonly targets: readonly InfraTarget[] }>(
  events: readonly StoredEvent[],
  files: Iterable<F>,
  slicer: Slicer = new Slicer(),
): Promise<{ incidents: IncidentIndex<StoredEvent>; files: FileNotes<F>[] } | undefined> {
  const incidents = await IncidentIndex.inSlices(events, (s) => s.event, slicer);
  if (!incidents) {
    return undefined;
  }
  const out: FileNotes<F>[] = [];
  for (const file of files) {
    if (!(await slicer.pace())) {
      return undefined;
    }
    out.push({ file, notes: lineNotes(file.targets, incidents) });
  }
  return { incidents, files: out };
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

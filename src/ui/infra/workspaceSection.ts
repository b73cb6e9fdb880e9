/**
 * Which events the Events tree marks as touching what the workspace deploys, and where: the same
 * (service, region) keys as the query term `workspace:yes` (see lineNotes.touchesAny), so the marker,
 * the "This workspace" section and the query never disagree. VS Code-free, so unit-tested.
 */
import type { StoredEvent } from '../../core/events/eventFacts';
import type { InfraTarget } from '../../core/infra/types';
import type { HealthEvent } from '../../core/model/eventModel';
import { regionKey, serviceKey } from '../../core/query/normalize';
import { targetKeys } from './lineNotes';

/** What the tree asks of the workspace's templates (WorkspaceInfra implements it). */
export interface WorkspacePlaces {
  /** The first target (file order, then line) the event touches; undefined when none or not read yet. */
  placeOf(event: HealthEvent): InfraTarget | undefined;
}

/** The first of `targets` one of the event's impacts names by service and region (the keys of `workspace:yes`). */
export function touchedTarget(event: HealthEvent, targets: readonly InfraTarget[]): InfraTarget | undefined {
  const impacts = event.properties?.impact ?? [];
  if (impacts.length === 0 || targets.length === 0) {
    return undefined;
  }
  const keys = new Set<string>();
  for (const impact of impacts) {
    const service = serviceKey(impact.impactedService ?? '');
    for (const r of impact.impactedRegions ?? []) {
      keys.add(`${service}\n${regionKey(r.impactedRegion ?? '')}`);
    }
  }
  return targets.find((t) => [...targetKeys([t])].some((k) => keys.has(k)));
}

/** "infra/main.bicep:12": the file relative to its workspace folder and the 1-based line. */
export function placeText(target: Pick<InfraTarget, 'file' | 'line'>): string {
  return `${target.file}:${target.line}`;
}

/**
 * The events the "This workspace" section lists: those of `shown` (the rows the tree draws, after
 * filter and query) that touch a target. Empty without templates or without a match, and then the
 * tree draws no section at all.
 */
export function sectionEvents(shown: readonly StoredEvent[], places: WorkspacePlaces | undefined): StoredEvent[] {
  return places ? shown.filter((e) => places.placeOf(e.event) !== undefined) : [];
}

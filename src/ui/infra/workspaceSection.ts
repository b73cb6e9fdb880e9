/**
 * Which events the Events tree marks as touching what the workspace deploys, and where: the rule
 * and keys of core/infra/match.ts, as the query term `workspace:yes`, the editor and the gate, so
 * the marker, the "This workspace" section and the query never disagree. VS Code-free, so unit-tested.
 */
import type { StoredEvent } from '../../core/events/eventFacts';
import { impactKeys, targetKey, touchKind } from '../../core/infra/match';
import type { InfraTarget } from '../../core/infra/types';
import type { HealthEvent } from '../../core/model/eventModel';

/** What the tree asks of the workspace's templates (WorkspaceInfra implements it). */
export interface WorkspacePlaces {
  /** The first target (file order, then line) the event touches; undefined when none or not read yet. */
  placeOf(event: HealthEvent): InfraTarget | undefined;
}

/** The first of `targets` the event touches by the rule (an active issue or maintenance naming its service and region). */
export function touchedTarget(event: HealthEvent, targets: readonly InfraTarget[]): InfraTarget | undefined {
  if (targets.length === 0 || touchKind(event) === undefined) {
    return undefined;
  }
  const keys = impactKeys(event);
  return keys.size === 0 ? undefined : targets.find((t) => keys.has(targetKey(t)));
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

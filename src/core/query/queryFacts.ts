/**
 * What a query reads beyond the event itself: facts the extension learns elsewhere (impacted
 * resources listed, their health, the workspace's templates). A fact not known matches neither
 * side of its term, so an event never listed is neither `impacted:yes` nor `impacted:no`.
 */
import type { HealthEvent } from '../model/eventModel';

/** How many of the user's resources an event is known to affect; undefined when not known. */
export type ImpactedCount = (event: HealthEvent) => number | undefined;

/** Whether an event touches a service in a region the workspace deploys; undefined while the workspace is not read. */
export type WorkspaceTouch = (event: HealthEvent) => boolean | undefined;

/** One resource as the resource terms see it: its name, group, ARM id when known, and current state when a status names it. */
export interface ResourceFact {
  readonly name: string;
  readonly resourceGroup: string;
  readonly id?: string | undefined;
  readonly state?: string | undefined;
}

/** The event's impacted resources over every subscription's copy; undefined when none was listed. */
export type ImpactedResourcesOf = (event: HealthEvent) => readonly ResourceFact[] | undefined;

export interface QueryFacts {
  /** For `impacted:`. */
  readonly impactedCount?: ImpactedCount | undefined;
  /** For `workspace:`. */
  readonly inWorkspace?: WorkspaceTouch | undefined;
  /** For the resource terms (`health:`, `resource:`, `rg:`) on events: an event matches through one of its resources. */
  readonly impactedResources?: ImpactedResourcesOf | undefined;
}

/** The resource terms of a query (`health:`, `resource:`, `rg:`) as a check of one availability status. Why: docs/architecture.md#query-resourcepredicate */
import { resourceGroupOfResource, resourceIdOf, resourceNameOfId, stateOf, type AvailabilityStatus } from '../model/availability';
import type { ResourceFact } from './queryFacts';
import type { ParsedQuery } from './types';

const lower = (values: readonly string[] | undefined): Set<string> => new Set((values ?? []).map((v) => v.trim().toLowerCase()));

/** Whether the query has any resource term (without one, every status matches). */
export function hasResourceTerms(q: ParsedQuery): boolean {
  return (q.health?.length ?? 0) + (q.resources?.length ?? 0) + (q.resourceGroups?.length ?? 0) > 0;
}

/**
 * What the query reads of the events' impacted resources, which are listed only on demand:
 * 'health' (their state, `health:`), 'resources' (`impacted:`, `resource:`, `rg:`), or undefined.
 */
export function readsImpactedResources(q: ParsedQuery): 'health' | 'resources' | undefined {
  if ((q.health?.length ?? 0) > 0) return 'health';
  return q.impacted !== undefined || hasResourceTerms(q) ? 'resources' : undefined;
}

export type ResourceCheck = (resource: ResourceFact) => boolean;

/**
 * OR within a term, AND across terms, as for events. `resource:` matches the resource's name or
 * its full id, without case; `rg:` the resource group; `health:` the state, without case. A
 * resource without a known state matches no `health:` value (it is not known to be any of them).
 */
export function buildResourceCheck(q: ParsedQuery): ResourceCheck {
  const health = lower(q.health);
  const names = lower(q.resources);
  const groups = lower(q.resourceGroups);
  return (r) => {
    if (health.size > 0 && !health.has(r.state?.toLowerCase() ?? '')) return false;
    if (names.size > 0 && !names.has(r.name.toLowerCase()) && !names.has(r.id?.toLowerCase() ?? '')) return false;
    if (groups.size > 0 && !groups.has(r.resourceGroup.toLowerCase())) return false;
    return true;
  };
}

/** The resource terms applied to one availability status. */
export function buildResourcePredicate(q: ParsedQuery): (status: AvailabilityStatus) => boolean {
  const check = buildResourceCheck(q);
  return (status) => {
    const id = resourceIdOf(status) ?? '';
    return check({ id, name: resourceNameOfId(id) ?? '', resourceGroup: resourceGroupOfResource(id) ?? '', state: stateOf(status) });
  };
}

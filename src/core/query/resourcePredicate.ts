/** The resource terms of a query (`health:`, `resource:`, `rg:`) as a check of one availability status. Why: docs/architecture.md#query-resourcepredicate */
import { resourceGroupOfResource, resourceIdOf, resourceNameOfId, stateOf, type AvailabilityStatus } from '../model/availability';
import type { ParsedQuery } from './types';

const lower = (values: readonly string[] | undefined): Set<string> => new Set((values ?? []).map((v) => v.trim().toLowerCase()));

/** Whether the query has any resource term (without one, every status matches). */
export function hasResourceTerms(q: ParsedQuery): boolean {
  return (q.health?.length ?? 0) + (q.resources?.length ?? 0) + (q.resourceGroups?.length ?? 0) > 0;
}

/**
 * OR within a term, AND across terms, as for events. `resource:` matches the resource's name or
 * its full id, without case; `rg:` the resource group; `health:` the state, without case. A
 * status without a state matches no `health:` value (it is not known to be any of them).
 */
export function buildResourcePredicate(q: ParsedQuery): (status: AvailabilityStatus) => boolean {
  const health = lower(q.health);
  const names = lower(q.resources);
  const groups = lower(q.resourceGroups);
  return (status) => {
    const id = resourceIdOf(status) ?? '';
    if (health.size > 0 && !health.has(stateOf(status)?.toLowerCase() ?? '')) return false;
    if (names.size > 0 && !names.has((resourceNameOfId(id) ?? '').toLowerCase()) && !names.has(id.toLowerCase())) return false;
    if (groups.size > 0 && !groups.has((resourceGroupOfResource(id) ?? '').toLowerCase())) return false;
    return true;
  };
}

/**
 * A template's resource → the resources listed with health that it names (issue 24: the templates'
 * resource names link to their health). Matched by name without case, and by ARM type when both
 * sides know it; a name in two resource groups gives both, never a pick.
 */
import { resourceGroupOfResource, resourceIdOf, resourceNameOfId, resourceTypeOfId, stateOf, type AvailabilityStatus } from '../model/availability';

export interface TemplateResource {
  readonly name?: string;
  readonly resourceType?: string;
}

export interface TemplateHealthMatch {
  readonly resourceId: string;
  readonly resourceGroup: string | undefined;
  readonly status: AvailabilityStatus;
}

/** Most matches returned for one name (a hover lists a few). */
export const MAX_TEMPLATE_MATCHES = 10;

/** The held statuses whose resource the template's resource names; empty without a name. */
export function matchTemplateResource(target: TemplateResource, statuses: readonly AvailabilityStatus[], cap = MAX_TEMPLATE_MATCHES): TemplateHealthMatch[] {
  // An ARM child's name is `parent/child`; its id ends in the child's own name.
  const name = target.name?.split('/').pop()?.trim().toLowerCase();
  if (!name) {
    return [];
  }
  const type = target.resourceType?.trim().toLowerCase();
  const out: TemplateHealthMatch[] = [];
  for (const status of statuses) {
    const id = resourceIdOf(status);
    if (!id || !stateOf(status) || resourceNameOfId(id)?.toLowerCase() !== name) {
      continue;
    }
    const statusType = resourceTypeOfId(id)?.toLowerCase();
    if (type && statusType && type !== statusType) {
      continue;
    }
    out.push({ resourceId: id, resourceGroup: resourceGroupOfResource(id), status });
    if (out.length >= cap) {
      break;
    }
  }
  return out;
}

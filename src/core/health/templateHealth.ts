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

interface NamedStatus {
  readonly id: string;
  readonly type: string | undefined;
  readonly status: AvailabilityStatus;
}

/**
 * The statuses with a state by lower-case resource name, built once per list of statuses (review
 * L1: a hover scanned every held status per target, 79 ms at 100,000). Keyed weakly by the list:
 * the Resources view hands out the same array until its statuses change.
 */
export class StatusNameIndex {
  private readonly byName = new Map<string, NamedStatus[]>();

  constructor(statuses: readonly AvailabilityStatus[]) {
    for (const status of statuses) {
      const id = resourceIdOf(status);
      const name = id && stateOf(status) ? resourceNameOfId(id)?.toLowerCase() : undefined;
      if (!id || !name) {
        continue;
      }
      const list = this.byName.get(name) ?? [];
      list.push({ id, type: resourceTypeOfId(id)?.toLowerCase(), status });
      this.byName.set(name, list);
    }
  }

  /** The statuses named `name` (lower case), in the order held. */
  named(name: string): readonly NamedStatus[] {
    return this.byName.get(name) ?? [];
  }
}

const indexes = new WeakMap<readonly AvailabilityStatus[], StatusNameIndex>();

/** The index of this list of statuses, built on first use and kept while the list lives. */
export function statusNameIndex(statuses: readonly AvailabilityStatus[]): StatusNameIndex {
  let index = indexes.get(statuses);
  if (!index) {
    index = new StatusNameIndex(statuses);
    indexes.set(statuses, index);
  }
  return index;
}

/** The held statuses whose resource the template's resource names; empty without a name. */
export function matchTemplateResource(target: TemplateResource, statuses: readonly AvailabilityStatus[] | StatusNameIndex, cap = MAX_TEMPLATE_MATCHES): TemplateHealthMatch[] {
  // An ARM child's name is `parent/child`; its id ends in the child's own name.
  const name = target.name?.split('/').pop()?.trim().toLowerCase();
  if (!name) {
    return [];
  }
  const type = target.resourceType?.trim().toLowerCase();
  const index = statuses instanceof StatusNameIndex ? statuses : statusNameIndex(statuses);
  const out: TemplateHealthMatch[] = [];
  for (const named of index.named(name)) {
    if (type && named.type && type !== named.type) {
      continue;
    }
    out.push({ resourceId: named.id, resourceGroup: resourceGroupOfResource(named.id), status: named.status });
    if (out.length >= cap) {
      break;
    }
  }
  return out;
}

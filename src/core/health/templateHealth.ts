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

/** A status with a state, under its resource's name: the type is read only when a match asks for it. */
export interface NamedStatus {
  readonly id: string;
  readonly status: AvailabilityStatus;
}

/** Statuses by lower-case resource name: a list's index, or the Resources view's store, which keeps one as it changes. */
export interface StatusesByName {
  /** The statuses named `name` (lower case), by resource id without case: the same order however they were listed. */
  named(name: string): readonly NamedStatus[];
}

/** The order of one name's statuses: by resource id, without case. */
export function byResourceId(a: NamedStatus, b: NamedStatus): number {
  const x = a.id.toLowerCase();
  const y = b.id.toLowerCase();
  return x < y ? -1 : x > y ? 1 : 0;
}

/** The lower-case name a hover looks this resource up by: its id's last segment (decoded); undefined when none. */
export function nameKeyOf(resourceId: string): string | undefined {
  const at = resourceId.lastIndexOf('/');
  // The common id ends in its name; a trailing slash takes the slower, careful path.
  const last = at >= 0 && at < resourceId.length - 1 ? resourceId.slice(at + 1) : resourceNameOfId(resourceId);
  if (!last) {
    return undefined;
  }
  return (last.includes('%') ? (resourceNameOfId(resourceId) ?? last) : last).toLowerCase();
}

/**
 * The statuses with a state by lower-case resource name, built once per list of statuses (review
 * L1: a hover scanned every held status per target, 79 ms at 100,000). Keyed weakly by the list.
 * The Resources view keeps its own index as it changes (ResourceHealthStore), so a hover never
 * builds one over the whole estate.
 */
export class StatusNameIndex implements StatusesByName {
  private readonly byName = new Map<string, NamedStatus[]>();

  constructor(statuses: readonly AvailabilityStatus[]) {
    for (const status of statuses) {
      const id = resourceIdOf(status);
      const name = id && stateOf(status) ? nameKeyOf(id) : undefined;
      if (!id || !name) {
        continue;
      }
      const list = this.byName.get(name) ?? [];
      list.push({ id, status });
      this.byName.set(name, list);
    }
    for (const list of this.byName.values()) {
      if (list.length > 1) list.sort(byResourceId);
    }
  }

  /** The statuses named `name` (lower case), by resource id. */
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

function isIndex(statuses: readonly AvailabilityStatus[] | StatusesByName): statuses is StatusesByName {
  return !Array.isArray(statuses);
}

/** The held statuses whose resource the template's resource names; empty without a name. */
export function matchTemplateResource(target: TemplateResource, statuses: readonly AvailabilityStatus[] | StatusesByName, cap = MAX_TEMPLATE_MATCHES): TemplateHealthMatch[] {
  // An ARM child's name is `parent/child`; its id ends in the child's own name.
  const name = target.name?.split('/').pop()?.trim().toLowerCase();
  if (!name) {
    return [];
  }
  const type = target.resourceType?.trim().toLowerCase();
  const index = isIndex(statuses) ? statuses : statusNameIndex(statuses);
  const out: TemplateHealthMatch[] = [];
  for (const named of index.named(name)) {
    const heldType = type ? resourceTypeOfId(named.id)?.toLowerCase() : undefined;
    if (type && heldType && type !== heldType) {
      continue;
    }
    out.push({ resourceId: named.id, resourceGroup: resourceGroupOfResource(named.id), status: named.status });
    if (out.length >= cap) {
      break;
    }
  }
  return out;
}

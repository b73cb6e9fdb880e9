/**
 * Impacted resources as rows people read: name, type, resource group, region, subscription and
 * ARM id, grouped by resource group. Shared by the tree, the details panel and the exports.
 * VS Code-free.
 */
import { infoPairsOf, resourceGroupOf, resourceNameOf, type ImpactedResource } from '../model/eventResources';
import { checkExternalUrl, portalBase } from './links';

export interface ImpactedRow {
  readonly name: string;
  /** ARM resource type (`Microsoft.Compute/virtualMachines`), else "". */
  readonly type: string;
  /** Resource group, else "" (resources described only by `info` may have none). */
  readonly resourceGroup: string;
  /** ARM region name as received (`westeurope`), else "". */
  readonly region: string;
  /** The subscription whose impacted-resources list had it. */
  readonly subscriptionId: string;
  /** The ARM id (`/subscriptions/…/resourceGroups/…/providers/…`), when the service gave one. */
  readonly resourceId?: string;
}

export interface ResourceGroupRows {
  /** "" for rows without a resource group. */
  readonly resourceGroup: string;
  readonly rows: readonly ImpactedRow[];
}

/** Shown for rows whose resource group is unknown. */
export const NO_RESOURCE_GROUP = '(no resource group)';

/** A row of one impacted resource; info-only resources take name/type/group from their pairs. */
export function impactedRowOf(resource: ImpactedResource, subscriptionId: string): ImpactedRow {
  const p = resource.properties;
  const info = infoPairsOf(resource);
  const infoValue = (pattern: RegExp): string | undefined => info.find((i) => pattern.test(i.key))?.value;
  const id = p?.targetResourceId?.trim();
  return {
    name: resourceNameOf(resource) ?? id ?? 'Unnamed resource',
    type: p?.targetResourceType ?? infoValue(/^resource ?type$/i) ?? '',
    resourceGroup: resourceGroupOf(resource) ?? '',
    region: p?.targetRegion ?? infoValue(/^(region|location)$/i) ?? '',
    subscriptionId,
    ...(id ? { resourceId: id } : {}),
  };
}

/**
 * Rows of several subscriptions' lists, without duplicates (a tenant-scope answer and a
 * subscription answer may both hold a resource): ARM ids compare case-insensitively.
 */
export function impactedRows(lists: ReadonlyArray<{ readonly subscriptionId: string; readonly resources: readonly ImpactedResource[] }>): ImpactedRow[] {
  const rows = new ImpactedRowList();
  for (const list of lists) {
    for (const resource of list.resources) rows.add(resource, list.subscriptionId);
  }
  return rows.rows;
}

/** impactedRows one resource at a time (a large incident's rows are built in slices that yield: ui/resources/impactedResourcesStore.ts). */
export class ImpactedRowList {
  private readonly seen = new Set<string>();
  readonly rows: ImpactedRow[] = [];

  add(resource: ImpactedResource, subscriptionId: string): void {
    const row = impactedRowOf(resource, subscriptionId);
    const key = row.resourceId?.toLowerCase() ?? `${subscriptionId}\u0000${resource.id ?? resource.name ?? this.rows.length}`.toLowerCase();
    if (!this.seen.has(key)) {
      this.seen.add(key);
      this.rows.push(row);
    }
  }
}

const byText = (a: string, b: string): number => a.localeCompare(b, 'en', { sensitivity: 'base' });

/** Rows by resource group (named groups A–Z, then the unnamed one), each sorted by name then type. */
export function groupByResourceGroup(rows: readonly ImpactedRow[]): ResourceGroupRows[] {
  const groups = new Map<string, { resourceGroup: string; rows: ImpactedRow[] }>();
  for (const row of rows) {
    // Resource group names are case-insensitive in ARM: "RG-Web" and "rg-web" are one group.
    const key = row.resourceGroup.toLowerCase();
    const group = groups.get(key) ?? { resourceGroup: row.resourceGroup, rows: [] };
    group.rows.push(row);
    groups.set(key, group);
  }
  return [...groups.values()]
    .sort((a, b) => (a.resourceGroup === '' ? 1 : b.resourceGroup === '' ? -1 : byText(a.resourceGroup, b.resourceGroup)))
    .map((g) => ({ resourceGroup: g.resourceGroup, rows: [...g.rows].sort((a, b) => byText(a.name, b.name) || byText(a.type, b.type)) }));
}

/** "Virtual machine" style short type: the last segment of the ARM type (`virtualMachines`). */
export function shortType(type: string): string {
  return type.split('/').filter((s) => s !== '').pop() ?? type;
}

/** ARM ids this module links to: `/subscriptions/{guid-ish}/…` of plain id characters only. */
const ARM_ID = /^\/subscriptions\/[A-Za-z0-9-]+(\/[A-Za-z0-9._()~-]+)+$/u;

/**
 * The portal page of a resource, `<portal>/#@/resource<armId>` in the configured cloud's portal;
 * undefined when the id is not a plain ARM id (nothing else is put in a URL).
 */
export function resourcePortalUrl(resourceId: string | undefined, portal: string): string | undefined {
  if (!resourceId || !ARM_ID.test(resourceId) || resourceId.includes('/../') || resourceId.endsWith('/..')) {
    return undefined;
  }
  return checkExternalUrl(`${portalBase(portal)}/#@/resource${resourceId}`);
}

/** "3 resources" / "1 resource". */
export function resourceCount(n: number): string {
  return `${n} resource${n === 1 ? '' : 's'}`;
}

/** "affects 3 of your resources" (the row's note once the count is known). */
export function affectsText(n: number): string {
  return n === 1 ? 'affects 1 of your resources' : `affects ${n} of your resources`;
}

/** What is known about an event's impacted resources. */
export type ResourcesState =
  | { readonly kind: 'loading' }
  | { readonly kind: 'loaded'; readonly rows: readonly ImpactedRow[]; readonly partialError?: string }
  | { readonly kind: 'error'; readonly message: string };

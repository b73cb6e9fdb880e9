/** The sample estate's resources per subscription: a steady set, plus those its active incidents impact. Why: docs/architecture.md#sample-estate */
import type { HealthEvent } from '../model/schemas';
import { infoPairsOf } from '../model/eventResources';
import { subKey, type EventStore } from './eventStore';
import { mulberry32 } from './seededRandom';
import { hashString, impactedResourcesFor } from './impactedResources';

export interface EstateResource {
  readonly id: string;
  readonly type: string;
  /** ARM region name (`westeurope`). */
  readonly location: string;
  /** The active incidents that impact it (none: it is not impacted). */
  readonly incidents: readonly HealthEvent[];
}

/** Resources every subscription has, whatever its events; names with a space and parentheses exercise id encoding. */
const STEADY: readonly (readonly [group: string, type: string, name: string, location: string])[] = [
  ['rg-web-prod', 'Microsoft.Web/sites', 'contoso-web', 'westeurope'],
  ['rg-web-prod', 'Microsoft.Network/applicationGateways', 'contoso-agw', 'westeurope'],
  ['rg-data-prod', 'Microsoft.Sql/servers/databases', 'contoso-sql/orders', 'westeurope'],
  ['rg-data-prod', 'Microsoft.Storage/storageAccounts', 'contosodata', 'westeurope'],
  ['rg-shared', 'Microsoft.KeyVault/vaults', 'contoso-kv', 'northeurope'],
  ['rg-shared', 'Microsoft.Compute/virtualMachines', 'jumpbox-1', 'northeurope'],
  ['rg-analytics', 'Microsoft.Insights/components', 'reports (old)', 'eastus'],
  ['rg-analytics', 'Microsoft.Compute/virtualMachines', 'batch worker 2', 'eastus'],
  ['rg-network', 'Microsoft.Network/virtualNetworks', 'hub-vnet', 'westeurope'],
  ['rg-network', 'Microsoft.Cdn/profiles', 'contoso-fd', 'global'],
];

/** The region of each steady resource group: that of its first regional resource (a group is created in one region). */
const STEADY_GROUP_REGIONS = new Map<string, string>();
for (const [group, , , location] of STEADY) {
  if (location !== 'global' && !STEADY_GROUP_REGIONS.has(group)) {
    STEADY_GROUP_REGIONS.set(group, location);
  }
}

/** The region of a resource group of the steady estate, whatever resources it holds today. */
export const steadyGroupRegion = (group: string): string | undefined => STEADY_GROUP_REGIONS.get(group.toLowerCase());

/** An incident that can make resources unhealthy: an active service issue or emerging issue. */
export function isActiveIncident(event: HealthEvent): boolean {
  const p = event.properties;
  return p?.status === 'Active' && (p.eventType === 'ServiceIssue' || p.eventType === 'EmergingIssues');
}

function steadyId(subscriptionId: string, group: string, type: string, name: string): string {
  const [provider, ...types] = type.split('/');
  const names = name.split('/');
  const pairs = types.map((t, i) => `${t}/${names[i] ?? names[names.length - 1] ?? ''}`).join('/');
  return `/subscriptions/${subscriptionId}/resourceGroups/${group}/providers/${provider ?? ''}/${pairs}`;
}

/** The ARM id of an impacted resource: its targetResourceId, else one built from its info pairs. */
function impactedId(subscriptionId: string, resource: ReturnType<typeof impactedResourcesFor>[number]): { id: string; type: string } | undefined {
  const p = resource.properties;
  if (p?.targetResourceId && p.targetResourceType) {
    return { id: p.targetResourceId, type: p.targetResourceType };
  }
  const info = new Map(infoPairsOf(resource).map((i) => [i.key, i.value]));
  const [name, group, type] = [info.get('resourceName'), info.get('resourceGroup'), info.get('resourceType')];
  return name && group && type ? { id: steadyId(subscriptionId, group, type, name), type } : undefined;
}

/** Every resource of one subscription, in a stable order (by id); each impacted one lists its incidents. */
export function estateResources(store: EventStore, subscriptionId: string, seed: number): EstateResource[] {
  const byId = new Map<string, { id: string; type: string; location: string; incidents: HealthEvent[] }>();
  const rng = mulberry32(hashString(`${seed}/estate/${subKey(subscriptionId)}`));
  // Each subscription has most of the steady set, so two subscriptions do not look alike.
  for (const [group, type, name, location] of STEADY) {
    if (rng() < 0.85) {
      const id = steadyId(subscriptionId, group, type, name);
      byId.set(id.toLowerCase(), { id, type, location, incidents: [] });
    }
  }
  for (const item of store.bySubscription.get(subKey(subscriptionId)) ?? []) {
    if (!isActiveIncident(item.gen.event)) {
      continue;
    }
    for (const resource of impactedResourcesFor(item.gen.event, subscriptionId, seed)) {
      const found = impactedId(subscriptionId, resource);
      if (!found) {
        continue;
      }
      const key = found.id.toLowerCase();
      const entry = byId.get(key) ?? { ...found, location: resource.properties?.targetRegion ?? '', incidents: [] };
      entry.incidents.push(item.gen.event);
      byId.set(key, entry);
    }
  }
  return [...byId.values()].sort((a, b) => (a.id.toLowerCase() < b.id.toLowerCase() ? -1 : 1));
}

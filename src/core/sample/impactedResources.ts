/** Seeded impacted resources of the sample's events. Why: docs/architecture.md#sample-impactedresources */
import { evaluateFilter, FilterSyntaxError, parseEventsFilter, type FilterExpr } from '../api/odataFilter';
import type { ImpactedResource } from '../model/eventResourceSchemas';
import type { HealthEvent } from '../model/schemas';
import { mulberry32 } from './seededRandom';

export const IMPACTED_RESOURCE_TYPE = 'Microsoft.ResourceHealth/events/impactedResources';

const RESOURCE_TYPES: Readonly<Record<string, string>> = {
  'Virtual Machines': 'Microsoft.Compute/virtualMachines',
  'SQL Database': 'Microsoft.Sql/servers/databases',
  Storage: 'Microsoft.Storage/storageAccounts',
  'App Service': 'Microsoft.Web/sites',
  'Azure Kubernetes Service': 'Microsoft.ContainerService/managedClusters',
  'Cosmos DB': 'Microsoft.DocumentDB/databaseAccounts',
  'Key Vault': 'Microsoft.KeyVault/vaults',
  'Azure Functions': 'Microsoft.Web/sites',
  'Virtual Network': 'Microsoft.Network/virtualNetworks',
  'Azure Monitor': 'Microsoft.Insights/components',
  'Azure Front Door': 'Microsoft.Cdn/profiles',
  'Event Hubs': 'Microsoft.EventHub/namespaces',
  'Service Bus': 'Microsoft.ServiceBus/namespaces',
  'Azure Database for PostgreSQL': 'Microsoft.DBforPostgreSQL/flexibleServers',
  'Microsoft Entra ID': 'Microsoft.AAD/domainServices',
  'Azure Container Registry': 'Microsoft.ContainerRegistry/registries',
  'Application Gateway': 'Microsoft.Network/applicationGateways',
  'Azure Cache for Redis': 'Microsoft.Cache/redis',
};
const RESOURCE_GROUPS = ['rg-web-prod', 'rg-data-prod', 'rg-shared', 'rg-analytics', 'rg-network'] as const;
const NAME_PARTS = ['contoso', 'orders', 'billing', 'api', 'web', 'ingest', 'reports', 'cache'] as const;

/** ARM region name of a display name: `West Europe` → `westeurope`. */
export function armRegion(display: string): string {
  return display.toLowerCase().replace(/[^a-z0-9]/g, '');
}

export function hashString(text: string): number {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) {
    h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  }
  return h >>> 0;
}

/** The impacted resources of one event in one subscription; deterministic for (seed, event, subscription). */
export function impactedResourcesFor(event: HealthEvent, subscriptionId: string, seed: number): ImpactedResource[] {
  const trackingId = event.name ?? '';
  const rng = mulberry32(hashString(`${seed}/${trackingId}/${subscriptionId.toLowerCase()}`));
  const pairs = (event.properties?.impact ?? []).flatMap((i) =>
    (i.impactedRegions ?? []).map((r) => ({ service: i.impactedService ?? '', region: r.impactedRegion ?? '' })),
  );
  if (pairs.length === 0) {
    return [];
  }
  const count = Math.floor(rng() * 9); // 0..8
  const resources: ImpactedResource[] = [];
  for (let n = 0; n < count; n++) {
    const { service, region } = pairs[Math.floor(rng() * pairs.length)] ?? { service: '', region: '' };
    const type = RESOURCE_TYPES[service] ?? 'Microsoft.Resources/resources';
    const group = RESOURCE_GROUPS[Math.floor(rng() * RESOURCE_GROUPS.length)] ?? 'rg-shared';
    const part = NAME_PARTS[Math.floor(rng() * NAME_PARTS.length)] ?? 'app';
    const resourceName = `${part}-${armRegion(region).slice(0, 8)}-${n + 1}`;
    const name = `${(hashString(`${trackingId}/${subscriptionId}/${n}`) >>> 0).toString(16).padStart(8, '0')}-0000-4000-8000-${String(n).padStart(12, '0')}`;
    const id = `/subscriptions/${subscriptionId}/providers/Microsoft.ResourceHealth/events/${trackingId}/impactedResources/${name}`;
    const targetRegion = armRegion(region);
    const infoOnly = rng() < 0.1;
    resources.push({
      id,
      name,
      type: IMPACTED_RESOURCE_TYPE,
      properties: infoOnly
        ? {
            targetRegion,
            info: [
              { key: 'resourceName', value: resourceName },
              { key: 'resourceGroup', value: group },
              { key: 'resourceType', value: type },
            ],
          }
        : {
            targetResourceType: type,
            targetResourceId: `/subscriptions/${subscriptionId}/resourceGroups/${group}/providers/${type}/${resourceName}`,
            targetRegion,
          },
    });
  }
  return resources;
}

/** Parses `targetRegion eq '…'` / `targetResourceType eq '…'` filters; a FilterSyntaxError is the caller's 400. */
export function parseImpactedResourcesFilter(text: string): FilterExpr {
  const rewritten = text.replace(/\btargetRegion\b/gi, 'region').replace(/\btargetResourceType\b/gi, 'service');
  return parseEventsFilter(rewritten);
}

/** Matches one resource, reusing the events evaluator on a stand-in event (service = resource type). */
export function resourceMatches(expr: FilterExpr, resource: ImpactedResource): boolean {
  const p = resource.properties;
  const type = p?.targetResourceType ?? (Array.isArray(p?.info) ? p.info.find((i) => i.key === 'resourceType')?.value : undefined) ?? '';
  const standIn: HealthEvent = {
    properties: { impact: [{ impactedService: type, impactedRegions: [{ impactedRegion: p?.targetRegion ?? '' }] }] },
  };
  return evaluateFilter(expr, standIn);
}

export { FilterSyntaxError };

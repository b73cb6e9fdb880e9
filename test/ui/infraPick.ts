// A template that deploys what one of the embedded sample service's active service issues touches:
// the Bicep UI group and the @health workspace question both need one.
import { sameService, serviceOfArmType } from '../../src/core/infra/serviceMap';
import { generateEvents } from '../../src/core/sample/generator';
import { generateGuids } from '../../src/core/sample/seededRandom';
import { indexEvents } from '../../src/core/sample/eventStore';
import { SampleEstate } from '../../src/core/sample/estate';
import { resourceIdOf, resourceNameOfId, resourceTypeOfId, stateOf } from '../../src/core/model/availability';
import { regionDisplayName } from '../../src/core/query/regionNames';
import { resourceGroupsOf } from '../../src/core/sample/resourceGroups';

/** ARM types of services the sample service names (each checked against the reader's table below). */
const ARM_TYPES = ['Microsoft.Web/sites', 'Microsoft.Storage/storageAccounts', 'Microsoft.KeyVault/vaults', 'Microsoft.Compute/virtualMachines', 'Microsoft.Sql/servers/databases', 'Microsoft.ServiceBus/namespaces', 'Microsoft.EventHub/namespaces'];

export interface Pick {
  readonly trackingId: string;
  readonly title: string;
  readonly service: string;
  readonly region: string;
  readonly type: string;
}

/**
 * An active service issue of the extension's embedded sample service (its defaults: seed 1, three
 * subscriptions, 150 events; what it is does not depend on the time), updated in the last 5 days so
 * the 7-day window lists it, whose service an ARM type above deploys.
 */
export function activeIssue(): Pick {
  const now = Date.now();
  for (const { event } of generateEvents({ count: 150, seed: 1, now, subscriptionIds: generateGuids(1, 3) })) {
    const p = event.properties;
    if (p?.eventType !== 'ServiceIssue' || p.status !== 'Active' || now - Date.parse(p.lastUpdateTime ?? '') > 5 * 86_400_000) continue;
    const impact = p.impact?.[0];
    const type = ARM_TYPES.find((t) => sameService(serviceOfArmType(t) ?? '', impact?.impactedService ?? ''));
    const region = impact?.impactedRegions?.[0]?.impactedRegion;
    if (type && region) return { trackingId: event.name ?? '', title: p.title ?? '', service: serviceOfArmType(type) ?? '', region, type };
  }
  throw new Error('The sample service has no recent active service issue of a service this test can deploy.');
}

export function bicepFor(pick: Pick): string {
  return `param location string = '${pick.region.toLowerCase().replace(/\s+/g, '')}'\n\nresource app '${pick.type}@2023-01-01' = {\n  name: 'ui-test'\n  location: location\n}\n`;
}


export interface UnhealthyPick {
  readonly name: string;
  readonly type: string;
  readonly location: string;
  readonly state: string;
}

/**
 * A resource of the embedded sample service's estate that an active incident impacts (so it is
 * Unavailable or Degraded whatever the time), whose name no other resource of the three
 * subscriptions has, and whose type and region the reader maps to a target.
 */
export function unhealthyResource(): UnhealthyPick {
  const now = Date.now();
  const subscriptionIds = generateGuids(1, 3);
  const estate = new SampleEstate(indexEvents(generateEvents({ count: 150, seed: 1, now, subscriptionIds }), subscriptionIds), 1, now);
  const statuses = subscriptionIds.flatMap((s) => estate.statuses(s));
  const names = statuses.map((s) => resourceNameOfId(resourceIdOf(s) ?? '')?.toLowerCase() ?? '');
  for (const [i, status] of statuses.entries()) {
    const id = resourceIdOf(status) ?? '';
    const [name, type, state, location] = [resourceNameOfId(id) ?? '', resourceTypeOfId(id) ?? '', stateOf(status) ?? '', status.location ?? ''];
    const unique = names.filter((n) => n === names[i]).length === 1;
    if (state !== 'Available' && state !== 'Unknown' && unique && /^[\w.-]+$/.test(name) && type.split('/').length === 2 && serviceOfArmType(type) && regionDisplayName(location)) {
      return { name, type, location, state };
    }
  }
  throw new Error('The sample estate has no impacted resource with a unique name this test can declare.');
}

export function bicepNaming(pick: UnhealthyPick): string {
  return `resource impacted '${pick.type}@2023-01-01' = {\n  name: '${pick.name}'\n  location: '${pick.location}'\n}\n`;
}

export interface GroupPick extends Pick {
  /** A resource group of the sample service in the issue's region (every sample subscription has the same groups). */
  readonly group: string;
}

/** ARM types the region-choice test may deploy: the sample service's active issues name these services too. */
const GROUP_ARM_TYPES = [...ARM_TYPES, 'Microsoft.Cache/redis', 'Microsoft.DBforPostgreSQL/flexibleServers', 'Microsoft.ContainerService/managedClusters', 'Microsoft.DocumentDB/databaseAccounts'];

/**
 * An active service issue of the embedded sample service (as activeIssue: updated in the last 5
 * days) whose service an ARM type above deploys, in the region of one of the sample service's
 * resource groups: choosing that group for `resourceGroup().location` puts the template in it.
 */
export function groupIssue(): GroupPick {
  const now = Date.now();
  const subscriptionIds = generateGuids(1, 3);
  const events = generateEvents({ count: 150, seed: 1, now, subscriptionIds });
  const estate = new SampleEstate(indexEvents(events, subscriptionIds), 1, now);
  const groups = resourceGroupsOf(estate, subscriptionIds[0] ?? '');
  for (const { event } of events) {
    const p = event.properties;
    if (p?.eventType !== 'ServiceIssue' || p.status !== 'Active' || now - Date.parse(p.lastUpdateTime ?? '') > 5 * 86_400_000) continue;
    for (const impact of p.impact ?? []) {
      const type = GROUP_ARM_TYPES.find((t) => sameService(serviceOfArmType(t) ?? '', impact.impactedService ?? ''));
      for (const { impactedRegion } of impact.impactedRegions ?? []) {
        const group = groups.find((g) => regionDisplayName(g.location) === regionDisplayName(impactedRegion ?? ''));
        if (type && group && impactedRegion) {
          return { trackingId: event.name ?? '', title: p.title ?? '', service: serviceOfArmType(type) ?? '', region: regionDisplayName(impactedRegion) ?? impactedRegion, type, group: group.name };
        }
      }
    }
  }
  throw new Error('The sample service has no recent active service issue in the region of one of its resource groups.');
}

/** The quickstart shape: the location is the resource group's, decided at deployment (line 5 is the location line). */
export function bicepAtDeployment(pick: Pick): string {
  return `param location string = resourceGroup().location\n\nresource app '${pick.type}@2023-01-01' = {\n  name: 'ui-region'\n  location: location\n}\n`;
}

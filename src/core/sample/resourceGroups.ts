/**
 * The sample estate's resource groups: every group its resources name. A steady group keeps its
 * own region whatever the events put in it (ARM keeps a group's region apart from its resources');
 * any other is in the region of its first regional resource, else West Europe.
 */
import type { SampleEstate } from './estate';
import { steadyGroupRegion } from './estateResources';
import { error } from './replies';
import type { Reply } from './types';

export const RESOURCE_GROUPS_API_VERSIONS: readonly string[] = ['2021-04-01', '2022-09-01', '2024-03-01'];

export interface SampleResourceGroup {
  readonly id: string;
  readonly name: string;
  readonly type: 'Microsoft.Resources/resourceGroups';
  readonly location: string;
  readonly properties: { readonly provisioningState: 'Succeeded' };
}

const HOME_REGION = 'westeurope';

/** The groups of one subscription, by name (ARM compares group names without case), in a stable order. */
export function resourceGroupsOf(estate: SampleEstate, subscriptionId: string): SampleResourceGroup[] {
  const groups = new Map<string, { name: string; location?: string }>();
  for (const resource of estate.resourcesOf(subscriptionId)) {
    const name = /\/resourceGroups\/([^/]+)\//i.exec(resource.id)?.[1];
    if (!name) {
      continue;
    }
    const group = groups.get(name.toLowerCase()) ?? { name, location: steadyGroupRegion(name) };
    const region = resource.location.toLowerCase().replace(/\s+/g, '');
    group.location ??= region === '' || region === 'global' ? undefined : region;
    groups.set(name.toLowerCase(), group);
  }
  return [...groups.values()]
    .sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1))
    .map(({ name, location }) => ({
      id: `/subscriptions/${subscriptionId}/resourceGroups/${name}`,
      name,
      type: 'Microsoft.Resources/resourceGroups',
      location: location ?? HOME_REGION,
      properties: { provisioningState: 'Succeeded' },
    }));
}

/** ARM's 404 for a subscription the service does not hold. */
export const subscriptionNotFound = (subscriptionId: string): Reply =>
  error(404, 'SubscriptionNotFound', `The subscription '${subscriptionId}' could not be found.`, 'Check the subscription id and that your account can access it.');

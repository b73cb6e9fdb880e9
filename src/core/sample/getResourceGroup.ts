/** GET /subscriptions/{id}/resourcegroups/{name}: one group of the sample estate, or ARM's ResourceGroupNotFound. */
import type { SampleEstate } from './estate';
import { checkApiVersion, error } from './replies';
import { RESOURCE_GROUPS_API_VERSIONS, resourceGroupsOf, subscriptionNotFound } from './resourceGroups';
import type { Reply } from './types';

export function getResourceGroup(estate: SampleEstate, url: URL, subscriptionId: string, name: string): Reply {
  const bad = checkApiVersion(url, RESOURCE_GROUPS_API_VERSIONS);
  if (bad) {
    return bad;
  }
  if (!estate.serves(subscriptionId)) {
    return subscriptionNotFound(subscriptionId);
  }
  const group = resourceGroupsOf(estate, subscriptionId).find((g) => g.name.toLowerCase() === name.toLowerCase());
  return group ? { status: 200, body: group } : error(404, 'ResourceGroupNotFound', `Resource group '${name}' could not be found.`);
}

/** GET /subscriptions/{id}/resourcegroups: the groups of the sample estate, paged like every ARM list. */
import type { AvailabilityContext } from './listAvailabilityStatuses';
import { checkApiVersion } from './replies';
import { pageReply } from './resourcePaging';
import { RESOURCE_GROUPS_API_VERSIONS, resourceGroupsOf, subscriptionNotFound } from './resourceGroups';
import type { Reply } from './types';

/** `ctx`: the estate and paging, as the availability listings take them. */
export function listResourceGroups(ctx: AvailabilityContext, url: URL, subscriptionId: string): Reply {
  const bad = checkApiVersion(url, RESOURCE_GROUPS_API_VERSIONS);
  if (bad) {
    return bad;
  }
  if (!ctx.estate.serves(subscriptionId)) {
    return subscriptionNotFound(subscriptionId);
  }
  const items = resourceGroupsOf(ctx.estate, subscriptionId);
  return pageReply({ items, url, origin: ctx.origin(), pageSize: ctx.pageSize(), queryKey: `resourcegroups\n${subscriptionId.toLowerCase()}` });
}

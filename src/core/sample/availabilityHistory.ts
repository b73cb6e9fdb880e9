/** GET {resourceId}/providers/Microsoft.ResourceHealth/availabilityStatuses: one resource's transitions, newest first, paged. */
import { asSent, decodedResourceId, expandsActions } from './estate';
import type { AvailabilityContext } from './listAvailabilityStatuses';
import { checkApiVersion, error, EVENTS_API_VERSIONS, param } from './replies';
import { pageReply } from './resourcePaging';
import type { Reply } from './types';

export function availabilityHistory(ctx: AvailabilityContext, url: URL, encodedResourcePath: string): Reply {
  const bad = checkApiVersion(url, EVENTS_API_VERSIONS);
  if (bad) {
    return bad;
  }
  const resourceId = decodedResourceId(encodedResourcePath);
  if (resourceId === undefined) {
    return error(400, 'InvalidResourceId', 'The resource id in the path is not valid percent-encoding.', 'Encode each segment of the resource id once.');
  }
  const found = ctx.estate.find(resourceId);
  if ('status' in found) {
    return found;
  }
  const withActions = expandsActions(url);
  const items = ctx.estate.history(found).map((s) => asSent(s, withActions));
  return pageReply({ items, url, origin: ctx.origin(), pageSize: ctx.pageSize(), queryKey: `history\n${resourceId.toLowerCase()}\n${param(url, '$expand') ?? ''}` });
}

/** GET {resourceId}/providers/Microsoft.ResourceHealth/availabilityStatuses: one resource's transitions, newest first, paged. */
import { availabilityResource } from './availabilityResource';
import { asSent, expandsActions } from './estate';
import type { AvailabilityContext } from './listAvailabilityStatuses';
import { param } from './replies';
import { pageReply } from './resourcePaging';
import type { Reply } from './types';

export function availabilityHistory(ctx: AvailabilityContext, url: URL, encodedResourcePath: string): Reply {
  const asked = availabilityResource(ctx, url, encodedResourcePath);
  if ('refused' in asked) {
    return asked.refused;
  }
  const withActions = expandsActions(url);
  const items = ctx.estate.history(asked.resource).map((s) => asSent(s, withActions));
  return pageReply({ items, url, origin: ctx.origin(), pageSize: ctx.pageSize(), queryKey: `history\n${asked.resourceId.toLowerCase()}\n${param(url, '$expand') ?? ''}` });
}

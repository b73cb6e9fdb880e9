/** GET /subscriptions/{id}/providers/Microsoft.ResourceHealth/availabilityStatuses: the current status of every resource, paged. */
import { asSent, expandsActions, type SampleEstate } from './estate';
import { checkApiVersion, error, EVENTS_API_VERSIONS, param } from './replies';
import { pageReply } from './resourcePaging';
import type { Reply } from './types';

export interface AvailabilityContext {
  readonly estate: SampleEstate;
  readonly origin: () => string;
  readonly pageSize: () => number;
}

export function listAvailabilityStatuses(ctx: AvailabilityContext, url: URL, subscriptionId: string): Reply {
  const bad = checkApiVersion(url, EVENTS_API_VERSIONS);
  if (bad) {
    return bad;
  }
  if (!ctx.estate.serves(subscriptionId)) {
    return error(404, 'SubscriptionNotFound', `The subscription '${subscriptionId}' could not be found.`, 'Check the subscription id and that your account can access it.');
  }
  const withActions = expandsActions(url);
  const items = ctx.estate.statuses(subscriptionId).map((s) => asSent(s, withActions));
  return pageReply({ items, url, origin: ctx.origin(), pageSize: ctx.pageSize(), queryKey: `availability\n${subscriptionId.toLowerCase()}\n${param(url, '$expand') ?? ''}` });
}

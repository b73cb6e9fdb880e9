/** GET {resourceId}/providers/Microsoft.ResourceHealth/availabilityStatuses/current: one resource's status. */
import { asSent, decodedResourceId, expandsActions } from './estate';
import type { AvailabilityContext } from './listAvailabilityStatuses';
import { checkApiVersion, error, EVENTS_API_VERSIONS } from './replies';
import type { Reply } from './types';

export function currentAvailabilityStatus(ctx: AvailabilityContext, url: URL, encodedResourcePath: string): Reply {
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
  return { status: 200, body: asSent(ctx.estate.current(found), expandsActions(url)), shape: 'other' };
}

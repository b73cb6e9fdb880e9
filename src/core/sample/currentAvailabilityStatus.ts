/** GET {resourceId}/providers/Microsoft.ResourceHealth/availabilityStatuses/current: one resource's status. */
import { availabilityResource } from './availabilityResource';
import { asSent, expandsActions } from './estate';
import type { AvailabilityContext } from './listAvailabilityStatuses';
import type { Reply } from './types';

export function currentAvailabilityStatus(ctx: AvailabilityContext, url: URL, encodedResourcePath: string): Reply {
  const asked = availabilityResource(ctx, url, encodedResourcePath);
  if ('refused' in asked) {
    return asked.refused;
  }
  return { status: 200, body: asSent(ctx.estate.current(asked.resource), expandsActions(url)), shape: 'other' };
}

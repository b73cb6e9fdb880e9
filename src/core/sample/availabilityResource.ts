/** The resource a one-resource availability route names, or the reply that refuses it (api-version, encoding, unknown resource). */
import { decodedResourceId } from './estate';
import type { AvailabilityContext } from './listAvailabilityStatuses';
import { checkApiVersion, error, EVENTS_API_VERSIONS } from './replies';
import type { Reply } from './types';

type Found = Exclude<ReturnType<AvailabilityContext['estate']['find']>, Reply>;

export function availabilityResource(ctx: AvailabilityContext, url: URL, encodedResourcePath: string): { readonly resource: Found; readonly resourceId: string } | { readonly refused: Reply } {
  const bad = checkApiVersion(url, EVENTS_API_VERSIONS);
  if (bad) {
    return { refused: bad };
  }
  const resourceId = decodedResourceId(encodedResourcePath);
  if (resourceId === undefined) {
    return { refused: error(400, 'InvalidResourceId', 'The resource id in the path is not valid percent-encoding.', 'Encode each segment of the resource id once.') };
  }
  const found = ctx.estate.find(resourceId);
  return 'status' in found ? { refused: found } : { resource: found, resourceId };
}

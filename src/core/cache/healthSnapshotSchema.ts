/** zod checks of cached resource health (healthSnapshot.ts), part of the validation bundle like the events snapshot's. */
import * as z from 'zod';
import { HEALTH_CACHE_VERSION } from './cacheVersion';

export const healthSnapshotSchema = z.object({
  version: z.literal(HEALTH_CACHE_VERSION),
  savedAt: z.number(),
  listing: z.object({
    subscriptions: z.array(z.string()),
    fullAt: z.number(),
    startedAt: z.number(),
  }),
  // Items are checked one by one in restore (a malformed one is skipped, not the whole cache).
  statuses: z.array(z.unknown()),
});

/**
 * The last resource health listing as the cache saves it: the statuses of the subscriptions answered
 * in full and the listing memory that lets the next listing ask only for changes (core/health/healthLoad.ts).
 */
import type * as z from 'zod';
import type { ListingMemory } from '../health/healthLoad';
import type { AvailabilityStatus } from '../model/availability';
import { validation } from '../model/validation';
import { HEALTH_CACHE_VERSION } from './cacheVersion';
import type { healthSnapshotSchema } from './healthSnapshotSchema';

export type HealthSnapshot = Omit<z.infer<typeof healthSnapshotSchema>, 'statuses'> & { readonly statuses: readonly AvailabilityStatus[] };

export interface CachedHealth {
  readonly statuses: AvailabilityStatus[];
  readonly listing: ListingMemory;
  readonly savedAt: number;
}

export function healthSnapshotOf(statuses: readonly AvailabilityStatus[], listing: ListingMemory, savedAt: number): HealthSnapshot {
  return { version: HEALTH_CACHE_VERSION, savedAt, listing: { subscriptions: [...listing.subscriptions], fullAt: listing.fullAt, startedAt: listing.startedAt }, statuses };
}

/** A snapshot written by {@link healthSnapshotOf}; undefined for an unreadable or other-version one. Malformed statuses are skipped. */
export function readHealthSnapshot(json: unknown): CachedHealth | undefined {
  // No file (the usual case before the first listing): no need to load the schemas (zod) for it.
  if (typeof json !== 'object' || json === null) {
    return undefined;
  }
  const { healthSnapshotSchema: schema, availabilityStatusSchema } = validation();
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    return undefined;
  }
  const statuses = parsed.data.statuses.flatMap((item) => {
    const status = availabilityStatusSchema.safeParse(item);
    return status.success ? [status.data] : [];
  });
  return { statuses, listing: parsed.data.listing, savedAt: parsed.data.savedAt };
}

/**
 * zod checks of a cached events snapshot. Part of the validation bundle (see model/validation.ts):
 * they load when a cache is restored (snapshot.ts), not when the extension starts.
 */
import * as z from 'zod';
import { compileFastCheck } from '../model/fastCheck';
import { eventSchema, type HealthEvent } from '../model/schemas';
import { CACHE_VERSION } from './cacheVersion';

export const snapshotStateSchema = z.object({
  lastSuccessAt: z.number().optional(),
  coveredSince: z.number().optional(),
  lastError: z.string().optional(),
  lastErrorAt: z.number().optional(),
});

export const snapshotSchema = z.object({
  version: z.literal(CACHE_VERSION),
  savedAt: z.number(),
  subscriptions: z.record(z.string(), snapshotStateSchema),
  // Items are checked one by one in restore (a malformed one is skipped, not the whole cache).
  events: z.array(z.unknown()),
  seen: z.array(z.string()),
  notifiedIssues: z.array(z.string()),
  notifiedActions: z.array(z.string()),
});

/** Cached events are checked without zod's copy of every object when they pass as they are (10,000 events: seconds). */
const fastEventCheck = compileFastCheck(eventSchema);

/** One cached `{ subscriptionId, event }`, checked; undefined when malformed. */
export function cachedEvent(item: unknown): { subscriptionId: string; event: HealthEvent } | undefined {
  const i = item as { subscriptionId?: unknown; event?: unknown } | null;
  if (typeof i !== 'object' || i === null || typeof i.subscriptionId !== 'string') {
    return undefined;
  }
  if (fastEventCheck?.(i.event)) {
    return { subscriptionId: i.subscriptionId, event: i.event as HealthEvent };
  }
  const parsed = eventSchema.safeParse(i.event);
  return parsed.success ? { subscriptionId: i.subscriptionId, event: parsed.data } : undefined;
}

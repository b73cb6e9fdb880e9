/**
 * When the Resources view lists resource health (after events loads: visible or notifications on;
 * never with a rejected token), and whether only changes are asked for (Resource Graph only).
 * Why: docs/architecture.md#health-healthload
 */
import { ApiError } from '../api/errors';

export const FULL_LISTING_EVERY_MS = 60 * 60_000;
export const INCREMENTAL_OVERLAP_MS = 15 * 60_000;

export type NotificationsLevel = 'all' | 'serviceIssues' | 'off';

/** True when every subscription of the events load was refused with 401 (an expired or revoked token). */
export function tokenRejected(errors: readonly unknown[], subscriptionCount: number): boolean {
  return subscriptionCount > 0 && errors.length >= subscriptionCount && errors.every((e) => e instanceof ApiError && e.status === 401);
}

/** What to do with resource health after an events load: list it now, when the view is shown, or not at all. */
export function afterEventsLoad(o: { readonly visible: boolean; readonly notifications: NotificationsLevel; readonly errors: readonly unknown[]; readonly subscriptionCount: number }): 'load' | 'whenShown' | 'skip' {
  if (o.subscriptionCount === 0 || tokenRejected(o.errors, o.subscriptionCount)) {
    return 'skip';
  }
  return o.visible || o.notifications !== 'off' ? 'load' : 'whenShown';
}

/** The last listing: the subscriptions answered in full (lower case, sorted), when the last full one and the last one started. */
export interface ListingMemory {
  readonly subscriptions: readonly string[];
  readonly fullAt: number;
  readonly startedAt: number;
}

export function subscriptionsKey(ids: readonly string[]): string[] {
  return [...new Set(ids.map((id) => id.toLowerCase()))].sort();
}

/** The time from which a listing may ask only for changes; undefined for a full listing. */
export function incrementalSince(memory: ListingMemory | undefined, subscriptionIds: readonly string[], threshold: number, now: number): Date | undefined {
  const wanted = subscriptionsKey(subscriptionIds);
  if (!memory || threshold <= 0 || wanted.length < threshold) {
    return undefined;
  }
  const same = memory.subscriptions.length === wanted.length && wanted.every((id, i) => memory.subscriptions[i] === id);
  const fresh = now >= memory.fullAt && now - memory.fullAt < FULL_LISTING_EVERY_MS && memory.startedAt >= memory.fullAt && memory.startedAt <= now;
  return same && fresh ? new Date(memory.startedAt - INCREMENTAL_OVERLAP_MS) : undefined;
}

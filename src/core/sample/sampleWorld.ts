// What one sample service holds before it listens: its events, subscriptions, knobs and counters.
import { randomBytes } from 'node:crypto';
import { indexEvents, type EventStore } from './eventStore';
import { generateEvents, type GeneratedEvent } from './generator';
import { generateGuids } from './seededRandom';
import type { SampleKnobs, SampleServiceOptions, SampleStats } from './types';

export interface SampleWorld {
  readonly now: () => number;
  readonly seed: number;
  readonly token: string;
  readonly subscriptionIds: string[];
  readonly tenantId: string;
  readonly startedAt: number;
  readonly events: readonly GeneratedEvent[];
  readonly store: EventStore;
}

/** The seeded events and subscriptions (or the caller's own), indexed for the routes. */
export function sampleWorld(options: SampleServiceOptions): SampleWorld {
  const now = options.now ?? Date.now;
  const seed = options.seed ?? 1;
  const token = options.token ?? randomBytes(24).toString('base64url');
  const overrideSubs = options.eventsOverride ? [...new Set(options.eventsOverride.flatMap((g) => g.subscriptionIds))] : [];
  const subscriptionIds = [
    ...(options.subscriptionIds ?? (overrideSubs.length > 0 ? overrideSubs : generateGuids(seed, Math.max(1, Math.floor(options.subscriptions ?? 3))))),
  ];
  const tenantId = generateGuids(seed + 1, 1)[0] as string;
  const startedAt = now();
  const events =
    options.eventsOverride ??
    generateEvents({
      count: options.events ?? 300,
      seed,
      now: startedAt,
      subscriptionIds,
      ...(options.maxSubscriptionsPerEvent !== undefined ? { maxSubscriptionsPerEvent: options.maxSubscriptionsPerEvent } : {}),
    });
  return { now, seed, token, subscriptionIds, tenantId, startedAt, events, store: indexEvents(events, subscriptionIds) };
}

export function emptyStats(): SampleStats {
  return {
    requests: 0,
    byPath: new Map(),
    byGraphQuery: new Map(),
    byStatus: new Map(),
    inFlight: 0,
    peakInFlight: 0,
    primaryLimited: 0,
    secondaryLimited: 0,
    armThrottled: 0,
    requestsBeforeReset: 0,
  };
}

/** Clears the counters a benchmark reads, keeping the requests still in flight. */
export function resetStats(stats: SampleStats): void {
  Object.assign(stats, { requests: 0, peakInFlight: stats.inFlight, primaryLimited: 0, secondaryLimited: 0, armThrottled: 0, requestsBeforeReset: 0 });
  stats.byPath.clear();
  stats.byGraphQuery.clear();
  stats.byStatus.clear();
}

export function knobsOf(options: SampleServiceOptions): SampleKnobs {
  return {
    latencyMs: options.latencyMs ?? 0,
    pageSize: options.pageSize ?? 50,
    denyFetchEventDetails: options.denyFetchEventDetails ?? false,
    denySecurityAdvisoryImpactedResources: options.denySecurityAdvisoryImpactedResources ?? false,
    denyTenantScope: options.denyTenantScope ?? false,
    denyResourceGraph: options.denyResourceGraph ?? false,
    unreadableSubscriptions: [...(options.unreadableSubscriptions ?? [])],
    resourceGraphQuota: options.resourceGraphQuota ?? 15,
    resourceGraphWindowMs: options.resourceGraphWindowMs ?? 5000,
  };
}

/** Sleeps the server can cancel on close (latency knob, fault delays). */
export function cancellableSleeps(): { readonly sleep: (ms: number) => Promise<void>; readonly cancelAll: () => void } {
  const timers = new Set<NodeJS.Timeout>();
  return {
    sleep: (ms) =>
      new Promise((resolve) => {
        const t = setTimeout(() => {
          timers.delete(t);
          resolve();
        }, ms);
        timers.add(t);
      }),
    cancelAll: () => {
      for (const t of timers) {
        clearTimeout(t);
      }
      timers.clear();
    },
  };
}

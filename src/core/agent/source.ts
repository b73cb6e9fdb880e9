/**
 * Where the agent tools (language-model tools in VS Code, the MCP server) read health data from.
 * The MCP server reads the API directly (every page); the extension answers from the events it
 * already holds when they cover the window, so a model's questions cost no extra quota. Resource
 * health is listed once (Resource Graph from the threshold on) and kept a few minutes for paging.
 */
import type { AvailabilityApi, SubscriptionStatuses } from '../api/availabilityApi';
import { DEFAULT_RESOURCE_GRAPH_THRESHOLD } from '../api/availabilityListing';
import type { ResourceGraphApi } from '../api/resourceGraphApi';
import type { EventResourcesApi } from '../api/eventResourcesApi';
import type { HealthEventsApi } from '../api/healthEventsApi';
import { trackingIdOrUndefined, type StoredEvent } from '../events/eventFacts';
import type { QuotaState } from '../http/types';
import type { AvailabilityStatus } from '../model/availability';
import type { ImpactedResource } from '../model/eventResourceSchemas';
import type { HealthEvent, RateLimitStatus } from '../model/schemas';
import type { ListedSubscriptions } from '../subscriptions/listedSubscriptions';
import { keptAvailabilityListing } from './availabilitySource';

export interface SubscriptionFailure {
  readonly subscriptionId: string;
  readonly message: string;
}

export interface SourceListing {
  readonly events: StoredEvent[];
  /** Subscriptions that failed while others worked (a total failure throws instead). */
  readonly failures: readonly SubscriptionFailure[];
}

export interface RateLimitReading {
  /** GET /rate_limit when the service offers it. */
  readonly status?: RateLimitStatus;
  /** What the response headers reported so far. */
  readonly quota?: QuotaState;
}

export interface HealthDataSource {
  /** The subscriptions used when the caller names none (configured or selected). */
  subscriptions(): Promise<readonly string[]>;
  /** Events updated since `since`, of these subscriptions, every page. */
  listEvents(subscriptionIds: readonly string[], since: Date, signal?: AbortSignal): Promise<SourceListing>;
  /** The full text of a sensitive event (Fetch details). */
  fetchEventDetails(subscriptionId: string, trackingId: string, signal?: AbortSignal): Promise<HealthEvent>;
  /** Resources of the subscription the event affects, every page. */
  listImpactedResources(subscriptionId: string, trackingId: string, signal?: AbortSignal): Promise<ImpactedResource[]>;
  rateLimit(signal?: AbortSignal): Promise<RateLimitReading>;
  /** Resource Health of these subscriptions, every page; a failing subscription carries its error and loses no other. */
  listAvailability?(subscriptionIds: readonly string[], signal?: AbortSignal): Promise<SubscriptionStatuses[]>;
  /** One resource's current availability status, with its recommended actions. */
  currentAvailability?(resourceId: string, signal?: AbortSignal): Promise<AvailabilityStatus>;
  /** One resource's availability transitions. */
  availabilityHistory?(resourceId: string, signal?: AbortSignal): Promise<AvailabilityStatus[]>;
  /** The portal of the configured cloud: recommended actions' placeholder links open there. */
  portal?(): string;
  now(): number;
  /** A subscription's display name, so answers name it; absent or undefined: only the id is known. */
  subscriptionName?(subscriptionId: string): string | undefined;
}

export interface ApiSourceOptions {
  readonly api: HealthEventsApi;
  readonly resources: EventResourcesApi;
  /** Resource Health; without it the resource health tools say they are not available. */
  readonly availability?: AvailabilityApi;
  /** Resource Graph, for resource health of many subscriptions in one query per 1,000. */
  readonly graph?: ResourceGraphApi;
  /** Subscriptions from which Resource Graph is used (default DEFAULT_RESOURCE_GRAPH_THRESHOLD; 0 never). */
  readonly graphThreshold?: () => number;
  /** The configured cloud's portal (default: the public cloud's). */
  readonly portal?: string;
  /** The client's quota as its response headers reported it. */
  readonly quota: () => QuotaState | undefined;
  /** Fixed subscriptions (`--subscription`); empty: every subscription the token can see. */
  readonly subscriptions: readonly string[];
  readonly now?: () => number;
  /**
   * The token's subscriptions listed once (the MCP server): answers name subscriptions, and
   * `subscriptions()` reuses the listing. Without it, names are left to the host.
   */
  readonly listed?: ListedSubscriptions;
}

/** A source straight on the API: every call goes to the service. */
export function apiSource(options: ApiSourceOptions): HealthDataSource {
  let visible: Promise<readonly string[]> | undefined;
  const { listed } = options;
  /** `work`, with the names listed alongside (the answer formats them), when the host asked for them. */
  const named = async <T>(work: Promise<T>): Promise<T> => (listed ? (await Promise.all([work, listed.namesReady()]))[0] : work);
  return {
    subscriptions: () => {
      if (options.subscriptions.length > 0) return Promise.resolve(options.subscriptions);
      if (listed) return listed.all().then((subs) => subs.map((s) => s.subscriptionId));
      // Listed once per server: subscriptions rarely change while a client runs.
      visible ??= options.api.listSubscriptions().then(
        (subs) => subs.map((s) => s.subscriptionId),
        (error: unknown) => {
          visible = undefined;
          throw error;
        },
      );
      return visible;
    },
    listEvents: async (subscriptionIds, since, signal) => {
      const results = await named(options.api.listEventsForSubscriptions(subscriptionIds, { queryStartTime: since, ...(signal ? { signal } : {}) }));
      const failed = results.filter((r) => r.error);
      if (failed.length > 0 && failed.length === results.length && failed[0]?.error) {
        throw failed[0].error;
      }
      return {
        events: results.flatMap((r) => toStored(r.subscriptionId, r.events)),
        failures: failed.map((r) => ({ subscriptionId: r.subscriptionId, message: r.error?.message ?? 'failed' })),
      };
    },
    fetchEventDetails: (subscriptionId, trackingId, signal) => options.api.fetchEventDetails(subscriptionId, trackingId, signal ? { signal } : {}),
    listImpactedResources: (subscriptionId, trackingId, signal) => named(options.resources.listImpactedResources(subscriptionId, trackingId, signal ? { signal } : {})),
    rateLimit: async (signal) => {
      const status = await options.api.getRateLimitStatus(signal ? { signal } : {});
      const quota = options.quota();
      return { ...(status ? { status } : {}), ...(quota ? { quota } : {}) };
    },
    ...availabilityOf(options, named),
    now: options.now ?? Date.now,
    ...(listed ? { subscriptionName: listed.name } : {}),
  };
}

type AvailabilityMethods = Pick<HealthDataSource, 'listAvailability' | 'currentAvailability' | 'availabilityHistory' | 'portal'>;

function availabilityOf(options: ApiSourceOptions, named: <T>(work: Promise<T>) => Promise<T>): AvailabilityMethods {
  const { availability: api, portal } = options;
  if (!api) return {};
  const at = (signal?: AbortSignal) => (signal ? { signal } : {});
  const list = keptAvailabilityListing({
    api,
    ...(options.graph ? { graph: options.graph } : {}),
    threshold: options.graphThreshold ?? (() => DEFAULT_RESOURCE_GRAPH_THRESHOLD),
    now: options.now ?? Date.now,
  });
  return {
    listAvailability: (subscriptionIds, signal) => named(list(subscriptionIds, signal)),
    currentAvailability: (resourceId, signal) => api.getCurrent(resourceId, at(signal)),
    availabilityHistory: (resourceId, signal) => api.listHistory(resourceId, at(signal)),
    portal: () => portal ?? 'https://portal.azure.com',
  };
}

export function toStored(subscriptionId: string, events: readonly HealthEvent[]): StoredEvent[] {
  return events.flatMap((event) => {
    const trackingId = trackingIdOrUndefined(event);
    return trackingId ? [{ subscriptionId, trackingId, event }] : [];
  });
}

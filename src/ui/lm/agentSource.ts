/**
 * The agent tools' data source inside the extension: the events the Events view and the statuses
 * the Resources view already hold when they cover the question (no extra requests, no quota spent),
 * the current connection's API otherwise. When nothing can be loaded, the reason is the tool's
 * answer (sign in, select…).
 */
import { heldAvailability, type HeldHealth } from '../../core/agent/availabilitySource';
import { AvailabilityApi } from '../../core/api/availabilityApi';
import { EventResourcesApi } from '../../core/api/eventResourcesApi';
import { ResourceGraphApi } from '../../core/api/resourceGraphApi';
import { ToolAnswerError } from '../../core/agent/toolAnswerError';
import { apiSource, type HealthDataSource } from '../../core/agent/source';
import { lastUpdateOf, type StoredEvent } from '../../core/events/eventFacts';
import type { Connection } from '../connection/connectionManager';

const DAY = 86_400_000;

export interface AgentHostDeps {
  connection(): Connection | undefined;
  /** Every held event (before the view filter). */
  heldEvents(): readonly StoredEvent[];
  /** The held subscription's last failure (e.g. "no access"), one sentence; undefined when its last listing succeeded. */
  heldFailure?(subscriptionId: string): string | undefined;
  /** Days (by last update) the held events cover; undefined while nothing is loaded. */
  heldWindowDays(): number | undefined;
  subscriptionIds(): readonly string[];
  /** undefined when events can be loaded; otherwise one sentence on what the user should do first. */
  notReadyReason(): string | undefined;
  /** Resolves once the extension finished connecting. */
  ready(): Promise<void>;
  /** What the Resources view holds once its load in flight is done; undefined when nothing is loaded. */
  heldHealth?(): Promise<HeldHealth | undefined>;
  /** serviceHealth.resourceGraphThreshold. */
  graphThreshold?(): number;
  now?(): number;
}

export function extensionSource(deps: AgentHostDeps): HealthDataSource {
  const now = () => deps.now?.() ?? Date.now();
  // One API source per connection: its resource health listings are kept a few minutes (paging costs none).
  let current: { connection: Connection; source: HealthDataSource } | undefined;
  const api = async (): Promise<HealthDataSource> => {
    await deps.ready();
    const reason = deps.notReadyReason();
    const c = deps.connection();
    if (reason || !c) {
      throw new ToolAnswerError(`${reason ?? 'Service Health is not connected yet; sign in or use the sample service from the Service Health view.'} Tell the user, then call again.`);
    }
    if (current?.connection !== c) {
      const source = apiSource({
        api: c.api,
        resources: new EventResourcesApi({ client: c.client, origin: c.origin, subscriptionName: c.subscriptionName }),
        availability: new AvailabilityApi({ client: c.client, origin: c.origin, subscriptionName: c.subscriptionName }),
        graph: new ResourceGraphApi({ client: c.client, origin: c.origin }),
        ...(deps.graphThreshold ? { graphThreshold: deps.graphThreshold } : {}),
        portal: c.portalUrl,
        quota: () => c.client.quota,
        // Empty: the selected subscriptions are read at each call below, every visible one otherwise.
        subscriptions: [],
        now,
      });
      current = { connection: c, source };
    }
    return current.source;
  };
  return {
    subscriptions: async () => {
      const source = await api();
      const selected = deps.subscriptionIds();
      return selected.length > 0 ? selected : source.subscriptions();
    },
    listEvents: async (subscriptionIds, since, signal) => {
      const source = await api();
      const held = deps.heldWindowDays();
      const heldSubs = new Set(deps.subscriptionIds().map((s) => s.toLowerCase()));
      const covered = held !== undefined && since.getTime() >= now() - held * DAY && subscriptionIds.every((s) => heldSubs.has(s.toLowerCase()));
      if (covered) {
        const wanted = new Set(subscriptionIds.map((s) => s.toLowerCase()));
        const events = deps.heldEvents().filter((e) => wanted.has(e.subscriptionId.toLowerCase()) && (lastUpdateOf(e.event) ?? now()) >= since.getTime());
        // A held subscription whose listing failed (no access) is a failure, never "no events".
        const failures = subscriptionIds.flatMap((subscriptionId) => {
          const message = deps.heldFailure?.(subscriptionId);
          return message === undefined ? [] : [{ subscriptionId, message }];
        });
        return { events, failures };
      }
      return source.listEvents(subscriptionIds, since, signal);
    },
    fetchEventDetails: async (subscriptionId, trackingId, signal) => (await api()).fetchEventDetails(subscriptionId, trackingId, signal),
    listImpactedResources: async (subscriptionId, trackingId, signal) => (await api()).listImpactedResources(subscriptionId, trackingId, signal),
    rateLimit: async (signal) => (await api()).rateLimit(signal),
    listAvailability: async (subscriptionIds, signal) => {
      const source = await api();
      // The Resources view's statuses when they cover the question: the answer agrees with the view and costs no request.
      return heldAvailability(await deps.heldHealth?.(), subscriptionIds) ?? required(source.listAvailability)(subscriptionIds, signal);
    },
    currentAvailability: async (resourceId, signal) => required((await api()).currentAvailability)(resourceId, signal),
    availabilityHistory: async (resourceId, signal) => required((await api()).availabilityHistory)(resourceId, signal),
    portal: () => deps.connection()?.portalUrl ?? 'https://portal.azure.com',
    now,
    subscriptionName: (id) => deps.connection()?.subscriptionName(id),
  };
}

/** The API source always has Resource Health (it is given an AvailabilityApi above). */
function required<T>(method: T | undefined): T {
  if (!method) throw new ToolAnswerError('Resource health is not available from this connection; tell the user to reconnect in the Service Health view, then call again.');
  return method;
}

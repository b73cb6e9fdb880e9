/**
 * The agent tools' data source inside the extension: the events the Events view already holds
 * when they cover the question (no extra requests, no quota spent), the current connection's API
 * otherwise. When nothing can be loaded, the reason is the tool's answer (sign in, select…).
 */
import { AvailabilityApi } from '../../core/api/availabilityApi';
import { EventResourcesApi } from '../../core/api/eventResourcesApi';
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
  now?(): number;
}

export function extensionSource(deps: AgentHostDeps): HealthDataSource {
  const now = () => deps.now?.() ?? Date.now();
  const api = async (): Promise<HealthDataSource> => {
    await deps.ready();
    const reason = deps.notReadyReason();
    const c = deps.connection();
    if (reason || !c) {
      throw new ToolAnswerError(`${reason ?? 'Service Health is not connected yet; sign in or use the sample service from the Service Health view.'} Tell the user, then call again.`);
    }
    return apiSource({
      api: c.api,
      resources: new EventResourcesApi({ client: c.client, origin: c.origin, subscriptionName: c.subscriptionName }),
      availability: new AvailabilityApi({ client: c.client, origin: c.origin, subscriptionName: c.subscriptionName }),
      portal: c.portalUrl,
      quota: () => c.client.quota,
      subscriptions: deps.subscriptionIds(),
      now,
    });
  };
  return {
    subscriptions: async () => (await api()).subscriptions(),
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
    listAvailability: async (subscriptionIds, signal) => required((await api()).listAvailability)(subscriptionIds, signal),
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

/**
 * The resource health tools' answers (list by subscription, one resource): bounded like the event
 * tools' (one page, totals by state, fields clipped), not-Available first, recommended actions as
 * real links (never a placeholder), linked events by tracking id. VS Code-free.
 */
import { healthActions } from '../health/actions';
import { isAvailable, sortStatuses } from '../health/order';
import {
  healthTime,
  occurredTimeOf,
  resourceGroupOfResource,
  resourceIdOf,
  resourceNameOfId,
  resourceTypeOfId,
  stateOf,
  subscriptionOfResource,
  type AvailabilityStatus,
} from '../model/availability';
import { subscriptionList, type SubscriptionNamer } from '../subscriptions/names';
import { clip, FAILURE_TEXT, failuresOf, iso, nameField } from './answerParts';
import { HEALTH_PAGE_SIZE, HISTORY_SHOWN, type GetResourceHealthInput, type ListResourceHealthInput } from './inputs';
import type { HealthDataSource } from './source';
import { ToolAnswerError } from './toolAnswerError';

const LINKED_SHOWN = 3;
const ACTIONS_SHOWN = 10;
/** States named in the counts; a service sending more new states than this gets the rest summed as "other". */
const STATES_COUNTED = 10;

const NOT_AVAILABLE = new ToolAnswerError('Resource health is not available from this connection; tell the user to connect to Azure or the sample service in the Service Health view, then call again.');

/**
 * A state filter: the named states (any case), `Unhealthy` for every state but Available. `down` and
 * `offline` mean Unavailable only, as in the query language (a Degraded resource still serves).
 */
function stateFilter(states: readonly string[] | undefined): ((state: string | undefined) => boolean) | undefined {
  const wanted = (states ?? []).map((s) => s.trim().toLowerCase()).filter((s) => s !== '').map((s) => (s === 'down' || s === 'offline' ? 'unavailable' : s));
  if (wanted.length === 0) return undefined;
  const unhealthy = wanted.some((s) => s === 'unhealthy' || s === 'notavailable');
  return (state) => (unhealthy && !isAvailable(state)) || wanted.includes((state ?? 'unknown').toLowerCase());
}

/** The facts of one status a list shows; the linked events are counted past a few. */
export function statusRow(status: AvailabilityStatus, name: SubscriptionNamer): Record<string, unknown> {
  const id = resourceIdOf(status) ?? status.id ?? '';
  const p = status.properties;
  const subscriptionId = subscriptionOfResource(id);
  const linked = linkedEvents(status);
  const since = iso(healthTime(occurredTimeOf(status)));
  const eta = iso(healthTime(p?.resolutionETA));
  const group = resourceGroupOfResource(id);
  const type = resourceTypeOfId(id);
  return {
    name: clip(resourceNameOfId(id) ?? id, 120),
    state: stateOf(status) ?? 'Unknown',
    ...(since ? { since } : {}),
    ...(eta ? { resolutionEta: eta } : {}),
    ...(type ? { type } : {}),
    ...(group ? { resourceGroup: group } : {}),
    ...(status.location ? { region: status.location } : {}),
    ...(p?.summary ? { summary: clip(p.summary, 200) } : {}),
    ...(linked.length > 0 ? { linkedEvents: linked.slice(0, LINKED_SHOWN).map((e) => e.trackingId) } : {}),
    ...(linked.length > LINKED_SHOWN ? { moreLinkedEvents: linked.length - LINKED_SHOWN } : {}),
    id: clip(id, 600),
    ...(subscriptionId ? { subscriptionId, ...nameField(subscriptionId, name) } : {}),
  };
}

/** The events a status links to, by tracking id, with their title and status when the service sent them. */
function linkedEvents(status: AvailabilityStatus): Array<{ trackingId: string; title?: string; status?: string; service?: string }> {
  const seen = new Set<string>();
  const out: Array<{ trackingId: string; title?: string; status?: string; service?: string }> = [];
  for (const e of status.properties?.serviceImpactingEvents ?? []) {
    const trackingId = (e.trackingId ?? e.correlationId ?? '').trim();
    if (trackingId === '' || seen.has(trackingId.toUpperCase())) continue;
    seen.add(trackingId.toUpperCase());
    const title = e.incidentProperties?.title;
    const service = e.incidentProperties?.service;
    out.push({ trackingId, ...(title ? { title: clip(title, 200) } : {}), ...(e.status?.value ? { status: e.status.value } : {}), ...(service ? { service: clip(service, 80) } : {}) });
  }
  return out;
}

export async function listResourceHealth(source: HealthDataSource, subscriptionIds: readonly string[], input: ListResourceHealthInput, name: SubscriptionNamer, signal?: AbortSignal): Promise<Record<string, unknown>> {
  if (!source.listAvailability) throw NOT_AVAILABLE;
  const results = await source.listAvailability(subscriptionIds, signal);
  const failed = results.filter((r) => r.error);
  if (failed.length === results.length && failed[0]?.error) throw failed[0].error;
  const keep = stateFilter(input.states);
  const all = sortStatuses(results.flatMap((r) => r.statuses));
  const counts = countByState(all);
  const selected = keep ? all.filter((s) => keep(stateOf(s))) : all;
  const pages = Math.max(1, Math.ceil(selected.length / HEALTH_PAGE_SIZE));
  const page = Math.min(input.page ?? 1, pages);
  const shown = selected.slice((page - 1) * HEALTH_PAGE_SIZE, page * HEALTH_PAGE_SIZE);
  const countText = Object.entries(counts).map(([state, n]) => `${n} ${state}`).join(', ');
  const filterText = keep ? ` (showing ${input.states?.join(', ') ?? ''}: ${selected.length})` : '';
  return {
    interpretation: `Resource health of ${all.length} resources in ${subscriptionList(subscriptionIds, name, 3)}: ${countText || 'none'}${filterText}; resources that are not Available come first.`,
    total: selected.length,
    byState: counts,
    page,
    pages,
    resources: shown.map((s) => statusRow(s, name)),
    ...(page < pages ? { more: `Showing ${shown.length} of ${selected.length}; call again with page: ${page + 1} for the next ${HEALTH_PAGE_SIZE}, or filter by states.` } : {}),
    ...failuresOf(
      failed.map((r) => ({ subscriptionId: r.subscriptionId, message: r.error?.message ?? 'failed' })),
      name,
      FAILURE_TEXT,
    ),
    ...(failed.length > 0 ? { failedNote: 'The failed subscriptions are not counted; never report them as healthy.' } : {}),
  };
}

function countByState(statuses: readonly AvailabilityStatus[]): Record<string, number> {
  const counts = new Map<string, number>();
  for (const s of statuses) {
    const state = stateOf(s) ?? 'Unknown';
    const key = counts.has(state) || counts.size < STATES_COUNTED ? state : 'other';
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return Object.fromEntries(counts);
}

export async function getResourceHealth(source: HealthDataSource, input: GetResourceHealthInput, name: SubscriptionNamer, signal?: AbortSignal): Promise<Record<string, unknown>> {
  if (!source.currentAvailability) throw NOT_AVAILABLE;
  const resourceId = input.resourceId.trim();
  const [status, history] = await Promise.all([
    source.currentAvailability(resourceId, signal),
    input.includeHistory === true && source.availabilityHistory ? source.availabilityHistory(resourceId, signal) : Promise.resolve(undefined),
  ]);
  const p = status.properties;
  const actions = healthActions(status, source.portal?.() ?? 'https://portal.azure.com');
  const linked = linkedEvents(status);
  const resolved = p?.recentlyResolved;
  const row = statusRow(status, name);
  const state = typeof row['state'] === 'string' ? row['state'] : 'Unknown';
  return {
    interpretation: `${String(row['name'])} is ${state}${typeof row['since'] === 'string' ? ` since ${row['since']}` : ''}${linked.length > 0 ? `, linked to ${linked.length} event${linked.length === 1 ? '' : 's'}` : ''}.`,
    ...row,
    ...(p?.detailedStatus ? { detailedStatus: clip(p.detailedStatus, 500) } : {}),
    ...(p?.reasonType ? { reasonType: p.reasonType } : {}),
    ...(p?.reasonChronicity ? { reasonChronicity: p.reasonChronicity } : {}),
    ...(p?.rootCauseAttributionTime ? { rootCauseAttributed: iso(healthTime(p.rootCauseAttributionTime)) } : {}),
    ...(resolved ? { recentlyResolved: { ...(resolved.unavailableSummary ? { summary: clip(resolved.unavailableSummary, 200) } : {}), ...(resolved.resolvedTime ? { at: iso(healthTime(resolved.resolvedTime)) } : {}) } } : {}),
    recommendedActions: actions.slice(0, ACTIONS_SHOWN).map((a) => ({ text: clip(a.text, 300), ...(a.url ? { url: a.url } : {}) })),
    ...(linked.length > 0 ? { linkedEvents: linked.slice(0, ACTIONS_SHOWN) } : {}),
    ...(history ? historyOf(history) : {}),
  };
}

function historyOf(history: readonly AvailabilityStatus[]): Record<string, unknown> {
  const rows = history.slice(0, HISTORY_SHOWN).map((h) => {
    const at = iso(healthTime(occurredTimeOf(h)));
    return { state: stateOf(h) ?? 'Unknown', ...(at ? { at } : {}), ...(h.properties?.summary ? { summary: clip(h.properties.summary, 200) } : {}) };
  });
  return { history: rows, historyTotal: history.length, ...(history.length > HISTORY_SHOWN ? { moreHistory: `and ${history.length - HISTORY_SHOWN} older transitions` } : {}) };
}

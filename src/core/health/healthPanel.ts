/**
 * The resource health panel's model without VS Code: one resource's current state in words (with
 * its codicon and tone), its times, recommended actions as working links, what was recently
 * resolved, its history (loaded lazily) and the active events that touch it.
 */
import {
  healthTime,
  occurredTimeOf,
  resourceGroupOfResource,
  resourceNameOfId,
  resourceTypeOfId,
  stateOf,
  subscriptionOfResource,
  type AvailabilityStatus,
} from '../model/availability';
import { enumFallbackWords } from '../render/enumWords';
import { formatWhen } from '../render/time';
import { healthActions, resourcePageUrl, type HealthAction } from './actions';
import { stateRank } from './order';

export type HealthTone = 'error' | 'warning' | 'neutral' | 'success';

/** What the host knows of a part that loads: loading, loaded, or one sentence saying what failed. */
export type Loadable<T> = { readonly kind: 'loading' } | { readonly kind: 'loaded'; readonly value: T } | { readonly kind: 'error'; readonly message: string };

/** An event to list (see core/events/resourceEvents.ts), structurally: this room cannot import that one. */
export interface PanelEventInput {
  readonly trackingId: string;
  readonly subscriptionId?: string;
  readonly title: string;
  readonly via: 'status' | 'impacted' | 'both';
}

export interface HealthPanelInputs {
  readonly resourceId: string;
  readonly current: Loadable<AvailabilityStatus>;
  /** Undefined until the panel asks for it. */
  readonly history?: Loadable<readonly AvailabilityStatus[]>;
  readonly events: readonly PanelEventInput[];
  readonly portal: string;
  readonly now: number;
  /** The sample service's made-up resource: links that depend on its id are not offered. */
  readonly sample: boolean;
  readonly subscriptionName?: (id: string) => string | undefined;
}

export interface StateView {
  readonly words: string;
  readonly icon: string;
  readonly tone: HealthTone;
}

export interface HistoryEntry {
  readonly state: StateView;
  readonly when?: string;
  readonly text?: string;
}

export interface HealthPanelModel {
  readonly resourceId: string;
  readonly name: string;
  /** `type · group · subscription · region`, the parts known. */
  readonly facts: readonly { readonly label: string; readonly value: string }[];
  readonly state?: StateView;
  readonly title?: string;
  readonly summary?: string;
  readonly detailedStatus?: string;
  /** Times as `3 hours ago (24 Nov 2026, 14:05 UTC)`, with their labels. */
  readonly times: readonly { readonly label: string; readonly value: string }[];
  readonly reason?: string;
  readonly actions: readonly HealthAction[];
  readonly recentlyResolved?: { readonly summary?: string; readonly times: readonly { readonly label: string; readonly value: string }[] };
  readonly current: 'loading' | 'loaded' | { readonly error: string };
  readonly history: 'idle' | 'loading' | { readonly error: string } | readonly HistoryEntry[];
  readonly events: readonly PanelEventInput[];
  readonly portalUrl?: string;
  readonly sample: boolean;
}

const STATE_LOOK: readonly (readonly [string, HealthTone])[] = [
  ['error', 'error'],
  ['warning', 'warning'],
  ['question', 'neutral'],
  ['circle-outline', 'neutral'],
  ['pass', 'success'],
];

/** A state in words with its look; none at all reads "Unknown (not reported)". */
export function stateView(state: string | undefined): StateView {
  const [icon, tone] = STATE_LOOK[stateRank(state)] ?? ['circle-outline', 'neutral'];
  const known = ['available', 'unavailable', 'degraded', 'unknown'].includes((state ?? '').toLowerCase());
  const words = !state ? 'Unknown (not reported)' : known ? state.charAt(0).toUpperCase() + state.slice(1).toLowerCase() : enumFallbackWords(state);
  return { words, icon: state ? icon : 'question', tone: state ? tone : 'neutral' };
}

function when(value: string | null | undefined, now: number): string | undefined {
  const ms = healthTime(value);
  return ms === undefined ? undefined : formatWhen(ms, now);
}

function timesOf(status: AvailabilityStatus, now: number): { label: string; value: string }[] {
  const p = status.properties;
  const rows: [string, string | undefined][] = [
    ['Since', when(occurredTimeOf(status), now)],
    ['Expected resolution', when(p?.resolutionETA, now)],
    ['Root cause attributed', when(p?.rootCauseAttributionTime, now)],
    ['Reported', when(p?.reportedTime, now)],
  ];
  return rows.filter((r): r is [string, string] => r[1] !== undefined).map(([label, value]) => ({ label, value }));
}

function reasonOf(status: AvailabilityStatus): string | undefined {
  const p = status.properties;
  const parts = [p?.reasonType, p?.reasonChronicity, p?.context, p?.healthEventCause].map((v) => v?.trim()).filter((v): v is string => !!v);
  return parts.length ? [...new Set(parts.map(enumFallbackWords))].join(' · ') : undefined;
}

function text(value: string | null | undefined): string | undefined {
  const t = value?.replace(/\s+/g, ' ').trim();
  return t ? t : undefined;
}

function recentlyResolvedOf(status: AvailabilityStatus, now: number): HealthPanelModel['recentlyResolved'] {
  const r = status.properties?.recentlyResolved;
  if (!r) {
    return undefined;
  }
  const times = [
    ['Unavailable from', when(r.unavailableOccurredTime ?? r.unavailableOccuredTime, now)],
    ['Resolved', when(r.resolvedTime, now)],
  ].filter((t): t is [string, string] => t[1] !== undefined).map(([label, value]) => ({ label, value }));
  const summary = text(r.unavailableSummary);
  return summary || times.length ? { ...(summary ? { summary } : {}), times } : undefined;
}

/** The history newest first; an entry without a state (an impacting event) reads by its title. */
export function historyEntries(statuses: readonly AvailabilityStatus[], now: number): HistoryEntry[] {
  return statuses
    .map((s) => ({ s, ms: healthTime(occurredTimeOf(s)) }))
    .sort((a, b) => (b.ms ?? -Infinity) - (a.ms ?? -Infinity))
    .map(({ s, ms }) => {
      const entryText = text(s.properties?.summary) ?? text(s.properties?.title);
      return { state: stateView(stateOf(s)), ...(ms !== undefined ? { when: formatWhen(ms, now) } : {}), ...(entryText ? { text: entryText } : {}) };
    });
}

/** Builds the panel's model; every string is still plain text (the HTML step escapes it). */
export function healthPanelModel(inputs: HealthPanelInputs): HealthPanelModel {
  const { resourceId, now } = inputs;
  const status = inputs.current.kind === 'loaded' ? inputs.current.value : undefined;
  const p = status?.properties;
  const subscriptionId = subscriptionOfResource(resourceId);
  const facts = [
    ['Type', resourceTypeOfId(resourceId)],
    ['Resource group', resourceGroupOfResource(resourceId)],
    ['Subscription', subscriptionId ? (inputs.subscriptionName?.(subscriptionId) ?? subscriptionId) : undefined],
    ['Region', text(status?.location)],
  ].filter((f): f is [string, string] => !!f[1]).map(([label, value]) => ({ label, value }));
  const portalUrl = inputs.sample ? undefined : resourcePageUrl(resourceId, inputs.portal);
  // The resource blade of a made-up resource does not exist: sample actions keep only other links.
  const blade = resourcePageUrl(resourceId, inputs.portal);
  const actions = status ? healthActions(status, inputs.portal).map((a) => (inputs.sample && a.url !== undefined && a.url === blade ? { text: a.text } : a)) : [];
  const state = status ? stateView(stateOf(status)) : undefined;
  const title = text(p?.title);
  const history = inputs.history;
  return {
    resourceId,
    name: resourceNameOfId(resourceId) ?? resourceId,
    facts,
    ...(state ? { state } : {}),
    // The sample (and some providers) repeat the state as the title: said once.
    ...(title && title.toLowerCase() !== state?.words.toLowerCase() ? { title } : {}),
    ...(text(p?.summary) ? { summary: text(p?.summary) } : {}),
    ...(text(p?.detailedStatus) ? { detailedStatus: text(p?.detailedStatus) } : {}),
    times: status ? timesOf(status, now) : [],
    ...(status && reasonOf(status) ? { reason: reasonOf(status) } : {}),
    actions,
    ...(status && recentlyResolvedOf(status, now) ? { recentlyResolved: recentlyResolvedOf(status, now) } : {}),
    current: inputs.current.kind === 'error' ? { error: inputs.current.message } : inputs.current.kind,
    history: !history ? 'idle' : history.kind === 'loading' ? 'loading' : history.kind === 'error' ? { error: history.message } : historyEntries(history.value, now),
    events: inputs.events,
    ...(portalUrl ? { portalUrl } : {}),
    sample: inputs.sample,
  };
}

/** Every URL the panel may open: the host opens no other, whatever the webview sends. */
export function panelUrls(model: HealthPanelModel): string[] {
  return [...new Set([...(model.portalUrl ? [model.portalUrl] : []), ...model.actions.flatMap((a) => (a.url ? [a.url] : []))])];
}

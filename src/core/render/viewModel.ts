/**
 * Builds the details view model from a HealthEvent, in the host. All vendor HTML is sanitized
 * here; the webview only lays the model out.
 */
import { subscriptionDisplay, type SubscriptionNamer } from '../subscriptions/names';
import { parseServiceTime, parseShownTime, type HealthEvent } from '../model/schemas';
import type {
  BadgeView,
  BillingView,
  DetailsViewModel,
  FactView,
  LinkView,
  RegionView,
  ServiceView,
  TagView,
  TimeView,
  Tone,
  UpdateView,
} from './detailsModel';
import { eventKey, type EventRefData } from './messages';
import { eventPortalUrl, linkUrl, portalBase, DEFAULT_PORTAL_URL } from './links';
import { sanitizeVendorHtml, vendorText, type SafeHtml } from './sanitize';
import { formatDuration, formatRelative, formatUtc } from './time';
import { eventSourceWords, eventSubTypeWords, eventTypeWords, enumFallbackWords, hirStageWords, levelWords, statusWords } from './enumWords';
import { stripTags } from '../text/scan';
import { append } from '../text/lists';

export interface ViewModelOptions {
  /** Epoch ms used for relative times. */
  readonly now: number;
  /** Portal base URL (sovereign clouds differ). */
  readonly portal?: string;
  /** The event is made up by the embedded sample service. */
  readonly sample?: boolean;
  /** Names the event's subscription; without a name the GUID is shown. */
  readonly subscriptionName?: SubscriptionNamer;
}

export const ACTION_RECOMMENDED_TAG = 'Action Recommended';

const TYPE_INFO: Readonly<Record<string, { readonly tone: Tone; readonly icon: string }>> = {
  ServiceIssue: { tone: 'error', icon: 'error' },
  EmergingIssues: { tone: 'warning', icon: 'warning' },
  PlannedMaintenance: { tone: 'info', icon: 'tools' },
  HealthAdvisory: { tone: 'info', icon: 'info' },
  SecurityAdvisory: { tone: 'warning', icon: 'shield' },
  Billing: { tone: 'neutral', icon: 'credit-card' },
  RCA: { tone: 'neutral', icon: 'notebook' },
};

/** Azure's public list of post-incident reviews: where a service issue's review is published. */
export const STATUS_HISTORY_URL = 'https://azure.status.microsoft/status/history/';

const LEVEL_TONES: Readonly<Record<string, Tone>> = {
  Critical: 'error',
  Error: 'error',
  Warning: 'warning',
  Informational: 'info',
};

/** Region status values are "not shown" beyond Active/Resolved: unknown values stay neutral. */
export function statusTone(status: string | null | undefined): Tone {
  switch (status?.toLowerCase()) {
    case 'active':
      return 'warning';
    case 'resolved':
      return 'success';
    default:
      return 'neutral';
  }
}

/** Absent for a placeholder or a time without a zone: never shown as a date (see parseShownTime). */
function timeView(value: string | null | undefined, now: number): TimeView | undefined {
  const ms = parseShownTime(value);
  return ms === undefined ? undefined : { ms, utc: formatUtc(ms), relative: formatRelative(ms, now) };
}

export function tagViews(tags: readonly string[] | null | undefined): TagView[] {
  const seen = new Set<string>();
  const out: TagView[] = [];
  for (const raw of tags ?? []) {
    const text = raw.trim();
    const norm = text.toLowerCase();
    if (text && !seen.has(norm)) {
      seen.add(norm);
      out.push({ text, highlight: norm === ACTION_RECOMMENDED_TAG.toLowerCase() });
    }
  }
  return out;
}

function badges(event: HealthEvent): BadgeView[] {
  const p = event.properties ?? {};
  const out: BadgeView[] = [];
  if (p.eventType) {
    const info = TYPE_INFO[p.eventType];
    out.push({ label: 'Type', value: eventTypeWords(p.eventType), tone: info?.tone ?? 'neutral', icon: info?.icon ?? 'circle-filled' });
  }
  if (p.eventSubType) {
    out.push({ label: 'Sub-type', value: eventSubTypeWords(p.eventSubType), tone: 'neutral', icon: 'tag' });
  }
  if (p.status) {
    const resolved = p.status.toLowerCase() === 'resolved';
    out.push({ label: 'Status', value: statusWords(p.status), tone: statusTone(p.status), icon: resolved ? 'pass' : 'pulse' });
  }
  if (p.eventLevel) {
    out.push({ label: 'Level', value: levelWords(p.eventLevel), tone: LEVEL_TONES[p.eventLevel] ?? 'neutral', icon: 'symbol-event' });
  }
  if (p.level) {
    out.push({ label: 'Insight', value: levelWords(p.level), tone: LEVEL_TONES[p.level] ?? 'neutral', icon: 'lightbulb' });
  }
  if (typeof p.priority === 'number') {
    // 0 is the highest of 0..23.
    out.push({ label: 'Priority', value: `P${p.priority}`, tone: p.priority <= 2 ? 'error' : p.priority <= 8 ? 'warning' : 'neutral', icon: 'list-ordered' });
  }
  if (p.isHIR) {
    out.push({ label: 'HIR', value: p.hirStage ? `High incident rate · ${hirStageWords(p.hirStage)}` : 'High incident rate', tone: 'error', icon: 'flame' });
  }
  if (p.isEventSensitive) {
    out.push({ label: 'Sensitive', value: 'Sensitive', tone: 'warning', icon: 'lock' });
  }
  return out;
}

function facts(event: HealthEvent): FactView[] {
  const p = event.properties ?? {};
  const out: FactView[] = [];
  const add = (label: string, value: string | null | undefined): void => {
    const text = vendorText(value);
    if (text) {
      out.push({ label, value: text });
    }
  };
  add('Source', eventSourceWords(p.eventSource));
  add('Impact type', p.impactType ? enumFallbackWords(p.impactType) : undefined);
  add('Reason', p.reason);
  add('External incident', p.externalIncidentId);
  if (typeof p.platformInitiated === 'boolean') {
    add('Platform initiated', p.platformInitiated ? 'Yes' : 'No');
  }
  add('Location', event.location);
  return out;
}

function services(event: HealthEvent, now: number): ServiceView[] {
  const out: ServiceView[] = [];
  for (const impact of event.properties?.impact ?? []) {
    const regions: RegionView[] = (impact.impactedRegions ?? []).map((r) => {
      const lastUpdate = timeView(r.lastUpdateTime, now);
      return {
        name: r.impactedRegion || 'Unspecified region',
        status: statusWords(r.status) || 'Unknown',
        tone: statusTone(r.status),
        ...(lastUpdate ? { lastUpdate } : {}),
        updateCount: r.updates?.length ?? 0,
      };
    });
    regions.sort((a, b) => a.name.localeCompare(b.name));
    out.push({ name: impact.impactedService || impact.impactedServiceGuid || 'Unspecified service', regions });
  }
  out.sort((a, b) => a.name.localeCompare(b.name));
  return out;
}

interface UpdateGroup {
  /** For ordering (a zoneless time read as UTC). */
  readonly ms: number | undefined;
  /** Shown only when the time had a zone. */
  readonly shown: boolean;
  readonly summary: string;
  readonly tags: string[];
  readonly services: Set<string>;
  readonly regions: Set<string>;
  /** Smallest position of a copy in its region's list: the vendor lists newest first. */
  position: number;
}

/**
 * Newest first, undated last. Equal times: the copy listed first in its region (newer), then
 * by text, so the order never depends on the order of impacts and regions in the response.
 */
function newestFirst(a: UpdateGroup, b: UpdateGroup): number {
  if (a.ms !== b.ms) {
    return a.ms === undefined ? 1 : b.ms === undefined ? -1 : b.ms - a.ms;
  }
  return a.position - b.position || (a.summary < b.summary ? -1 : a.summary > b.summary ? 1 : 0);
}

/**
 * All region updates, newest first. The service repeats one update text for every impacted
 * region (and often every service); updates with the same time and text are merged into one
 * entry listing their services and regions.
 */
function updates(event: HealthEvent, now: number): UpdateView[] {
  const groups = new Map<string, UpdateGroup>();
  for (const impact of event.properties?.impact ?? []) {
    const service = impact.impactedService || impact.impactedServiceGuid || '';
    for (const region of impact.impactedRegions ?? []) {
      (region.updates ?? []).forEach((update, position) => {
        const key = `${update.updateDateTime ?? ''}\u0000${update.summary ?? ''}`;
        let group = groups.get(key);
        if (!group) {
          group = { ms: parseServiceTime(update.updateDateTime), shown: parseShownTime(update.updateDateTime) !== undefined, summary: update.summary ?? '', tags: [], services: new Set(), regions: new Set(), position };
          groups.set(key, group);
        }
        group.position = Math.min(group.position, position);
        if (service) {
          group.services.add(service);
        }
        if (region.impactedRegion) {
          group.regions.add(region.impactedRegion);
        }
        // Tags can differ per region copy; keep the union (tagViews removes duplicates).
        append(group.tags, (update.eventTags ?? []));
      });
    }
  }
  const sorted = [...groups.values()].sort(newestFirst);
  return sorted.map((g) => {
    const time = g.ms === undefined || !g.shown ? undefined : { ms: g.ms, utc: formatUtc(g.ms), relative: formatRelative(g.ms, now) };
    return {
      ...(time ? { time } : {}),
      services: [...g.services].sort(),
      regions: [...g.regions].sort(),
      html: sanitizeVendorHtml(g.summary),
      tags: tagViews(g.tags),
    };
  });
}

/** Visible text of sanitized HTML, for comparing sections: tags dropped, whitespace collapsed. */
function comparableText(html: SafeHtml): string {
  return stripTags(html)
    .replace(/&nbsp;|&#160;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
    .toLowerCase();
}

interface TextSections {
  summaryHtml: SafeHtml;
  descriptionHtml: SafeHtml;
  articleHtml: SafeHtml;
  additionalInformationHtml: SafeHtml;
}

/**
 * The free-text sections, each shown only if its text was not shown already: real events often
 * repeat the summary as the description (or article). The description, the full communication,
 * wins; the others are compared with what is kept before them.
 */
function textSections(event: HealthEvent): TextSections {
  const p = event.properties ?? {};
  const shown = new Set<string>();
  const keep = (html: SafeHtml): SafeHtml => {
    const text = comparableText(html);
    if (text === '') {
      return html;
    }
    if (shown.has(text)) {
      return '' as SafeHtml;
    }
    shown.add(text);
    return html;
  };
  const descriptionHtml = keep(sanitizeVendorHtml(p.description));
  const summaryHtml = keep(sanitizeVendorHtml(p.summary));
  const articleHtml = keep(sanitizeVendorHtml(p.article?.articleContent));
  const additionalInformationHtml = keep(sanitizeVendorHtml(p.additionalInformation?.message));
  return { summaryHtml, descriptionHtml, articleHtml, additionalInformationHtml };
}

function formatRate(rate: number): string {
  return rate.toLocaleString('en-US', { maximumFractionDigits: 6 });
}

function billing(event: HealthEvent): BillingView | undefined {
  const p = event.properties ?? {};
  const hasRates = typeof p.oldRate === 'number' || typeof p.newRate === 'number';
  if (!hasRates && !p.billingId && !p.currencyType && !(p.eventType === 'Billing' && p.eventSubType)) {
    return undefined;
  }
  const view: { -readonly [K in keyof BillingView]: BillingView[K] } = {};
  if (p.eventSubType) {
    view.subType = eventSubTypeWords(p.eventSubType);
  }
  if (p.currencyType) {
    view.currency = p.currencyType;
  }
  if (typeof p.oldRate === 'number') {
    view.oldRate = formatRate(p.oldRate);
  }
  if (typeof p.newRate === 'number') {
    view.newRate = formatRate(p.newRate);
  }
  if (typeof p.oldRate === 'number' && typeof p.newRate === 'number' && p.oldRate !== 0) {
    const pct = ((p.newRate - p.oldRate) / Math.abs(p.oldRate)) * 100;
    view.change = `${pct > 0 ? '+' : ''}${pct.toFixed(2)}%`;
  }
  if (p.billingId) {
    view.billingId = p.billingId;
  }
  return view;
}

/** Where a checked URL leads, in words: "Azure portal" for the portal's own pages, else the host. */
export function linkDestination(url: string, portal: string = DEFAULT_PORTAL_URL): string {
  const host = new URL(url).hostname;
  const portalHost = new URL(portalBase(portal)).hostname;
  return host === portalHost ? 'Azure portal' : host.replace(/^www\./, '');
}

function links(event: HealthEvent, portal: string): LinkView[] {
  const out: LinkView[] = (event.properties?.links ?? []).map((link) => {
    const url = linkUrl(link, portal);
    const text = vendorText(link.displayText?.localizedValue || link.displayText?.value) || (link.bladeName ? enumFallbackWords(link.bladeName.replace(/(V\d+)?Blade$/, '')) : '') || 'Link';
    return { kind: link.type === 'Button' ? 'Button' : 'Hyperlink', text, ...(url ? { url, where: linkDestination(url, portal) } : {}) };
  });
  const type = event.properties?.eventType;
  if ((type === 'ServiceIssue' || type === 'RCA') && !out.some((l) => l.url?.startsWith(STATUS_HISTORY_URL))) {
    out.push({ kind: 'Hyperlink', text: 'Azure status history', url: STATUS_HISTORY_URL, where: linkDestination(STATUS_HISTORY_URL, portal) });
  }
  return out;
}

/**
 * Sensitive events arrive without description, summary and region updates; the full text needs
 * fetchEventDetails. Only then is "Fetch details" offered (a fetched event keeps the flag).
 */
export function detailsHidden(event: HealthEvent): boolean {
  const p = event.properties ?? {};
  if (!p.isEventSensitive) {
    return false;
  }
  const hasUpdates = (p.impact ?? []).some((i) => (i.impactedRegions ?? []).some((r) => (r.updates?.length ?? 0) > 0));
  return !p.description && !p.summary && !hasUpdates;
}

export function buildDetailsViewModel(ref: EventRefData, event: HealthEvent, options: ViewModelOptions): DetailsViewModel {
  const p = event.properties ?? {};
  const now = options.now;
  const portal = options.portal ?? DEFAULT_PORTAL_URL;
  const allTags = tagViews(p.eventTags);
  const impactStart = timeView(p.impactStartTime, now);
  const impactMitigation = timeView(p.impactMitigationTime, now);
  const lastUpdate = timeView(p.lastUpdateTime, now);
  let duration: string | undefined;
  if (impactStart && impactMitigation && impactMitigation.ms >= impactStart.ms) {
    duration = formatDuration(impactMitigation.ms - impactStart.ms);
  } else if (typeof p.duration === 'number' && p.duration > 0) {
    duration = formatDuration(p.duration * 1000);
  }
  const actions = (p.recommendedActions?.actions ?? [])
    .map((a) => ({ ...(typeof a.groupId === 'number' ? { groupId: a.groupId } : {}), html: sanitizeVendorHtml(a.actionText) }))
    .filter((a) => a.html.trim() !== '');
  const actionMessage = vendorText(p.recommendedActions?.message);
  const hasActions = actions.length > 0 || actionMessage !== '';
  const highlightActions = allTags.some((t) => t.highlight);
  // "Action Recommended" is shown once: in the recommended actions box when there is one, else
  // as a chip with the other tags.
  const tags = hasActions ? allTags.filter((t) => !t.highlight) : allTags;
  const texts = textSections(event);
  const header = vendorText(p.header);
  const billingView = billing(event);
  return {
    key: eventKey(ref),
    subscriptionId: ref.subscriptionId,
    subscription: subscriptionDisplay(ref.subscriptionId, options.subscriptionName),
    trackingId: ref.trackingId,
    title: vendorText(p.title) || ref.trackingId,
    badges: badges(event),
    facts: facts(event),
    ...(impactStart ? { impactStart } : {}),
    ...(impactMitigation ? { impactMitigation } : {}),
    ...(lastUpdate ? { lastUpdate } : {}),
    ...(duration ? { duration } : {}),
    ...(header ? { header } : {}),
    summaryHtml: texts.summaryHtml,
    descriptionHtml: texts.descriptionHtml,
    services: services(event, now),
    updates: updates(event, now),
    ...(hasActions
      ? { recommendedActions: { message: actionMessage || 'Recommended actions', actions, highlight: highlightActions } }
      : {}),
    faqs: (p.faqs ?? [])
      .map((f) => ({ question: vendorText(f.question), answerHtml: sanitizeVendorHtml(f.answer) }))
      .filter((f) => f.question !== '' || f.answerHtml !== ''),
    articleHtml: texts.articleHtml,
    ...(billingView ? { billing: billingView } : {}),
    additionalInformationHtml: texts.additionalInformationHtml,
    tags,
    links: links(event, portal),
    portalUrl: eventPortalUrl(ref.trackingId, p.eventType, portal),
    sample: options.sample === true,
    detailsHidden: detailsHidden(event),
    isSensitive: p.isEventSensitive === true,
  };
}

/**
 * Deterministic, Azure-like health events for the sample service. Same options -> same events,
 * byte for byte, so tests, benchmarks and screenshots are reproducible.
 */
import type { EventProperties, EventUpdate, HealthEvent, KnownEventLevel, KnownEventStatus, KnownEventType } from '../model/schemas';
import { CAUSES, communicationFor } from './communications';

export interface GenerateOptions {
  readonly count: number;
  readonly seed: number;
  /** Epoch ms the events are generated relative to (lastUpdateTime spreads over the 30 days before). */
  readonly now: number;
  readonly subscriptionIds: readonly string[];
  /**
   * At most this many subscriptions per event (1..max, uniformly). Without it, half the events
   * concern every subscription, which suits a handful of them but not an estate of 1,000.
   */
  readonly maxSubscriptionsPerEvent?: number;
}

/** A full (unhidden) event plus the subscriptions it concerns; `event.id` names the first of them. */
export interface GeneratedEvent {
  readonly event: HealthEvent;
  readonly subscriptionIds: readonly string[];
}

/** mulberry32: tiny, fast, good enough for test data; never for anything secret. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Rng = () => number;
const pick = <T>(rng: Rng, items: readonly T[]): T => items[Math.floor(rng() * items.length)] as T;
const int = (rng: Rng, min: number, max: number): number => min + Math.floor(rng() * (max - min + 1));
/** n distinct items (at least 1), in random order; partial Fisher-Yates over an index copy. */
function sample<T>(rng: Rng, items: readonly T[], n: number): T[] {
  const k = Math.max(1, Math.min(n, items.length));
  if (k === items.length) {
    return items.slice();
  }
  const out: T[] = [];
  const taken = new Set<number>();
  while (out.length < k) {
    const i = Math.floor(rng() * items.length);
    if (!taken.has(i)) {
      taken.add(i);
      out.push(items[i] as T);
    }
  }
  return out;
}

/** Stable GUIDs for a seed (version-4 layout), used for default subscription and tenant ids. */
export function generateGuids(seed: number, count: number): string[] {
  const rng = mulberry32(seed ^ 0x5eed5eed);
  const hex = (n: number): string => Array.from({ length: n }, () => Math.floor(rng() * 16).toString(16)).join('');
  return Array.from(
    { length: count },
    () => `${hex(8)}-${hex(4)}-4${hex(3)}-${pick(rng, ['8', '9', 'a', 'b'])}${hex(3)}-${hex(12)}`,
  );
}

export function eventIdFor(subscriptionId: string, trackingId: string): string {
  return `/subscriptions/${subscriptionId}/providers/Microsoft.ResourceHealth/events/${trackingId}`;
}

export const EVENT_RESOURCE_TYPE = '/providers/Microsoft.ResourceHealth/events';

/**
 * Seed 000 ranks priority 0 (highest) to 23 by type, then level, then status: 3 type ranks x
 * 4 levels x 2 statuses = 24 values. The seed ranks only three types; our decision: service
 * issues and emerging issues rank first, planned maintenance second, everything else
 * (advisories, security, billing, RCA) third.
 */
export function priorityOf(eventType: string, eventLevel: string, status: string): number {
  const typeRank = eventType === 'ServiceIssue' || eventType === 'EmergingIssues' ? 0 : eventType === 'PlannedMaintenance' ? 1 : 2;
  const levelRank = Math.max(0, ['Critical', 'Error', 'Warning', 'Informational'].indexOf(eventLevel));
  const statusRank = status === 'Active' ? 0 : 1;
  return typeRank * 8 + levelRank * 2 + statusRank;
}

const SERVICES: readonly (readonly [string, string])[] = [
  ['Virtual Machines', 'a3a3f5a0-7e8a-4a6f-9d0c-1f0b6c3f1a01'],
  ['SQL Database', 'b7c1e2d4-2f3a-4b5c-8d9e-0a1b2c3d4e02'],
  ['Storage', 'c2d3e4f5-3a4b-4c5d-9e0f-1a2b3c4d5e03'],
  ['App Service', 'd4e5f6a7-4b5c-4d6e-8f0a-2b3c4d5e6f04'],
  ['Azure Kubernetes Service', 'e5f6a7b8-5c6d-4e7f-9a0b-3c4d5e6f7a05'],
  ['Cosmos DB', 'f6a7b8c9-6d7e-4f8a-8b0c-4d5e6f7a8b06'],
  ['Key Vault', 'a7b8c9d0-7e8f-4a9b-9c0d-5e6f7a8b9c07'],
  ['Azure Functions', 'b8c9d0e1-8f9a-4b0c-8d1e-6f7a8b9c0d08'],
  ['Virtual Network', 'c9d0e1f2-9a0b-4c1d-9e2f-7a8b9c0d1e09'],
  ['Azure Monitor', 'd0e1f2a3-0b1c-4d2e-8f3a-8b9c0d1e2f10'],
  ['Azure Front Door', 'e1f2a3b4-1c2d-4e3f-9a4b-9c0d1e2f3a11'],
  ['Event Hubs', 'f2a3b4c5-2d3e-4f4a-8b5c-0d1e2f3a4b12'],
  ['Service Bus', 'a3b4c5d6-3e4f-4a5b-9c6d-1e2f3a4b5c13'],
  ['Azure Database for PostgreSQL', 'b4c5d6e7-4f5a-4b6c-8d7e-2f3a4b5c6d14'],
  ['Microsoft Entra ID', 'c5d6e7f8-5a6b-4c7d-9e8f-3a4b5c6d7e15'],
  ['Azure Container Registry', 'd6e7f8a9-6b7c-4d8e-8f9a-4b5c6d7e8f16'],
  ['Application Gateway', 'e7f8a9b0-7c8d-4e9f-9a0b-5c6d7e8f9a17'],
  ['Azure Cache for Redis', 'f8a9b0c1-8d9e-4f0a-8b1c-6d7e8f9a0b18'],
];

const REGIONS: readonly string[] = [
  'West Europe', 'North Europe', 'East US', 'East US 2', 'West US', 'West US 2', 'West US 3',
  'Central US', 'South Central US', 'UK South', 'UK West', 'France Central', 'Germany West Central',
  'Sweden Central', 'Switzerland North', 'Southeast Asia', 'East Asia', 'Japan East', 'Australia East',
  'Canada Central', 'Brazil South', 'Central India', 'Korea Central', 'Global',
];

const REGIONS_NOT_GLOBAL = REGIONS.filter((r) => r !== 'Global');
// Shared, frozen sub-objects: every event holds them; sharing keeps large sets cheap to build.
const NO_STRINGS = Object.freeze([]) as unknown as string[];

const TYPE_WEIGHTS: readonly (readonly [KnownEventType, number])[] = [
  ['ServiceIssue', 30],
  ['PlannedMaintenance', 22],
  ['HealthAdvisory', 18],
  ['SecurityAdvisory', 9],
  ['Billing', 9],
  ['RCA', 7],
  ['EmergingIssues', 5],
];
const TYPE_TOTAL = TYPE_WEIGHTS.reduce((s, [, w]) => s + w, 0);

const BILLING_SUBTYPES = ['ForeignExchangeRateChange', 'PriceChanges', 'TaxChanges', 'MeterIDChanges', 'Underbilling', 'Overbilling'] as const;
// hirStage values are "not shown" in the seed; these read naturally in the UI.
const HIR_STAGES = ['Investigating', 'Mitigated', 'Preliminary PIR', 'Final PIR'] as const;
const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'AUD', 'CAD'] as const;
const TRACKING_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
const DAY = 86_400_000;
const HOUR = 3_600_000;

// Whole-second UTC ISO times. Hand-rolled with a per-day cache: toISOString dominated the
// generation time of large sets.
const dayCache = new Map<number, string>();
const pad2 = (n: number): string => (n < 10 ? `0${n}` : `${n}`);
function iso(ms: number): string {
  const day = Math.floor(ms / DAY);
  let date = dayCache.get(day);
  if (date === undefined) {
    date = new Date(day * DAY).toISOString().slice(0, 11);
    dayCache.set(day, date);
  }
  const s = Math.floor((ms - day * DAY) / 1000);
  return `${date}${pad2(Math.floor(s / 3600))}:${pad2(Math.floor(s / 60) % 60)}:${pad2(s % 60)}Z`;
}

function pickType(rng: Rng): KnownEventType {
  let r = rng() * TYPE_TOTAL;
  for (const [type, w] of TYPE_WEIGHTS) {
    if ((r -= w) < 0) {
      return type;
    }
  }
  return 'ServiceIssue';
}

function trackingId(rng: Rng): string {
  let s = '';
  for (let i = 0; i < 7; i++) {
    s += TRACKING_CHARS[Math.floor(rng() * TRACKING_CHARS.length)];
    if (i === 3) {
      s += '-';
    }
  }
  return s;
}

/** Many events updated within the last 3 days, the rest spread over ~30 days. */
function lastUpdate(rng: Rng, now: number): number {
  const ago = rng() < 0.55 ? rng() * 3 * DAY : 3 * DAY + rng() * 27 * DAY;
  return Math.floor((now - ago) / 1000) * 1000;
}

const MINUTE = 60_000;

/**
 * Update times of an event, oldest first, the last one its lastUpdateTime; whole minutes (but
 * the last), at least 15 minutes apart on average with jitter, so no two coincide.
 */
function updateTimes(rng: Rng, type: KnownEventType, status: KnownEventStatus, finalPir: boolean, start: number, end: number | undefined, last: number): number[] {
  let n: number;
  let first: number;
  switch (type) {
    case 'ServiceIssue':
    case 'EmergingIssues':
      n = status === 'Active' ? int(rng, 2, 5) : int(rng, 3, 6);
      first = start + int(rng, 5, 30) * MINUTE;
      break;
    case 'PlannedMaintenance':
      n = int(rng, 2, 4);
      first = start - int(rng, 2, 10) * DAY;
      break;
    case 'RCA':
      // Mitigated, then the preliminary PIR, then (when out) the final one.
      n = finalPir ? 3 : 2;
      first = (end ?? start) + int(rng, 5, 30) * MINUTE;
      break;
    default:
      n = type === 'Billing' ? int(rng, 2, 3) : int(rng, 2, 4);
      first = last - int(rng, 1, 20) * DAY;
  }
  const from = Math.min(first, last - (n - 1) * 15 * MINUTE);
  const step = (last - from) / (n - 1);
  const out: number[] = [];
  for (let i = 0; i < n - 1; i++) {
    const jitter = i === 0 ? 0 : (rng() - 0.5) * 0.6 * step;
    out.push(Math.floor((from + step * i + jitter) / MINUTE) * MINUTE);
  }
  out.push(last);
  return out;
}

function regionalRecoveryText(type: KnownEventType, service: string, region: string): string {
  return type === 'PlannedMaintenance'
    ? `<p><strong>Completed in ${region}:</strong> Maintenance of ${service} in ${region} is complete.</p>`
    : `<p><strong>Mitigated in ${region}:</strong> ${service} in ${region} has recovered. Engineers continue to work on the remaining regions.</p>`;
}

function levelFor(rng: Rng, type: KnownEventType): KnownEventLevel {
  switch (type) {
    case 'ServiceIssue':
    case 'EmergingIssues':
      return pick(rng, ['Critical', 'Error', 'Error', 'Warning'] as const);
    case 'SecurityAdvisory':
      return pick(rng, ['Critical', 'Error', 'Warning'] as const);
    case 'PlannedMaintenance':
      return pick(rng, ['Warning', 'Informational', 'Informational'] as const);
    default:
      return pick(rng, ['Warning', 'Informational'] as const);
  }
}

const sharedCache = new Map<string, Pick<EventProperties, 'recommendedActions' | 'faqs'>>();
/** Per-service recommended actions and FAQs, deep-frozen and shared by all events of the service. */
function sharedFor(service: string): Pick<EventProperties, 'recommendedActions' | 'faqs'> {
  let shared = sharedCache.get(service);
  if (!shared) {
    const actions = [
      Object.freeze({ groupId: 1, actionText: `Review the health of your ${service} resources in the portal.` }),
      Object.freeze({ groupId: 2, actionText: 'Configure Service Health alerts to be notified of future events.' }),
    ];
    const faqs = [
      Object.freeze({ question: `Which ${service} resources are affected?`, answer: 'See the Impacted Resources tab for the list.', localeCode: 'en-us' }),
      Object.freeze({ question: 'Will I receive updates?', answer: 'Yes, this event is updated as more information becomes available.', localeCode: 'en-us' }),
    ];
    shared = Object.freeze({
      recommendedActions: Object.freeze({ message: 'Recommended actions', localeCode: 'en-us', actions: Object.freeze(actions) as typeof actions }),
      faqs: Object.freeze(faqs) as typeof faqs,
    });
    sharedCache.set(service, shared);
  }
  return shared;
}

/** Generates `count` events, each concerning a non-empty subset of `subscriptionIds`. */
export function generateEvents(options: GenerateOptions): GeneratedEvent[] {
  const { count, seed, now, subscriptionIds } = options;
  if (subscriptionIds.length === 0) {
    throw new Error('generateEvents needs at least one subscription id.');
  }
  const rng = mulberry32(seed);
  const seen = new Set<string>();
  const out: GeneratedEvent[] = [];
  for (let n = 0; n < count; n++) {
    let id = trackingId(rng);
    while (seen.has(id)) {
      id = trackingId(rng);
    }
    seen.add(id);
    out.push(generateOne(rng, id, now, subscriptionIds, options.maxSubscriptionsPerEvent));
  }
  return out;
}

/** The draws that decide what an event is: its type, scope, status, service and regions. */
interface EventFacts {
  readonly name: string;
  readonly type: KnownEventType;
  readonly subs: string[];
  readonly updatedAt: number;
  readonly status: KnownEventStatus;
  readonly eventLevel: KnownEventLevel;
  readonly service: string;
  readonly serviceGuid: string;
  readonly regions: readonly string[];
  readonly subType: string | undefined;
  readonly isSensitive: boolean;
  readonly isHIR: boolean;
}

/** When the impact started and (unless still active) was mitigated, and how long it lasts. */
interface ImpactTimes {
  readonly duration: number;
  readonly impactStart: number;
  readonly impactMitigation: number | undefined;
}

// Each step draws from the same generator in a fixed order: reordering the draws changes every event.
function generateOne(rng: Rng, name: string, now: number, allSubs: readonly string[], maxSubs: number | undefined): GeneratedEvent {
  const facts = eventFacts(rng, name, now, allSubs, maxSubs);
  const impact = impactTimes(rng, facts);
  const cause = pick(rng, CAUSES);
  const finalPir = facts.type === 'RCA' && rng() < 0.5;
  const times = updateTimes(rng, facts.type, facts.status, finalPir, impact.impactStart, impact.impactMitigation, facts.updatedAt);
  const { type, status, subType, service, regions } = facts;
  const texts = communicationFor({
    type, status, subType, service, regions, trackingId: name, cause, impactStart: impact.impactStart, impactEnd: impact.impactMitigation, updateTimes: times, finalPir,
  });
  const tags = eventTagsOf(rng, facts, finalPir);
  const impactedRegions = impactedRegionsOf(rng, facts, times, texts.updates, tags);
  const properties = eventProperties(rng, facts, impact, texts, tags, impactedRegions, cause.reason);
  const event: HealthEvent = {
    id: eventIdFor(facts.subs[0] as string, name),
    name,
    type: EVENT_RESOURCE_TYPE,
    location: 'global',
    properties,
  };
  return { event, subscriptionIds: facts.subs };
}

function eventFacts(rng: Rng, name: string, now: number, allSubs: readonly string[], maxSubs: number | undefined): EventFacts {
  const type = pickType(rng);
  const subs =
    maxSubs === undefined
      ? rng() < 0.5 ? allSubs.slice() : sample(rng, allSubs, int(rng, 1, allSubs.length))
      : sample(rng, allSubs, int(rng, 1, Math.max(1, Math.min(Math.floor(maxSubs), allSubs.length))));
  const updatedAt = lastUpdate(rng, now);
  const activeChance = type === 'ServiceIssue' || type === 'EmergingIssues' ? 0.35 : type === 'RCA' ? 0 : 0.5;
  const status: KnownEventStatus = rng() < activeChance ? 'Active' : 'Resolved';
  const eventLevel = levelFor(rng, type);
  const [service, serviceGuid] = pick(rng, SERVICES);
  const regionCount = type === 'Billing' ? 1 : int(rng, 1, 4);
  const regions = type === 'Billing' ? ['Global'] : sample(rng, REGIONS_NOT_GLOBAL, regionCount);
  const subType =
    type === 'Billing' ? pick(rng, BILLING_SUBTYPES) : type === 'HealthAdvisory' && rng() < 0.2 ? 'Retirement' : undefined;
  const isSensitive = type === 'SecurityAdvisory' ? rng() < 0.6 : rng() < 0.03;
  const isHIR = (type === 'ServiceIssue' || type === 'RCA') && rng() < 0.12;
  return { name, type, subs, updatedAt, status, eventLevel, service, serviceGuid, regions, subType, isSensitive, isHIR };
}

// Impact times consistent with status: resolved events have mitigation at or before the last
// update; active planned maintenance may start in the future with a planned end.
function impactTimes(rng: Rng, { type, status, updatedAt }: EventFacts): ImpactTimes {
  const duration = int(rng, 1, 12) * HOUR + int(rng, 0, 59) * 60_000;
  let impactStart: number;
  let impactMitigation: number | undefined;
  if (type === 'PlannedMaintenance' && status === 'Active') {
    impactStart = updatedAt + int(rng, -24, 24 * 7) * HOUR;
    impactMitigation = impactStart + duration;
  } else if (status === 'Active') {
    impactStart = updatedAt - int(rng, 1, 48) * HOUR;
  } else if (type === 'RCA') {
    // A review is published days after the incident it describes.
    impactMitigation = updatedAt - int(rng, 2, 12) * DAY - int(rng, 0, 23) * HOUR;
    impactStart = impactMitigation - duration;
  } else {
    impactMitigation = updatedAt - int(rng, 0, 6) * HOUR;
    impactStart = impactMitigation - duration;
  }
  return { duration, impactStart, impactMitigation };
}

function eventTagsOf(rng: Rng, { type, subType, status }: EventFacts, finalPir: boolean): string[] {
  const tags: string[] = [];
  if (type === 'HealthAdvisory' || type === 'SecurityAdvisory' || subType === 'Retirement' || rng() < 0.1) {
    tags.push('Action Recommended');
  }
  if (type === 'RCA') {
    tags.push(finalPir ? 'Final PIR' : 'Preliminary PIR');
  }
  if ((type === 'ServiceIssue' || type === 'EmergingIssues') && status === 'Resolved' && rng() < 0.05) {
    tags.push('False Positive');
  }
  return tags;
}

// One communication goes to every impacted region: the update objects are shared, newest
// first, and only the newest carries the event's tags. In an active incident or maintenance
// a region may recover early: it gets its own mitigation update between two shared ones and
// no shared update after it.
function impactedRegionsOf(rng: Rng, facts: EventFacts, times: readonly number[], summaries: readonly string[], tags: string[]) {
  const { type, status, service, regions, subs } = facts;
  const n = times.length;
  const shared: EventUpdate[] = times.map((t, i) => ({ summary: summaries[i] as string, updateDateTime: iso(t), eventTags: i === n - 1 ? tags : NO_STRINGS })).reverse();
  const regionalRecovery = status === 'Active' && (type === 'ServiceIssue' || type === 'EmergingIssues' || type === 'PlannedMaintenance');
  return regions.map((region, ri) => {
    let regionStatus: KnownEventStatus = status;
    let updates = shared;
    if (ri > 0 && regionalRecovery && rng() < 0.3) {
      regionStatus = 'Resolved';
      // j: chronological index of the last shared update the region received.
      const j = int(rng, 0, n - 2);
      const from = times[j] as number;
      const gap = (times[j + 1] as number) - from;
      // Distinct per region, strictly between the two shared updates (their gap is >= 5 min).
      const at = from + Math.max(MINUTE, Math.floor((gap * ri) / (regions.length + 1) / MINUTE) * MINUTE);
      updates = [{ summary: regionalRecoveryText(type, service, region), updateDateTime: iso(at), eventTags: NO_STRINGS }, ...shared.slice(n - 1 - j)];
    }
    return {
      impactedRegion: region,
      status: regionStatus,
      impactedSubscriptions: subs,
      impactedTenants: NO_STRINGS,
      lastUpdateTime: (updates[0] as EventUpdate).updateDateTime,
      updates,
    };
  });
}

function portalLinks(name: string, serviceGuid: string): EventProperties['links'] {
  return [
    {
      type: 'Hyperlink',
      displayText: { value: 'Learn more', localizedValue: 'Learn more' },
      extensionName: 'Microsoft_Azure_Health',
      bladeName: 'AzureHealthBrowseBlade',
      parameters: { trackingId: name, link: `https://app.azure.com/h/${name}` },
    },
    {
      type: 'Button',
      displayText: { value: 'Create a support request', localizedValue: 'Create a support request' },
      extensionName: 'Microsoft_Azure_Support',
      bladeName: 'NewSupportRequestV3Blade',
      parameters: { issueType: 'technical', trackingId: name, serviceId: serviceGuid },
    },
  ];
}

function eventProperties(
  rng: Rng,
  facts: EventFacts,
  { duration, impactStart, impactMitigation }: ImpactTimes,
  texts: ReturnType<typeof communicationFor>,
  tags: string[],
  impactedRegions: ReturnType<typeof impactedRegionsOf>,
  reason: string,
): EventProperties {
  const { name, type, status, eventLevel, service, serviceGuid, updatedAt } = facts;
  const common = sharedFor(service);
  const properties: EventProperties = {
    eventType: type,
    eventSource: type === 'ServiceIssue' && rng() < 0.15 ? 'ResourceHealth' : 'ServiceHealth',
    status,
    title: texts.title,
    summary: texts.summary,
    header: type === 'Billing' ? 'Your billing may be affected' : `Your ${service} service is impacted`,
    level: eventLevel === 'Critical' || eventLevel === 'Error' ? 'Critical' : 'Warning',
    eventLevel,
    externalIncidentId: `${int(rng, 100000, 999999)}`,
    reason: type === 'ServiceIssue' ? reason : '',
    links: portalLinks(name, serviceGuid),
    impactStartTime: iso(impactStart),
    impact: [{ impactedService: service, impactedServiceGuid: serviceGuid, impactedRegions }],
    recommendedActions: common.recommendedActions,
    faqs: common.faqs,
    isHIR: facts.isHIR,
    enableMicrosoftSupport: true,
    enableChatWithUs: rng() < 0.3,
    description: texts.description,
    platformInitiated: type === 'PlannedMaintenance',
    priority: priorityOf(type, eventLevel, status),
    lastUpdateTime: iso(updatedAt),
    additionalInformation: { message: type === 'PlannedMaintenance' ? 'Regions in a pair are never updated at the same time.' : '' },
    duration: Math.round(duration / 1000),
    impactType: type === 'Billing' ? 'Billing' : 'Incident',
    isEventSensitive: facts.isSensitive,
    eventTags: tags,
  };
  addOptionalProperties(rng, properties, facts, texts.article, impactMitigation);
  return properties;
}

// Optional fields are added only when present (absent, not undefined), without spreads.
function addOptionalProperties(rng: Rng, properties: EventProperties, facts: EventFacts, article: string | undefined, impactMitigation: number | undefined): void {
  const { name, type, subType } = facts;
  if (subType !== undefined) {
    properties['eventSubType'] = subType;
  }
  // Azure publishes an article only for some events (reviews, retirement guides).
  if (article !== undefined) {
    properties.article = { articleContent: article, articleId: `article-${name}`, parameters: { trackingId: name } };
  }
  if (impactMitigation !== undefined) {
    properties.impactMitigationTime = iso(impactMitigation);
  }
  if (facts.isHIR) {
    properties.hirStage = pick(rng, HIR_STAGES);
  }
  if (type === 'Billing') {
    const oldRate = Math.round((0.01 + rng() * 2) * 10000) / 10000;
    properties['currencyType'] = pick(rng, CURRENCIES);
    properties['oldRate'] = oldRate;
    properties['newRate'] = Math.round(oldRate * (0.85 + rng() * 0.4) * 10000) / 10000;
    properties['billingId'] = `BILL-${int(rng, 10000000, 99999999)}`;
  }
}

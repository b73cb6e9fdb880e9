/**
 * Deterministic, Azure-like health events for the sample service. Same options -> same events,
 * byte for byte, so tests, benchmarks and screenshots are reproducible.
 */
import type { EventProperties, HealthEvent, KnownEventLevel, KnownEventStatus, KnownEventType } from '../model/schemas';

export interface GenerateOptions {
  readonly count: number;
  readonly seed: number;
  /** Epoch ms the events are generated relative to (lastUpdateTime spreads over the 30 days before). */
  readonly now: number;
  readonly subscriptionIds: readonly string[];
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

interface Texts {
  title: string;
  summary: string;
  update: (i: number, last: boolean) => string;
}

function textsFor(type: KnownEventType, service: string, regions: string[], status: KnownEventStatus, subType: string | undefined): Texts {
  const where = regions.join(', ');
  const doc = `https://learn.microsoft.com/azure/${service.toLowerCase().replace(/[^a-z]+/g, '-')}`;
  switch (type) {
    case 'ServiceIssue':
    case 'EmergingIssues':
      return {
        title: `${type === 'EmergingIssues' ? 'Emerging issue' : 'Service degradation'} - ${service} - ${where}`,
        summary:
          `<p><strong>Impact Statement:</strong> Starting at the time below, customers using ${service} in ${where} may experience ` +
          `intermittent failures or elevated latency when performing service management operations.</p>` +
          `<p><strong>Current Status:</strong> ${status === 'Active' ? 'We are actively investigating and will provide an update within 60 minutes.' : 'This issue is now mitigated.'}</p>` +
          `<ul><li>Retries may succeed.</li><li>Existing resources continue to run.</li></ul>` +
          `<p>Stay informed with <a href="https://aka.ms/ash-alerts">Azure Service Health alerts</a>.</p>`,
        update: (i, last) =>
          last && status === 'Resolved'
            ? `<p><strong>Summary of Impact:</strong> ${service} in ${where} experienced failures. The issue is mitigated; see <a href="https://aka.ms/azurestatus">Azure status</a>.</p>`
            : `<p><strong>Update ${i + 1}:</strong> Engineers are investigating a configuration change affecting ${service}. Next update within 60 minutes.</p>`,
      };
    case 'PlannedMaintenance':
      return {
        title: `Planned maintenance for ${service} - ${where}`,
        summary:
          `<p>Azure is performing planned maintenance on ${service} in ${where} to improve reliability.</p>` +
          `<p><strong>Expected impact:</strong> brief connectivity loss of up to 30 seconds per resource.</p>` +
          `<ul><li>No action is needed for resources with zone redundancy.</li><li>You may <a href="${doc}/maintenance">self-serve the maintenance</a> before the window.</li></ul>`,
        update: (i) => `<p>Maintenance window ${i + 1} scheduled for ${service} in ${where}.</p>`,
      };
    case 'HealthAdvisory':
      return subType === 'Retirement'
        ? {
            title: `Retirement: ${service} classic features will be retired`,
            summary:
              `<p>On the retirement date, <strong>${service} classic</strong> features will be retired. Migrate before then to avoid disruption.</p>` +
              `<ul><li>Review the <a href="${doc}/migrate">migration guide</a>.</li><li>Inventory affected resources.</li></ul>`,
            update: () => `<p>Reminder: migrate your ${service} resources before the retirement date.</p>`,
          }
        : {
            title: `Action recommended: update ${service} configuration`,
            summary:
              `<p>We recommend updating your <strong>${service}</strong> configuration in ${where} to adopt the latest TLS and API versions.</p>` +
              `<p>Learn more in the <a href="${doc}/overview">documentation</a>.</p>`,
            update: () => `<p>Advisory published for ${service}.</p>`,
          };
    case 'SecurityAdvisory':
      return {
        title: `Security advisory - ${service}`,
        summary:
          `<p><strong>Security notice:</strong> we identified a vulnerability that may affect ${service} resources in your subscription.</p>` +
          `<ul><li>Rotate affected credentials.</li><li>Review access logs.</li></ul>` +
          `<p>See <a href="https://msrc.microsoft.com/update-guide">the security update guide</a>.</p>`,
        update: (i) => `<p>Security update ${i + 1} for ${service}: mitigation details for affected resources.</p>`,
      };
    case 'Billing':
      return {
        title: `Billing notice: ${subType ?? 'PriceChanges'} for ${service}`,
        summary:
          `<p>This notice concerns <strong>${subType ?? 'price changes'}</strong> on your ${service} usage. No action is required unless stated below.</p>` +
          `<p>See <a href="https://azure.microsoft.com/pricing">Azure pricing</a>.</p>`,
        update: () => `<p>Billing notice for ${service} published.</p>`,
      };
    case 'RCA':
      return {
        title: `Post Incident Review (PIR) - ${service} - ${where}`,
        summary:
          `<p><strong>What happened?</strong> Between the times below, a subset of customers using ${service} in ${where} experienced failures.</p>` +
          `<p><strong>What went wrong and why?</strong> A configuration change was deployed without sufficient validation.</p>` +
          `<ul><li>We have rolled back the change.</li><li>We are improving our safe deployment practices.</li></ul>` +
          `<p>Watch our <a href="https://aka.ms/AIR">Azure Incident Retrospective</a> videos.</p>`,
        update: (i, last) => (last ? '<p>Final PIR published.</p>' : `<p>Preliminary PIR ${i + 1} published.</p>`),
      };
  }
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
    out.push(generateOne(rng, id, now, subscriptionIds));
  }
  return out;
}

function generateOne(rng: Rng, name: string, now: number, allSubs: readonly string[]): GeneratedEvent {
  const type = pickType(rng);
  const subs = rng() < 0.5 ? allSubs.slice() : sample(rng, allSubs, int(rng, 1, allSubs.length));
  const updatedAt = lastUpdate(rng, now);
  const activeChance = type === 'ServiceIssue' || type === 'EmergingIssues' ? 0.35 : type === 'RCA' ? 0 : 0.5;
  const status: KnownEventStatus = rng() < activeChance ? 'Active' : 'Resolved';
  const eventLevel = levelFor(rng, type);
  const level = eventLevel === 'Critical' || eventLevel === 'Error' ? 'Critical' : 'Warning';
  const [service, serviceGuid] = pick(rng, SERVICES);
  const regionCount = type === 'Billing' ? 1 : int(rng, 1, 4);
  const regions = type === 'Billing' ? ['Global'] : sample(rng, REGIONS_NOT_GLOBAL, regionCount);
  const subType =
    type === 'Billing' ? pick(rng, BILLING_SUBTYPES) : type === 'HealthAdvisory' && rng() < 0.2 ? 'Retirement' : undefined;
  const isSensitive = type === 'SecurityAdvisory' ? rng() < 0.6 : rng() < 0.03;
  const isHIR = (type === 'ServiceIssue' || type === 'RCA') && rng() < 0.12;

  // Impact times consistent with status: resolved events have mitigation at or before the last
  // update; active planned maintenance may start in the future with a planned end.
  const duration = int(rng, 1, 12) * HOUR + int(rng, 0, 59) * 60_000;
  let impactStart: number;
  let impactMitigation: number | undefined;
  if (type === 'PlannedMaintenance' && status === 'Active') {
    impactStart = updatedAt + int(rng, -24, 24 * 7) * HOUR;
    impactMitigation = impactStart + duration;
  } else if (status === 'Active') {
    impactStart = updatedAt - int(rng, 1, 48) * HOUR;
  } else {
    impactMitigation = updatedAt - int(rng, 0, 6) * HOUR;
    impactStart = impactMitigation - duration;
  }

  const texts = textsFor(type, service, regions, status, subType);
  const tags: string[] = [];
  if (type === 'HealthAdvisory' || type === 'SecurityAdvisory' || subType === 'Retirement' || rng() < 0.1) {
    tags.push('Action Recommended');
  }
  if (type === 'RCA') {
    tags.push(rng() < 0.5 ? 'Preliminary PIR' : 'Final PIR');
  }
  if ((type === 'ServiceIssue' || type === 'EmergingIssues') && status === 'Resolved' && rng() < 0.05) {
    tags.push('False Positive');
  }

  const impactedRegions = regions.map((region, ri) => {
    const regionLast = ri === 0 ? updatedAt : updatedAt - int(rng, 0, 12) * HOUR;
    const regionStatus: KnownEventStatus = status === 'Resolved' || (ri > 0 && rng() < 0.3) ? 'Resolved' : 'Active';
    const nUpdates = int(rng, 2, 5);
    const span = Math.max(60_000, regionLast - Math.min(impactStart, regionLast));
    const updates = Array.from({ length: nUpdates }, (_, ui) => ({
      summary: texts.update(nUpdates - 1 - ui, ui === 0),
      // Newest first: the first update is the region's last update.
      updateDateTime: iso(regionLast - Math.floor((span * ui) / nUpdates)),
      eventTags: ui === 0 ? tags : NO_STRINGS,
    }));
    return {
      impactedRegion: region,
      status: regionStatus,
      impactedSubscriptions: subs,
      impactedTenants: NO_STRINGS,
      lastUpdateTime: iso(regionLast),
      updates,
    };
  });

  const shared = sharedFor(service);
  const trackingParam = { trackingId: name };
  const properties: EventProperties = {
    eventType: type,
    eventSource: type === 'ServiceIssue' && rng() < 0.15 ? 'ResourceHealth' : 'ServiceHealth',
    status,
    title: texts.title,
    summary: texts.summary,
    header: type === 'Billing' ? 'Your billing may be affected' : `Your ${service} service is impacted`,
    level,
    eventLevel,
    externalIncidentId: `${int(rng, 100000, 999999)}`,
    reason: type === 'ServiceIssue' ? pick(rng, ['Configuration change', 'Hardware failure', 'Networking issue', 'Dependency failure']) : '',
    article: {
      articleContent: texts.summary,
      articleId: `article-${name}`,
      parameters: { ...trackingParam },
    },
    links: [
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
    ],
    impactStartTime: iso(impactStart),
    impact: [{ impactedService: service, impactedServiceGuid: serviceGuid, impactedRegions }],
    recommendedActions: shared.recommendedActions,
    faqs: shared.faqs,
    isHIR,
    enableMicrosoftSupport: true,
    enableChatWithUs: rng() < 0.3,
    description: `<p>${texts.title}.</p>${texts.summary}`,
    platformInitiated: type === 'PlannedMaintenance',
    priority: priorityOf(type, eventLevel, status),
    lastUpdateTime: iso(updatedAt),
    additionalInformation: { message: type === 'PlannedMaintenance' ? 'Maintenance is performed region by region.' : '' },
    duration: Math.round(duration / 1000),
    impactType: type === 'Billing' ? 'Billing' : 'Incident',
    isEventSensitive: isSensitive,
    eventTags: tags,
  };
  if (subType !== undefined) {
    properties['eventSubType'] = subType;
  }
  // Optional fields are added only when present (absent, not undefined), without spreads.
  if (impactMitigation !== undefined) {
    properties.impactMitigationTime = iso(impactMitigation);
  }
  if (isHIR) {
    properties.hirStage = pick(rng, HIR_STAGES);
  }
  if (type === 'Billing') {
    const oldRate = Math.round((0.01 + rng() * 2) * 10000) / 10000;
    properties['currencyType'] = pick(rng, CURRENCIES);
    properties['oldRate'] = oldRate;
    properties['newRate'] = Math.round(oldRate * (0.85 + rng() * 0.4) * 10000) / 10000;
    properties['billingId'] = `BILL-${int(rng, 10000000, 99999999)}`;
  }
  const event: HealthEvent = {
    id: eventIdFor(subs[0] as string, name),
    name,
    type: EVENT_RESOURCE_TYPE,
    location: 'global',
    properties,
  };
  return { event, subscriptionIds: subs };
}

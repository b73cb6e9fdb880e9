/**
 * Deterministic, Azure-like health events for the sample service. Same options -> same events,
 * byte for byte, so tests, benchmarks and screenshots are reproducible.
 */
import type { EventProperties, EventUpdate, HealthEvent, KnownEventLevel, KnownEventStatus, KnownEventType } from '../model/schemas';
import { CAUSES } from './causes';
import { communicationFor } from './communications';
import { DAY, HOUR, iso, lastUpdate, MINUTE, updateTimes } from './eventTimes';
import {
  BILLING_SUBTYPES,
  CURRENCIES,
  EVENT_RESOURCE_TYPE,
  eventIdFor,
  HIR_STAGES,
  levelFor,
  NO_STRINGS,
  pickType,
  priorityOf,
  regionalRecoveryText,
  REGIONS_NOT_GLOBAL,
  SERVICES,
  sharedFor,
  trackingId,
} from './eventVocabulary';
import { int, mulberry32, pick, sample, type Rng } from './seededRandom';

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

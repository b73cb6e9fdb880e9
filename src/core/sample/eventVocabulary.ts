/** What generated events are made of: services, regions, types and their weights, levels, ids and shared texts. */
import type { EventProperties, KnownEventLevel, KnownEventType } from '../model/schemas';
import { pick, type Rng } from './seededRandom';

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

export const SERVICES: readonly (readonly [string, string])[] = [
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

export const REGIONS: readonly string[] = [
  'West Europe', 'North Europe', 'East US', 'East US 2', 'West US', 'West US 2', 'West US 3',
  'Central US', 'South Central US', 'UK South', 'UK West', 'France Central', 'Germany West Central',
  'Sweden Central', 'Switzerland North', 'Southeast Asia', 'East Asia', 'Japan East', 'Australia East',
  'Canada Central', 'Brazil South', 'Central India', 'Korea Central', 'Global',
];

export const REGIONS_NOT_GLOBAL = REGIONS.filter((r) => r !== 'Global');
// Shared, frozen sub-objects: every event holds them; sharing keeps large sets cheap to build.
export const NO_STRINGS = Object.freeze([]) as unknown as string[];

export const TYPE_WEIGHTS: readonly (readonly [KnownEventType, number])[] = [
  ['ServiceIssue', 30],
  ['PlannedMaintenance', 22],
  ['HealthAdvisory', 18],
  ['SecurityAdvisory', 9],
  ['Billing', 9],
  ['RCA', 7],
  ['EmergingIssues', 5],
];
export const TYPE_TOTAL = TYPE_WEIGHTS.reduce((s, [, w]) => s + w, 0);

export const BILLING_SUBTYPES = ['ForeignExchangeRateChange', 'PriceChanges', 'TaxChanges', 'MeterIDChanges', 'Underbilling', 'Overbilling'] as const;
// hirStage values are "not shown" in the seed; these read naturally in the UI.
export const HIR_STAGES = ['Investigating', 'Mitigated', 'Preliminary PIR', 'Final PIR'] as const;
export const CURRENCIES = ['USD', 'EUR', 'GBP', 'JPY', 'AUD', 'CAD'] as const;
export const TRACKING_CHARS = 'ABCDEFGHJKLMNPQRSTUVWXYZ0123456789';
export function pickType(rng: Rng): KnownEventType {
  let r = rng() * TYPE_TOTAL;
  for (const [type, w] of TYPE_WEIGHTS) {
    if ((r -= w) < 0) {
      return type;
    }
  }
  return 'ServiceIssue';
}

export function trackingId(rng: Rng): string {
  let s = '';
  for (let i = 0; i < 7; i++) {
    s += TRACKING_CHARS[Math.floor(rng() * TRACKING_CHARS.length)];
    if (i === 3) {
      s += '-';
    }
  }
  return s;
}

export function regionalRecoveryText(type: KnownEventType, service: string, region: string): string {
  return type === 'PlannedMaintenance'
    ? `<p><strong>Completed in ${region}:</strong> Maintenance of ${service} in ${region} is complete.</p>`
    : `<p><strong>Mitigated in ${region}:</strong> ${service} in ${region} has recovered. Engineers continue to work on the remaining regions.</p>`;
}

export function levelFor(rng: Rng, type: KnownEventType): KnownEventLevel {
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

export const sharedCache = new Map<string, Pick<EventProperties, 'recommendedActions' | 'faqs'>>();
/** Per-service recommended actions and FAQs, deep-frozen and shared by all events of the service. */
export function sharedFor(service: string): Pick<EventProperties, 'recommendedActions' | 'faqs'> {
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

/** zod schemas for every response body of the two seed contracts. Why: docs/architecture.md#model-schemas */
import * as z from 'zod';
import { EVENT_LEVELS, EVENT_SOURCES, EVENT_STATUSES, EVENT_SUB_TYPES, EVENT_TYPES, INSIGHT_LEVELS, LINK_TYPES } from './eventValues';

// The zod-free value lists and time readers live in eventValues (eventModel adds the types and id helper),
// which the start of the extension loads; these schemas load on first validation (see validation.ts).
export * from './eventValues';

/** An enum that accepts the documented values and any other string the service adds later. */
export function openEnum<const T extends readonly [string, ...string[]]>(values: T) {
  return z.union([z.enum(values), z.string()]);
}


const str = z.string().nullish();
const int = z.number().int().nullish();
const num = z.number().nullish();
const bool = z.boolean().nullish();
const stringMap = z.record(z.string(), z.unknown()).nullish();
const stringList = z.array(z.string()).nullish();

export const updateSchema = z.looseObject({
  summary: str,
  updateDateTime: str,
  eventTags: stringList,
});

export const impactedServiceRegionSchema = z.looseObject({
  impactedRegion: str,
  // Allowed values of the region status are "not shown": any string is kept.
  status: openEnum(EVENT_STATUSES).nullish(),
  impactedSubscriptions: stringList,
  impactedTenants: stringList,
  lastUpdateTime: str,
  updates: z.array(updateSchema).nullish(),
});

export const impactSchema = z.looseObject({
  impactedService: str,
  impactedServiceGuid: str,
  impactedRegions: z.array(impactedServiceRegionSchema).nullish(),
});

export const linkSchema = z.looseObject({
  type: openEnum(LINK_TYPES).nullish(),
  displayText: z.looseObject({ value: str, localizedValue: str }).nullish(),
  extensionName: str,
  bladeName: str,
  parameters: stringMap,
});

export const faqSchema = z.looseObject({
  question: str,
  answer: str,
  localeCode: str,
});

export const recommendedActionSchema = z.looseObject({
  groupId: int,
  actionText: str,
});

export const recommendedActionsSchema = z.looseObject({
  message: str,
  actions: z.array(recommendedActionSchema).nullish(),
  localeCode: str,
});

export const articleSchema = z.looseObject({
  articleContent: str,
  articleId: str,
  parameters: stringMap,
});

export const eventPropertiesSchema = z.looseObject({
  eventType: openEnum(EVENT_TYPES).nullish(),
  eventSubType: openEnum(EVENT_SUB_TYPES).nullish(),
  eventSource: openEnum(EVENT_SOURCES).nullish(),
  status: openEnum(EVENT_STATUSES).nullish(),
  title: str,
  summary: str,
  header: str,
  level: openEnum(INSIGHT_LEVELS).nullish(),
  eventLevel: openEnum(EVENT_LEVELS).nullish(),
  externalIncidentId: str,
  reason: str,
  article: articleSchema.nullish(),
  links: z.array(linkSchema).nullish(),
  impactStartTime: str,
  impactMitigationTime: str,
  impact: z.array(impactSchema).nullish(),
  recommendedActions: recommendedActionsSchema.nullish(),
  faqs: z.array(faqSchema).nullish(),
  isHIR: bool,
  enableMicrosoftSupport: bool,
  description: str,
  platformInitiated: bool,
  enableChatWithUs: bool,
  priority: int,
  lastUpdateTime: str,
  hirStage: str,
  additionalInformation: z.looseObject({ message: str }).nullish(),
  duration: int,
  impactType: str,
  isEventSensitive: bool,
  eventTags: stringList,
  billingId: str,
  currencyType: str,
  oldRate: num,
  newRate: num,
});

/** The ARM resource envelope every health resource shares: `{ id, name, type, properties }`, each optional. */
export function armResourceOf<P extends z.ZodType, E extends z.core.$ZodLooseShape = Record<never, never>>(properties: P, extra?: E) {
  return z.looseObject({ id: str, name: str, type: str, ...(extra ?? ({} as E)), properties: properties.nullish() });
}

export const eventSchema = armResourceOf(eventPropertiesSchema, { location: str });

/**
 * One page of an ARM list: `value` and `nextLink`. "Whether nextLink is omitted or empty on the
 * last page: not shown" (seed 000): absent, null and "" all end the listing.
 */
export function armPageOf<T extends z.ZodType>(item: T) {
  return z.looseObject({ value: z.array(item), nextLink: z.string().nullish() });
}

export const eventsPageSchema = armPageOf(eventSchema);

/** Seed 000: every non-200 response carries `{ code, message, details }`, all strings. */
export const errorResponseSchema = z.looseObject({
  code: str,
  message: str,
  // The seed types `details` as a string; ARM also sends an array of nested errors. Accept both.
  details: z.union([z.string(), z.array(z.unknown()), z.record(z.string(), z.unknown())]).nullish(),
});

/** ARM wraps the same fields in `{ error: {...} }`; the seed shows them bare. Accept either. */
export const errorEnvelopeSchema = z.union([
  z.looseObject({ error: errorResponseSchema }),
  errorResponseSchema,
]);

export const subscriptionSchema = z.looseObject({
  id: str,
  subscriptionId: z.string(),
  displayName: str,
  state: str,
  tenantId: str,
});

export const subscriptionsPageSchema = armPageOf(subscriptionSchema);

/** Seed 001 `GET /rate_limit`: one object per category, all integers. */
export const rateLimitWindowSchema = z.looseObject({
  limit: z.number().int(),
  remaining: z.number().int(),
  used: z.number().int().nullish(),
  reset: z.number().int(),
});

export const rateLimitStatusSchema = z.looseObject({
  // Categories beyond the six documented ones are kept (the record accepts any name).
  resources: z.record(z.string(), rateLimitWindowSchema),
  // Deprecated copy of resources.core.
  rate: rateLimitWindowSchema.nullish(),
});

export type HealthEvent = z.infer<typeof eventSchema>;
export type EventProperties = z.infer<typeof eventPropertiesSchema>;
export type Impact = z.infer<typeof impactSchema>;
export type ImpactedRegion = z.infer<typeof impactedServiceRegionSchema>;
export type EventUpdate = z.infer<typeof updateSchema>;
export type EventLink = z.infer<typeof linkSchema>;
export type EventsPage = z.infer<typeof eventsPageSchema>;
export type ErrorResponse = z.infer<typeof errorResponseSchema>;
export type Subscription = z.infer<typeof subscriptionSchema>;
export type RateLimitWindow = z.infer<typeof rateLimitWindowSchema>;
export type RateLimitStatus = z.infer<typeof rateLimitStatusSchema>;

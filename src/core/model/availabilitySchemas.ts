/** zod schemas of Resource Health availability statuses (api-version 2025-05-01). Why: docs/architecture.md#model-availabilityschemas */
import * as z from 'zod';
import { AVAILABILITY_STATES, REASON_CHRONICITIES, REASON_TYPES } from './availabilityValues';
import { armPageOf, armResourceOf, openEnum } from './schemas';

export * from './availabilityValues';

const str = z.string().nullish();

export const availabilityActionSchema = z.looseObject({
  action: str,
  actionUrl: str,
  actionUrlText: str,
  '_ActionUrl.Comment': str,
});

export const recentlyResolvedSchema = z.looseObject({
  unavailableOccuredTime: str,
  unavailableOccurredTime: str,
  resolvedTime: str,
  unavailableSummary: str,
});

export const serviceImpactingEventSchema = z.looseObject({
  eventStartTime: str,
  eventStatusLastModifiedTime: str,
  correlationId: str,
  // Not in the reference; read when present (the sample sends it): the event's tracking id.
  trackingId: str,
  status: z.looseObject({ value: str }).nullish(),
  incidentProperties: z.looseObject({ title: str, service: str, region: str, incidentType: str }).nullish(),
});

export const availabilityStatusPropertiesSchema = z.looseObject({
  availabilityState: openEnum(AVAILABILITY_STATES).nullish(),
  title: str,
  summary: str,
  detailedStatus: str,
  reasonType: openEnum(REASON_TYPES).nullish(),
  context: str,
  category: str,
  articleId: str,
  rootCauseAttributionTime: str,
  healthEventType: str,
  healthEventCause: str,
  healthEventCategory: str,
  healthEventId: str,
  resolutionETA: str,
  // The reference spells it `occuredTime`; a corrected `occurredTime` is read too.
  occuredTime: str,
  occurredTime: str,
  reasonChronicity: openEnum(REASON_CHRONICITIES).nullish(),
  reportedTime: str,
  recentlyResolved: recentlyResolvedSchema.nullish(),
  recommendedActions: z.array(availabilityActionSchema).nullish(),
  serviceImpactingEvents: z.array(serviceImpactingEventSchema).nullish(),
});

export const availabilityStatusSchema = armResourceOf(availabilityStatusPropertiesSchema, { location: str });

export const availabilityStatusesPageSchema = armPageOf(availabilityStatusSchema);

export type AvailabilityStatus = z.infer<typeof availabilityStatusSchema>;
export type AvailabilityStatusProperties = z.infer<typeof availabilityStatusPropertiesSchema>;
export type AvailabilityAction = z.infer<typeof availabilityActionSchema>;
export type ServiceImpactingEvent = z.infer<typeof serviceImpactingEventSchema>;

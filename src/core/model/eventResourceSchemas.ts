/** zod schemas for the events API's other operations (api-version 2025-05-01). Why: docs/architecture.md#model-eventresourceschemas */
import * as z from 'zod';
import { EMERGING_ISSUE_SEVERITIES, EMERGING_ISSUE_STAGES, IMPACTED_RESOURCE_STATUSES } from './eventResourceValues';
import { armPageOf, armResourceOf, eventSchema, openEnum, type HealthEvent } from './schemas';

// The zod-free part lives in eventResourceValues (value lists) and eventResources (types and helpers), for code that must not load zod.
export * from './eventResourceValues';

const str = z.string().nullish();
const bool = z.boolean().nullish();

export const keyValueItemSchema = z.looseObject({ key: str, value: str });

export const impactedResourcePropertiesSchema = z.looseObject({
  targetResourceType: str,
  targetResourceId: str,
  targetRegion: str,
  resourceName: str,
  resourceGroup: str,
  status: openEnum(IMPACTED_RESOURCE_STATUSES).nullish(),
  maintenanceStartTime: str,
  maintenanceEndTime: str,
  info: z.union([z.array(keyValueItemSchema), z.record(z.string(), z.unknown())]).nullish(),
});

export const impactedResourceSchema = armResourceOf(impactedResourcePropertiesSchema);

export const impactedResourcesPageSchema = armPageOf(impactedResourceSchema);

/** fetchBillingCommunicationDetails answers an `event` (2025-05-01 reference). */
export const billingCommunicationSchema = eventSchema;

export const emergingIssueRegionSchema = z.looseObject({ id: str, name: str });
export const emergingIssueImpactSchema = z.looseObject({
  id: str,
  name: str,
  regions: z.array(emergingIssueRegionSchema).nullish(),
});

export const statusBannerSchema = z.looseObject({
  title: str,
  message: str,
  cloud: str,
  lastModifiedTime: str,
});

export const statusActiveEventSchema = z.looseObject({
  title: str,
  description: str,
  trackingId: str,
  startTime: str,
  cloud: str,
  severity: openEnum(EMERGING_ISSUE_SEVERITIES).nullish(),
  stage: openEnum(EMERGING_ISSUE_STAGES).nullish(),
  published: bool,
  lastModifiedTime: str,
  impacts: z.array(emergingIssueImpactSchema).nullish(),
});

export const emergingIssuesSchema = armResourceOf(
  z.looseObject({
    refreshTimestamp: str,
    statusBanners: z.array(statusBannerSchema).nullish(),
    statusActiveEvents: z.array(statusActiveEventSchema).nullish(),
  }),
);

export type ImpactedResource = z.infer<typeof impactedResourceSchema>;
export type ImpactedResourcesPage = z.infer<typeof impactedResourcesPageSchema>;
export type BillingCommunication = HealthEvent;
export type EmergingIssues = z.infer<typeof emergingIssuesSchema>;
export type StatusActiveEvent = z.infer<typeof statusActiveEventSchema>;

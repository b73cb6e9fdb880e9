/**
 * zod schemas for the events API's other operations (api-version 2025-05-01): impacted resources,
 * billing communication details and emerging issues. Same tolerance rules as schemas.ts: loose
 * objects (unknown fields kept), open enums, every field optional and nullable.
 *
 * Decisions where the reference is thin or the service may differ ("be liberal"):
 * - impacted resource `properties.info` is an array of `{ key, value }`; a plain object map is
 *   also accepted, as some older payloads send one;
 * - the billing communication response is read from any of `properties.description`,
 *   `description`, `billingCommunication`, `message` (first non-empty string wins), because the
 *   reference does not pin its shape;
 * - the emerging issues body is the ARM resource `{ id, name, type, properties: { refreshTimestamp,
 *   statusBanners[], statusActiveEvents[] } }`; every part optional.
 */
import * as z from 'zod';
import { openEnum } from './schemas';

const str = z.string().nullish();
const bool = z.boolean().nullish();

export const IMPACTED_RESOURCE_STATUSES = ['Active', 'Resolved'] as const;

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

export const impactedResourceSchema = z.looseObject({
  id: str,
  name: str,
  type: str,
  properties: impactedResourcePropertiesSchema.nullish(),
});

export const impactedResourcesPageSchema = z.looseObject({
  value: z.array(impactedResourceSchema),
  nextLink: z.string().nullish(),
});

export const billingCommunicationSchema = z.looseObject({
  id: str,
  name: str,
  type: str,
  description: str,
  message: str,
  billingCommunication: str,
  properties: z.looseObject({ description: str, message: str, summary: str }).nullish(),
});

export const EMERGING_ISSUE_SEVERITIES = ['Information', 'Warning', 'Error'] as const;
export const EMERGING_ISSUE_STAGES = ['Active', 'Resolve', 'Archived'] as const;

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

export const emergingIssuesSchema = z.looseObject({
  id: str,
  name: str,
  type: str,
  properties: z
    .looseObject({
      refreshTimestamp: str,
      statusBanners: z.array(statusBannerSchema).nullish(),
      statusActiveEvents: z.array(statusActiveEventSchema).nullish(),
    })
    .nullish(),
});

export type ImpactedResource = z.infer<typeof impactedResourceSchema>;
export type ImpactedResourcesPage = z.infer<typeof impactedResourcesPageSchema>;
export type BillingCommunication = z.infer<typeof billingCommunicationSchema>;
export type EmergingIssues = z.infer<typeof emergingIssuesSchema>;
export type StatusActiveEvent = z.infer<typeof statusActiveEventSchema>;

/** The billing text of a fetchBillingCommunicationDetails response, wherever the service put it. */
export function billingTextOf(body: BillingCommunication): string | undefined {
  const candidates = [body.properties?.description, body.description, body.billingCommunication, body.message, body.properties?.message];
  return candidates.find((c): c is string => typeof c === 'string' && c.trim() !== '');
}

/** `info` as key/value pairs, whichever form arrived. */
export function infoPairsOf(resource: ImpactedResource): { key: string; value: string }[] {
  const info = resource.properties?.info;
  if (!info) {
    return [];
  }
  if (Array.isArray(info)) {
    return info.map((i) => ({ key: i.key ?? '', value: i.value ?? '' }));
  }
  return Object.entries(info).map(([key, value]) => ({ key, value: typeof value === 'string' ? value : JSON.stringify(value) }));
}

/** Resource group of an ARM resource id (`/subscriptions/…/resourceGroups/{rg}/…`), else the property. */
export function resourceGroupOf(resource: ImpactedResource): string | undefined {
  const fromId = /\/resourcegroups\/([^/]+)/i.exec(resource.properties?.targetResourceId ?? '')?.[1];
  return resource.properties?.resourceGroup ?? fromId ?? infoPairsOf(resource).find((p) => /resource ?group/i.test(p.key))?.value;
}

/** The display name: resourceName, else the last segment of targetResourceId, else an info "name"/"resource" pair. */
export function resourceNameOf(resource: ImpactedResource): string | undefined {
  const p = resource.properties;
  const fromId = p?.targetResourceId?.split('/').filter((s) => s !== '').pop();
  return p?.resourceName ?? fromId ?? infoPairsOf(resource).find((i) => /name|resource/i.test(i.key))?.value ?? resource.name ?? undefined;
}

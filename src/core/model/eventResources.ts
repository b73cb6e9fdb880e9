/**
 * The impacted-resource, billing and emerging-issue model without zod: value lists, the types the
 * schemas in eventResourceSchemas.ts infer, and the helpers that read them (see eventModel.ts for why).
 */
export type { BillingCommunication, EmergingIssues, ImpactedResource, ImpactedResourcesPage, StatusActiveEvent } from './eventResourceSchemas';
import type { BillingCommunication, ImpactedResource } from './eventResourceSchemas';

export * from './eventResourceValues';

/** The billing text of a fetchBillingCommunicationDetails response: the article, else the description or summary. */
export function billingTextOf(body: BillingCommunication): string | undefined {
  const p = body.properties;
  const candidates = [p?.article?.articleContent, p?.description, p?.summary];
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

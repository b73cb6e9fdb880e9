/** The events API's operations beyond the list and Fetch details (api-version 2025-05-01). Why: docs/architecture.md#api-eventresourcesapi */
import type { HealthEvent } from '../model/eventModel';
import { billingTextOf, type EmergingIssues, type ImpactedResource } from '../model/eventResources';
import { validation } from '../model/validation';
import { ApiError, type ResponseKind } from './errors';
import type { ApiErrorContext } from './errorMessages';
import { apiTargetOf, namedContext, requireSegment, subscriptionPath, type HealthEventsApiOptions } from './healthEventsApi';
import { followPages, requestJson } from './paging';
import { append } from '../text/lists';

const PROVIDER = '/providers/Microsoft.ResourceHealth';

export interface ImpactedResourcesOptions {
  /** OData `$filter`, e.g. `targetRegion eq 'westus'`; sent as is (URL-encoded). */
  readonly filter?: string;
  readonly signal?: AbortSignal;
}

/** Which scope answered: tenant when the token has a tenant role, else the subscription. */
export type Scope = 'tenant' | 'subscription';

export interface Scoped<T> {
  readonly scope: Scope;
  readonly value: T;
}

export class EventResourcesApi {
  private readonly client: HealthEventsApiOptions['client'];
  private readonly apiVersion: string;
  private readonly maxPages: number;
  private readonly origin?: string;
  private readonly base: string;
  private readonly named: (context: ApiErrorContext) => ApiErrorContext;

  constructor(options: HealthEventsApiOptions) {
    this.client = options.client;
    this.named = namedContext(options.subscriptionName);
    ({ apiVersion: this.apiVersion, maxPages: this.maxPages, origin: this.origin, base: this.base } = apiTargetOf(options));
  }

  /** GET /subscriptions/{id}/providers/Microsoft.ResourceHealth/events/{trackingId}/impactedResources, every page. */
  async listImpactedResources(subscriptionId: string, trackingId: string, options: ImpactedResourcesOptions = {}): Promise<ImpactedResource[]> {
    const id = requireSegment(trackingId, 'tracking id');
    const path = `${subscriptionPath(subscriptionId)}${PROVIDER}/events/${encodeURIComponent(id)}/impactedResources`;
    return this.allResources(path, options, this.named({ operation: 'listImpactedResources', subscriptionId, trackingId: id }));
  }

  /** GET /providers/Microsoft.ResourceHealth/events/{trackingId}/impactedResources (tenant roles only), every page. */
  async listTenantImpactedResources(trackingId: string, options: ImpactedResourcesOptions = {}): Promise<ImpactedResource[]> {
    const id = requireSegment(trackingId, 'tracking id');
    return this.allResources(`${PROVIDER}/events/${encodeURIComponent(id)}/impactedResources`, options, { operation: 'listImpactedResources', trackingId: id, tenantScope: true });
  }

  /** Tenant scope first; a 403 there falls back quietly to the subscription. */
  async listImpactedResourcesAnyScope(subscriptionId: string, trackingId: string, options: ImpactedResourcesOptions = {}): Promise<Scoped<ImpactedResource[]>> {
    return withTenantFallback(
      () => this.listTenantImpactedResources(trackingId, options),
      () => this.listImpactedResources(subscriptionId, trackingId, options),
    );
  }

  /**
   * POST …/events/{trackingId}/listSecurityAdvisoryImpactedResources, every page. A 403 reads like
   * Fetch details' (same role needed).
   */
  async listSecurityAdvisoryImpactedResources(subscriptionId: string, trackingId: string, options: ImpactedResourcesOptions = {}): Promise<ImpactedResource[]> {
    const id = requireSegment(trackingId, 'tracking id');
    const context = this.named({ operation: 'listSecurityAdvisoryImpactedResources', subscriptionId, trackingId: id, filterSent: hasFilter(options.filter) });
    const url = `${this.base}${subscriptionPath(subscriptionId)}${PROVIDER}/events/${encodeURIComponent(id)}/listSecurityAdvisoryImpactedResources?${this.query(options.filter)}`;
    const resources: ImpactedResource[] = [];
    for await (const page of this.pages(url, context, options.signal, 'POST')) {
      append(resources, page.value);
    }
    return resources;
  }

  /** POST …/events/{trackingId}/fetchBillingCommunicationDetails: the hidden text of a billing event, if any. */
  async fetchBillingCommunicationDetails(subscriptionId: string, trackingId: string, options: { signal?: AbortSignal } = {}): Promise<string | undefined> {
    const id = requireSegment(trackingId, 'tracking id');
    const url = `${this.base}${subscriptionPath(subscriptionId)}${PROVIDER}/events/${encodeURIComponent(id)}/fetchBillingCommunicationDetails?${this.query(undefined)}`;
    const { data } = await requestJson(
      this.client,
      { method: 'POST', url, signal: options.signal, headers: { accept: 'application/json' } },
      validation().billingCommunicationSchema,
      'billing communication details',
      this.named({ operation: 'fetchBillingCommunicationDetails', subscriptionId, trackingId: id }),
    );
    return billingTextOf(data);
  }

  /** GET /providers/Microsoft.ResourceHealth/events (tenant roles only), every page. */
  async listTenantEvents(options: ImpactedResourcesOptions = {}): Promise<HealthEvent[]> {
    const events: HealthEvent[] = [];
    const pages = followPages({
      client: this.client,
      firstUrl: `${this.base}${PROVIDER}/events?${this.query(options.filter)}`,
      apiVersion: this.apiVersion,
      maxPages: this.maxPages,
      origin: this.origin,
      schema: validation().eventsPageSchema,
      kind: 'an event list',
      context: { operation: 'listEvents', tenantScope: true, filterSent: hasFilter(options.filter) },
      signal: options.signal,
    });
    for await (const page of pages) {
      append(events, page.value);
    }
    return events;
  }

  /** GET /providers/Microsoft.ResourceHealth/emergingIssues/default. */
  async getEmergingIssues(options: { signal?: AbortSignal } = {}): Promise<EmergingIssues> {
    const url = `${this.base}${PROVIDER}/emergingIssues/default?${this.query(undefined)}`;
    const { data } = await requestJson(
      this.client,
      { method: 'GET', url, signal: options.signal, headers: { accept: 'application/json' } },
      validation().emergingIssuesSchema,
      'emerging issues',
      { operation: 'emergingIssues' },
    );
    return data;
  }

  private query(filter: string | undefined): string {
    const query = [`api-version=${encodeURIComponent(this.apiVersion)}`];
    if (filter !== undefined && hasFilter(filter)) {
      query.push(`$filter=${encodeURIComponent(filter)}`);
    }
    return query.join('&');
  }

  private async allResources(path: string, options: ImpactedResourcesOptions, context: ApiErrorContext): Promise<ImpactedResource[]> {
    const resources: ImpactedResource[] = [];
    const firstUrl = `${this.base}${path}?${this.query(options.filter)}`;
    for await (const page of this.pages(firstUrl, { ...context, filterSent: hasFilter(options.filter) }, options.signal)) {
      append(resources, page.value);
    }
    return resources;
  }

  private pages(firstUrl: string, context: ApiErrorContext, signal: AbortSignal | undefined, firstMethod: 'GET' | 'POST' = 'GET') {
    const kind: ResponseKind = 'an impacted resource list';
    return followPages({
      client: this.client,
      firstUrl,
      firstMethod,
      apiVersion: this.apiVersion,
      maxPages: this.maxPages,
      origin: this.origin,
      schema: validation().impactedResourcesPageSchema,
      kind,
      context,
      signal,
    });
  }
}

function hasFilter(filter: string | undefined): boolean {
  return filter !== undefined && filter.trim() !== '';
}

/** Runs the tenant-scope call; only a 403 (no tenant role) falls back, quietly, to the subscription. */
export async function withTenantFallback<T>(tenant: () => Promise<T>, subscription: () => Promise<T>): Promise<Scoped<T>> {
  try {
    return { scope: 'tenant', value: await tenant() };
  } catch (error) {
    if (!(error instanceof ApiError) || error.status !== 403) {
      throw error;
    }
    return { scope: 'subscription', value: await subscription() };
  }
}

/** Events at tenant scope, or of the subscription when the token has no tenant role. */
export async function listEventsAnyScope(
  api: EventResourcesApi,
  subscriptionEvents: () => Promise<HealthEvent[]>,
  options: ImpactedResourcesOptions = {},
): Promise<Scoped<HealthEvent[]>> {
  return withTenantFallback(() => api.listTenantEvents(options), subscriptionEvents);
}


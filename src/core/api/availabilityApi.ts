/** Resource Health availability statuses (api-version 2025-05-01): by subscription, one resource, its history. Why: docs/architecture.md#api-availabilityapi */
import type { AvailabilityStatus } from '../model/availability';
import { validation } from '../model/validation';
import type { ApiErrorContext } from './errorMessages';
import { apiTargetOf, namedContext, subscriptionPath, type ApiTarget, type HealthEventsApiOptions } from './healthEventsApi';
import { followPages, requestJson } from './paging';
import { append } from '../text/lists';

const PROVIDER = '/providers/Microsoft.ResourceHealth/availabilityStatuses';

export interface SubscriptionStatuses {
  readonly subscriptionId: string;
  /** Statuses read; when `error` is set, those of the pages read before it. */
  readonly statuses: AvailabilityStatus[];
  readonly error?: Error;
}

/**
 * The path of a resource id, every segment encoded once (`my rg` → `my%20rg`, `#` → `%23`): a
 * leading slash is added, a trailing one dropped; empty, `.` and `..` segments are refused.
 */
export function resourcePath(resourceId: string): string {
  const trimmed = typeof resourceId === 'string' ? resourceId.trim().replace(/\/+$/, '') : '';
  const segments = (trimmed.startsWith('/') ? trimmed.slice(1) : trimmed).split('/');
  if (trimmed === '' || /^[a-z][a-z0-9+.-]*:/i.test(trimmed) || segments.some((s) => s === '' || s === '.' || s === '..')) {
    throw new TypeError('A resource id such as /subscriptions/ID/resourceGroups/GROUP/providers/Microsoft.Compute/virtualMachines/NAME is required; check the id and try again.');
  }
  return `/${segments.map(encodeOnce).join('/')}`;
}

/** Encodes a segment, leaving one already percent-encoded as it is (no `%2520`). */
function encodeOnce(segment: string): string {
  try {
    return encodeURIComponent(decodeURIComponent(segment));
  } catch {
    return encodeURIComponent(segment);
  }
}

export class AvailabilityApi {
  private readonly client: HealthEventsApiOptions['client'];
  private readonly target: ApiTarget;
  private readonly named: (context: ApiErrorContext) => ApiErrorContext;

  constructor(options: HealthEventsApiOptions) {
    this.client = options.client;
    this.named = namedContext(options.subscriptionName);
    this.target = apiTargetOf(options);
  }

  /** GET /subscriptions/{id}/providers/Microsoft.ResourceHealth/availabilityStatuses?$expand=recommendedactions, every page. */
  async listBySubscription(subscriptionId: string, options: { signal?: AbortSignal } = {}): Promise<AvailabilityStatus[]> {
    const statuses: AvailabilityStatus[] = [];
    await this.collect(`${subscriptionPath(subscriptionId)}${PROVIDER}`, true, this.named({ operation: 'listAvailabilityStatuses', subscriptionId }), statuses, options.signal);
    return statuses;
  }

  /**
   * Several subscriptions at once (the client's throttle bounds the concurrency). A failing one
   * carries its error and the statuses read before it, and loses no other; ids are listed once.
   */
  async listForSubscriptions(subscriptionIds: readonly string[], options: { signal?: AbortSignal } = {}): Promise<SubscriptionStatuses[]> {
    return Promise.all(
      [...new Set(subscriptionIds)].map(async (subscriptionId): Promise<SubscriptionStatuses> => {
        const statuses: AvailabilityStatus[] = [];
        try {
          await this.collect(`${subscriptionPath(subscriptionId)}${PROVIDER}`, true, this.named({ operation: 'listAvailabilityStatuses', subscriptionId }), statuses, options.signal);
          return { subscriptionId, statuses };
        } catch (error) {
          if (options.signal?.aborted) {
            throw error;
          }
          return { subscriptionId, statuses, error: error instanceof Error ? error : new Error(String(error)) };
        }
      }),
    );
  }

  /** GET {resourceId}/providers/Microsoft.ResourceHealth/availabilityStatuses/current?$expand=recommendedactions. */
  async getCurrent(resourceId: string, options: { signal?: AbortSignal } = {}): Promise<AvailabilityStatus> {
    const url = `${this.target.base}${resourcePath(resourceId)}${PROVIDER}/current?${this.query(true)}`;
    const { data } = await requestJson(
      this.client,
      { method: 'GET', url, signal: options.signal, headers: { accept: 'application/json' } },
      validation().availabilityStatusSchema,
      'an availability status',
      this.resourceContext('getAvailabilityStatus', resourceId),
    );
    return data;
  }

  /** GET {resourceId}/providers/Microsoft.ResourceHealth/availabilityStatuses: the resource's transitions, every page. */
  async listHistory(resourceId: string, options: { signal?: AbortSignal } = {}): Promise<AvailabilityStatus[]> {
    const statuses: AvailabilityStatus[] = [];
    await this.collect(`${resourcePath(resourceId)}${PROVIDER}`, false, this.resourceContext('listAvailabilityHistory', resourceId), statuses, options.signal);
    return statuses;
  }

  private resourceContext(operation: 'getAvailabilityStatus' | 'listAvailabilityHistory', resourceId: string): ApiErrorContext {
    const subscriptionId = /^\/?subscriptions\/([^/]+)/i.exec(resourceId.trim())?.[1];
    return this.named({ operation, resourceId: resourceId.trim(), ...(subscriptionId ? { subscriptionId } : {}) });
  }

  private query(expand: boolean): string {
    return `api-version=${encodeURIComponent(this.target.apiVersion)}${expand ? '&$expand=recommendedactions' : ''}`;
  }

  /** Follows every page into `into`, so a caller that catches keeps what was read before the error. */
  private async collect(path: string, expand: boolean, context: ApiErrorContext, into: AvailabilityStatus[], signal: AbortSignal | undefined): Promise<void> {
    const pages = followPages({
      client: this.client,
      firstUrl: `${this.target.base}${path}?${this.query(expand)}`,
      apiVersion: this.target.apiVersion,
      maxPages: this.target.maxPages,
      origin: this.target.origin,
      schema: validation().availabilityStatusesPageSchema,
      kind: 'an availability status list',
      context,
      signal,
    });
    for await (const page of pages) {
      append(into, page.value);
    }
  }
}

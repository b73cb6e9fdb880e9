/** Azure Resource Graph (`POST {endpoint}/providers/Microsoft.ResourceGraph/resources`, api-version 2024-04-01). Why: docs/architecture.md#api-resourcegraphapi */
import type { AvailabilityStatus } from '../model/availability';
import type { HealthEvent } from '../model/eventModel';
import { validation } from '../model/validation';
import { PagingError } from './errors';
import { apiTargetOf, type HealthEventsApiOptions } from './healthEventsApi';
import { requestJson, type HttpRequester } from './paging';
import {
  availabilityQuery,
  eventFromRow,
  eventsQuery,
  impactedFromRow,
  IMPACTED_RESOURCES_QUERY,
  statusFromRow,
  SUBSCRIPTIONS_IN_SCOPE_QUERY,
  type GraphRow,
  type ImpactedRow,
} from './resourceGraphQueries';

export const RESOURCE_GRAPH_API_VERSION = '2024-04-01';
/** Subscriptions per request: Resource Graph's documented limit. */
export const RESOURCE_GRAPH_MAX_BATCH = 1000;
/** Rows per page: Resource Graph's `$top` maximum. */
export const RESOURCE_GRAPH_MAX_TOP = 1000;

export interface ResourceGraphApiOptions {
  readonly client: HttpRequester;
  readonly origin?: HealthEventsApiOptions['origin'];
  readonly baseUrl?: HealthEventsApiOptions['baseUrl'];
  /** Subscriptions per request, 1-1,000 (default 1,000). */
  readonly batchSize?: number;
  /** Rows per page (`options.$top`), 1-1,000 (default 1,000). */
  readonly pageSize?: number;
  /** Safety cap on pages per query; hitting it is a PagingError. */
  readonly maxPages?: number;
}

/** The rows of one batch, and how many rows were not valid events/resources (left out). */
export interface BatchRows<T> {
  readonly bySubscription: Map<string, T[]>;
  readonly skipped: number;
}

const clamp = (n: number | undefined, max: number): number => Math.min(max, Math.max(1, Math.floor(n ?? max)));

export class ResourceGraphApi {
  private readonly client: HttpRequester;
  private readonly url: string;
  private readonly maxPages: number;
  readonly batchSize: number;
  private readonly pageSize: number;

  constructor(options: ResourceGraphApiOptions) {
    this.client = options.client;
    const target = apiTargetOf({ client: options.client, ...(options.origin !== undefined ? { origin: options.origin } : {}), ...(options.baseUrl !== undefined ? { baseUrl: options.baseUrl } : {}), ...(options.maxPages !== undefined ? { maxPages: options.maxPages } : {}) });
    this.url = `${target.base}/providers/Microsoft.ResourceGraph/resources?api-version=${RESOURCE_GRAPH_API_VERSION}`;
    this.maxPages = target.maxPages;
    this.batchSize = clamp(options.batchSize, RESOURCE_GRAPH_MAX_BATCH);
    this.pageSize = clamp(options.pageSize, RESOURCE_GRAPH_MAX_TOP);
  }

  /** Unique ids in batches Resource Graph accepts, in order of first appearance. */
  batches(subscriptionIds: readonly string[]): string[][] {
    const unique = [...new Set(subscriptionIds)];
    const out: string[][] = [];
    for (let i = 0; i < unique.length; i += this.batchSize) {
      out.push(unique.slice(i, i + this.batchSize));
    }
    return out;
  }

  /** Every row of one query over one batch, page by page (`$skipToken` in the body). */
  async *rows(subscriptions: readonly string[], query: string, signal?: AbortSignal): AsyncGenerator<GraphRow[], void, undefined> {
    if (subscriptions.length === 0 || subscriptions.length > RESOURCE_GRAPH_MAX_BATCH) {
      throw new RangeError(`A Resource Graph query takes 1 to ${RESOURCE_GRAPH_MAX_BATCH} subscriptions; split the list into batches.`);
    }
    const seen = new Set<string>();
    let skipToken: string | undefined;
    for (let pages = 1; ; pages++) {
      const options = { $top: this.pageSize, resultFormat: 'objectArray', ...(skipToken !== undefined ? { $skipToken: skipToken } : {}) };
      const { data } = await requestJson(
        this.client,
        { method: 'POST', url: this.url, json: { subscriptions, query, options }, headers: { accept: 'application/json' }, ...(signal ? { signal } : {}) },
        validation().queryResponseSchema,
        'a Resource Graph result',
        { operation: 'queryResourceGraph' },
      );
      yield data.data;
      const next = data.$skipToken ?? undefined;
      if (next === undefined || next === '') {
        return;
      }
      if (seen.has(next)) {
        throw new PagingError('loop', pages);
      }
      if (pages >= this.maxPages) {
        throw new PagingError('pageCap', pages);
      }
      seen.add(next);
      skipToken = next;
    }
  }

  /** The events of one batch updated at or after `start`, per subscription id as sent (each in the events list's order). */
  async listEventsBatch(subscriptions: readonly string[], start: Date, signal?: AbortSignal): Promise<BatchRows<HealthEvent>> {
    return this.collect(subscriptions, eventsQuery(start), eventFromRow, signal);
  }

  /** The current availability status of every resource of one batch (HealthResources), per subscription id as sent; with `since`, only those changed at or after it. */
  async listAvailabilityBatch(subscriptions: readonly string[], signal?: AbortSignal, since?: Date): Promise<BatchRows<AvailabilityStatus>> {
    return this.collect(subscriptions, availabilityQuery(since), statusFromRow, signal);
  }

  /** Every event's impacted resources in one batch (ServiceHealthResources), per subscription id as sent. */
  async listImpactedResourcesBatch(subscriptions: readonly string[], signal?: AbortSignal): Promise<BatchRows<ImpactedRow>> {
    return this.collect(subscriptions, IMPACTED_RESOURCES_QUERY, impactedFromRow, signal);
  }

  /**
   * The ids of the batch (as sent) that Resource Graph has in scope, i.e. the caller can read.
   * Its answers carry no per-subscription scope (no field says which were left out), so this
   * asks ResourceContainers for the batch's subscriptions themselves: one more query per batch.
   */
  async subscriptionsInScope(subscriptions: readonly string[], signal?: AbortSignal): Promise<Set<string>> {
    const spelled = new Map(subscriptions.map((s) => [s.toLowerCase(), s]));
    const inScope = new Set<string>();
    for await (const page of this.rows(subscriptions, SUBSCRIPTIONS_IN_SCOPE_QUERY, signal)) {
      for (const row of page) {
        const id = spelled.get(row.subscriptionId.toLowerCase());
        if (id !== undefined) {
          inScope.add(id);
        }
      }
    }
    return inScope;
  }

  private async collect<T>(subscriptions: readonly string[], query: string, map: (row: GraphRow) => T | undefined, signal?: AbortSignal): Promise<BatchRows<T>> {
    // Keyed by the id as the caller spelled it: Resource Graph may answer in another case.
    const spelled = new Map(subscriptions.map((s) => [s.toLowerCase(), s]));
    const bySubscription = new Map<string, T[]>(subscriptions.map((s) => [s, []]));
    let skipped = 0;
    for await (const page of this.rows(subscriptions, query, signal)) {
      for (const row of page) {
        const key = spelled.get(row.subscriptionId.toLowerCase());
        const item = key === undefined ? undefined : map(row);
        if (key === undefined || item === undefined) {
          skipped++;
          continue;
        }
        bySubscription.get(key)?.push(item);
      }
    }
    return { bySubscription, skipped };
  }
}

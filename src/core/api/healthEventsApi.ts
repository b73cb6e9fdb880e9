/**
 * The health events operations of seed 000 (plus the ARM subscription list and seed 001's
 * /rate_limit), on top of any client with `request()` — in production the ThrottledClient, which
 * adds the token, the throttle, retries and the origin policy.
 */
import type { EventsPage, HealthEvent, RateLimitStatus, Subscription } from '../model/eventModel';
import { validation } from '../model/validation';
import { ApiError } from './errors';
import type { ApiErrorContext } from './errorMessages';
import type { SubscriptionNamer } from '../subscriptions/names';
import { followPages, requestJson, type HttpRequester } from './paging';
import { RateLimitStatusReader, type RateLimitAwareClient } from './rateLimitStatus';
import { append } from '../text/lists';

export const HEALTH_EVENTS_API_VERSION = '2025-05-01';
export const SUBSCRIPTIONS_API_VERSION = '2022-12-01';
export const DEFAULT_MAX_PAGES = 200;

export interface HealthEventsApiOptions {
  readonly client: HttpRequester & Partial<Pick<RateLimitAwareClient, 'applyRateLimitStatus'>>;
  readonly apiVersion?: string;
  /** Safety cap on pages per listing; hitting it is a PagingError. */
  readonly maxPages?: number;
  /**
   * The origin nextLinks must stay on. Defaults to the origin of the first response, which is the
   * client's origin because first requests are paths.
   */
  readonly origin?: string | URL;
  /**
   * The service's base URL when it has a path, e.g. `https://host/api/v3` (seed 001's
   * self-hosted bases): every operation is sent below it, as an absolute URL. Without it, paths
   * are sent as they are and the client resolves them against its origin.
   */
  readonly baseUrl?: string | URL;
  /** Subscription names for error messages ("You do not have access to subscription "Contoso…""). */
  readonly subscriptionName?: SubscriptionNamer;
}

export interface ListEventsOptions {
  /** OData `$filter`, e.g. from buildEventsFilter(); sent as is (URL-encoded). */
  readonly filter?: string;
  /**
   * Events whose lastUpdateTime is at or after this time (service default: the last 3 days).
   * The service accepts ISO 8601 and month/day/year; a Date is sent as ISO 8601, a string as given.
   */
  readonly queryStartTime?: string | Date;
  readonly signal?: AbortSignal;
}

/** One validated page; `events` is `value` under a clearer name. */
export type EventsPageWithEvents = EventsPage & { readonly events: HealthEvent[] };

export interface SubscriptionEvents {
  readonly subscriptionId: string;
  /** Events read; when `error` is set, the events of the pages read before it. */
  readonly events: HealthEvent[];
  readonly error?: Error;
}

/** Where an API object sends its requests, as both API classes read it from their options. */
export interface ApiTarget {
  readonly apiVersion: string;
  readonly maxPages: number;
  /** The origin nextLinks must stay on, when known. */
  readonly origin?: string;
  /** Prepended to every operation's path: '' or an absolute base such as https://host/api/v3. */
  readonly base: string;
}

export function apiTargetOf(options: HealthEventsApiOptions): ApiTarget {
  const base = options.baseUrl === undefined ? undefined : new URL(String(options.baseUrl));
  const origin = options.origin ?? base;
  return {
    apiVersion: options.apiVersion ?? HEALTH_EVENTS_API_VERSION,
    maxPages: Math.max(1, Math.floor(options.maxPages ?? DEFAULT_MAX_PAGES)),
    base: base ? `${base.origin}${base.pathname.replace(/\/+$/, '')}` : '',
    ...(origin === undefined ? {} : { origin: new URL(String(origin)).origin }),
  };
}

/** Adds the namer to an error context, so messages name the subscription. */
export function namedContext(name: SubscriptionNamer | undefined): (context: ApiErrorContext) => ApiErrorContext {
  return (context) => (name ? { ...context, subscriptionName: name } : context);
}

export class HealthEventsApi {
  private readonly client: HealthEventsApiOptions['client'];
  private readonly apiVersion: string;
  private readonly maxPages: number;
  private readonly origin?: string;
  /** Prepended to every operation's path: '' or an absolute base such as https://host/api/v3. */
  private readonly base: string;
  private readonly rateLimitReader: RateLimitStatusReader;
  private readonly named: (context: ApiErrorContext) => ApiErrorContext;

  constructor(options: HealthEventsApiOptions) {
    this.client = options.client;
    this.named = namedContext(options.subscriptionName);
    ({ apiVersion: this.apiVersion, maxPages: this.maxPages, origin: this.origin, base: this.base } = apiTargetOf(options));
    this.rateLimitReader = new RateLimitStatusReader({ client: this.client, path: `${this.base}/rate_limit` });
  }

  /**
   * Set once the service rejected an ISO 8601 `queryStartTime`: from then on a Date is sent in the
   * month/day/year form the seed documents (day precision, so a superset of what was asked).
   */
  private dateOnlyStartTime = false;

  /** GET /subscriptions/{id}/providers/Microsoft.ResourceHealth/events, one validated page at a time. */
  async *listEvents(subscriptionId: string, options: ListEventsOptions = {}): AsyncGenerator<EventsPageWithEvents, void, undefined> {
    const fallbackPossible = options.queryStartTime instanceof Date && !this.dateOnlyStartTime;
    let yielded = false;
    try {
      for await (const page of this.pagesOf(subscriptionId, options)) {
        yielded = true;
        yield page;
      }
    } catch (error) {
      // The seed shows only the month/day/year form; ISO 8601 is what we send first (it keeps
      // the time of day for incremental refreshes). A service that rejects it gets the other form.
      if (!fallbackPossible || yielded || !rejectsStartTime(error)) {
        throw error;
      }
      this.dateOnlyStartTime = true;
      yield* this.pagesOf(subscriptionId, options);
    }
  }

  private async *pagesOf(subscriptionId: string, options: ListEventsOptions): AsyncGenerator<EventsPageWithEvents, void, undefined> {
    const query = [`api-version=${encodeURIComponent(this.apiVersion)}`];
    const filterSent = options.filter !== undefined && options.filter.trim() !== '';
    if (filterSent && options.filter !== undefined) {
      // `$` is a legal query character; ARM documents the literal `$filter` name.
      query.push(`$filter=${encodeURIComponent(options.filter)}`);
    }
    const start = startTimeParam(options.queryStartTime, this.dateOnlyStartTime);
    if (start !== undefined) {
      query.push(`queryStartTime=${encodeURIComponent(start)}`);
    }
    const firstUrl = `${this.base}${subscriptionPath(subscriptionId)}/providers/Microsoft.ResourceHealth/events?${query.join('&')}`;
    const pages = followPages({
      client: this.client,
      firstUrl,
      apiVersion: this.apiVersion,
      maxPages: this.maxPages,
      origin: this.origin,
      schema: validation().eventsPageSchema,
      kind: 'an event list',
      context: this.named({ operation: 'listEvents', subscriptionId, filterSent }),
      signal: options.signal,
    });
    for await (const page of pages) {
      yield { ...page, events: page.value };
    }
  }

  /** All events of one subscription, every page. */
  async listAllEvents(subscriptionId: string, options: ListEventsOptions = {}): Promise<HealthEvent[]> {
    const events: HealthEvent[] = [];
    for await (const page of this.listEvents(subscriptionId, options)) {
      append(events, page.events);
    }
    return events;
  }

  /**
   * Lists several subscriptions at once. All start together; the client's throttle bounds the real
   * concurrency. A failing subscription carries its error and does not lose the others. Duplicate
   * ids are listed once; results keep the order of first appearance.
   */
  async listEventsForSubscriptions(subscriptionIds: readonly string[], options: ListEventsOptions = {}): Promise<SubscriptionEvents[]> {
    const unique = [...new Set(subscriptionIds)];
    return Promise.all(
      unique.map(async (subscriptionId): Promise<SubscriptionEvents> => {
        const events: HealthEvent[] = [];
        try {
          for await (const page of this.listEvents(subscriptionId, options)) {
            append(events, page.events);
          }
          return { subscriptionId, events };
        } catch (error) {
          if (options.signal?.aborted) {
            throw error;
          }
          return { subscriptionId, events, error: error instanceof Error ? error : new Error(String(error)) };
        }
      }),
    );
  }

  /**
   * The full content of a sensitive event. The seed leaves the prefix, body and response "not
   * shown"; like the real ARM action it is subscription-scoped
   * (POST /subscriptions/{id}/providers/Microsoft.ResourceHealth/events/{trackingId}/fetchEventDetails),
   * has an empty body, and returns one event with description, summary and region updates filled in.
   */
  async fetchEventDetails(subscriptionId: string, trackingId: string, options: { signal?: AbortSignal } = {}): Promise<HealthEvent> {
    const id = requireSegment(trackingId, 'tracking id');
    const url =
      `${this.base}${subscriptionPath(subscriptionId)}/providers/Microsoft.ResourceHealth/events/${encodeURIComponent(id)}` +
      `/fetchEventDetails?api-version=${encodeURIComponent(this.apiVersion)}`;
    const { data } = await requestJson(
      this.client,
      { method: 'POST', url, signal: options.signal, headers: { accept: 'application/json' } },
      validation().eventSchema,
      'event details',
      this.named({ operation: 'fetchEventDetails', subscriptionId, trackingId: id }),
    );
    return data;
  }

  /** GET /subscriptions?api-version=2022-12-01, every page: the subscriptions the token can see. */
  async listSubscriptions(options: { signal?: AbortSignal } = {}): Promise<Subscription[]> {
    const subscriptions: Subscription[] = [];
    const pages = followPages({
      client: this.client,
      firstUrl: `${this.base}/subscriptions?api-version=${SUBSCRIPTIONS_API_VERSION}`,
      apiVersion: SUBSCRIPTIONS_API_VERSION,
      maxPages: this.maxPages,
      origin: this.origin,
      schema: validation().subscriptionsPageSchema,
      kind: 'a subscription list',
      context: { operation: 'listSubscriptions' },
      signal: options.signal,
    });
    for await (const page of pages) {
      append(subscriptions, page.value);
    }
    return subscriptions;
  }

  /** Seed 001 GET /rate_limit with ETag caching; undefined when the service does not offer it. */
  async getRateLimitStatus(options: { signal?: AbortSignal } = {}): Promise<RateLimitStatus | undefined> {
    return this.rateLimitReader.get(options);
  }
}

export function requireSegment(value: string, what: string): string {
  const trimmed = typeof value === 'string' ? value.trim() : '';
  if (trimmed === '') {
    throw new TypeError(`A ${what} is required; pass a non-empty ${what}.`);
  }
  return trimmed;
}

export function subscriptionPath(subscriptionId: string): string {
  return `/subscriptions/${encodeURIComponent(requireSegment(subscriptionId, 'subscription id'))}`;
}

/** A 400 that names the start time: the service did not accept the form we sent. */
function rejectsStartTime(error: unknown): boolean {
  return error instanceof ApiError && error.status === 400 && /querystarttime|start ?time/i.test(`${error.code ?? ''} ${error.serviceMessage ?? ''}`);
}

function startTimeParam(value: string | Date | undefined, dateOnly: boolean): string | undefined {
  if (value === undefined) {
    return undefined;
  }
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) {
      throw new TypeError('The start time is not a valid date; pass an ISO 8601 time such as 2025-01-31T00:00:00Z.');
    }
    // month/day/year of the UTC day: the start of that day, at or before the time asked for.
    return dateOnly ? `${value.getUTCMonth() + 1}/${value.getUTCDate()}/${value.getUTCFullYear()}` : value.toISOString();
  }
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

/** Chooses how to list many subscriptions' events. Why: docs/architecture.md#api-resourcegraphlisting */
import { ApiError } from './errors';
import type { ListEventsOptions, SubscriptionEvents } from './healthEventsApi';
import type { ResourceGraphApi } from './resourceGraphApi';
import { errorText } from '../text/errorText';

/** The events list's default window, used when no start time is given (Resource Graph has none). */
const DEFAULT_WINDOW_MS = 3 * 86_400_000;

export type ListingRoute = 'resourceGraph' | 'subscriptions' | 'mixed';

export interface ListingOutcome {
  readonly results: SubscriptionEvents[];
  /** Which listing answered: all batches through Resource Graph, none, or some. */
  readonly via: ListingRoute;
  /** Why Resource Graph was not (fully) used, one sentence; undefined when it answered everything or was not tried. */
  readonly fallbackReason?: string;
  /** Rows Resource Graph sent that were not valid events (left out). */
  readonly skippedRows: number;
}

export interface CrossSubscriptionListingOptions {
  readonly events: { listEventsForSubscriptions(ids: readonly string[], options?: ListEventsOptions): Promise<SubscriptionEvents[]> };
  readonly graph: Pick<ResourceGraphApi, 'batches' | 'listEventsBatch' | 'subscriptionsInScope'>;
  /** Subscriptions from which Resource Graph is used; 0 or less never uses it. */
  readonly threshold: () => number;
  readonly now?: () => number;
  readonly log?: (line: string) => void;
}

/** Code of the error for a subscription Resource Graph left out of its scope. */
export const NOT_IN_SCOPE_CODE = 'SubscriptionNotInScope';

/**
 * A subscription Resource Graph left out: it does so for subscriptions the caller cannot read
 * (decision: no extra per-subscription request to confirm; the list API would answer 403 too).
 * A 403 like the list API's, so the tree, the CLI and agents report it as any denied subscription.
 */
export function noAccessError(): ApiError {
  return new ApiError(
    'You do not have access to this subscription (Resource Graph left it out, as it does for subscriptions your account cannot read); ask an administrator for at least the Reader role, or pick another subscription.',
    { status: 403, code: NOT_IN_SCOPE_CODE, operation: 'listEvents' },
  );
}

/** A denial: this principal may not query Resource Graph (retrying would only be refused again). */
function isDenial(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 403);
}

export class CrossSubscriptionListing {
  /** Set once Resource Graph refused this principal; later listings go per subscription. */
  private denied: string | undefined;

  constructor(private readonly o: CrossSubscriptionListingOptions) {}

  /** Whether `count` subscriptions (with these options) would be listed through Resource Graph. */
  usesResourceGraph(count: number, options: ListEventsOptions = {}): boolean {
    const threshold = this.o.threshold();
    return this.denied === undefined && threshold > 0 && count >= threshold && (options.filter ?? '').trim() === '';
  }

  async list(subscriptionIds: readonly string[], options: ListEventsOptions = {}): Promise<ListingOutcome> {
    const unique = [...new Set(subscriptionIds)];
    if (!this.usesResourceGraph(unique.length, options)) {
      return { results: await this.o.events.listEventsForSubscriptions(unique, options), via: 'subscriptions', skippedRows: 0, ...(this.denied ? { fallbackReason: this.denied } : {}) };
    }
    const start = startOf(options.queryStartTime, (this.o.now ?? Date.now)());
    const byId = new Map<string, SubscriptionEvents>();
    let graphBatches = 0;
    let skippedRows = 0;
    let reason: string | undefined;
    const batches = this.o.graph.batches(unique);
    await Promise.all(
      batches.map(async (batch) => {
        try {
          const found = await this.o.graph.listEventsBatch(batch, start, options.signal);
          // A subscription with rows is readable; only a batch with a silent one needs the scope query.
          const silent = [...found.bySubscription].some(([, events]) => events.length === 0);
          const inScope = silent ? await this.o.graph.subscriptionsInScope(batch, options.signal) : new Set<string>();
          graphBatches++;
          skippedRows += found.skipped;
          for (const [subscriptionId, events] of found.bySubscription) {
            const readable = inScope.has(subscriptionId) || events.length > 0;
            byId.set(subscriptionId, readable ? { subscriptionId, events } : { subscriptionId, events, error: noAccessError() });
          }
        } catch (error) {
          if (options.signal?.aborted) {
            throw error;
          }
          const message = errorText(error);
          reason ??= `Resource Graph could not list events (${message}); listed each subscription instead.`;
          if (isDenial(error)) {
            this.denied = `Resource Graph is not allowed for this account (${message}); events are listed per subscription.`;
          }
          this.o.log?.(`Resource Graph: a batch of ${batch.length} subscription(s) failed (${message}); listing them one by one.`);
          for (const r of await this.o.events.listEventsForSubscriptions(batch, options)) {
            byId.set(r.subscriptionId, r);
          }
        }
      }),
    );
    const via: ListingRoute = graphBatches === batches.length ? 'resourceGraph' : graphBatches === 0 ? 'subscriptions' : 'mixed';
    return {
      results: unique.map((id) => byId.get(id) ?? { subscriptionId: id, events: [] }),
      via,
      skippedRows,
      ...(reason !== undefined ? { fallbackReason: reason } : {}),
    };
  }
}

function startOf(value: string | Date | undefined, now: number): Date {
  if (value instanceof Date) {
    return value;
  }
  const parsed = value === undefined || value.trim() === '' ? Number.NaN : Date.parse(value);
  return new Date(Number.isNaN(parsed) ? now - DEFAULT_WINDOW_MS : parsed);
}

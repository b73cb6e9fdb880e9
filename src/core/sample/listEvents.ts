/**
 * GET /subscriptions/{id}/providers/Microsoft.ResourceHealth/events: one page of a subscription's
 * events. `$skipToken` is opaque base64url of {offset, window start, query hash}: a token replayed
 * with another query is 400 InvalidSkipToken, and the resolved 3-day default window is pinned so
 * later pages do not shift as the clock moves. The last page omits nextLink.
 */
import { evaluateFilter, FilterSyntaxError, parseEventsFilter, type FilterExpr } from '../api/odataFilter';
import type { HealthEvent } from '../model/schemas';
import { eventsOf, eventView, subKey, type EventStore, type IndexedEvent } from './eventStore';
import { parseQueryStartTime } from './queryTime';
import { DEFAULT_WINDOW_MS, error, invalidQueryStartTime, param, shortHash } from './replies';
import type { Reply } from './types';

export interface ListEventsContext {
  readonly store: EventStore;
  readonly now: () => number;
  readonly origin: () => string;
  readonly pageSize: () => number;
}

export function listEvents(ctx: ListEventsContext, url: URL, subscriptionId: string): Reply {
  const found = eventsOf(ctx.store, url, subscriptionId);
  if ('reply' in found) {
    return found.reply;
  }
  const { list } = found;
  const filterText = (param(url, '$filter') ?? '').trim();
  let filter: FilterExpr | undefined;
  if (filterText !== '') {
    try {
      filter = parseEventsFilter(filterText);
    } catch (e) {
      if (e instanceof FilterSyntaxError) {
        return error(400, 'InvalidFilter', `The $filter is invalid: ${e.message}`, `position ${e.position}`);
      }
      throw e;
    }
  }
  const rawStart = param(url, 'queryStartTime');
  const queryHash = shortHash([subKey(subscriptionId), filterText, rawStart ?? ''].join('\n'));
  const rawToken = param(url, '$skipToken');
  let offset = 0;
  let start: number;
  if (rawToken !== undefined) {
    const decoded = decodeSkipToken(rawToken);
    if (!decoded || decoded.h !== queryHash) {
      return error(400, 'InvalidSkipToken', 'The $skipToken is invalid or belongs to a different query.', 'Restart the listing from the first page.');
    }
    offset = decoded.o;
    start = decoded.s;
  } else if (rawStart !== undefined && rawStart.trim() !== '') {
    const parsed = parseQueryStartTime(rawStart);
    if (parsed === undefined) {
      return invalidQueryStartTime(rawStart);
    }
    start = parsed;
  } else {
    start = ctx.now() - DEFAULT_WINDOW_MS;
  }
  const matching: IndexedEvent[] = [];
  for (const item of list) {
    if (item.updatedMs < start) {
      break; // sorted newest first
    }
    if (!filter || evaluateFilter(filter, item.gen.event)) {
      matching.push(item);
    }
  }
  const pageSize = Math.max(1, ctx.pageSize());
  const page = matching.slice(offset, offset + pageSize);
  const body: { value: HealthEvent[]; nextLink?: string } = {
    value: page.map((item) => eventView(item.gen, subscriptionId, true)),
  };
  if (offset + pageSize < matching.length) {
    const next = new URL(url.pathname, ctx.origin());
    for (const [k, v] of url.searchParams) {
      if (k.toLowerCase() !== '$skiptoken') {
        next.searchParams.append(k, v);
      }
    }
    next.searchParams.set('$skipToken', encodeSkipToken({ o: offset + pageSize, s: start, h: queryHash }));
    body.nextLink = next.toString();
  }
  return { status: 200, body, shape: 'page' };
}

interface SkipToken {
  /** Offset of the next page. */
  readonly o: number;
  /** Window start (epoch ms) resolved on the first page. */
  readonly s: number;
  /** Hash of the query the token belongs to. */
  readonly h: string;
}

function encodeSkipToken(token: SkipToken): string {
  return Buffer.from(JSON.stringify(token)).toString('base64url');
}

function decodeSkipToken(raw: string): SkipToken | undefined {
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<SkipToken>;
    if (
      typeof value.o === 'number' && Number.isInteger(value.o) && value.o >= 0 &&
      typeof value.s === 'number' && Number.isFinite(value.s) && typeof value.h === 'string'
    ) {
      return { o: value.o, s: value.s, h: value.h };
    }
  } catch {
    // fall through: not a token we issued
  }
  return undefined;
}

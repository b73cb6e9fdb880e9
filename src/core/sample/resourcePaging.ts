/**
 * nextLink paging for the sample's listings beyond the subscription events list (impacted
 * resources, tenant events). `$skipToken` is opaque base64url of {offset, query hash}; a token
 * replayed with another query is 400 InvalidSkipToken, as on the events list.
 */
import { createHash } from 'node:crypto';
import type { Reply } from './types';

export interface PageInput<T> {
  /** Every matching item, in the listing's stable order. */
  readonly items: readonly T[];
  readonly url: URL;
  readonly origin: string;
  readonly pageSize: number;
  /** What identifies the query (path, filter…): a token from another query is refused. */
  readonly queryKey: string;
  /** A value later pages must reuse (the resolved time window's start), carried in the token. */
  readonly pin?: number;
}

/** The `pin` of the listing's first page, when this request continues one (undefined otherwise or if unreadable). */
export function pinnedValue(url: URL): number | undefined {
  const raw = skipTokenParam(url);
  return raw === undefined ? undefined : decode(raw)?.p;
}

export function skipTokenParam(url: URL): string | undefined {
  for (const [k, v] of url.searchParams) {
    if (k.toLowerCase() === '$skiptoken') {
      return v;
    }
  }
  return undefined;
}

function hashOf(text: string): string {
  return createHash('sha256').update(text).digest('base64url').slice(0, 16);
}

/** One page of `items` with a nextLink when more remain; a bad `$skipToken` is a 400. */
export function pageReply<T>(input: PageInput<T>): Reply {
  const hash = hashOf(input.queryKey);
  const raw = skipTokenParam(input.url);
  let offset = 0;
  if (raw !== undefined) {
    const decoded = decode(raw);
    if (!decoded || decoded.h !== hash) {
      return {
        status: 400,
        body: { code: 'InvalidSkipToken', message: 'The $skipToken is invalid or belongs to a different query.', details: 'Restart the listing from the first page.' },
      };
    }
    offset = decoded.o;
  }
  const size = Math.max(1, input.pageSize);
  const body: { value: T[]; nextLink?: string } = { value: input.items.slice(offset, offset + size) };
  if (offset + size < input.items.length) {
    const next = new URL(input.url.pathname, input.origin);
    for (const [k, v] of input.url.searchParams) {
      if (k.toLowerCase() !== '$skiptoken') {
        next.searchParams.append(k, v);
      }
    }
    const token = { o: offset + size, h: hash, ...(input.pin !== undefined ? { p: input.pin } : {}) };
    next.searchParams.set('$skipToken', Buffer.from(JSON.stringify(token)).toString('base64url'));
    body.nextLink = next.toString();
  }
  return { status: 200, body, shape: 'page' };
}

function decode(raw: string): { o: number; h: string; p?: number } | undefined {
  try {
    const value: unknown = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8'));
    if (value !== null && typeof value === 'object') {
      const { o, h, p } = value as { o?: unknown; h?: unknown; p?: unknown };
      if (typeof o === 'number' && Number.isInteger(o) && o >= 0 && typeof h === 'string') {
        return typeof p === 'number' ? { o, h, p } : { o, h };
      }
    }
  } catch {
    // not a token we issued
  }
  return undefined;
}

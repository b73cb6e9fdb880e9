/**
 * Follows ARM `nextLink` paging safely: every page is validated, a link seen before stops the
 * listing (PagingError, not an endless loop), a page cap bounds it, and a link to another origin
 * is refused before any request is made (the client refuses too; this gives the clearer error).
 */
import type { z } from 'zod';
import type { HttpRequest, HttpResponse } from '../http/types';
import { ApiError, type ApiErrorContext, PagingError, ResponseValidationError, type ResponseKind } from './errors';

/** The one thing the API layer needs from the throttled client. */
export interface HttpRequester {
  request(req: HttpRequest): Promise<HttpResponse>;
}

export interface PageRequest<S extends z.ZodType> {
  readonly client: HttpRequester;
  /** First URL: a path (resolved by the client against its origin) or an absolute URL. */
  readonly firstUrl: string;
  readonly apiVersion: string;
  readonly maxPages: number;
  /** Origin that nextLinks must stay on; when undefined, the origin of the first response is used. */
  readonly origin?: string;
  readonly schema: S;
  readonly kind: ResponseKind;
  readonly context: ApiErrorContext;
  readonly signal?: AbortSignal;
}

/** Sends one request and returns the validated JSON body; non-2xx becomes ApiError. */
export async function requestJson<S extends z.ZodType>(
  client: HttpRequester,
  req: HttpRequest,
  schema: S,
  kind: ResponseKind,
  context: ApiErrorContext,
): Promise<{ data: z.infer<S>; response: HttpResponse }> {
  const response = await client.request(req);
  return { data: parseBody(response, schema, kind, context), response };
}

export function parseBody<S extends z.ZodType>(response: HttpResponse, schema: S, kind: ResponseKind, context: ApiErrorContext): z.infer<S> {
  if (response.status < 200 || response.status > 299) {
    throw ApiError.fromResponse(response, context);
  }
  let json: unknown;
  try {
    json = JSON.parse(response.body);
  } catch {
    throw ResponseValidationError.notJson(kind, response.body);
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw ResponseValidationError.fromZod(kind, parsed.error);
  }
  return parsed.data;
}

/** Normalises a link for the "seen before" check (fragment dropped; URL parsing canonicalises). */
function linkKey(url: URL): string {
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

/**
 * Yields validated pages. `nextLink` absent, null or "" ends the listing (the seed does not say
 * which the service sends on the last page). A nextLink without `api-version` gets ours appended.
 */
export async function* followPages<S extends z.ZodType<{ nextLink?: string | null }>>(
  req: PageRequest<S>,
): AsyncGenerator<z.infer<S>, void, undefined> {
  const seen = new Set<string>();
  let url: string = req.firstUrl;
  let origin = req.origin;
  let pages = 0;
  for (;;) {
    req.signal?.throwIfAborted();
    const response = await req.client.request({ method: 'GET', url, signal: req.signal, headers: { accept: 'application/json' } });
    const page = parseBody(response, req.schema, req.kind, req.context);
    pages += 1;
    const responseUrl = safeUrl(response.url) ?? safeUrl(url, origin);
    if (origin === undefined && responseUrl) {
      origin = responseUrl.origin;
    }
    if (responseUrl) {
      seen.add(linkKey(responseUrl));
    }
    yield page;
    const nextLink = page.nextLink;
    if (nextLink === undefined || nextLink === null || nextLink.trim() === '') {
      return;
    }
    // Liberal: a relative nextLink is resolved against the page it came from.
    const next = safeUrl(nextLink.trim(), responseUrl?.href ?? origin);
    if (!next || (next.protocol !== 'https:' && next.protocol !== 'http:')) {
      throw new PagingError('invalidLink', pages);
    }
    if (origin !== undefined && next.origin !== origin) {
      throw new PagingError('crossOrigin', pages, next.host);
    }
    if (!next.searchParams.has('api-version')) {
      // Appended to the raw query so the opaque $skipToken is not re-encoded.
      const raw = next.search.length > 1 ? `${next.search}&` : '?';
      next.search = `${raw}api-version=${encodeURIComponent(req.apiVersion)}`;
    }
    const key = linkKey(next);
    if (seen.has(key)) {
      throw new PagingError('loop', pages);
    }
    if (pages >= req.maxPages) {
      throw new PagingError('pageCap', pages);
    }
    seen.add(key);
    url = next.href;
  }
}

function safeUrl(value: string, base?: string): URL | undefined {
  try {
    return base === undefined ? new URL(value) : new URL(value, base);
  } catch {
    return undefined;
  }
}

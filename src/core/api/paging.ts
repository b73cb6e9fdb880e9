/**
 * Follows ARM `nextLink` paging safely: every page is validated, a link seen before stops the
 * listing (PagingError, not an endless loop), a page cap bounds it, and a link to another origin
 * is refused before any request is made (the client refuses too; this gives the clearer error).
 */
import type { z } from 'zod';
import type { HttpRequest, HttpResponse } from '../http/types';
import { ApiError, type ApiErrorContext, PagingError, ResponseValidationError, type ResponseKind } from './errors';
import { compileFastCheck } from '../model/fastCheck';

/** The one thing the API layer needs from the throttled client. */
export interface HttpRequester {
  request(req: HttpRequest): Promise<HttpResponse>;
}

export interface PageRequest<S extends z.ZodType> {
  readonly client: HttpRequester;
  /** First URL: a path (resolved by the client against its origin) or an absolute URL on `origin`. */
  readonly firstUrl: string;
  /**
   * Method of the first request: ARM's POST list operations (listSecurityAdvisoryImpactedResources)
   * answer a POST with the first page and continue with GETs on nextLink, like any listing.
   */
  readonly firstMethod?: 'GET' | 'POST';
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
  return validateJson(readJson(response, kind, context), schema, kind);
}

/** Status check and JSON parse; non-2xx becomes ApiError. */
function readJson(response: HttpResponse, kind: ResponseKind, context: ApiErrorContext): unknown {
  if (response.status < 200 || response.status > 299) {
    throw ApiError.fromResponse(response, context);
  }
  try {
    return JSON.parse(response.body) as unknown;
  } catch {
    throw ResponseValidationError.notJson(kind, response.body);
  }
}

const fastChecks = new WeakMap<z.ZodType, ((value: unknown) => boolean) | null>();

/** Validates parsed JSON against `schema` (fast check first, zod for the rest); exported for the bench. */
export function validateJson<S extends z.ZodType>(json: unknown, schema: S, kind: ResponseKind): z.infer<S> {
  let fast = fastChecks.get(schema);
  if (fast === undefined) {
    fast = compileFastCheck(schema) ?? null;
    fastChecks.set(schema, fast);
  }
  // A body zod would accept unchanged is kept as parsed (no copy of every object); zod decides the rest.
  if (fast?.(json)) {
    return json as z.infer<S>;
  }
  const parsed = schema.safeParse(json);
  if (!parsed.success) {
    throw ResponseValidationError.fromZod(kind, parsed.error);
  }
  return parsed.data;
}

/** Normalises a link for the "seen before" check (fragment dropped; URL parsing canonicalises). */
function linkKey(url: URL): string {
  if (url.hash === '') {
    return url.href;
  }
  const copy = new URL(url.href);
  copy.hash = '';
  return copy.href;
}

/**
 * Yields validated pages. `nextLink` absent, null or "" ends the listing (the seed does not say
 * which the service sends on the last page). A nextLink without `api-version` gets ours appended.
 *
 * The next page is requested as soon as the current page's JSON is parsed and its nextLink
 * checked, before the current page is validated and handed over: validation and the consumer's
 * work overlap the next round trip. A prefetch nobody consumes (an invalid page, an early
 * `break`) is aborted.
 */
export async function* followPages<S extends z.ZodType<{ nextLink?: string | null }>>(
  req: PageRequest<S>,
): AsyncGenerator<z.infer<S>, void, undefined> {
  const seen = new Set<string>();
  let url: string = req.firstUrl;
  /** The URL of the page last requested, once a parsed one exists (saves parsing it again). */
  let sentUrl: URL | undefined;
  let origin = req.origin;
  let pages = 0;
  // The prefetch's signal is shared by every page's request (one AbortController and one
  // combined signal per listing, not per page: each is an EventTarget) and replaced only after an
  // abort. A holder, not plain variables: `launch` (a closure) reads it while the loop runs.
  const prefetch = { controller: new AbortController(), signal: undefined as AbortSignal | undefined, inFlight: false };
  const send = (target: string, signal: AbortSignal | undefined, method: 'GET' | 'POST' = 'GET'): Promise<HttpResponse> => {
    const pending = req.client.request({ method, url: target, signal, headers: { accept: 'application/json' } });
    pending.catch(() => undefined); // awaited below; an aborted prefetch must not be "unhandled"
    return pending;
  };
  req.signal?.throwIfAborted();
  checkFirstUrl(url, origin);
  let pending = send(url, req.signal, req.firstMethod);
  /** Checks a link and records it as seen; a PagingError means "stop after this page". */
  const accept = (link: string, base: string | undefined): URL => {
    const next = nextUrl(link, base, origin, req.apiVersion, pages);
    const key = linkKey(next);
    if (seen.has(key)) {
      throw new PagingError('loop', pages);
    }
    if (pages >= req.maxPages) {
      throw new PagingError('pageCap', pages);
    }
    seen.add(key);
    return next;
  };
  const abortPrefetch = (): void => {
    if (prefetch.inFlight) {
      prefetch.controller.abort();
      prefetch.controller = new AbortController();
      prefetch.signal = undefined;
      prefetch.inFlight = false;
    }
  };
  const launch = (next: URL): void => {
    req.signal?.throwIfAborted();
    const controller = prefetch.controller;
    prefetch.signal ??= req.signal ? AbortSignal.any([req.signal, controller.signal]) : controller.signal;
    prefetch.inFlight = true;
    url = next.href;
    sentUrl = next;
    pending = send(url, prefetch.signal);
  };
  try {
    for (;;) {
      const response = await pending;
      prefetch.inFlight = false;
      const ok = response.status >= 200 && response.status <= 299;
      pages += 1;
      const responseUrl = sentUrl?.href === response.url ? sentUrl : (safeUrl(response.url) ?? safeUrl(url, origin));
      if (origin === undefined && responseUrl) {
        origin = responseUrl.origin;
      }
      if (responseUrl) {
        seen.add(linkKey(responseUrl));
      }
      const base = responseUrl?.href ?? origin;
      // Speculation: the link is read straight from the end of the text, so the request for the next page
      // leaves before JSON.parse of a large page. It passes the same checks as a parsed link,
      // so it can only go to the same origin; a wrong guess is aborted below.
      const guess = ok ? peekNextLink(response.bodyTail ?? response.body) : undefined;
      let speculative: URL | undefined;
      if (guess !== undefined) {
        try {
          speculative = nextUrl(guess, base, origin, req.apiVersion, pages);
          if (seen.has(linkKey(speculative)) || pages >= req.maxPages) {
            speculative = undefined;
          } else {
            launch(speculative);
          }
        } catch {
          speculative = undefined;
        }
      }
      if (speculative) {
        // The client reaches the socket through promise steps (throttle grant, token), which run
        // only once this function yields the thread: without this, the next request left after
        // this page's JSON.parse and validation instead of overlapping them.
        await requestLeaves();
      }
      const json = readJson(response, req.kind, req.context);
      const rawNext = json !== null && typeof json === 'object' ? (json as { nextLink?: unknown }).nextLink : undefined;
      let next: URL | undefined;
      let stop: PagingError | undefined;
      if (typeof rawNext === 'string' && rawNext.trim() !== '') {
        try {
          next = accept(rawNext, base);
        } catch (error) {
          if (!(error instanceof PagingError)) {
            throw error;
          }
          stop = error;
        }
      }
      if (speculative && speculative.href !== next?.href) {
        abortPrefetch();
        speculative = undefined;
      }
      if (next && !speculative) {
        launch(next);
        await requestLeaves();
      }
      yield validateJson(json, req.schema, req.kind);
      if (stop) {
        throw stop;
      }
      if (!next) {
        return;
      }
    }
  } finally {
    abortPrefetch();
  }
}

/**
 * Resolves once a request just launched has been written to its connection (unless the
 * throttle holds it): the first turn lets its promise steps reach undici; undici then writes to
 * an idle keep-alive socket only from its own setImmediate (it first reads anything the server
 * sent on the idle socket), which runs before the second turn ends.
 */
async function requestLeaves(): Promise<void> {
  for (let turn = 0; turn < 2; turn++) {
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/**
 * Reads the value of the last `"nextLink": "…"` in a JSON text without parsing all of it (ARM
 * puts nextLink after `value`). Only a guess: the parsed body decides.
 */
export function peekNextLink(body: string): string | undefined {
  const key = body.lastIndexOf('"nextLink"');
  if (key < 0) {
    return undefined;
  }
  const match = /^"nextLink"\s*:\s*("(?:[^"\\]|\\.)*")/.exec(body.slice(key, key + 8192));
  if (!match?.[1]) {
    return undefined;
  }
  try {
    const value: unknown = JSON.parse(match[1]);
    return typeof value === 'string' && value.trim() !== '' ? value : undefined;
  } catch {
    return undefined;
  }
}

/** The first URL is ours, not the service's: one off its origin is a programming error, refused before it carries a token. */
function checkFirstUrl(url: string, origin: string | undefined): void {
  if (origin === undefined || url.startsWith('/')) {
    return;
  }
  const first = safeUrl(url);
  if (!first || first.origin !== origin || (first.protocol !== 'https:' && first.protocol !== 'http:')) {
    throw new TypeError(`The first page URL is not on ${origin}.`);
  }
}

/** Resolves and checks a nextLink: http(s), same origin, api-version present. */
function nextUrl(link: string, base: string | undefined, origin: string | undefined, apiVersion: string, pages: number): URL {
  // Liberal: a relative nextLink is resolved against the page it came from.
  const next = safeUrl(link.trim(), base);
  if (!next || (next.protocol !== 'https:' && next.protocol !== 'http:')) {
    throw new PagingError('invalidLink', pages);
  }
  if (origin !== undefined && next.origin !== origin) {
    throw new PagingError('crossOrigin', pages, next.host);
  }
  // The literal test first: searchParams parses the whole query (a long $skipToken) each time.
  if (!/[?&]api-version=/.test(next.search) && !next.searchParams.has('api-version')) {
    // Appended to the raw query so the opaque $skipToken is not re-encoded.
    const raw = next.search.length > 1 ? `${next.search}&` : '?';
    next.search = `${raw}api-version=${encodeURIComponent(apiVersion)}`;
  }
  return next;
}

function safeUrl(value: string, base?: string): URL | undefined {
  try {
    return base === undefined ? new URL(value) : new URL(value, base);
  } catch {
    return undefined;
  }
}

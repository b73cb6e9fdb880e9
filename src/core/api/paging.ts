/**
 * Follows ARM `nextLink` paging safely: every page is validated, a link seen before stops the
 * listing (PagingError, not an endless loop), a page cap bounds it, and a link to another origin
 * is refused before any request is made (the client refuses too; this gives the clearer error).
 */
import type { z } from 'zod';
import type { HttpRequest, HttpResponse } from '../http/types';
import { ApiError, PagingError, ResponseValidationError, type ResponseKind } from './errors';
import type { ApiErrorContext } from './errorMessages';
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

/** Yields validated pages. Why: docs/architecture.md#api-paging */
export async function* followPages<S extends z.ZodType<{ nextLink?: string | null }>>(
  req: PageRequest<S>,
): AsyncGenerator<z.infer<S>, void, undefined> {
  req.signal?.throwIfAborted();
  checkFirstUrl(req.firstUrl, req.origin);
  const walk = new PageWalk(req);
  try {
    for (;;) {
      const response = await walk.pending;
      const base = walk.received(response);
      // Speculation: the link is read straight from the end of the text, so the request for the next page
      // leaves before JSON.parse of a large page. It passes the same checks as a parsed link,
      // so it can only go to the same origin; a wrong guess is aborted below.
      let speculative = walk.speculate(response, base);
      if (speculative) {
        // The client reaches the socket through promise steps (throttle grant, token), which run
        // only once this function yields the thread: without this, the next request left after
        // this page's JSON.parse and validation instead of overlapping them.
        await requestLeaves();
      }
      const json = readJson(response, req.kind, req.context);
      const { next, stop } = walk.nextOf(json, base);
      if (speculative && speculative.href !== next?.href) {
        walk.abortPrefetch();
        speculative = undefined;
      }
      if (next && !speculative) {
        walk.launch(next);
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
    walk.abortPrefetch();
  }
}

/** The state of one listing: links seen, pages read, the request in flight and its prefetch signal. */
class PageWalk {
  private readonly seen = new Set<string>();
  private url: string;
  /** The URL of the page last requested, once a parsed one exists (saves parsing it again). */
  private sentUrl: URL | undefined;
  private origin: string | undefined;
  private pages = 0;
  // The prefetch's signal is shared by every page's request (one AbortController and one
  // combined signal per listing, not per page: each is an EventTarget) and replaced only after an abort.
  private controller = new AbortController();
  private signal: AbortSignal | undefined;
  private inFlight = false;
  pending: Promise<HttpResponse>;

  constructor(private readonly req: PageRequest<z.ZodType>) {
    this.url = req.firstUrl;
    this.origin = req.origin;
    this.pending = this.send(this.url, req.signal, req.firstMethod);
  }

  private send(target: string, signal: AbortSignal | undefined, method: 'GET' | 'POST' = 'GET'): Promise<HttpResponse> {
    const pending = this.req.client.request({ method, url: target, signal, headers: { accept: 'application/json' } });
    pending.catch(() => undefined); // awaited by the caller; an aborted prefetch must not be "unhandled"
    return pending;
  }

  /** Counts the page and records where it came from; returns the base its nextLink resolves against. */
  received(response: HttpResponse): string | undefined {
    this.inFlight = false;
    this.pages += 1;
    const responseUrl = this.sentUrl?.href === response.url ? this.sentUrl : (safeUrl(response.url) ?? safeUrl(this.url, this.origin));
    if (this.origin === undefined && responseUrl) {
      this.origin = responseUrl.origin;
    }
    if (responseUrl) {
      this.seen.add(linkKey(responseUrl));
    }
    return responseUrl?.href ?? this.origin;
  }

  /** Launches the next page from the link peeked at the end of the text, when it passes the checks. */
  speculate(response: HttpResponse, base: string | undefined): URL | undefined {
    const ok = response.status >= 200 && response.status <= 299;
    const guess = ok ? peekNextLink(response.bodyTail ?? response.body) : undefined;
    if (guess === undefined) {
      return undefined;
    }
    try {
      const speculative = nextUrl(guess, base, this.origin, this.req.apiVersion, this.pages);
      if (this.seen.has(linkKey(speculative)) || this.pages >= this.req.maxPages) {
        return undefined;
      }
      this.launch(speculative);
      return speculative;
    } catch {
      return undefined;
    }
  }

  /** The parsed nextLink, checked and recorded as seen; `stop` means "stop after this page". */
  nextOf(json: unknown, base: string | undefined): { next?: URL; stop?: PagingError } {
    const rawNext = json !== null && typeof json === 'object' ? (json as { nextLink?: unknown }).nextLink : undefined;
    if (typeof rawNext !== 'string' || rawNext.trim() === '') {
      return {};
    }
    try {
      return { next: this.accept(rawNext, base) };
    } catch (error) {
      if (!(error instanceof PagingError)) {
        throw error;
      }
      return { stop: error };
    }
  }

  private accept(link: string, base: string | undefined): URL {
    const next = nextUrl(link, base, this.origin, this.req.apiVersion, this.pages);
    const key = linkKey(next);
    if (this.seen.has(key)) {
      throw new PagingError('loop', this.pages);
    }
    if (this.pages >= this.req.maxPages) {
      throw new PagingError('pageCap', this.pages);
    }
    this.seen.add(key);
    return next;
  }

  launch(next: URL): void {
    this.req.signal?.throwIfAborted();
    this.signal ??= this.req.signal ? AbortSignal.any([this.req.signal, this.controller.signal]) : this.controller.signal;
    this.inFlight = true;
    this.url = next.href;
    this.sentUrl = next;
    this.pending = this.send(this.url, this.signal);
  }

  abortPrefetch(): void {
    if (this.inFlight) {
      this.controller.abort();
      this.controller = new AbortController();
      this.signal = undefined;
      this.inFlight = false;
    }
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

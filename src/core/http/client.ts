import type { RateLimitStatus } from '../model/schemas';
import { realClock } from './clock';
import { formatInstant, HttpClientError, NetworkError, OriginPolicyError, RateLimitError, ResponseTooLargeError, TimeoutError } from './errors';
import { credentialRefusal } from './originPolicy';
import { armBucketKey, QuotaTracker, type Disposable } from './quota';
import { parseRateLimitHeaders, parseServerSkew, RESOURCE_GRAPH_BUCKET, type RateLimitHeaders } from './rateLimitHeaders';
import { classify, secondaryBackoffMs, transientBackoffMs } from './retryPolicy';
import { pointsFor, Throttle, type PauseKind, type Release, type Ticket } from './throttle';
import type { Clock, HttpMethod, HttpRequest, HttpResponse, QuotaState, TokenProvider } from './types';
import { createDispatcher, type NetworkConfig } from './network';
import { dispatchRequest, type Dispatcher } from './undiciParts';

export interface ThrottledClientOptions {
  /** The service origin, e.g. https://management.azure.com; relative request URLs resolve against it. */
  readonly origin: string;
  readonly tokenProvider?: TokenProvider;
  readonly clock?: Clock;
  /** Seed 001: at most 100 concurrent requests. */
  readonly maxConcurrency?: number;
  /** Seed 001: at most 900 points per minute for REST. */
  readonly pointsPerMinute?: number;
  /** Retries after rate-limit responses (primary or secondary) before RateLimitError. */
  readonly maxRetries?: number;
  /** Retries after 5xx or network faults; after that the last 5xx is returned or NetworkError thrown. */
  readonly maxTransientRetries?: number;
  /** Per-attempt limit for one request (headers and body); TimeoutError when exceeded. */
  readonly requestTimeoutMs?: number;
  readonly connectTimeoutMs?: number;
  readonly userAgent?: string;
  /** Returns [0, 1); used for back-off jitter. */
  readonly random?: () => number;
  /** Used instead of the client's own Agent (tests pass a MockAgent); not closed by close(). */
  readonly dispatcher?: Dispatcher;
  /**
   * Proxy and trusted roots for the client's own dispatcher (see network.ts `resolveNetwork`);
   * absent: direct connections and Node's default roots. Ignored when `dispatcher` is given.
   */
  readonly network?: NetworkConfig;
  /** Diagnostic lines; never receives tokens or request headers. */
  readonly log?: (line: string) => void;
  readonly defaultHeaders?: Readonly<Record<string, string>>;
  /** Added after a reset time before sending again, for clock skew. Default 1000 ms. */
  readonly safetyMarginMs?: number;
  /** A rate-limit wait longer than this throws RateLimitError (with resetAt) instead. Default 15 min. */
  readonly maxRateLimitWaitMs?: number;
  /** Largest successful response body read, in bytes (a page of events); default 32 MiB. */
  readonly maxBodyBytes?: number;
  /** Told when a request starts a rate-limit wait, so long waits can be shown (CLI line, countdown). */
  readonly onRateLimitWait?: (wait: RateLimitWait) => void;
}

/** One rate-limit wait a request is about to take. */
export interface RateLimitWait {
  readonly kind: PauseKind;
  readonly ms: number;
  /** Epoch ms (our clock) when requests resume. */
  readonly until: number;
  /** This is retry `retry` of `maxRetries`. */
  readonly retry: number;
  readonly maxRetries: number;
  readonly resource?: string;
}

const CLOSED_MESSAGE = 'The HTTP client was closed; run the command again, or reload the window in VS Code.';

/** Error bodies are only read for their message: 64 KB is far more than any service sends. */
export const MAX_ERROR_BODY_BYTES = 64 * 1024;

const DEFAULTS = {
  maxConcurrency: 100,
  pointsPerMinute: 900,
  maxRetries: 5,
  maxTransientRetries: 3,
  requestTimeoutMs: 30_000,
  connectTimeoutMs: 10_000,
  userAgent: 'service-health-vscode/0.1.0',
  safetyMarginMs: 1_000,
  maxRateLimitWaitMs: 15 * 60_000,
  maxBodyBytes: 32 * 1024 * 1024,
} as const;

// Connection-level faults worth another try; TLS and DNS-not-found errors are not.
const RETRYABLE_CODES = new Set([
  'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ECONNABORTED',
  'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_CONNECT_TIMEOUT',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** Seed 001 categories that a path names; other paths name none. */
export function pathResourceOf(pathname: string): string | undefined {
  const p = pathname.replace(/^\/api\/v3(?=\/)/, '');
  if (p.startsWith('/search/code')) return 'code_search';
  if (p.startsWith('/search/')) return 'search';
  if (p === '/graphql') return 'graphql';
  if (/^\/app-manifests\/[^/]+\/conversions$/.test(p)) return 'integration_manifest';
  if (/\/code-scanning\/sarifs$/.test(p)) return 'code_scanning_upload';
  if (/^\/providers\/microsoft\.resourcegraph\/resources\/?$/i.test(p)) return RESOURCE_GRAPH_BUCKET;
  return undefined;
}

/** Where a request counts: its seed 001 category (if the path names one) and its ARM subscription. */
export interface RequestScope {
  readonly resource?: string;
  readonly subscription?: string;
}

export function scopeOf(pathname: string): RequestScope {
  const resource = pathResourceOf(pathname);
  const sub = /^\/subscriptions\/([^/]+)/i.exec(pathname)?.[1]?.toLowerCase();
  return { ...(resource ? { resource } : {}), ...(sub ? { subscription: sub } : {}) };
}

/**
 * Buckets a ticket waits on. A path without a category of its own counts against `core` (seed
 * 001: the other REST endpoints) and against what a response without `x-ratelimit-resource`
 * was recorded as ('unknown').
 */
function ticketResourcesFor(resource: string | undefined): string[] {
  return resource ? [resource] : ['core', 'unknown'];
}

/**
 * ARM counts GETs as reads and PUT/PATCH/POST/DELETE as writes (deletes too, when reported).
 * A request whose path names a subscription draws on that subscription's buckets (ours and the
 * global one all principals share), one without on the tenant's: ARM keeps the scopes apart, so
 * a tenant bucket seen empty never holds subscription requests, nor one subscription another.
 * A tenant request also waits on an unkeyed `subscription-*` bucket, where a service that names
 * its tenant bucket that way is recorded.
 */
function armBucketsFor(method: HttpMethod, subscription: string | undefined): string[] {
  const kinds = method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? ['reads'] : method === 'DELETE' ? ['deletes', 'writes'] : ['writes'];
  return kinds.flatMap((k) =>
    subscription === undefined
      ? [`tenant-${k}`, `subscription-${k}`, `subscription-global-${k}`]
      : [armBucketKey(`subscription-${k}`, subscription), armBucketKey(`subscription-global-${k}`, subscription)],
  );
}

interface Attempt {
  readonly label: string;
  rateLimitRetries: number;
  fallbacks: number;
  transientRetries: number;
  forceRefresh: boolean;
  reauthenticated: boolean;
  /** A delay to sleep before the next try (transient faults); rate-limit waits are pauses instead. */
  wait?: number;
}

function errorCode(error: unknown): string | undefined {
  const e = error as { code?: unknown; cause?: { code?: unknown } } | null;
  const own = typeof e?.code === 'string' ? e.code : undefined;
  const cause = typeof e?.cause?.code === 'string' ? e.cause.code : undefined;
  // undici wraps socket faults (UND_ERR_SOCKET) around the system error that says more.
  return own === 'UND_ERR_SOCKET' && cause ? cause : own ?? cause;
}

function flattenHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) {
      out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
    }
  }
  return out;
}

/**
 * The one way the extension and CLI talk HTTP: an own undici Agent, credentials only for the
 * configured origin, and seed 001's rate-limit rules applied both before sending (proactive
 * holds, concurrency and points caps) and after (primary/secondary waits that pause the whole
 * queue, bounded 5xx/network retries, one silent re-authentication on 401).
 *
 * Retries apply to every method, POST included: the only POST this extension makes
 * (fetchEventDetails) only reads, so repeating it is safe.
 */
export class ThrottledClient {
  private readonly base: URL;
  private readonly origin: string;
  private readonly clock: Clock;
  private readonly givenDispatcher: Dispatcher | undefined;
  /** Made on the first request, so that undici loads then and not when the extension starts. */
  private ownAgent: Dispatcher | undefined;
  private readonly tracker = new QuotaTracker();
  private readonly throttle: Throttle;
  private readonly random: () => number;
  private readonly log: (line: string) => void;
  private readonly o: Required<Pick<ThrottledClientOptions, keyof typeof DEFAULTS>>;
  private closed = false;
  /** The service's clock minus ours, from the last `Date` header (0 until one is seen). */
  private skewMs = 0;

  constructor(private readonly options: ThrottledClientOptions) {
    this.base = new URL(options.origin);
    this.origin = this.base.origin;
    this.clock = options.clock ?? realClock;
    this.random = options.random ?? Math.random;
    this.log = options.log ?? (() => undefined);
    this.o = {
      maxConcurrency: Math.max(1, options.maxConcurrency ?? DEFAULTS.maxConcurrency),
      pointsPerMinute: Math.max(1, options.pointsPerMinute ?? DEFAULTS.pointsPerMinute),
      maxRetries: Math.max(0, options.maxRetries ?? DEFAULTS.maxRetries),
      maxTransientRetries: Math.max(0, options.maxTransientRetries ?? DEFAULTS.maxTransientRetries),
      requestTimeoutMs: options.requestTimeoutMs ?? DEFAULTS.requestTimeoutMs,
      connectTimeoutMs: options.connectTimeoutMs ?? DEFAULTS.connectTimeoutMs,
      userAgent: options.userAgent ?? DEFAULTS.userAgent,
      safetyMarginMs: options.safetyMarginMs ?? DEFAULTS.safetyMarginMs,
      maxRateLimitWaitMs: options.maxRateLimitWaitMs ?? DEFAULTS.maxRateLimitWaitMs,
      maxBodyBytes: options.maxBodyBytes ?? DEFAULTS.maxBodyBytes,
    };
    this.givenDispatcher = options.dispatcher;
    this.throttle = new Throttle({
      clock: this.clock,
      quota: this.tracker,
      maxConcurrency: this.o.maxConcurrency,
      pointsPerMinute: this.o.pointsPerMinute,
      safetyMarginMs: this.o.safetyMarginMs,
      maxWaitMs: this.o.maxRateLimitWaitMs,
      tokenBucketRefillMs: 1_000,
    });
  }

  private get dispatcher(): Dispatcher {
    if (this.givenDispatcher) {
      return this.givenDispatcher;
    }
    if (this.closed) {
      // A request that was past the throttle when close() ran: no new agent for it.
      throw new HttpClientError(CLOSED_MESSAGE);
    }
    // Redirects are not followed: no redirect interceptor is composed, so a 3xx is returned
    // as-is and a token can never ride along to wherever it points. A proxy, when configured,
    // only carries the tunnel: the credential checks in request() apply to the target URL.
    this.ownAgent ??= createDispatcher({
      connectTimeoutMs: this.o.connectTimeoutMs,
      requestTimeoutMs: this.o.requestTimeoutMs,
      connections: this.o.maxConcurrency,
      network: this.options.network,
    });
    return this.ownAgent;
  }

  get quota(): QuotaState {
    return this.tracker.current;
  }

  onDidChangeQuota(listener: (q: QuotaState) => void): Disposable {
    return this.tracker.onDidChange(listener);
  }

  /** Feeds a `GET /rate_limit` result (seed 001) into the quota state and the proactive holds. */
  applyRateLimitStatus(status: RateLimitStatus): void {
    this.throttle.snapshotsUpdated(this.tracker.applyRateLimitStatus(status, this.clock.now(), this.skewMs));
  }

  async close(): Promise<void> {
    if (this.closed) {
      return;
    }
    this.closed = true;
    this.throttle.close(new HttpClientError(CLOSED_MESSAGE));
    await this.ownAgent?.close();
  }

  async request(req: HttpRequest): Promise<HttpResponse> {
    if (this.closed) {
      throw new HttpClientError(CLOSED_MESSAGE);
    }
    const url = new URL(req.url, this.base);
    const withCredentials = this.checkCredentials(url, req);
    const signal = req.signal;
    signal?.throwIfAborted();
    const scope = scopeOf(url.pathname);
    const ticket: Ticket = {
      points: pointsFor(req.method),
      buckets: [...ticketResourcesFor(scope.resource), ...armBucketsFor(req.method, scope.subscription)],
      exempt: req.exemptFromPrimaryLimit === true,
    };
    const attempt: Attempt = { label: `${req.method} ${url.origin}${url.pathname}`, rateLimitRetries: 0, fallbacks: 0, transientRetries: 0, forceRefresh: false, reauthenticated: false };

    for (;;) {
      const release = await this.throttle.acquire(ticket, signal);
      let response: HttpResponse;
      let tokenSent = false;
      let sending = false;
      try {
        const token = withCredentials ? await this.options.tokenProvider?.getToken({ forceRefresh: attempt.forceRefresh, ...(signal ? { signal } : {}) }) : undefined;
        attempt.forceRefresh = false;
        tokenSent = token !== undefined;
        this.tracker.countSend();
        sending = true;
        response = await this.send(url, req, token);
      } catch (error) {
        // A request cut off before any answer (a timeout) may still reach the service later.
        release(!sending || (error instanceof NetworkError && !error.afterHeaders) ? 'notReached' : 'unanswered');
        if (await this.retryAfterNetworkError(error, attempt, signal)) {
          continue;
        }
        throw error;
      }
      // What the response says about quotas is recorded (and any pause set) before the slot
      // is released, so the next queued request is judged on it.
      let next: 'return' | 'retry';
      try {
        next = this.afterResponse(response, release, scope, attempt, tokenSent);
      } finally {
        release();
      }
      if (next === 'return') {
        return response;
      }
      if (attempt.wait !== undefined) {
        const wait = attempt.wait;
        attempt.wait = undefined;
        await this.clock.sleep(wait, signal);
      }
    }
  }

  private async retryAfterNetworkError(error: unknown, attempt: Attempt, signal: AbortSignal | undefined): Promise<boolean> {
    if (!(error instanceof NetworkError) || error.code === undefined || !RETRYABLE_CODES.has(error.code) || attempt.transientRetries >= this.o.maxTransientRetries) {
      return false;
    }
    const delay = transientBackoffMs(attempt.transientRetries, this.random);
    attempt.transientRetries++;
    this.log(`${attempt.label} failed (${error.code}); retry ${attempt.transientRetries} in ${delay} ms`);
    await this.clock.sleep(delay, signal);
    return true;
  }

  /** Records the response's quota headers and decides: hand it back, or retry (after `attempt.wait`). */
  private afterResponse(response: HttpResponse, slot: Release, scope: RequestScope, attempt: Attempt, tokenSent: boolean): 'return' | 'retry' {
    const now = this.clock.now();
    const skew = parseServerSkew(response.headers['date'], now);
    if (skew !== undefined) {
      this.skewMs = skew;
    }
    const parsed = parseRateLimitHeaders(response.headers, now, { skewMs: this.skewMs, ...(scope.resource ? { pathResource: scope.resource } : {}) });
    this.throttle.snapshotsUpdated(this.tracker.recordHeaders(parsed, now, scope.subscription), slot);
    const verdict = classify(response.status, parsed, response.body);
    this.log(`${attempt.label} -> ${response.status}${verdict === 'final' ? '' : ` (${verdict})`}`);

    switch (verdict) {
      case 'final':
        return 'return';
      case 'unauthorized':
        if (!tokenSent || attempt.reauthenticated) {
          return 'return';
        }
        // One silent re-authentication; a second 401 goes back to the caller.
        attempt.reauthenticated = true;
        attempt.forceRefresh = true;
        return 'retry';
      case 'transient': {
        if (attempt.transientRetries >= this.o.maxTransientRetries) {
          return 'return';
        }
        const delay = response.status === 503 && parsed.retryAfterMs !== undefined ? parsed.retryAfterMs : transientBackoffMs(attempt.transientRetries, this.random);
        if (delay > this.o.maxRateLimitWaitMs) {
          return 'return';
        }
        attempt.transientRetries++;
        this.log(`${attempt.label}: retry ${attempt.transientRetries} in ${delay} ms`);
        attempt.wait = delay;
        return 'retry';
      }
      case 'primary':
      case 'secondary':
        this.onRateLimited(verdict, response, parsed, now, attempt);
        return 'retry'; // acquire() waits for the pause
    }
  }

  /** Pauses the queue as seed 001 asks, or throws RateLimitError when out of retries or patience. */
  private onRateLimited(verdict: PauseKind, response: HttpResponse, parsed: RateLimitHeaders, now: number, attempt: Attempt): void {
    const wait = this.rateLimitWait(verdict, parsed, now, attempt.fallbacks);
    if (wait.fallback) {
      attempt.fallbacks++;
    }
    const until = now + wait.ms;
    const limited = parsed.primary?.remaining === 0 ? parsed.primary.resource : parsed.userQuota?.remaining === 0 ? 'Resource Graph' : parsed.primary?.resource;
    const what = verdict === 'primary' ? `the ${limited ?? 'API'} rate limit is used up` : `the service asked to slow down (${response.status})`;
    // One wait pauses the whole queue: every other request would be refused too.
    this.throttle.pause(until, `Requests are paused: ${what}; they resume at ${formatInstant(until)}.`, verdict);
    const resource = (parsed.userQuota?.remaining === 0 ? RESOURCE_GRAPH_BUCKET : undefined) ?? parsed.primary?.resource ?? parsed.arm.find((a) => a.remaining === 0)?.bucket;
    if (attempt.rateLimitRetries >= this.o.maxRetries) {
      throw new RateLimitError({ retries: attempt.rateLimitRetries, status: response.status, ...(resource ? { resource } : {}) });
    }
    if (wait.ms > this.o.maxRateLimitWaitMs) {
      throw new RateLimitError({ retries: attempt.rateLimitRetries, status: response.status, resetAt: until, ...(resource ? { resource } : {}) });
    }
    attempt.rateLimitRetries++;
    this.log(`${attempt.label}: ${verdict} rate limit, waiting ${wait.ms} ms (retry ${attempt.rateLimitRetries} of ${this.o.maxRetries})`);
    this.options.onRateLimitWait?.({ kind: verdict, ms: wait.ms, until, retry: attempt.rateLimitRetries, maxRetries: this.o.maxRetries, ...(resource ? { resource } : {}) });
  }

  /**
   * Seed 001 Errors rules 1 and 2. A reset that already looks past while `remaining` is 0 (the
   * service's clock is behind ours and no `Date` told us by how much) is no reason to send again
   * at once: that case takes the contract's fallback (a minute, then exponentially longer).
   */
  private rateLimitWait(verdict: PauseKind, parsed: RateLimitHeaders, now: number, fallbacks: number): { ms: number; fallback: boolean } {
    if (verdict === 'secondary' && parsed.retryAfterMs !== undefined) {
      // "At least that many seconds": a retry-after of 0 still gets the margin, never a burst.
      return { ms: Math.max(parsed.retryAfterMs, this.o.safetyMarginMs), fallback: false };
    }
    const reset = parsed.primary?.remaining === 0 ? parsed.primary.resetAt : parsed.userQuota?.remaining === 0 ? parsed.userQuota.resetAt : undefined;
    if (reset !== undefined && reset > now) {
      return { ms: reset - now + this.o.safetyMarginMs, fallback: false };
    }
    return { ms: secondaryBackoffMs(fallbacks), fallback: true };
  }

  private checkCredentials(url: URL, req: HttpRequest): boolean {
    const callerAuth = Object.keys(req.headers ?? {}).some((h) => h.toLowerCase() === 'authorization');
    if (!this.options.tokenProvider && !callerAuth) {
      return false;
    }
    const refusal = credentialRefusal(url, this.origin);
    if (refusal) {
      throw new OriginPolicyError(url.origin, refusal, this.origin);
    }
    return this.options.tokenProvider !== undefined;
  }

  private async send(url: URL, req: HttpRequest, token: string | undefined): Promise<HttpResponse> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'user-agent': this.o.userAgent,
    };
    for (const source of [this.options.defaultHeaders, req.headers]) {
      for (const [name, value] of Object.entries(source ?? {})) {
        headers[name.toLowerCase()] = value;
      }
    }
    let body: string | undefined;
    if (req.json !== undefined) {
      body = JSON.stringify(req.json);
      headers['content-type'] = 'application/json';
    }
    if (token !== undefined) {
      headers['authorization'] = `Bearer ${token}`;
    }

    const timeout = AbortSignal.timeout(this.o.requestTimeoutMs);
    const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
    // Past the headers, a broken connection is an answer cut off, not an unreachable service.
    let afterHeaders = false;
    try {
      const res = await dispatchRequest(this.dispatcher, {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: req.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        signal,
      });
      afterHeaders = true;
      const text = await this.readBody(res.body, res.statusCode, url, req.maxBodyBytes ?? this.o.maxBodyBytes);
      return { status: res.statusCode, headers: flattenHeaders(res.headers), body: text, url: url.href };
    } catch (error) {
      if (req.signal?.aborted) {
        throw req.signal.reason;
      }
      if (error instanceof HttpClientError) {
        throw error;
      }
      const code = errorCode(error);
      if (timeout.aborted || (code !== undefined && TIMEOUT_CODES.has(code))) {
        throw new TimeoutError(url.origin, this.o.requestTimeoutMs);
      }
      // The cause is kept for diagnosis; undici errors carry no request headers.
      throw new NetworkError(url.origin, code, error, afterHeaders);
    }
  }

  /**
   * Reads a body up to a cap. An error body is only read for its message, so past 64 KB it is
   * cut; a success body past `maxBytes` is refused rather than held in memory.
   */
  private async readBody(stream: AsyncIterable<unknown> & { destroy(): void }, status: number, url: URL, maxBytes: number): Promise<string> {
    const cap = status >= 400 ? MAX_ERROR_BODY_BYTES : maxBytes;
    const chunks: Buffer[] = [];
    let size = 0;
    for await (const chunk of stream) {
      const buf = Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk));
      if (size + buf.length > cap) {
        stream.destroy();
        if (status >= 400) {
          chunks.push(buf.subarray(0, cap - size));
          break;
        }
        throw new ResponseTooLargeError(url.origin, cap);
      }
      chunks.push(buf);
      size += buf.length;
    }
    return Buffer.concat(chunks).toString('utf8');
  }
}

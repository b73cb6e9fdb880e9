import type { RateLimitStatus } from '../model/schemas';
import { realClock } from './clock';
import { HttpClientError, NetworkError, OriginPolicyError, RateLimitError, TimeoutError } from './errors';
import { credentialRefusal } from './originPolicy';
import { QuotaTracker, type Disposable } from './quota';
import { parseRateLimitHeaders, type RateLimitHeaders } from './rateLimitHeaders';
import { classify, secondaryBackoffMs, transientBackoffMs } from './retryPolicy';
import { pointsFor, Throttle, type Ticket } from './throttle';
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
}

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
} as const;

// Connection-level faults worth another try; TLS and DNS-not-found errors are not.
const RETRYABLE_CODES = new Set([
  'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ECONNABORTED',
  'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_CONNECT_TIMEOUT',
]);
const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** Seed 001 categories by path; everything else is `core`. */
function seedResourceFor(pathname: string): string {
  const p = pathname.replace(/^\/api\/v3(?=\/)/, '');
  if (p.startsWith('/search/code')) return 'code_search';
  if (p.startsWith('/search/')) return 'search';
  if (p === '/graphql') return 'graphql';
  if (/^\/app-manifests\/[^/]+\/conversions$/.test(p)) return 'integration_manifest';
  if (/\/code-scanning\/sarifs$/.test(p)) return 'code_scanning_upload';
  return 'core';
}

/** ARM counts GETs as reads and PUT/PATCH/POST/DELETE as writes (deletes too, when reported). */
function armBucketsFor(method: HttpMethod): string[] {
  const kinds = method === 'GET' || method === 'HEAD' || method === 'OPTIONS' ? ['reads'] : method === 'DELETE' ? ['deletes', 'writes'] : ['writes'];
  return kinds.flatMap((k) => [`subscription-${k}`, `tenant-${k}`, `subscription-global-${k}`]);
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
  private readonly dispatcher: Dispatcher;
  private readonly ownAgent: Dispatcher | undefined;
  private readonly tracker = new QuotaTracker();
  private readonly throttle: Throttle;
  private readonly random: () => number;
  private readonly log: (line: string) => void;
  private readonly o: Required<Pick<ThrottledClientOptions, keyof typeof DEFAULTS>>;
  private closed = false;

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
    };
    if (options.dispatcher) {
      this.dispatcher = options.dispatcher;
      this.ownAgent = undefined;
    } else {
      // Redirects are not followed: no redirect interceptor is composed, so a 3xx is returned
      // as-is and a token can never ride along to wherever it points. A proxy, when configured,
      // only carries the tunnel: the credential checks in request() apply to the target URL.
      this.ownAgent = createDispatcher({
        connectTimeoutMs: this.o.connectTimeoutMs,
        requestTimeoutMs: this.o.requestTimeoutMs,
        connections: this.o.maxConcurrency,
        network: options.network,
      });
      this.dispatcher = this.ownAgent;
    }
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

  get quota(): QuotaState {
    return this.tracker.current;
  }

  onDidChangeQuota(listener: (q: QuotaState) => void): Disposable {
    return this.tracker.onDidChange(listener);
  }

  /** Feeds a `GET /rate_limit` result (seed 001) into the quota state and the proactive holds. */
  applyRateLimitStatus(status: RateLimitStatus): void {
    this.throttle.snapshotsUpdated(this.tracker.applyRateLimitStatus(status, this.clock.now()));
  }

  async close(): Promise<void> {
    if (this.closed) {
      return;
    }
    this.closed = true;
    this.throttle.close(new HttpClientError('The HTTP client was closed; reload the window to start it again.'));
    await this.ownAgent?.close();
  }

  async request(req: HttpRequest): Promise<HttpResponse> {
    if (this.closed) {
      throw new HttpClientError('The HTTP client was closed; reload the window to start it again.');
    }
    const url = new URL(req.url, this.base);
    const withCredentials = this.checkCredentials(url, req);
    const signal = req.signal;
    signal?.throwIfAborted();
    const ticket: Ticket = {
      points: pointsFor(req.method),
      buckets: [seedResourceFor(url.pathname), ...armBucketsFor(req.method)],
      exempt: req.exemptFromPrimaryLimit === true,
    };
    const label = `${req.method} ${url.origin}${url.pathname}`;

    let rateLimitRetries = 0;
    let secondaryFallbacks = 0;
    let transientRetries = 0;
    let forceRefresh = false;
    let reauthenticated = false;

    for (;;) {
      const release = await this.throttle.acquire(ticket, signal);
      let response: HttpResponse;
      let tokenSent = false;
      try {
        const token = withCredentials ? await this.options.tokenProvider?.getToken({ forceRefresh, ...(signal ? { signal } : {}) }) : undefined;
        forceRefresh = false;
        tokenSent = token !== undefined;
        this.tracker.countSend();
        response = await this.send(url, req, token);
      } catch (error) {
        const reachedService = !(error instanceof NetworkError);
        release(!reachedService);
        if (error instanceof NetworkError && error.code !== undefined && RETRYABLE_CODES.has(error.code) && transientRetries < this.o.maxTransientRetries) {
          const delay = transientBackoffMs(transientRetries, this.random);
          transientRetries++;
          this.log(`${label} failed (${error.code}); retry ${transientRetries} in ${delay} ms`);
          await this.clock.sleep(delay, signal);
          continue;
        }
        throw error;
      }
      release();

      const now = this.clock.now();
      const parsed = parseRateLimitHeaders(response.headers, now);
      this.throttle.snapshotsUpdated(this.tracker.recordHeaders(parsed, now));
      const verdict = classify(response.status, parsed, response.body);
      this.log(`${label} -> ${response.status}${verdict === 'final' ? '' : ` (${verdict})`}`);

      switch (verdict) {
        case 'final':
          return response;
        case 'unauthorized':
          if (!tokenSent || reauthenticated) {
            return response;
          }
          // One silent re-authentication; a second 401 goes back to the caller.
          reauthenticated = true;
          forceRefresh = true;
          continue;
        case 'transient': {
          if (transientRetries >= this.o.maxTransientRetries) {
            return response;
          }
          const delay =
            response.status === 503 && parsed.retryAfterMs !== undefined ? parsed.retryAfterMs : transientBackoffMs(transientRetries, this.random);
          if (delay > this.o.maxRateLimitWaitMs) {
            return response;
          }
          transientRetries++;
          this.log(`${label}: retry ${transientRetries} in ${delay} ms`);
          await this.clock.sleep(delay, signal);
          continue;
        }
        case 'primary':
        case 'secondary': {
          const wait = this.rateLimitWait(verdict, parsed, now, secondaryFallbacks);
          if (wait.fallback) {
            secondaryFallbacks++;
          }
          const until = now + wait.ms;
          const reason =
            verdict === 'primary'
              ? `The ${parsed.primary?.resource ?? 'API'} rate limit is used up; requests resume at ${new Date(until).toISOString()}.`
              : `The service asked to slow down (${response.status}); requests resume at ${new Date(until).toISOString()}.`;
          // One wait pauses the whole queue: every other request would be refused too.
          this.throttle.pause(until, reason, verdict);
          const resource = parsed.primary?.resource ?? parsed.arm.find((a) => a.remaining === 0)?.bucket;
          if (rateLimitRetries >= this.o.maxRetries) {
            throw new RateLimitError({ retries: rateLimitRetries, status: response.status, ...(resource ? { resource } : {}) });
          }
          if (wait.ms > this.o.maxRateLimitWaitMs) {
            throw new RateLimitError({ retries: rateLimitRetries, status: response.status, resetAt: until, ...(resource ? { resource } : {}) });
          }
          rateLimitRetries++;
          this.log(`${label}: ${verdict} rate limit, waiting ${wait.ms} ms (retry ${rateLimitRetries} of ${this.o.maxRetries})`);
          continue; // acquire() waits for the pause
        }
      }
    }
  }

  /** Seed 001 Errors rules 1 and 2. */
  private rateLimitWait(verdict: 'primary' | 'secondary', parsed: RateLimitHeaders, now: number, fallbacks: number): { ms: number; fallback: boolean } {
    const reset = parsed.primary?.remaining === 0 ? parsed.primary.resetAt : undefined;
    const untilReset = reset !== undefined ? Math.max(0, reset - now) + this.o.safetyMarginMs : undefined;
    if (verdict === 'secondary' && parsed.retryAfterMs !== undefined) {
      return { ms: parsed.retryAfterMs, fallback: false };
    }
    if (untilReset !== undefined) {
      return { ms: untilReset, fallback: false };
    }
    // Primary without a reset header (not shown by the seed) is treated like a secondary limit.
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
    try {
      const res = await dispatchRequest(this.dispatcher, {
        origin: url.origin,
        path: `${url.pathname}${url.search}`,
        method: req.method,
        headers,
        ...(body !== undefined ? { body } : {}),
        signal,
      });
      const text = await res.body.text();
      return { status: res.statusCode, headers: flattenHeaders(res.headers), body: text, url: url.href };
    } catch (error) {
      if (req.signal?.aborted) {
        throw req.signal.reason;
      }
      const code = errorCode(error);
      if (timeout.aborted || (code !== undefined && TIMEOUT_CODES.has(code))) {
        throw new TimeoutError(url.origin, this.o.requestTimeoutMs);
      }
      // The cause is kept for diagnosis; undici errors carry no request headers.
      throw new NetworkError(url.origin, code, error);
    }
  }
}

import type { RateLimitStatus } from '../model/schemas';
import { realClock } from './clock';
import { resolveLimits, type ResolvedLimits, type ThrottledClientOptions } from './clientOptions';
import { formatInstant, HttpClientError, NetworkError, OriginPolicyError, RateLimitError } from './errors';
import { createDispatcher } from './network';
import { credentialRefusal } from './originPolicy';
import { QuotaTracker, type Disposable } from './quota';
import { MAX_ACCEPTED_WAIT_MS, parseRateLimitHeaders, parseServerSkew, RESOURCE_GRAPH_BUCKET, type RateLimitHeaders } from './rateLimitHeaders';
import { scopeOf, ticketFor, type RequestScope } from './requestScope';
import type { RateLimitFamily } from './serviceRules';
import { classify, retryableNetworkCode, secondaryBackoffMs, transientBackoffMs } from './retryPolicy';
import { Throttle, type PauseKind, type Release } from './throttle';
import { sendOnce, type TransportSettings } from './transport';
import type { Clock, HttpRequest, HttpResponse, QuotaState } from './types';
import type { Dispatcher } from './undiciParts';

export type { RateLimitWait, ThrottledClientOptions } from './clientOptions';

const CLOSED_MESSAGE = 'The HTTP client was closed; run the command again, or reload the window in VS Code.';

interface Attempt {
  readonly label: string;
  /** Whose rate-limit rules apply (serviceRules.ts): its pauses hold only that family. */
  readonly family: RateLimitFamily;
  rateLimitRetries: number;
  fallbacks: number;
  transientRetries: number;
  forceRefresh: boolean;
  reauthenticated: boolean;
  /** A delay to sleep before the next try (transient faults); rate-limit waits are pauses instead. */
  wait?: number;
}

/** The one way the extension and CLI talk HTTP. Why: docs/architecture.md#http-client */
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
  private readonly o: ResolvedLimits;
  private readonly transport: TransportSettings;
  private closed = false;
  /** The service's clock minus ours, from the last `Date` header (0 until one is seen). */
  private skewMs = 0;
  /** Fallback waits in a row per family, whichever request met them: each probe after one waits longer. */
  private readonly fallbackStreaks = new Map<RateLimitFamily, number>();

  constructor(private readonly options: ThrottledClientOptions) {
    this.base = new URL(options.origin);
    this.origin = this.base.origin;
    this.clock = options.clock ?? realClock;
    this.random = options.random ?? Math.random;
    this.log = options.log ?? (() => undefined);
    this.o = resolveLimits(options);
    this.transport = { userAgent: this.o.userAgent, defaultHeaders: options.defaultHeaders, requestTimeoutMs: this.o.requestTimeoutMs, maxBodyBytes: this.o.maxBodyBytes };
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

  /** A time of our clock (ms) on the service's clock, from the last `Date` header; unchanged until one is seen. */
  serviceTime(localMs: number): number {
    return localMs + this.skewMs;
  }

  get quota(): QuotaState {
    return this.tracker.current;
  }

  /** Told on every quota change; read `quota` when the new state is needed (it is built on read). */
  onDidChangeQuota(listener: () => void): Disposable {
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
    const scope = scopeOf(url);
    const ticket = ticketFor(req.method, scope, req.exemptFromPrimaryLimit === true);
    const attempt: Attempt = { label: `${req.method} ${url.origin}${url.pathname}`, family: scope.family, rateLimitRetries: 0, fallbacks: 0, transientRetries: 0, forceRefresh: false, reauthenticated: false };

    let gaveBack = false;
    for (;;) {
      const release = await this.throttle.acquire(ticket, signal, gaveBack);
      gaveBack = false;
      let response: HttpResponse;
      let tokenSent = false;
      let sending = false;
      let early: RateLimitHeaders | undefined;
      try {
        const token = withCredentials ? await this.options.tokenProvider?.getToken({ forceRefresh: attempt.forceRefresh, ...(signal ? { signal } : {}) }) : undefined;
        if (this.throttle.pausedFor(ticket)) {
          // A pause began while the token came: the turn is given back unused, and taken again
          // at the head of the queue when the pause ends (with a fresh token then).
          release('unused');
          gaveBack = true;
          continue;
        }
        attempt.forceRefresh = false;
        tokenSent = token !== undefined;
        this.tracker.countSend();
        sending = true;
        // Quotas are recorded from the headers, while the body still arrives: the next request
        // is judged on them as before, and the work is off the path to the next page.
        response = await sendOnce(() => this.dispatcher, url, req, token, this.transport, (headers) => {
          early = this.recordQuota(headers, release, scope);
        });
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
        next = this.afterResponse(response, early ?? this.recordQuota(response.headers, release, scope), attempt, tokenSent);
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
    if (!(error instanceof NetworkError) || !retryableNetworkCode(error.code) || attempt.transientRetries >= this.o.maxTransientRetries) {
      return false;
    }
    const delay = transientBackoffMs(attempt.transientRetries, this.random);
    attempt.transientRetries++;
    this.log(`${attempt.label} failed (${error.code}); retry ${attempt.transientRetries} in ${delay} ms`);
    await this.clock.sleep(delay, signal);
    return true;
  }

  /** Records what an answer's headers say about quotas (and the clock) for the throttle, before its slot is released. */
  private recordQuota(headers: Readonly<Record<string, string>>, slot: Release, scope: RequestScope): RateLimitHeaders {
    const now = this.clock.now();
    const skew = parseServerSkew(headers['date'], now);
    if (skew !== undefined) {
      this.skewMs = skew;
    }
    const parsed = parseRateLimitHeaders(headers, now, { skewMs: this.skewMs, ...(scope.resource ? { pathResource: scope.resource } : {}) });
    this.throttle.snapshotsUpdated(this.tracker.recordHeaders(parsed, now, scope.subscription), slot);
    return parsed;
  }

  /** Decides on a recorded answer: hand it back, or retry (after `attempt.wait`). */
  private afterResponse(response: HttpResponse, parsed: RateLimitHeaders, attempt: Attempt, tokenSent: boolean): 'return' | 'retry' {
    const now = this.clock.now();
    const verdict = classify(response.status, parsed, () => response.body);
    if (verdict !== 'primary' && verdict !== 'secondary') {
      this.fallbackStreaks.set(attempt.family, 0);
    }
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
    const wait = this.rateLimitWait(verdict, parsed, now, Math.max(attempt.fallbacks, this.fallbackStreaks.get(attempt.family) ?? 0));
    if (wait.fallback) {
      attempt.fallbacks++;
      this.fallbackStreaks.set(attempt.family, (this.fallbackStreaks.get(attempt.family) ?? 0) + 1);
    }
    const until = now + wait.ms;
    const limited = parsed.primary?.remaining === 0 ? parsed.primary.resource : parsed.userQuota?.remaining === 0 ? 'Resource Graph' : parsed.primary?.resource;
    const what = verdict === 'primary' ? `the ${limited ?? 'API'} rate limit is used up` : `the service asked to slow down (${response.status})`;
    // One wait pauses the service's whole queue: every other request to it would be refused too.
    this.throttle.pause(until, `Requests are paused: ${what}; they resume at ${formatInstant(until)}.`, verdict, attempt.family);
    const resource = (parsed.userQuota?.remaining === 0 ? RESOURCE_GRAPH_BUCKET : undefined) ?? parsed.primary?.resource ?? parsed.arm.find((a) => a.remaining === 0)?.bucket;
    if (wait.stated !== undefined && wait.stated > MAX_ACCEPTED_WAIT_MS) {
      // The service says not to come back soon: no retry, whatever the retries left.
      throw new RateLimitError({ retries: attempt.rateLimitRetries, status: response.status, resetAt: until, farOff: true, ...(resource ? { resource } : {}) });
    }
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
  private rateLimitWait(verdict: PauseKind, parsed: RateLimitHeaders, now: number, fallbacks: number): { ms: number; fallback: boolean; stated?: number } {
    if (verdict === 'secondary' && parsed.retryAfterMs !== undefined) {
      // "At least that many seconds": a retry-after of 0 still gets the margin, never a burst.
      return { ms: Math.max(parsed.retryAfterMs, this.o.safetyMarginMs), fallback: false, stated: parsed.retryAfterMs };
    }
    const reset = parsed.primary?.remaining === 0 ? parsed.primary.resetAt : parsed.userQuota?.remaining === 0 ? parsed.userQuota.resetAt : undefined;
    if (reset !== undefined && reset > now) {
      return { ms: reset - now + this.o.safetyMarginMs, fallback: false, stated: reset - now };
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
}

/**
 * The contract between the throttled HTTP client and everything that uses it (API layer, CLI,
 * extension). Kept in one small file so the parts can be built and tested independently.
 */

export type HttpMethod = 'GET' | 'HEAD' | 'OPTIONS' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

export interface HttpRequest {
  readonly method: HttpMethod;
  /** Absolute URL, or a path resolved against the client's configured origin. */
  readonly url: string | URL;
  readonly headers?: Readonly<Record<string, string>>;
  /** A JSON-serialisable body; sent with `content-type: application/json`. */
  readonly json?: unknown;
  readonly signal?: AbortSignal;
  /**
   * Requests that cost no primary quota (seed 001: `GET /rate_limit`) skip the proactive
   * primary-limit hold but still count toward concurrency and secondary limits.
   */
  readonly exemptFromPrimaryLimit?: boolean;
  /** Largest success body to read, in bytes; the client's default otherwise. */
  readonly maxBodyBytes?: number;
}

export interface HttpResponse {
  readonly status: number;
  /** Lower-cased header names; repeated headers joined with ", ". */
  readonly headers: Readonly<Record<string, string>>;
  /** The body as text (fully read; the client decodes it when it is first read). */
  readonly body: string;
  /**
   * The body's end (its last 16 KB), when the client kept it apart. Decoding a ~0.5 MB
   * page takes a while, so a reader after a trailing field (a nextLink) looks here first.
   */
  readonly bodyTail?: string;
  /** The final URL the body came from. */
  readonly url: string;
}

/** Supplies bearer tokens. The client never stores or logs them. */
export interface TokenProvider {
  /**
   * Returns an access token, or undefined when signed out (the request then goes without
   * credentials). `forceRefresh` is set once after a 401, for a silent re-authentication.
   */
  getToken(options: { readonly forceRefresh: boolean; readonly signal?: AbortSignal }): Promise<string | undefined>;
}

/** One rate-limit bucket as last reported by the service. */
export interface QuotaSnapshot {
  /** Bucket name: seed 001 `x-ratelimit-resource` (core, search, ...) or an ARM scope (subscription-reads, ...). */
  readonly resource: string;
  readonly limit?: number;
  readonly remaining: number;
  readonly used?: number;
  /** Epoch milliseconds when the window resets; ARM token buckets send none. */
  readonly resetAt?: number;
  /** Epoch milliseconds when this snapshot was observed. */
  readonly observedAt: number;
  readonly source: 'headers' | 'rate_limit';
}

/** What the client knows about quotas and waits, for the status bar and the chat participant. */
export interface QuotaState {
  /** Latest snapshot per resource. */
  readonly buckets: ReadonlyMap<string, QuotaSnapshot>;
  /** When the whole queue is paused (a limit was hit), epoch ms until which it waits. */
  readonly pausedUntil?: number;
  /** Why it is paused, one sentence. */
  readonly pauseReason?: string;
  /** Requests sent over the network since the client was made (retries included). */
  readonly requestsSent: number;
}

export interface Clock {
  now(): number;
  /** Resolves after `ms`; rejects with the signal's reason when aborted. */
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
}

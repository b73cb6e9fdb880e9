/**
 * Errors thrown by the throttled HTTP client. Each message is one sentence that tells the user
 * what to do next. None of them ever carries a request header (so never a token).
 * Aborts are not wrapped: the caller's `signal.reason` (usually a DOMException named
 * 'AbortError') is rethrown as-is, see `isAbortError`.
 */

export class HttpClientError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = new.target.name;
  }
}

export class RateLimitError extends HttpClientError {
  /** Epoch ms when the limit is expected to lift, when known. */
  readonly resetAt: number | undefined;
  /** Bucket that ran out (core, subscription-reads, ...), when known. */
  readonly resource: string | undefined;
  /** Retries made before giving up. */
  readonly retries: number;
  /** Status of the last rate-limited response, when there was one. */
  readonly status: number | undefined;

  constructor(init: { resetAt?: number; resource?: string; retries: number; status?: number }) {
    super(RateLimitError.describe(init));
    this.resetAt = init.resetAt;
    this.resource = init.resource;
    this.retries = init.retries;
    this.status = init.status;
  }

  private static describe(init: { resetAt?: number; resource?: string; retries: number }): string {
    const bucket = init.resource ? `the ${init.resource} rate limit` : 'the API rate limit';
    if (init.resetAt !== undefined) {
      return `Requests are paused because ${bucket} is used up until ${new Date(init.resetAt).toISOString()}; try again after that time or refresh less often.`;
    }
    return `The service kept rate limiting requests after ${init.retries} retries; wait a few minutes, then try again.`;
  }
}

export class OriginPolicyError extends HttpClientError {
  readonly targetOrigin: string;

  constructor(targetOrigin: string, reason: 'foreign-origin' | 'insecure', configuredOrigin: string) {
    super(
      reason === 'insecure'
        ? `Refused to send credentials over plain HTTP to ${targetOrigin}; configure an https:// endpoint (plain http is only allowed on loopback).`
        : `Refused to send credentials to ${targetOrigin} because it is not the configured service ${configuredOrigin}; check the endpoint setting or the link that led there.`,
    );
    this.targetOrigin = targetOrigin;
  }
}

/** Errors raised while a response body was read, after its status and headers had arrived. */
const bodyErrors = new WeakSet<object>();

/** Marks `error` as raised while reading a response body (see dispatchRequest in undiciParts). */
export function markBodyError(error: unknown): void {
  if (typeof error === 'object' && error !== null) {
    bodyErrors.add(error);
  }
}

export class NetworkError extends HttpClientError {
  /** Node/undici error code such as ECONNRESET, when known. */
  readonly code: string | undefined;
  /** True when the service had answered and the connection broke while its body arrived. */
  readonly afterHeaders: boolean;

  constructor(origin: string, code: string | undefined, cause: unknown) {
    const afterHeaders = typeof cause === 'object' && cause !== null && bodyErrors.has(cause);
    const why = code ? ` (${code})` : '';
    super(
      afterHeaders
        ? `The connection to ${origin} broke while its answer was arriving${why}, so the answer was incomplete; try again, and check your network connection or proxy if it keeps happening.`
        : `Could not reach ${origin}${why}; check your network connection or proxy settings and try again.`,
      { cause },
    );
    this.code = code;
    this.afterHeaders = afterHeaders;
  }
}

export class TimeoutError extends HttpClientError {
  readonly timeoutMs: number;

  constructor(origin: string, timeoutMs: number, cause?: unknown) {
    super(
      `${origin} did not answer within ${Math.round(timeoutMs / 100) / 10} seconds; try again later or raise the request timeout.`,
      { cause },
    );
    this.timeoutMs = timeoutMs;
  }
}

/** True for the errors an aborted signal produces (DOMException or Error named AbortError). */
export function isAbortError(error: unknown): boolean {
  return typeof error === 'object' && error !== null && (error as { name?: unknown }).name === 'AbortError';
}

/**
 * Errors thrown by the throttled HTTP client. Each message is one sentence that tells the user
 * what to do next. None of them ever carries a request header (so never a token).
 * Aborts are not wrapped: the caller's `signal.reason` (usually a DOMException named
 * 'AbortError') is rethrown as-is, see `isAbortError`.
 */

import { isLoopbackHost } from './originPolicy';

/** An epoch-ms instant as ISO 8601, or words when no Date can hold it (a service sent garbage). */
export function formatInstant(ms: number): string {
  const d = new Date(ms);
  return Number.isNaN(d.getTime()) ? 'an unknown time far in the future' : d.toISOString();
}

export function isLoopbackOrigin(origin: string): boolean {
  try {
    return isLoopbackHost(new URL(origin).hostname);
  } catch {
    return false;
  }
}

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

  /**
   * `farOff`: the service asked for a wait past the longest the client takes (a day), so the
   * request was stopped at once, not retried.
   */
  constructor(init: { resetAt?: number; resource?: string; retries: number; status?: number; farOff?: boolean }) {
    super(RateLimitError.describe(init));
    this.resetAt = init.resetAt;
    this.resource = init.resource;
    this.retries = init.retries;
    this.status = init.status;
  }

  private static describe(init: { resetAt?: number; resource?: string; retries: number; farOff?: boolean }): string {
    const bucket = init.resource ? `the ${init.resource} rate limit` : 'the API rate limit';
    if (init.farOff && init.resetAt !== undefined) {
      return `The service asked not to send requests again before ${formatInstant(init.resetAt)}, more than a day from now (${bucket}), so the request was stopped rather than retried; try again after that time.`;
    }
    if (init.resetAt !== undefined) {
      return `Requests are paused because ${bucket} is used up until ${formatInstant(init.resetAt)}; try again after that time or refresh less often.`;
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

/** Verification failures that mean "this certificate's issuer is not among the trusted roots". */
const UNTRUSTED_CERT_CODES = new Set([
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_UNTRUSTED',
]);

/**
 * What went wrong below HTTP, as far as the error tells: an untrusted or otherwise invalid
 * certificate, a proxy that asked for credentials or refused the tunnel, a host name that does
 * not resolve, or anything else.
 */
export type NetworkFailure =
  | { readonly kind: 'untrusted-certificate' }
  | { readonly kind: 'expired-certificate' }
  | { readonly kind: 'certificate-name-mismatch' }
  | { readonly kind: 'proxy-certificate' }
  | { readonly kind: 'proxy-auth' }
  | { readonly kind: 'proxy-refused'; readonly status: number }
  | { readonly kind: 'proxy-silent' }
  | { readonly kind: 'host-not-found' }
  | { readonly kind: 'other' };

function messageOf(error: unknown): string {
  const m = (error as { message?: unknown } | null)?.message;
  return typeof m === 'string' ? m : '';
}

/** Classifies a network fault from its code and undici's error (messages only, never headers). */
export function classifyNetworkFailure(code: string | undefined, cause: unknown): NetworkFailure {
  if (code === 'UND_ERR_PRX_TLS') {
    return { kind: 'proxy-certificate' };
  }
  if (code !== undefined && UNTRUSTED_CERT_CODES.has(code)) {
    return { kind: 'untrusted-certificate' };
  }
  if (code === 'CERT_HAS_EXPIRED' || code === 'CERT_NOT_YET_VALID') {
    return { kind: 'expired-certificate' };
  }
  if (code === 'ERR_TLS_CERT_ALTNAME_INVALID') {
    return { kind: 'certificate-name-mismatch' };
  }
  if (code === 'ENOTFOUND') {
    return { kind: 'host-not-found' };
  }
  // undici: "Proxy response (407) !== 200 when HTTP Tunneling" (CONNECT refused), or
  // "Proxy Authentication Required (407)" (plain-http forwarding).
  const text = `${messageOf(cause)} ${messageOf((cause as { cause?: unknown } | null)?.cause)}`;
  const tunnel = /Proxy response \((\d{3})\)/.exec(text);
  const status = tunnel ? Number(tunnel[1]) : /Proxy Authentication Required/i.test(text) ? 407 : undefined;
  if (/Proxy did not answer CONNECT/.test(text)) {
    return { kind: 'proxy-silent' };
  }
  if (status === 407) {
    return { kind: 'proxy-auth' };
  }
  if (status !== undefined) {
    return { kind: 'proxy-refused', status };
  }
  return { kind: 'other' };
}

function networkMessage(origin: string, code: string | undefined, failure: NetworkFailure): string {
  const why = code ? ` (${code})` : '';
  switch (failure.kind) {
    case 'untrusted-certificate':
      return (
        `The certificate of ${origin} is not trusted${why}; set NODE_EXTRA_CA_CERTS to your organisation's CA file (PEM) ` +
        'and restart, or add that CA to the system certificate store.'
      );
    case 'expired-certificate':
      return `The certificate of ${origin} is expired or not yet valid${why}; check this computer's clock, or ask the service or proxy owner to renew it.`;
    case 'certificate-name-mismatch':
      return `The certificate of ${origin} is for a different host name${why}; check the endpoint, or ask your network team whether a proxy intercepts this site.`;
    case 'proxy-certificate':
      return `The proxy's own certificate could not be verified${why}; trust its CA with NODE_EXTRA_CA_CERTS or the system store, or set http.proxyStrictSSL to false.`;
    case 'proxy-auth':
      return (
        `The proxy requires authentication (407) to reach ${origin}; set http.proxyAuthorization in VS Code ` +
        '(or put user:password in the HTTPS_PROXY URL for the command line), then try again.'
      );
    case 'proxy-refused':
      return `The proxy refused the connection to ${origin} (HTTP ${failure.status}); ask your network team to allow it, or add the host to http.noProxy / NO_PROXY if it is reachable directly.`;
    case 'proxy-silent':
      return `The proxy did not answer in time when connecting to ${origin}${why}; check http.proxy (or HTTPS_PROXY) and that the proxy is up, then try again.`;
    case 'host-not-found':
      return `The host of ${origin} could not be found${why}; check the endpoint, or set http.proxy (or HTTPS_PROXY) if your network reaches it only through a proxy.`;
    case 'other':
      if (code === 'ECONNREFUSED' && isLoopbackOrigin(origin)) {
        // A local process is not behind a network or a proxy: it stopped, or never started.
        return `Nothing answered at ${origin}${why}; the local service there has stopped, so start it again (or check the endpoint setting) and retry.`;
      }
      if (code === 'ECONNREFUSED') {
        return `${origin} refused the connection${why}; check the endpoint setting, or whether the service is down, and try again.`;
      }
      return `Could not reach ${origin}${why}; check your network connection or proxy settings and try again.`;
  }
}

export class NetworkError extends HttpClientError {
  /** Node/undici error code such as ECONNRESET, when known. */
  readonly code: string | undefined;
  /** What kind of fault it was (certificate, proxy, DNS...), which decides the message. */
  readonly failure: NetworkFailure;
  /** True when the service had answered and the connection broke while its body arrived. */
  readonly afterHeaders: boolean;
  /** The origin that could not be reached. */
  readonly origin: string;

  constructor(origin: string, code: string | undefined, cause: unknown, afterHeaders = false) {
    const failure = classifyNetworkFailure(code, cause);
    super(
      afterHeaders
        ? `The connection to ${origin} broke while its answer was arriving${code ? ` (${code})` : ''}, so the answer was incomplete; try again, and check your network connection or proxy if it keeps happening.`
        : networkMessage(origin, code, failure),
      { cause },
    );
    this.code = code;
    this.failure = failure;
    this.afterHeaders = afterHeaders;
    this.origin = origin;
  }
}

export class ResponseTooLargeError extends HttpClientError {
  constructor(origin: string, maxBytes: number) {
    super(`${origin} sent a response larger than ${Math.round(maxBytes / 1024 / 1024)} MB, which was not read; narrow the query (a shorter time window or fewer subscriptions).`);
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

/**
 * One HTTP exchange over undici, no retries and no rate limits (the client adds those): headers,
 * the per-attempt timeout, the body read to a cap, and undici's errors mapped to ours.
 */
import { MAX_TIMER_MS } from './clock';
import { HttpClientError, NetworkError, TimeoutError } from './errors';
import { Exchange } from './exchange';
import type { HttpRequest, HttpResponse } from './types';
import type { Dispatcher } from './undiciParts';

export interface TransportSettings {
  readonly userAgent: string;
  readonly defaultHeaders: Readonly<Record<string, string>> | undefined;
  /** Per-attempt limit for headers and body together. */
  readonly requestTimeoutMs: number;
  readonly maxBodyBytes: number;
}

const TIMEOUT_CODES = new Set(['UND_ERR_HEADERS_TIMEOUT', 'UND_ERR_BODY_TIMEOUT']);

/** The code that says most about a failure (a system error's, rather than undici's wrapper's). */
export function errorCode(error: unknown): string | undefined {
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

function requestHeaders(req: HttpRequest, token: string | undefined, s: TransportSettings): Record<string, string> {
  const headers: Record<string, string> = {
    accept: 'application/json',
    'user-agent': s.userAgent,
  };
  for (const source of [s.defaultHeaders, req.headers]) {
    for (const [name, value] of Object.entries(source ?? {})) {
      headers[name.toLowerCase()] = value;
    }
  }
  if (req.json !== undefined) {
    headers['content-type'] = 'application/json';
  }
  if (token !== undefined) {
    headers['authorization'] = `Bearer ${token}`;
  }
  return headers;
}

/**
 * Ends an exchange when the caller aborts or the timeout passes: one timer and, with a caller
 * signal, one listener. No AbortController of its own: a signal is an EventTarget, and making
 * one per request (with its listeners) was the largest cost on a request's path after parsing.
 */
function attemptLimits(exchange: Exchange, callerSignal: AbortSignal | undefined, timeoutMs: number): { timedOut: () => boolean; dispose: () => void } {
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    exchange.cancel(new DOMException('The request timed out.', 'TimeoutError'));
  }, Math.min(Math.max(0, timeoutMs), MAX_TIMER_MS));
  // Like AbortSignal.timeout: a pending request timer alone does not keep the process alive.
  timer.unref();
  const onAbort = (): void => exchange.cancel(callerSignal?.reason);
  if (callerSignal?.aborted) {
    onAbort();
  } else {
    callerSignal?.addEventListener('abort', onAbort, { once: true });
  }
  return {
    timedOut: () => timedOut,
    dispose: () => {
      clearTimeout(timer);
      callerSignal?.removeEventListener('abort', onAbort);
    },
  };
}

/**
 * Sends `req` once; `dispatcher` is asked for only when the request goes out. `onHeaders` sees
 * the final answer's headers as soon as they arrive, before the body.
 */
export async function sendOnce(
  dispatcher: () => Dispatcher,
  url: URL,
  req: HttpRequest,
  token: string | undefined,
  s: TransportSettings,
  onHeaders?: (headers: Readonly<Record<string, string>>) => void,
): Promise<HttpResponse> {
  const headers = requestHeaders(req, token, s);
  const payload = req.json !== undefined ? JSON.stringify(req.json) : undefined;
  let answerHeaders: Record<string, string> = {};
  const exchange = new Exchange(url.origin, req.maxBodyBytes ?? s.maxBodyBytes, (raw) => {
    answerHeaders = flattenHeaders(raw);
    onHeaders?.(answerHeaders);
  });
  const attempt = attemptLimits(exchange, req.signal, s.requestTimeoutMs);
  try {
    const answer = await exchange.send(dispatcher(), {
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: req.method,
      headers,
      ...(payload !== undefined ? { body: payload } : {}),
    });
    const body = answer.body;
    return {
      status: answer.status,
      headers: answerHeaders,
      // Decoded when first read: the pager reads the tail first and the next page leaves sooner.
      get body() {
        return body.text();
      },
      bodyTail: body.tail,
      url: url.href,
    };
  } catch (error) {
    if (req.signal?.aborted) {
      throw req.signal.reason;
    }
    if (error instanceof HttpClientError) {
      throw error;
    }
    const code = errorCode(error);
    if (attempt.timedOut() || (code !== undefined && TIMEOUT_CODES.has(code))) {
      throw new TimeoutError(url.origin, s.requestTimeoutMs);
    }
    // The cause is kept for diagnosis; undici errors carry no request headers. Past the headers,
    // a broken connection is an answer cut off, not an unreachable service.
    throw new NetworkError(url.origin, code, error, exchange.headersSeen);
  } finally {
    attempt.dispose();
  }
}

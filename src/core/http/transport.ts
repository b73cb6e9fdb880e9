/**
 * One HTTP exchange over undici, no retries and no rate limits (the client adds those): headers,
 * the per-attempt timeout, the body read to a cap, and undici's errors mapped to ours.
 */
import { HttpClientError, NetworkError, TimeoutError } from './errors';
import { readBody } from './responseBody';
import type { HttpRequest, HttpResponse } from './types';
import { dispatchRequest, type Dispatcher } from './undiciParts';

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

/** Sends `req` once; `dispatcher` is asked for only when the request goes out. */
export async function sendOnce(dispatcher: () => Dispatcher, url: URL, req: HttpRequest, token: string | undefined, s: TransportSettings): Promise<HttpResponse> {
  const headers = requestHeaders(req, token, s);
  const body = req.json !== undefined ? JSON.stringify(req.json) : undefined;
  const timeout = AbortSignal.timeout(s.requestTimeoutMs);
  const signal = req.signal ? AbortSignal.any([req.signal, timeout]) : timeout;
  // Past the headers, a broken connection is an answer cut off, not an unreachable service.
  let afterHeaders = false;
  try {
    const res = await dispatchRequest(dispatcher(), {
      origin: url.origin,
      path: `${url.pathname}${url.search}`,
      method: req.method,
      headers,
      ...(body !== undefined ? { body } : {}),
      signal,
    });
    afterHeaders = true;
    const text = await readBody(res.body, res.statusCode, url.origin, req.maxBodyBytes ?? s.maxBodyBytes);
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
      throw new TimeoutError(url.origin, s.requestTimeoutMs);
    }
    // The cause is kept for diagnosis; undici errors carry no request headers.
    throw new NetworkError(url.origin, code, error, afterHeaders);
  }
}

/**
 * Seed 001 `GET /rate_limit`: the primary-limit status per category. It costs no primary quota,
 * so the request is marked `exemptFromPrimaryLimit`; it still counts toward secondary limits, so
 * callers should prefer the x-ratelimit-* headers the client already reads (seed 001 rule 2).
 */
import type { RateLimitStatus } from '../model/eventModel';
import { validation } from '../model/validation';
import { ApiError } from './errors';
import { parseBody, type HttpRequester } from './paging';

/** A client that can also take a /rate_limit result into its quota state (optional). */
export interface RateLimitAwareClient extends HttpRequester {
  applyRateLimitStatus?(status: RateLimitStatus): void;
}

export interface RateLimitStatusReaderOptions {
  readonly client: RateLimitAwareClient;
  /** Defaults to `/rate_limit` on the client's origin (self-hosted bases include `/api/v3`). */
  readonly path?: string;
}

/**
 * Reads the status with a conditional request: the last ETag is sent as If-None-Match and a 304
 * returns the cached status. Holds that cache, so keep one reader per client.
 */
export class RateLimitStatusReader {
  private readonly client: RateLimitAwareClient;
  private readonly path: string;
  private cached?: { etag: string; status: RateLimitStatus };

  constructor(options: RateLimitStatusReaderOptions) {
    this.client = options.client;
    this.path = options.path ?? '/rate_limit';
  }

  /**
   * Returns the status, or undefined when the service does not offer the operation (404; real
   * ARM has no /rate_limit and answers 404, or 400 MissingApiVersionParameter for an unknown path).
   */
  async get(options: { signal?: AbortSignal } = {}): Promise<RateLimitStatus | undefined> {
    return this.fetch(options.signal, true);
  }

  private async fetch(signal: AbortSignal | undefined, conditional: boolean): Promise<RateLimitStatus | undefined> {
    const cached = conditional ? this.cached : undefined;
    // Seed 001 asks for the vendor media type `application/vnd.{vendor}+json`; this service has
    // no vendor media type of its own, so plain JSON is requested.
    const headers: Record<string, string> = { accept: 'application/json' };
    if (cached) {
      headers['if-none-match'] = cached.etag;
    }
    const response = await this.client.request({ method: 'GET', url: this.path, headers, signal, exemptFromPrimaryLimit: true });
    if (response.status === 304) {
      if (cached) {
        return cached.status;
      }
      // A 304 without a cached copy (not expected): ask again unconditionally, once.
      return conditional ? this.fetch(signal, false) : undefined;
    }
    if (response.status === 404) {
      return undefined;
    }
    if (response.status === 400) {
      const error = ApiError.fromResponse(response, { operation: 'rateLimit' });
      if (error.code === 'MissingApiVersionParameter') {
        return undefined;
      }
      throw error;
    }
    const status = parseBody(response, validation().rateLimitStatusSchema, 'a rate-limit status', { operation: 'rateLimit' });
    const etag = response.headers['etag'];
    this.cached = etag ? { etag, status } : undefined;
    this.client.applyRateLimitStatus?.(status);
    return status;
  }
}

/** One-shot read without an ETag cache; prefer a long-lived RateLimitStatusReader. */
export async function getRateLimitStatus(
  client: RateLimitAwareClient,
  options: { signal?: AbortSignal; path?: string } = {},
): Promise<RateLimitStatus | undefined> {
  return new RateLimitStatusReader({ client, path: options.path }).get({ signal: options.signal });
}

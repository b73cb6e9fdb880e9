import type { NetworkConfig } from './network';
import type { PauseKind } from './throttle';
import type { Clock, TokenProvider } from './types';
import type { Dispatcher } from './undiciParts';

export interface ThrottledClientOptions {
  /** The service origin, e.g. https://management.azure.com; relative request URLs resolve against it. */
  readonly origin: string;
  readonly tokenProvider?: TokenProvider;
  readonly clock?: Clock;
  /** Seed 001: at most 100 concurrent requests. */
  readonly maxConcurrency?: number;
  /** Seed 001: at most 900 points per minute for REST; GitHub-style requests only, never ARM (serviceRules.ts). */
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

/** The numeric and text options with their defaults filled in. */
export type ResolvedLimits = Required<Pick<ThrottledClientOptions, keyof typeof DEFAULTS>>;

export function resolveLimits(options: ThrottledClientOptions): ResolvedLimits {
  return {
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
}

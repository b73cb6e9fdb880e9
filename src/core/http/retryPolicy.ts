import type { RateLimitHeaders } from './rateLimitHeaders';

/** What a response means for retrying, per seed 001's Errors section plus transient faults. */
export type Verdict = 'primary' | 'secondary' | 'transient' | 'unauthorized' | 'final';

const TRANSIENT_STATUSES = new Set([500, 502, 503, 504]);
// Seed 001 does not show the exact body; the message is matched anywhere, case-insensitively.
const SECONDARY_MESSAGE = /secondary rate limit/i;

/** `body` is a reader: only a 403 or 429 is read (a success body is decoded later, if at all). */
export function classify(status: number, parsed: RateLimitHeaders, body: () => string): Verdict {
  if (status === 401) {
    return 'unauthorized';
  }
  if (status === 403 || status === 429) {
    if (SECONDARY_MESSAGE.test(body())) {
      return 'secondary';
    }
    if (parsed.primary?.remaining === 0 || parsed.userQuota?.remaining === 0) {
      return 'primary';
    }
    // ARM throttles with 429 (and x-ms-ratelimit-* headers) and never says "secondary".
    if (status === 429) {
      return 'secondary';
    }
    return 'final'; // a plain permission error
  }
  return TRANSIENT_STATUSES.has(status) ? 'transient' : 'final';
}

/** Seed 001 secondary fallback: at least one minute, doubling on each further failure. */
export function secondaryBackoffMs(failuresSoFar: number): number {
  return 60_000 * 2 ** Math.min(failuresSoFar, 10);
}

/** Exponential back-off with full jitter for 5xx and network faults. */
export function transientBackoffMs(attempt: number, random: () => number, baseMs = 250, capMs = 4_000): number {
  const ceiling = Math.min(capMs, baseMs * 2 ** attempt);
  const r = Math.min(Math.max(random(), 0), 1);
  return Math.floor(r * ceiling);
}

// Connection-level faults worth another try; TLS and DNS-not-found errors are not.
const RETRYABLE_NETWORK_CODES = new Set([
  'ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EAI_AGAIN', 'ENETUNREACH', 'EHOSTUNREACH', 'ECONNABORTED',
  'UND_ERR_SOCKET', 'UND_ERR_CLOSED', 'UND_ERR_CONNECT_TIMEOUT',
]);

/** Whether a network fault with this code is worth another try. */
export function retryableNetworkCode(code: string | undefined): boolean {
  return code !== undefined && RETRYABLE_NETWORK_CODES.has(code);
}

/**
 * The fault matrix as data: each case names the sample-service faults injected into one
 * subscription's listing, the client settings, and the outcome the user must get. The tests in
 * faults.test.ts generate one `it` per case; `renderFaultMatrix()` turns the same table into the
 * Markdown that BENCHMARKS.md shows, so the document cannot drift from what is tested.
 */
import type { Fault } from '../../../src/core/sample/faults';

/** Subscription A receives the faults; B is listed alongside and must be unaffected. */
export const SUB_A = '0f1e2d3c-0000-4000-8000-00000000000a';
export const SUB_B = '0f1e2d3c-0000-4000-8000-00000000000b';

export type ExpectedOutcome =
  | { readonly kind: 'success' }
  | { readonly kind: 'error'; readonly errorName: string; readonly message: RegExp };

export interface FaultCase {
  readonly id: string;
  /** What goes wrong, in README words. */
  readonly injected: string;
  readonly faults: readonly { readonly fault: Fault; readonly times?: number }[];
  readonly client?: { readonly maxTransientRetries?: number; readonly requestTimeoutMs?: number };
  readonly expect: ExpectedOutcome;
  /** Exact number of requests subscription A's listing makes, given its page count. */
  readonly requests: (pages: number) => number;
  /** The same, as README text. */
  readonly requestsText: string;
  /** Forced token refreshes (silent re-authentications) expected. */
  readonly forcedRefreshes?: number;
  /** README text: what the user sees. */
  readonly outcome: string;
}

/** Default client settings of the matrix: small retry budget, short timeout. */
export const MATRIX_CLIENT = { maxTransientRetries: 2, requestTimeoutMs: 2_000 } as const;

export const FAULT_CASES: readonly FaultCase[] = [
  {
    id: '500-once',
    injected: 'One 500 Internal Server Error',
    faults: [{ fault: { kind: 'status', status: 500 } }],
    expect: { kind: 'success' },
    requests: (p) => p + 1,
    requestsText: 'pages + 1',
    outcome: 'Retried after a short back-off; all events listed.',
  },
  {
    id: '503-burst-retry-after',
    injected: 'Two 503 Service Unavailable with retry-after: 1',
    faults: [{ fault: { kind: 'status', status: 503, retryAfterSeconds: 1 }, times: 2 }],
    expect: { kind: 'success' },
    requests: (p) => p + 2,
    requestsText: 'pages + 2',
    outcome: 'Waited as retry-after says, twice; all events listed.',
  },
  {
    id: '500-burst-exhausts-retries',
    injected: 'A burst of 500s longer than the retry budget (2)',
    faults: [{ fault: { kind: 'status', status: 500 }, times: 6 }],
    expect: { kind: 'error', errorName: 'ApiError', message: /^The service failed with HTTP 500 \(InternalServerError: .*Try again later\.\)\.$/ },
    requests: () => 3,
    requestsText: '3 (1 + 2 retries)',
    outcome: '"The service failed with HTTP 500 (… Try again later.)." (the service\'s advice, not repeated) Previous events kept, marked stale.',
  },
  {
    id: 'reset-once',
    injected: 'One connection reset (socket destroyed, no response)',
    faults: [{ fault: { kind: 'connectionReset' } }],
    expect: { kind: 'success' },
    requests: (p) => p + 1,
    requestsText: 'pages + 1',
    outcome: 'Retried on a new connection; all events listed.',
  },
  {
    id: 'reset-persistent',
    injected: 'Connection resets on every attempt',
    faults: [{ fault: { kind: 'connectionReset' }, times: 6 }],
    expect: { kind: 'error', errorName: 'NetworkError', message: /^Could not reach http:\/\/127\.0\.0\.1:\d+ \([A-Z_]+\); check your network connection or proxy settings and try again\.$/ },
    requests: () => 3,
    requestsText: '3 (1 + 2 retries)',
    outcome: '"Could not reach http://127.0.0.1:… (ECONNRESET); check your network connection or proxy settings and try again." Previous events kept, marked stale.',
  },
  {
    id: 'truncated-body',
    injected: 'Body shorter than its content-length, then the socket closes',
    faults: [{ fault: { kind: 'truncatedBody' } }],
    expect: { kind: 'success' },
    requests: (p) => p + 1,
    requestsText: 'pages + 1',
    outcome: 'Treated as a network fault and retried; all events listed.',
  },
  {
    id: 'invalid-json',
    injected: '200 with a body that is not JSON (an HTML error page spliced in)',
    faults: [{ fault: { kind: 'invalidJson' } }],
    expect: { kind: 'error', errorName: 'ResponseValidationError', message: /^The service returned an event list that could not be read \(not JSON, starts with ".*"\); check the endpoint setting, or report it if the endpoint is right\.$/ },
    requests: () => 1,
    requestsText: '1',
    outcome: '"The service returned an event list that could not be read (not JSON, …); check the endpoint setting, or report it if the endpoint is right." Previous events kept, marked stale.',
  },
  {
    id: 'schema-drift',
    injected: 'Unknown fields and unknown enum values (eventType QuantumMaintenance, status Investigating)',
    faults: [{ fault: { kind: 'schemaDrift' } }],
    expect: { kind: 'success' },
    requests: (p) => p,
    requestsText: 'pages',
    outcome: 'Accepted; unknown values are kept as they are.',
  },
  {
    id: 'nextlink-loop',
    injected: 'nextLink pointing at the page just served',
    faults: [{ fault: { kind: 'nextLinkLoop' } }],
    expect: { kind: 'error', errorName: 'PagingError', message: /^The service sent a next-page link it had already sent, so listing stopped after 1 pages instead of looping; try again later or report it\.$/ },
    requests: () => 1,
    requestsText: '1',
    outcome: '"The service sent a next-page link it had already sent, so listing stopped…" Previous events kept, marked stale.',
  },
  {
    id: 'nextlink-foreign-origin',
    injected: 'nextLink to another origin (a second loopback server)',
    faults: [{ fault: { kind: 'foreignNextLink' } }],
    expect: { kind: 'error', errorName: 'PagingError', message: /^The service sent a next-page link to another site \(127\.0\.0\.1:\d+\), which was not followed to protect your credentials; try again later or report it\.$/ },
    requests: () => 1,
    requestsText: '1 (none to the other origin)',
    outcome: '"The service sent a next-page link to another site (…), which was not followed to protect your credentials…" Previous events kept, marked stale.',
  },
  {
    id: '401-token-expired-once',
    injected: '401 ExpiredAuthenticationToken once',
    faults: [{ fault: { kind: 'tokenExpired' } }],
    expect: { kind: 'success' },
    requests: (p) => p + 1,
    requestsText: 'pages + 1',
    forcedRefreshes: 1,
    outcome: 'Exactly one silent re-authentication (forceRefresh), then all events listed.',
  },
  {
    id: '401-twice',
    injected: '401 again after the silent re-authentication',
    faults: [{ fault: { kind: 'tokenExpired' }, times: 2 }],
    expect: { kind: 'error', errorName: 'ApiError', message: /^The service did not accept your sign-in \(ExpiredAuthenticationToken: .*Sign in again.*\); retry\.$/ },
    requests: () => 2,
    requestsText: '2',
    forcedRefreshes: 1,
    outcome: '"The service did not accept your sign-in (ExpiredAuthenticationToken: … Sign in again to get a new token.); retry." Previous events kept, marked stale.',
  },
  {
    id: '403-permission',
    injected: '403 AuthorizationFailed',
    faults: [{ fault: { kind: 'forbidden' } }],
    expect: { kind: 'error', errorName: 'ApiError', message: /^You do not have access to subscription 0f1e2d3c-0000-4000-8000-00000000000a \(AuthorizationFailed: .*\); ask an administrator for at least the Reader role, or pick another subscription\.$/ },
    requests: () => 1,
    requestsText: '1',
    outcome: '"You do not have access to subscription … (AuthorizationFailed: …); ask an administrator for at least the Reader role, or pick another subscription." Other subscriptions listed.',
  },
  {
    id: 'slow-body-timeout',
    injected: 'Headers at once, body stalled past the request timeout',
    faults: [{ fault: { kind: 'slowBody', stallMs: 5_000 } }],
    client: { requestTimeoutMs: 300 },
    expect: { kind: 'error', errorName: 'TimeoutError', message: /^http:\/\/127\.0\.0\.1:\d+ did not answer within 0\.3 seconds; try again later or raise the request timeout\.$/ },
    requests: () => 1,
    requestsText: '1',
    outcome: '"http://127.0.0.1:… did not answer within 0.3 seconds; try again later or raise the request timeout." Previous events kept, marked stale.',
  },
];

function cell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** The README-ready table (GitHub Markdown). */
export function renderFaultMatrix(cases: readonly FaultCase[] = FAULT_CASES): string {
  const rows = cases.map((c) => `| \`${c.id}\` | ${cell(c.injected)} | ${cell(c.outcome)} | ${cell(c.requestsText)} |`);
  return ['| Case | Injected fault | What the user gets | Requests for that subscription |', '|---|---|---|---|', ...rows].join('\n');
}

/** The sample service's public shapes and the reply every route handler returns. */
import type { AuthRecord } from './authentication';
import type { AvailabilityStatus } from '../model/availability';
import type { FaultInjector } from './faults';
import type { GeneratedEvent } from './generator';
import type { LimitCounters, RateLimitOptions } from './rateLimiter';

export interface SampleServiceOptions {
  /** 0 (default) picks a free port. */
  readonly port?: number;
  /** Loopback only: 127.0.0.1 (default), ::1 or localhost. */
  readonly host?: string;
  /** Number of generated events (default 300). */
  readonly events?: number;
  readonly seed?: number;
  /** Default: 3 GUIDs stable for the seed. */
  readonly subscriptionIds?: readonly string[];
  /** Without `subscriptionIds`: how many GUIDs (stable for the seed) to serve, e.g. 1,000 for load tests. */
  readonly subscriptions?: number;
  /** Generated events concern at most this many subscriptions each (see GenerateOptions). */
  readonly maxSubscriptionsPerEvent?: number;
  readonly pageSize?: number;
  readonly latencyMs?: number;
  /** Default: a random token; requests must send `Authorization: Bearer <token>`. */
  readonly token?: string;
  readonly now?: () => number;
  readonly rateLimits?: RateLimitOptions;
  /** Explicit events instead of generated ones. */
  readonly eventsOverride?: readonly GeneratedEvent[];
  /** Makes fetchEventDetails answer 403 AuthorizationFailed (also switchable via `knobs`). */
  readonly denyFetchEventDetails?: boolean;
  /** Makes listSecurityAdvisoryImpactedResources answer 403 AuthorizationFailed (also via `knobs`). */
  readonly denySecurityAdvisoryImpactedResources?: boolean;
  /** Makes tenant-scope operations answer 403, as for a user without a tenant role (also via `knobs`). */
  readonly denyTenantScope?: boolean;
  /** Makes Resource Graph answer 403 AuthorizationFailed (also via `knobs`). */
  readonly denyResourceGraph?: boolean;
  /**
   * Subscriptions the caller cannot read (also via `knobs`): their ARM operations answer 403
   * AuthorizationFailed and Resource Graph leaves them out of every answer, without an error.
   */
  readonly unreadableSubscriptions?: readonly string[];
  /** Resource Graph queries per user per window (default 15, ARG's documented example). */
  readonly resourceGraphQuota?: number;
  /** Resource Graph quota window in ms (default 5,000). */
  readonly resourceGraphWindowMs?: number;
  /**
   * Accept signed, expiring tokens minted with this secret (see signedTokens.ts) instead of `token`:
   * the stand-in for ARM when Azure mode is tested with the test-only authentication provider.
   */
  readonly signedTokensSecret?: string;
}

export interface SampleStats extends LimitCounters {
  requests: number;
  /** Requests per pathname as received. */
  readonly byPath: Map<string, number>;
  /** Resource Graph queries answered, by kind: events, health, scope, impactedResources. */
  readonly byGraphQuery: Map<string, number>;
  readonly byStatus: Map<number, number>;
  inFlight: number;
  peakInFlight: number;
}

/** Settings that tests and the demo may change while the service runs. */
export interface SampleKnobs {
  latencyMs: number;
  pageSize: number;
  denyFetchEventDetails: boolean;
  denySecurityAdvisoryImpactedResources: boolean;
  denyTenantScope: boolean;
  denyResourceGraph: boolean;
  /** Compared case-insensitively, as ARM compares subscription ids. */
  unreadableSubscriptions: string[];
  resourceGraphQuota: number;
  resourceGraphWindowMs: number;
}

export interface SampleService {
  /** http://127.0.0.1:PORT (no trailing slash). */
  readonly url: string;
  readonly port: number;
  readonly token: string;
  readonly subscriptionIds: string[];
  readonly tenantId: string;
  /** Queues faults for tests; in a build without fault injection, inject() throws. */
  readonly faults: FaultInjector;
  readonly stats: SampleStats;
  readonly knobs: SampleKnobs;
  /** The events the service holds (full, unhidden). */
  readonly events: readonly GeneratedEvent[];
  /** The availability statuses of the estate's resources (consistent with the events). */
  readonly estate: SampleEstateView;
  /** With `signedTokensSecret`: every token check in order (account, token serial, outcome; never a token). */
  readonly authRecords: readonly AuthRecord[];
  resetStats(): void;
  close(): Promise<void>;
}

/** What tests read of the sample estate (its class, estate.ts, imports this file). */
export interface SampleEstateView {
  /** The current status of every resource of the subscription, as listed (with recommended actions). */
  statuses(subscriptionId: string): readonly AvailabilityStatus[];
}

export interface Reply {
  status: number;
  body?: unknown;
  headers?: Record<string, string>;
  /** Post-processing faults need to know whether the body is an events page or an event. */
  shape?: 'page' | 'event' | 'other';
}

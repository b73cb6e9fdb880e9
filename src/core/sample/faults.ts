/**
 * Queueable faults for the sample service: each injected fault applies to the next `times`
 * requests whose method and pathname match, then is gone. Faults are checked after
 * authentication and before rate limiting, so injected failures cost no quota.
 */

export type Fault =
  /** A status burst (500/503/...), optionally with retry-after, with an ErrorResponse body. */
  | { readonly kind: 'status'; readonly status: number; readonly retryAfterSeconds?: number; readonly code?: string }
  /** The socket is destroyed without a response. */
  | { readonly kind: 'connectionReset' }
  /** 200 with a body that is not JSON. */
  | { readonly kind: 'invalidJson' }
  /** content-length larger than the body sent, then the socket is closed. */
  | { readonly kind: 'truncatedBody' }
  /** Headers are sent at once, the body only after `stallMs`. */
  | { readonly kind: 'slowBody'; readonly stallMs: number }
  /** Unknown fields and unknown enum values injected into events. */
  | { readonly kind: 'schemaDrift' }
  /** nextLink points at the page just served. */
  | { readonly kind: 'nextLinkLoop' }
  /** nextLink points at another origin (default http://attacker.invalid). */
  | { readonly kind: 'foreignNextLink'; readonly origin?: string }
  /** 401 ExpiredAuthenticationToken, as when an access token expired mid-session. */
  | { readonly kind: 'tokenExpired' }
  /** 403 AuthorizationFailed. */
  | { readonly kind: 'forbidden' }
  /** 401 whose message quotes the bearer token back, as some gateways and proxies do. */
  | { readonly kind: 'echoToken' };

export interface FaultMatch {
  /** How many matching requests get the fault (default 1). */
  readonly times?: number;
  /** Tested against the request pathname (without query); default: every path. */
  readonly path?: RegExp;
  /** Upper-case method; default: any. */
  readonly method?: string;
}

interface Queued {
  readonly fault: Fault;
  readonly match: FaultMatch;
  remaining: number;
}

/** What tests use of the fault controller (a build without fault injection has a stub). */
export interface FaultInjector {
  inject(fault: Fault, match?: FaultMatch): FaultInjector;
  clear(): void;
  readonly pending: number;
  readonly applied: number;
}

export class FaultController implements FaultInjector {
  private readonly queue: Queued[] = [];
  /** Faults applied so far. */
  applied = 0;

  /** Queues a fault; faults queued earlier are applied first. */
  inject(fault: Fault, match: FaultMatch = {}): this {
    const times = match.times ?? 1;
    if (!Number.isInteger(times) || times < 1) {
      throw new RangeError('Fault times must be a positive integer.');
    }
    this.queue.push({ fault, match, remaining: times });
    return this;
  }

  clear(): void {
    this.queue.length = 0;
  }

  /** Number of fault applications still queued. */
  get pending(): number {
    return this.queue.reduce((n, q) => n + q.remaining, 0);
  }

  /** Takes the first fault that matches this request, if any (used by the server). */
  take(method: string, pathname: string): Fault | undefined {
    const index = this.queue.findIndex((q) => {
      if (q.match.method && q.match.method.toUpperCase() !== method) {
        return false;
      }
      if (q.match.path) {
        q.match.path.lastIndex = 0;
        return q.match.path.test(pathname);
      }
      return true;
    });
    const queued = index >= 0 ? this.queue[index] : undefined;
    if (!queued) {
      return undefined;
    }
    if (--queued.remaining === 0) {
      this.queue.splice(index, 1);
    }
    this.applied++;
    return queued.fault;
  }
}

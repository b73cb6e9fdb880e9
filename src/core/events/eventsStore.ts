/** The extension's memory of health events, per subscription. Why: docs/architecture.md#events-eventsstore */
import type { HealthEvent } from '../model/eventModel';
import {
  eventKey,
  isActionRecommended,
  isActiveServiceIssue,
  lastUpdateOf,
  trackingIdOrUndefined,
  type StoredEvent,
} from './eventFacts';
import { incidentKey } from './incidents';
import { minOf } from '../text/lists';

/** One subscription's result of a refresh, as the API layer returns it. */
export interface SubscriptionFetchResult {
  readonly subscriptionId: string;
  readonly events: readonly HealthEvent[];
  /** Set when the listing failed; `events` is then ignored. */
  readonly error?: unknown;
  /** The `queryStartTime` used (epoch ms), from {@link EventsStore.planQueryStart}. */
  readonly queryStartTime: number;
}

export interface SubscriptionState {
  /** Epoch ms of the last successful listing (the client's clock when the request started). */
  readonly lastSuccessAt?: number;
  /** Earliest `queryStartTime` loaded without a gap since. */
  readonly coveredSince?: number;
  /** One-sentence message of the last failure, cleared by the next success. */
  readonly lastError?: string;
  readonly lastErrorAt?: number;
}

export interface RefreshOutcome {
  /** Active ServiceIssue incidents not reported before (one copy each; none on a subscription's first load). */
  readonly newActiveServiceIssues: readonly StoredEvent[];
  /** Events tagged "Action Recommended" not reported before. */
  readonly newActionRecommended: readonly StoredEvent[];
  readonly failures: readonly { readonly subscriptionId: string; readonly message: string }[];
  /** Listed events without a name or id, which cannot be tracked and were left out. */
  readonly skipped: number;
}

export interface EventsStoreOptions {
  readonly now?: () => number;
  /** Overlap of incremental queries, covering clock skew between client and service. */
  readonly overlapMs?: number;
  /** Turns a failure into one user-facing sentence (the API layer's ApiError already is one). */
  readonly describeError?: (error: unknown) => string;
}

/** Five minutes: generous against clock skew; merging makes the overlap harmless. */
export const DEFAULT_OVERLAP_MS = 5 * 60_000;

/** Everything the store holds, as plain data: what the events cache saves and restores (see core/cache/snapshot). */
export interface StoreContent {
  readonly subscriptions: Readonly<Record<string, SubscriptionState>>;
  readonly events: readonly { readonly subscriptionId: string; readonly event: HealthEvent }[];
  readonly seen: readonly string[];
  readonly notifiedIssues: readonly string[];
  readonly notifiedActions: readonly string[];
}

function defaultDescribe(error: unknown): string {
  return error instanceof Error && error.message ? error.message : 'The request failed.';
}

export class EventsStore {
  private readonly now: () => number;
  private readonly overlapMs: number;
  private readonly describeError: (error: unknown) => string;
  private readonly events = new Map<string, StoredEvent>();
  private readonly states = new Map<string, SubscriptionState>();
  private readonly seen = new Set<string>();
  private readonly notifiedIssues = new Set<string>();
  private readonly notifiedActions = new Set<string>();
  private readonly listeners = new Set<() => void>();
  private restoredAt: number | undefined;

  constructor(options: EventsStoreOptions = {}) {
    this.now = options.now ?? Date.now;
    this.overlapMs = options.overlapMs ?? DEFAULT_OVERLAP_MS;
    this.describeError = options.describeError ?? defaultDescribe;
  }

  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** All events, unordered. */
  getEvents(): StoredEvent[] {
    return [...this.events.values()];
  }

  getEvent(subscriptionId: string, trackingId: string): StoredEvent | undefined {
    return this.events.get(eventKey(subscriptionId, trackingId));
  }

  get size(): number {
    return this.events.size;
  }

  getState(subscriptionId: string): SubscriptionState {
    return this.states.get(subscriptionId.toLowerCase()) ?? {};
  }

  /** Subscriptions the store holds state for. */
  get subscriptionIds(): string[] {
    return [...this.states.keys()];
  }

  /** True when any subscription's last refresh failed: what is shown may be out of date. */
  get isStale(): boolean {
    return [...this.states.values()].some((s) => s.lastError !== undefined);
  }

  /** The latest failure message, if any subscription is stale. */
  get lastError(): string | undefined {
    let latest: SubscriptionState | undefined;
    for (const s of this.states.values()) {
      if (s.lastError !== undefined && (latest === undefined || (s.lastErrorAt ?? 0) > (latest.lastErrorAt ?? 0))) {
        latest = s;
      }
    }
    return latest?.lastError;
  }

  /** Epoch ms of the oldest last success across subscriptions (what "updated at" honestly means). */
  get lastSuccessAt(): number | undefined {
    const times = [...this.states.values()].map((s) => s.lastSuccessAt);
    if (times.length === 0 || times.some((t) => t === undefined)) {
      return undefined;
    }
    return minOf(Infinity, times as number[]);
  }

  /** Set when the content came from a cache and no refresh has succeeded since. */
  get restoredFromCacheAt(): number | undefined {
    return this.restoredAt;
  }

  /** Keeps only the given subscriptions (events, states), e.g. after the user changed the selection. */
  setSubscriptions(subscriptionIds: readonly string[]): void {
    const keep = new Set(subscriptionIds.map((s) => s.toLowerCase()));
    let changed = false;
    for (const id of [...this.states.keys()]) {
      if (!keep.has(id)) {
        this.states.delete(id);
        changed = true;
      }
    }
    for (const id of keep) {
      if (!this.states.has(id)) {
        this.states.set(id, {});
        changed = true;
      }
    }
    for (const [key, stored] of [...this.events]) {
      if (!keep.has(stored.subscriptionId.toLowerCase())) {
        this.events.delete(key);
        changed = true;
      }
    }
    if (changed) {
      this.pruneMarks();
      this.fire();
    }
  }

  /**
   * The `queryStartTime` to request for a subscription: the window start for a first or full load,
   * else the last success minus the overlap (never earlier than the window start).
   */
  planQueryStart(subscriptionId: string, windowStart: number, options: { full?: boolean } = {}): number {
    const state = this.getState(subscriptionId);
    if (
      options.full ||
      state.lastSuccessAt === undefined ||
      state.coveredSince === undefined ||
      state.coveredSince > windowStart
    ) {
      return windowStart;
    }
    return Math.max(windowStart, state.lastSuccessAt - this.overlapMs);
  }

  /**
   * Merges one refresh. `startedAt` is the client's clock when the requests began (the next
   * incremental query starts there). Events updated before `windowStart` are dropped.
   */
  applyResults(results: readonly SubscriptionFetchResult[], windowStart: number, startedAt = this.now()): RefreshOutcome {
    const newIssues: StoredEvent[] = [];
    const newActions: StoredEvent[] = [];
    const failures: { subscriptionId: string; message: string }[] = [];
    let skipped = 0;

    // Incidents already reported (under any subscription), and subscriptions listed for the first time.
    const reportedIssues = incidentsOfKeys(this.notifiedIssues);
    const reportedActions = incidentsOfKeys(this.notifiedActions);
    const baseline = new Set<string>();
    for (const result of results) {
      const subKey = result.subscriptionId.toLowerCase();
      const previous = this.states.get(subKey) ?? {};
      if (result.error === undefined && previous.lastSuccessAt === undefined) {
        baseline.add(subKey);
      }
      if (result.error !== undefined) {
        const message = this.describeError(result.error);
        failures.push({ subscriptionId: result.subscriptionId, message });
        this.states.set(subKey, { ...previous, lastError: message, lastErrorAt: this.now() });
        continue;
      }
      const fullLoad = result.queryStartTime <= windowStart;
      if (fullLoad) {
        // A full load is authoritative for the window: anything it did not return is gone.
        for (const [key, stored] of [...this.events]) {
          if (stored.subscriptionId.toLowerCase() === subKey) {
            this.events.delete(key);
          }
        }
      }
      for (const event of result.events) {
        const trackingId = trackingIdOrUndefined(event);
        if (!trackingId) {
          skipped++;
          continue;
        }
        const key = eventKey(result.subscriptionId, trackingId);
        const existing = this.events.get(key);
        if (existing && isOlder(event, existing.event)) {
          continue;
        }
        this.events.set(key, { subscriptionId: result.subscriptionId, trackingId, event });
      }
      const coveredSince =
        previous.coveredSince === undefined || fullLoad
          ? result.queryStartTime
          : Math.min(previous.coveredSince, result.queryStartTime);
      this.states.set(subKey, { lastSuccessAt: startedAt, coveredSince: Math.max(coveredSince, windowStart) });
    }

    this.pruneBefore(windowStart);

    for (const [key, stored] of this.events) {
      const quiet = baseline.has(stored.subscriptionId.toLowerCase());
      const incident = incidentKey(stored.trackingId);
      if (isActiveServiceIssue(stored.event)) {
        if (!this.notifiedIssues.has(key)) {
          this.notifiedIssues.add(key);
          if (!quiet && !reportedIssues.has(incident)) {
            reportedIssues.add(incident);
            newIssues.push(stored);
          }
        }
      } else {
        // Resolved (or no longer an issue): a later reactivation is news again.
        this.notifiedIssues.delete(key);
      }
      if (isActionRecommended(stored.event) && !this.notifiedActions.has(key)) {
        this.notifiedActions.add(key);
        if (!quiet && !reportedActions.has(incident)) {
          reportedActions.add(incident);
          newActions.push(stored);
        }
      }
    }
    if (results.some((r) => r.error === undefined)) {
      this.restoredAt = undefined;
    }
    this.pruneMarks();
    this.fire();
    return { newActiveServiceIssues: newIssues, newActionRecommended: newActions, failures, skipped };
  }

  /** Marks events as read by the user (opened, or "mark all as seen"). */
  markSeen(keys: Iterable<string>): void {
    let changed = false;
    for (const key of keys) {
      if (!this.seen.has(key)) {
        this.seen.add(key);
        changed = true;
      }
    }
    if (changed) {
      this.fire();
    }
  }

  isSeen(key: string): boolean {
    return this.seen.has(key);
  }

  /** Active service issues the user has not opened yet: the view badge. */
  unseenActiveServiceIssues(): StoredEvent[] {
    return this.getEvents().filter(
      (s) => isActiveServiceIssue(s.event) && !this.seen.has(eventKey(s.subscriptionId, s.trackingId)),
    );
  }

  /** Forgets everything (sign-out, switch of service). */
  clear(): void {
    this.events.clear();
    this.states.clear();
    this.seen.clear();
    this.notifiedIssues.clear();
    this.notifiedActions.clear();
    this.restoredAt = undefined;
    this.fire();
  }

  /** What the store holds now, and the store's clock reading it. */
  content(): StoreContent & { readonly takenAt: number; readonly seen: string[]; readonly notifiedIssues: string[]; readonly notifiedActions: string[] } {
    const subscriptions: Record<string, SubscriptionState> = {};
    for (const [id, state] of this.states) {
      subscriptions[id] = { ...state };
    }
    return {
      takenAt: this.now(),
      subscriptions,
      events: this.getEvents().map((s) => ({ subscriptionId: s.subscriptionId, event: s.event })),
      seen: [...this.seen],
      notifiedIssues: [...this.notifiedIssues],
      notifiedActions: [...this.notifiedActions],
    };
  }

  /** Replaces everything with `content` saved at `savedAt` (a cache restore); events without a tracking id are skipped. */
  load(content: StoreContent, savedAt: number): void {
    this.events.clear();
    this.states.clear();
    for (const [id, state] of Object.entries(content.subscriptions)) {
      this.states.set(id.toLowerCase(), state);
    }
    for (const { subscriptionId, event } of content.events) {
      const trackingId = trackingIdOrUndefined(event);
      if (trackingId) {
        this.events.set(eventKey(subscriptionId, trackingId), { subscriptionId, trackingId, event });
      }
    }
    replace(this.seen, content.seen);
    replace(this.notifiedIssues, content.notifiedIssues);
    replace(this.notifiedActions, content.notifiedActions);
    this.restoredAt = savedAt;
    this.fire();
  }

  private pruneBefore(windowStart: number): void {
    for (const [key, stored] of [...this.events]) {
      const updated = lastUpdateOf(stored.event);
      // An unreadable time cannot be judged; keep the event rather than lose it silently.
      if (updated !== undefined && updated < windowStart) {
        this.events.delete(key);
      }
    }
  }

  /** Marks only matter for events still held; this bounds the persisted sets. */
  private pruneMarks(): void {
    for (const set of [this.seen, this.notifiedIssues, this.notifiedActions]) {
      for (const key of [...set]) {
        if (!this.events.has(key)) {
          set.delete(key);
        }
      }
    }
  }

  private fire(): void {
    for (const listener of [...this.listeners]) {
      listener();
    }
  }
}

/** True when `incoming` is strictly older than `existing`; unreadable times let the incoming copy win. */
function isOlder(incoming: HealthEvent, existing: HealthEvent): boolean {
  const a = lastUpdateOf(incoming);
  const b = lastUpdateOf(existing);
  return a !== undefined && b !== undefined && a < b;
}

/** Incident keys of event keys ("subscription/trackingId"; subscription ids hold no slash). */
function incidentsOfKeys(keys: ReadonlySet<string>): Set<string> {
  return new Set([...keys].map((k) => incidentKey(k.slice(k.indexOf('/') + 1))));
}

function replace(set: Set<string>, values: readonly string[]): void {
  set.clear();
  for (const v of values) {
    set.add(v);
  }
}

/**
 * The Resources view's memory of resource health, by subscription then resource id (both lower
 * case): a full listing replaces a subscription, an incremental one merges its changes, each at the
 * cost of what was listed, never of what is held. Why: docs/architecture.md#health-healthstore
 */
import { resourceIdOf, type AvailabilityStatus } from '../model/availability';
import { resourceHealthMarkOf, type ResourceHealthMark } from './healthIndex';

export interface HealthStoreOptions {
  /** Called once per status the store visits (merges, removals, reads by id): tests count the work. */
  readonly onVisit?: () => void;
}

export class ResourceHealthStore {
  private readonly bySubscription = new Map<string, Map<string, AvailabilityStatus>>();
  /** Resource id (lower case) → the subscription holding it: health by id without knowing the subscription. */
  private readonly subscriptionOf = new Map<string, string>();
  private flat: AvailabilityStatus[] | undefined;
  private unnamed = 0;
  private readonly visit: () => void;

  constructor(options: HealthStoreOptions = {}) {
    this.visit = options.onVisit ?? (() => undefined);
  }

  /** Statuses held, over every subscription. */
  get size(): number {
    let n = 0;
    for (const held of this.bySubscription.values()) n += held.size;
    return n;
  }

  /** A full listing of one subscription: its statuses are now exactly these. */
  replace(subscriptionId: string, statuses: readonly AvailabilityStatus[]): void {
    const key = subscriptionId.toLowerCase();
    this.drop(key);
    const held = new Map<string, AvailabilityStatus>();
    this.bySubscription.set(key, held);
    this.put(key, held, statuses);
  }

  /** An incremental listing of one subscription: each changed status replaces the one of its resource (in place), new ones after. */
  merge(subscriptionId: string, changed: readonly AvailabilityStatus[]): void {
    const key = subscriptionId.toLowerCase();
    let held = this.bySubscription.get(key);
    if (!held) {
      held = new Map();
      this.bySubscription.set(key, held);
    }
    this.put(key, held, changed);
  }

  /** Forgets one subscription's statuses (it failed, or it left the selection). */
  remove(subscriptionId: string): void {
    this.drop(subscriptionId.toLowerCase());
  }

  /** Keeps only these subscriptions. */
  keepOnly(subscriptionIds: readonly string[]): void {
    const keep = new Set(subscriptionIds.map((s) => s.toLowerCase()));
    for (const key of [...this.bySubscription.keys()]) {
      if (!keep.has(key)) this.drop(key);
    }
  }

  clear(): void {
    this.bySubscription.clear();
    this.subscriptionOf.clear();
    this.flat = undefined;
  }

  /** One subscription's statuses. */
  statusesOf(subscriptionId: string): AvailabilityStatus[] {
    return [...(this.bySubscription.get(subscriptionId.toLowerCase())?.values() ?? [])];
  }

  /** Every status held, subscription by subscription; built once per change, when first asked. */
  all(): readonly AvailabilityStatus[] {
    if (!this.flat) {
      const flat: AvailabilityStatus[] = [];
      for (const held of this.bySubscription.values()) {
        for (const status of held.values()) flat.push(status);
      }
      this.flat = flat;
    }
    return this.flat;
  }

  /** The status held for a resource; undefined when none. */
  statusOf(resourceId: string | undefined): AvailabilityStatus | undefined {
    const id = resourceId?.trim().toLowerCase();
    const key = id ? this.subscriptionOf.get(id) : undefined;
    if (!id || key === undefined) return undefined;
    this.visit();
    return this.bySubscription.get(key)?.get(id);
  }

  /** The resource's current health; undefined when unknown (not listed, its subscription failed or was left out). */
  healthOf(resourceId: string | undefined): ResourceHealthMark | undefined {
    const status = this.statusOf(resourceId);
    return status ? resourceHealthMarkOf(status) : undefined;
  }

  private put(key: string, held: Map<string, AvailabilityStatus>, statuses: readonly AvailabilityStatus[]): void {
    for (const status of statuses) {
      this.visit();
      const id = resourceIdOf(status)?.toLowerCase();
      // A status naming no resource cannot be merged; it is kept under a key of its own.
      const at = id ?? `\0${this.unnamed++}`;
      held.set(at, status);
      if (id) {
        const before = this.subscriptionOf.get(id);
        // A resource listed under another subscription moves (a subscription transfer): one place only.
        if (before !== undefined && before !== key) this.bySubscription.get(before)?.delete(id);
        this.subscriptionOf.set(id, key);
      }
    }
    this.flat = undefined;
  }

  private drop(key: string): void {
    const held = this.bySubscription.get(key);
    if (!held) return;
    for (const id of held.keys()) {
      this.visit();
      if (this.subscriptionOf.get(id) === key) this.subscriptionOf.delete(id);
    }
    this.bySubscription.delete(key);
    this.flat = undefined;
  }
}

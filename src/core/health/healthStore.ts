/**
 * The Resources view's memory of resource health, by subscription then resource id (both lower
 * case): a full listing replaces a subscription, an incremental one merges its changes, each at the
 * cost of what was listed, never of what is held. Why: docs/architecture.md#health-healthstore
 */
import { resourceIdOf, stateOf, type AvailabilityStatus } from '../model/availability';
import { Slicer } from '../text/slices';
import { resourceHealthMarkOf, type ResourceHealthMark } from './healthIndex';
import { byResourceId, nameKeyOf, type NamedStatus, type StatusesByName } from './templateHealth';

export interface HealthStoreOptions {
  /** Called once per status the store visits (merges, removals, reads by id): tests count the work. */
  readonly onVisit?: () => void;
}

export class ResourceHealthStore implements StatusesByName {
  private readonly bySubscription = new Map<string, Map<string, AvailabilityStatus>>();
  /**
   * Lower-case resource name → the ids (lower case) of its resources, one or a few: the hover's
   * index (review L1), kept as statuses come and go, never rebuilt over the estate when a hover
   * asks (2 s at 100,000 statuses). Ids, not statuses: a merge in place leaves it as it is.
   */
  private readonly byName = new Map<string, string | string[]>();
  /** Resource id (lower case) → the subscription holding it: health by id without knowing the subscription. */
  private readonly subscriptionOf = new Map<string, string>();
  private flat: AvailabilityStatus[] | undefined;
  /** Counts changes, so a flat list built across yields is kept only when nothing changed meanwhile. */
  private changes = 0;
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

  /** The subscriptions held (lower case). */
  subscriptions(): string[] {
    return [...this.bySubscription.keys()];
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
    this.byName.clear();
    this.flat = undefined;
    this.changes++;
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

  /**
   * Builds all() in slices that yield (issue 32: one pass over 100,000 statuses blocked the thread
   * 94 ms), so later calls return it at once. False when superseded: all() then builds it when asked.
   */
  async settle(slicer: Slicer = new Slicer()): Promise<boolean> {
    if (this.flat) {
      return true;
    }
    const flat: AvailabilityStatus[] = [];
    const changes = this.changes;
    for (const held of this.bySubscription.values()) {
      for (const status of held.values()) {
        flat.push(status);
        // A change while yielding (another listing) makes this list stale: it is dropped, never kept.
        if (slicer.due() && (!(await slicer.next()) || this.changes !== changes)) return false;
      }
    }
    this.flat = flat;
    return true;
  }

  /** The statuses with a state whose resource is named `name` (lower case): the hover's lookup. */
  named(name: string): readonly NamedStatus[] {
    const found = this.byName.get(name);
    const out: NamedStatus[] = [];
    for (const id of found === undefined ? [] : typeof found === 'string' ? [found] : found) {
      const status = this.bySubscription.get(this.subscriptionOf.get(id) ?? '')?.get(id);
      const resourceId = status && stateOf(status) ? resourceIdOf(status) : undefined;
      if (status && resourceId) out.push({ id: resourceId, status });
    }
    return out.sort(byResourceId);
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
      const resourceId = resourceIdOf(status);
      const id = resourceId?.toLowerCase();
      // A status naming no resource cannot be merged; it is kept under a key of its own.
      const at = id ?? `\0${this.unnamed++}`;
      held.set(at, status);
      if (id) {
        const before = this.subscriptionOf.get(id);
        // A resource listed under another subscription moves (a subscription transfer): one place only.
        if (before !== undefined && before !== key) this.bySubscription.get(before)?.delete(id);
        this.subscriptionOf.set(id, key);
        this.name(id);
      }
    }
    this.flat = undefined;
    this.changes++;
  }

  /** Keeps the name index in step with one resource put (`id` lower case). */
  private name(id: string): void {
    const name = nameKeyOf(id);
    if (!name) return;
    const held = this.byName.get(name);
    if (held === undefined) this.byName.set(name, id);
    else if (typeof held === 'string') {
      if (held !== id) this.byName.set(name, [held, id]);
    } else if (!held.includes(id)) held.push(id);
  }

  private unname(id: string): void {
    const name = nameKeyOf(id);
    const held = name !== undefined ? this.byName.get(name) : undefined;
    if (name === undefined || held === undefined) return;
    if (typeof held === 'string') {
      if (held === id) this.byName.delete(name);
      return;
    }
    const rest = held.filter((other) => other !== id);
    this.byName.set(name, rest.length === 1 ? (rest[0] as string) : rest);
  }

  private drop(key: string): void {
    const held = this.bySubscription.get(key);
    if (!held) return;
    for (const id of held.keys()) {
      this.visit();
      if (this.subscriptionOf.get(id) === key) {
        this.subscriptionOf.delete(id);
        this.unname(id);
      }
    }
    this.bySubscription.delete(key);
    this.flat = undefined;
    this.changes++;
  }
}

/**
 * The impacted resources of the held events, loaded on demand (a row expanded, a panel opened):
 * one request per event copy (subscription + tracking id), cached until that event's
 * lastUpdateTime changes or the connection changes. An incident listed for several
 * subscriptions shows the union of its copies' resources. VS Code-free (unit-tested in Node).
 */
import { eventKey, type StoredEvent } from '../../core/events/eventFacts';
import { incidentKey } from '../../core/events/grouping';
import { ImpactedRowList, impactedRows, type ImpactedRow, type ResourcesState } from '../../core/render/impactedRows';
import { eachInSlices, Slicer } from '../../core/text/slices';
import type { ImpactedResource } from '../../core/model/eventResourceSchemas';

export type { ResourcesState };

/** Lists one event copy's impacted resources (the API call; security advisories use their own operation). */
export type ListResources = (stored: StoredEvent, signal: AbortSignal) => Promise<ImpactedResource[]>;

interface Entry {
  readonly version: string;
  readonly incident: string;
  readonly subscriptionId: string;
  state: { kind: 'loading'; promise: Promise<void> } | { kind: 'loaded'; resources: ImpactedResource[] } | { kind: 'error'; message: string };
}

/** The store's own sentences; the extension passes them translated (vscode.l10n), tests use the English ones. */
export interface ImpactedResourcesText {
  readonly notConnected: string;
  readonly failed: string;
}

const ENGLISH: ImpactedResourcesText = {
  notConnected: 'Not connected: sign in or use the sample service, then expand the event again.',
  failed: 'Could not list the impacted resources; try again later.',
};

export interface ImpactedResourcesStoreDeps {
  /** Undefined while not connected. */
  readonly list: () => ListResources | undefined;
  readonly log?: (line: string) => void;
  readonly text?: ImpactedResourcesText;
}

function versionOf(stored: StoredEvent): string {
  return stored.event.properties?.lastUpdateTime ?? '';
}

function messageOf(error: unknown, text: ImpactedResourcesText): string {
  return error instanceof Error && error.message ? error.message : text.failed;
}

export class ImpactedResourcesStore {
  private readonly entries = new Map<string, Entry>();
  private readonly listeners = new Set<() => void>();
  private abort = new AbortController();
  private rows: Map<string, readonly ImpactedRow[]> | undefined;
  /** Counts changes: rows built across yields are kept only when nothing changed meanwhile. */
  private changes = 0;

  private readonly text: ImpactedResourcesText;

  constructor(private readonly deps: ImpactedResourcesStoreDeps) {
    this.text = deps.text ?? ENGLISH;
  }

  /** Called after any entry changes state. */
  onDidChange(listener: () => void): { dispose(): void } {
    this.listeners.add(listener);
    return { dispose: () => this.listeners.delete(listener) };
  }

  /** What is known about these copies (one incident), without loading; undefined when nothing was asked yet. */
  peek(copies: readonly StoredEvent[]): ResourcesState | undefined {
    const entries = copies.map((c) => this.current(c));
    if (entries.every((e) => e === undefined)) {
      return undefined;
    }
    if (entries.some((e) => e === undefined || e.state.kind === 'loading')) {
      return { kind: 'loading' };
    }
    const loaded = entries.filter((e): e is Entry & { state: { kind: 'loaded' } } => e?.state.kind === 'loaded');
    const failed = entries.find((e) => e?.state.kind === 'error');
    const failure = failed?.state.kind === 'error' ? failed.state.message : undefined;
    if (loaded.length === 0) {
      return { kind: 'error', message: failure ?? this.text.failed };
    }
    const rows = impactedRows(loaded.map((e) => ({ subscriptionId: e.subscriptionId, resources: e.state.resources })));
    return failure ? { kind: 'loaded', rows, partialError: failure } : { kind: 'loaded', rows };
  }

  /** Starts loading the copies not loaded (or failed, when `retry`); resolves when all have settled. */
  async load(copies: readonly StoredEvent[], options: { retry?: boolean } = {}): Promise<ResourcesState | undefined> {
    await Promise.all(copies.map((c) => this.loadOne(c, options.retry === true)));
    return this.peek(copies);
  }

  /**
   * Known impacted-resource count of an incident (tracking id), over the copies loaded so far;
   * undefined when none was listed. What `impacted:yes` and "affects N of your resources" read.
   */
  countOf(trackingId: string): number | undefined {
    return this.rowsOf(trackingId)?.length;
  }

  /** The incident's impacted resources over the copies loaded so far; undefined when none was listed. */
  rowsOf(trackingId: string): readonly ImpactedRow[] | undefined {
    if (!this.rows) {
      this.rows = new Map([...this.listsByIncident()].map(([incident, lists]) => [incident, impactedRows(lists)]));
    }
    return this.rows.get(incidentKey(trackingId));
  }

  private listsByIncident(): Map<string, Array<{ subscriptionId: string; resources: ImpactedResource[] }>> {
    const perIncident = new Map<string, Array<{ subscriptionId: string; resources: ImpactedResource[] }>>();
    for (const e of this.entries.values()) {
      if (e.state.kind === 'loaded') {
        const lists = perIncident.get(e.incident) ?? [];
        lists.push({ subscriptionId: e.subscriptionId, resources: e.state.resources });
        perIncident.set(e.incident, lists);
      }
    }
    return perIncident;
  }

  /**
   * seed(), then every incident's rows built in slices that yield before anyone is told (issue 32:
   * a 60,000-row incident's rows in one pass blocked the thread when the tree first asked "affects N").
   */
  async seedInSlices(lists: ReadonlyArray<{ readonly stored: StoredEvent; readonly resources: ImpactedResource[] }>, slicer: Slicer = new Slicer()): Promise<number> {
    let seeded = 0;
    const put = await eachInSlices(lists, (list) => (seeded += this.put(list)), slicer);
    if (seeded === 0) return 0;
    this.rows = undefined;
    const changes = ++this.changes;
    const rows = new Map<string, readonly ImpactedRow[]>();
    for (const [incident, incidentLists] of put ? this.listsByIncident() : []) {
      const built = await impactedRowsInSlices(incidentLists, slicer);
      if (!built || changes !== this.changes) break;
      rows.set(incident, built);
    }
    this.notify();
    // Kept only when complete and nothing changed meanwhile; otherwise built when first asked.
    if (put && changes === this.changes && rows.size === this.listsByIncident().size) this.rows = rows;
    return seeded;
  }

  /**
   * Lists got elsewhere (one Resource Graph query for every event), as if each copy had been listed.
   * A copy loading, or loaded at its version, is kept: the newer answer is not worth a redraw.
   */
  seed(lists: ReadonlyArray<{ readonly stored: StoredEvent; readonly resources: ImpactedResource[] }>): number {
    let seeded = 0;
    for (const list of lists) seeded += this.put(list);
    if (seeded > 0) this.changed();
    return seeded;
  }

  /** One copy's list, unless it is loading or loaded at its version; 1 when put. */
  private put({ stored, resources }: { readonly stored: StoredEvent; readonly resources: ImpactedResource[] }): number {
    const existing = this.current(stored);
    if (existing && existing.state.kind !== 'error') return 0;
    const state = { kind: 'loaded' as const, resources };
    this.entries.set(eventKey(stored.subscriptionId, stored.trackingId), { version: versionOf(stored), incident: incidentKey(stored.trackingId), subscriptionId: stored.subscriptionId, state });
    return 1;
  }

  /** Forgets everything and cancels loads (another connection, sign-out). */
  clear(): void {
    this.abort.abort();
    this.abort = new AbortController();
    this.entries.clear();
    this.changed();
  }

  private current(stored: StoredEvent): Entry | undefined {
    const entry = this.entries.get(eventKey(stored.subscriptionId, stored.trackingId));
    return entry && entry.version === versionOf(stored) ? entry : undefined;
  }

  private loadOne(stored: StoredEvent, retry: boolean): Promise<void> {
    const existing = this.current(stored);
    if (existing && (existing.state.kind !== 'error' || !retry)) {
      return existing.state.kind === 'loading' ? existing.state.promise : Promise.resolve();
    }
    const list = this.deps.list();
    const key = eventKey(stored.subscriptionId, stored.trackingId);
    const entry: Entry = {
      version: versionOf(stored),
      incident: incidentKey(stored.trackingId),
      subscriptionId: stored.subscriptionId,
      state: { kind: 'error', message: this.text.notConnected },
    };
    this.entries.set(key, entry);
    if (!list) {
      this.changed();
      return Promise.resolve();
    }
    const signal = this.abort.signal;
    const promise = list(stored, signal).then(
      (resources) => {
        entry.state = { kind: 'loaded', resources };
      },
      (error: unknown) => {
        const message = messageOf(error, this.text);
        this.deps.log?.(`Listing the impacted resources of ${stored.trackingId} failed: ${message}`);
        entry.state = { kind: 'error', message };
      },
    ).then(() => {
      // A clear() while loading dropped this entry: do not announce a stale result.
      if (!signal.aborted && this.entries.get(key) === entry) {
        this.changed();
      }
    });
    entry.state = { kind: 'loading', promise };
    this.changed();
    return promise;
  }

  private changed(): void {
    this.rows = undefined;
    this.changes++;
    this.notify();
  }

  private notify(): void {
    for (const l of [...this.listeners]) {
      l();
    }
  }
}

/**
 * One Resource Graph listing of every event's impacted resources, given to each held event copy
 * (the feature after impactedResourcesByEvent; bench/estate.mjs runs it too). Copies in a left-out
 * subscription and security advisories are left to be listed per event. Returns the copies seeded.
 */
export async function seedFromListing(
  store: Pick<ImpactedResourcesStore, 'seedInSlices'>,
  events: readonly StoredEvent[],
  byEvent: { of(trackingId: string, subscriptionId: string): ImpactedResource[] },
  leftOut: readonly string[],
  slicer: Slicer = new Slicer(),
): Promise<number> {
  const out = new Set(leftOut.map((id) => id.toLowerCase()));
  const lists: { stored: StoredEvent; resources: ImpactedResource[] }[] = [];
  const listed = await eachInSlices(
    events,
    (stored) => {
      if (!out.has(stored.subscriptionId.toLowerCase()) && stored.event.properties?.eventType !== 'SecurityAdvisory') {
        lists.push({ stored, resources: byEvent.of(stored.trackingId, stored.subscriptionId) });
      }
    },
    slicer,
  );
  return listed ? store.seedInSlices(lists, slicer) : 0;
}

/** impactedRows in slices that yield: the same rows in the same order; undefined when superseded. */
async function impactedRowsInSlices(lists: ReadonlyArray<{ readonly subscriptionId: string; readonly resources: readonly ImpactedResource[] }>, slicer: Slicer): Promise<ImpactedRow[] | undefined> {
  const rows = new ImpactedRowList();
  for (const list of lists) {
    if (!(await eachInSlices(list.resources, (resource) => rows.add(resource, list.subscriptionId), slicer))) return undefined;
  }
  return rows.rows;
}

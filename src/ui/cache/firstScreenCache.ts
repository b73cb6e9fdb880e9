/**
 * The cached first screen of the Events tree (see core/cache/firstScreen): made from the store
 * when the cache is written, for the grouping, filter and names of that moment; and the queue the
 * cache is written through.
 */
import type * as vscode from 'vscode';
import type { EventsStore } from '../../core/events/eventsStore';
import { applyFilter, type EventFilter } from '../../core/events/eventFilter';
import { eventKey } from '../../core/events/eventFacts';
import { firstScreenOf, type FirstScreenFile } from '../../core/cache/firstScreen';
import { groupEvents, type GroupBy } from '../../core/events/grouping';
import { countIncidents } from '../../core/events/incidents';
import { distinctLabels } from '../tree/rowText';
import { ROWS_PER_PAGE } from '../tree/rowPaging';
import type { ShardedEventsCache } from './shardedCache';
import { errorText } from '../../core/text/errorText';

/**
 * What the first screen depends on besides the events; undefined when it cannot be cached (the
 * "impacted" facet reads impacted-resource counts, which are not known on start).
 */
export function screenScope(groupBy: GroupBy, filter: EventFilter, names: ReadonlyMap<string, string>): string | undefined {
  if (filter.impacted !== undefined) {
    return undefined;
  }
  // Only subscription groups show names.
  return JSON.stringify([groupBy, filter, groupBy === 'subscription' ? [...names].sort() : []]);
}

/** What the tree is drawn for besides the events. */
export interface ScreenView {
  readonly groupBy: GroupBy;
  readonly filter: EventFilter;
  readonly names: ReadonlyMap<string, string>;
}

/** The first screen is made again when the events, the view's scope or the badge changed. */
export function screenKey(view: ScreenView, store: EventsStore): string {
  return `${screenScope(view.groupBy, view.filter, view.names) ?? ''}|${countIncidents(store.unseenActiveServiceIssues())}`;
}

export interface ScreenInput extends ScreenView {
  readonly store: EventsStore;
  readonly savedAt: number;
  /** Names the full cache's content (see core/cache/firstScreen). */
  readonly stamp: string;
  readonly now: number;
}

/** The first screen the tree would draw from the store (no query: queries do not outlive the window). */
export function firstScreenFromStore(input: ScreenInput): FirstScreenFile | undefined {
  const scope = screenScope(input.groupBy, input.filter, input.names);
  if (scope === undefined) {
    return undefined;
  }
  const { store } = input;
  const held = store.getEvents();
  const visible = applyFilter(held, input.filter, input.now);
  return firstScreenOf({
    savedAt: input.savedAt,
    stamp: input.stamp,
    scope,
    groups: groupEvents(visible, input.groupBy, { subscriptionNames: input.names }),
    rowsPerGroup: ROWS_PER_PAGE,
    labelsOf: (g) => distinctLabels(g.incidents, g),
    isSeen: (key) => store.isSeen(key),
    keyOf: (e) => eventKey(e.subscriptionId, e.trackingId),
    unseen: countIncidents(store.unseenActiveServiceIssues()),
    shown: countIncidents(visible),
    held: countIncidents(held),
  });
}

/** Writes the events cache one write at a time: each rewrites the manifest, and Sign Out deletes after the last. */
export class CacheWrites {
  private last: Promise<void> = Promise.resolve();

  constructor(
    private readonly cache: ShardedEventsCache,
    private readonly log: vscode.LogOutputChannel,
    private readonly now: () => number,
  ) {}

  /** Queues a write of `store` with the first screen of `view()`; `wanted()` is asked when its turn comes. */
  write(identity: string, store: EventsStore, view: () => ScreenView, wanted: () => boolean): Promise<void> {
    this.last = this.last.then(async () => {
      if (!wanted()) {
        return;
      }
      try {
        const v = view();
        const make = (stamp: string): unknown => firstScreenFromStore({ ...v, store, savedAt: this.now(), stamp, now: this.now() });
        await this.cache.write(identity, store, { key: screenKey(v, store), make });
      } catch (error) {
        this.log.warn(`Could not write the events cache: ${errorText(error)}`);
      }
    });
    return this.last;
  }

  /** Resolves once every write queued so far has ended. */
  settled(): Promise<void> {
    return this.last;
  }
}

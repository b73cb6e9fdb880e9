/**
 * The cached first screen of the Events tree (see core/events/firstScreen): made from the store
 * when the cache is written, for the grouping, filter and names of that moment.
 */
import type { EventsStore } from '../../core/events/eventsStore';
import { applyFilter, type EventFilter } from '../../core/events/eventFilter';
import { eventKey } from '../../core/events/eventFacts';
import { firstScreenOf, type FirstScreenFile } from '../../core/events/firstScreen';
import { groupEvents, type GroupBy } from '../../core/events/grouping';
import { countIncidents } from '../../core/events/incidents';
import { distinctLabels } from '../tree/rowText';
import { ROWS_PER_PAGE } from '../tree/rowPaging';

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

export interface ScreenInput {
  readonly store: EventsStore;
  readonly filter: EventFilter;
  readonly groupBy: GroupBy;
  readonly names: ReadonlyMap<string, string>;
  readonly savedAt: number;
  /** Names the full cache's content (see core/events/firstScreen). */
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

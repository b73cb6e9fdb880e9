/**
 * The first row of a filtered Events view: "Filtered: West Europe · Critical", described "12 of 40
 * shown · Clear", whose click clears the filter. The view description would say it too, but VS
 * Code hides a lone view's header (and so its description); a row stays on screen.
 */
import * as vscode from 'vscode';
import type { StoredEvent } from '../../core/events/eventFacts';
import { impactedWords, isRestricted, type EventFilter } from '../../core/events/eventFilter';
import { typeLabel } from '../../core/events/grouping';
import { countIncidents } from '../../core/events/incidents';
import { Command } from '../base/commandIds';
import { MessageNode } from './nodes';

export const FILTER_ROW_KEY = 'filter';

/** What the row needs of the controller. */
export interface FilterSource {
  readonly filter: EventFilter;
  readonly query: { readonly text: string } | undefined;
  readonly store: { getEvents(): StoredEvent[] };
}

/** "West Europe · Critical · “outage”": the facets the filter restricts, in the picker's order. */
export function filterSummary(filter: EventFilter, query: string | undefined): string {
  const parts = [
    ...filter.types.map(typeLabel),
    ...filter.statuses,
    ...filter.levels,
    ...filter.regions,
    ...filter.services,
    ...(filter.impacted !== undefined ? [impactedWords(filter.impacted)] : []),
    ...(query ? [`“${query}”`] : []),
  ];
  return parts.join(' · ');
}

/** The filter row, or undefined when nothing beyond the time window restricts the view. */
export function filterRow(source: FilterSource, visible: readonly StoredEvent[]): MessageNode | undefined {
  const query = source.query?.text;
  if (!isRestricted(source.filter) && !query) {
    return undefined;
  }
  // Counted in incidents like the groups below it and the badge.
  return filterRowOf(source, countIncidents(visible), countIncidents(source.store.getEvents()));
}

/** The filter row for known counts of incidents shown and held (the cached first screen knows them). */
export function filterRowOf(source: Omit<FilterSource, 'store'>, shown: number, held: number): MessageNode | undefined {
  const query = source.query?.text;
  if (!isRestricted(source.filter) && !query) {
    return undefined;
  }
  const summary = filterSummary(source.filter, query);
  return new MessageNode(FILTER_ROW_KEY, vscode.l10n.t('Filtered: {0}', summary), {
    description: vscode.l10n.t('{0} of {1} shown · Clear', shown, held),
    tooltip: vscode.l10n.t('Showing {0} of {1} events: {2}. Click to clear the filter.', shown, held, summary),
    icon: new vscode.ThemeIcon('filter-filled'),
    command: { command: Command.clearFilter, title: vscode.l10n.t('Clear Filter') },
    contextValue: 'serviceHealth.filterRow',
  });
}

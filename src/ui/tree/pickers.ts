/** QuickPicks of the view title bar: filter (time window, types, status, services, regions) and group by. */
import * as vscode from 'vscode';
import { defaultFilter, facetsOf, TIME_WINDOW_CHOICES, type EventFilter } from '../../core/events/eventFilter';
import type { StoredEvent } from '../../core/events/eventFacts';
import { typeLabel, type GroupBy } from '../../core/events/grouping';
import { EVENT_STATUSES, EVENT_TYPES } from '../../core/model/schemas';

type FilterPart = 'window' | 'types' | 'statuses' | 'services' | 'regions' | 'clear';

function summary(values: readonly string[]): string {
  return values.length === 0 ? 'All' : values.join(', ');
}

/** Returns the new filter, or undefined when the user cancelled. */
export async function pickFilter(current: EventFilter, events: readonly StoredEvent[], defaultWindowDays: number): Promise<EventFilter | undefined> {
  const parts: (vscode.QuickPickItem & { part: FilterPart })[] = [
    { part: 'window', label: '$(calendar) Time window', description: `Last ${current.windowDays} day(s)` },
    { part: 'types', label: '$(symbol-enum) Event types', description: summary(current.types.map(typeLabel)) },
    { part: 'statuses', label: '$(pulse) Status', description: summary(current.statuses) },
    { part: 'services', label: '$(server-environment) Services', description: summary(current.services) },
    { part: 'regions', label: '$(globe) Regions', description: summary(current.regions) },
    { part: 'clear', label: '$(clear-all) Clear all filters' },
  ];
  const choice = await vscode.window.showQuickPick(parts, { title: 'Service Health: Filter Events', placeHolder: 'What to filter by' });
  if (!choice) {
    return undefined;
  }
  const facets = facetsOf(events);
  switch (choice.part) {
    case 'clear':
      return defaultFilter(defaultWindowDays);
    case 'window': {
      const items = TIME_WINDOW_CHOICES.map((d) => ({ label: `Last ${d} day${d === 1 ? '' : 's'}`, days: d, picked: d === current.windowDays }));
      const picked = await vscode.window.showQuickPick(items, { title: 'Time window (by last update)' });
      return picked ? { ...current, windowDays: picked.days } : undefined;
    }
    case 'types': {
      const values = [...new Set([...EVENT_TYPES, ...facets.types])];
      const picked = await pickMany('Event types', values, current.types, typeLabel);
      return picked ? { ...current, types: picked } : undefined;
    }
    case 'statuses': {
      const picked = await pickMany('Status', [...new Set([...EVENT_STATUSES, ...facets.statuses])], current.statuses);
      return picked ? { ...current, statuses: picked } : undefined;
    }
    case 'services': {
      const picked = await pickMany('Services', [...new Set([...facets.services, ...current.services])], current.services);
      return picked ? { ...current, services: picked } : undefined;
    }
    case 'regions': {
      const picked = await pickMany('Regions', [...new Set([...facets.regions, ...current.regions])], current.regions);
      return picked ? { ...current, regions: picked } : undefined;
    }
  }
}

/** Multi-select; choosing nothing means "all". */
async function pickMany(title: string, values: string[], current: readonly string[], label: (v: string) => string = (v) => v): Promise<string[] | undefined> {
  const chosen = new Set(current.map((c) => c.toLowerCase()));
  const items = values.map((v) => ({ label: label(v), description: label(v) === v ? undefined : v, value: v, picked: chosen.has(v.toLowerCase()) }));
  const picked = await vscode.window.showQuickPick(items, { title, canPickMany: true, placeHolder: 'Select none to show all' });
  return picked?.map((p) => p.value);
}

const GROUP_BY_ITEMS: { label: string; value: GroupBy; detail: string }[] = [
  { label: 'Type, then status', value: 'type', detail: 'Service issues, planned maintenance, advisories… each split into Active and Resolved' },
  { label: 'Status, then type', value: 'status', detail: 'Active and Resolved, each split by type' },
  { label: 'Region', value: 'region', detail: 'An event appears under every region it impacts' },
  { label: 'Service', value: 'service', detail: 'An event appears under every service it impacts' },
  { label: 'Subscription', value: 'subscription', detail: 'One group per subscription' },
];

export async function pickGroupBy(current: GroupBy): Promise<GroupBy | undefined> {
  const items = GROUP_BY_ITEMS.map((i) => ({ ...i, description: i.value === current ? '(current)' : undefined }));
  const picked = await vscode.window.showQuickPick(items, { title: 'Service Health: Group Events By' });
  return picked?.value;
}

/** QuickPicks of the view title bar: filter (time window, type, status, level, region, service, your resources) and group by. */
import * as vscode from 'vscode';
import { facetsOf, impactedWords, TIME_WINDOW_CHOICES, type EventFilter } from '../../core/events/eventFilter';
import type { StoredEvent } from '../../core/events/eventFacts';
import { typeLabel, type GroupBy } from '../../core/events/grouping';
import { EVENT_LEVELS, EVENT_STATUSES, EVENT_TYPES } from '../../core/model/eventModel';

type Facet = 'window' | 'types' | 'statuses' | 'levels' | 'regions' | 'services' | 'impacted';

interface FacetItem extends vscode.QuickPickItem {
  readonly facet?: Facet;
  readonly value?: string;
  readonly days?: number;
}

/** The sections of the picker, in order: what the value lists come from and how values read. */
function sections(current: EventFilter, events: readonly StoredEvent[]): { facet: Exclude<Facet, 'window' | 'impacted'>; title: string; values: string[]; label?: (v: string) => string }[] {
  const facets = facetsOf(events);
  const union = (...lists: (readonly string[])[]): string[] => {
    const seen = new Map<string, string>();
    for (const v of lists.flat()) if (!seen.has(v.toLowerCase())) seen.set(v.toLowerCase(), v);
    return [...seen.values()];
  };
  return [
    { facet: 'types', title: vscode.l10n.t('Event type'), values: union(EVENT_TYPES, facets.types, current.types), label: typeLabel },
    { facet: 'statuses', title: vscode.l10n.t('Status'), values: union(EVENT_STATUSES, facets.statuses, current.statuses) },
    { facet: 'levels', title: vscode.l10n.t('Level'), values: union(EVENT_LEVELS, facets.levels, current.levels) },
    { facet: 'regions', title: vscode.l10n.t('Region'), values: union(facets.regions, current.regions).sort((a, b) => a.localeCompare(b)) },
    { facet: 'services', title: vscode.l10n.t('Service'), values: union(facets.services, current.services).sort((a, b) => a.localeCompare(b)) },
  ];
}

/** The picker's items (separators per facet); `picked` marks what the current filter holds. */
export function filterItems(current: EventFilter, events: readonly StoredEvent[]): FacetItem[] {
  const items: FacetItem[] = [{ label: vscode.l10n.t('Time window (by last update)'), kind: vscode.QuickPickItemKind.Separator }];
  for (const d of TIME_WINDOW_CHOICES) {
    items.push({ facet: 'window', days: d, label: d === 1 ? vscode.l10n.t('Last day') : vscode.l10n.t('Last {0} days', d), picked: d === current.windowDays });
  }
  for (const section of sections(current, events)) {
    const chosen = new Set(current[section.facet].map((v) => v.toLowerCase()));
    items.push({ label: section.title, kind: vscode.QuickPickItemKind.Separator });
    for (const value of section.values) {
      const label = section.label ? section.label(value) : value;
      items.push({ facet: section.facet, value, label, description: label === value ? undefined : value, picked: chosen.has(value.toLowerCase()) });
    }
  }
  // The query's impacted:yes|no. Counts are known once an event's resources were listed (expanding it).
  items.push({ label: vscode.l10n.t('Your resources'), kind: vscode.QuickPickItemKind.Separator });
  for (const impacted of [true, false]) {
    items.push({ facet: 'impacted', value: impacted ? 'yes' : 'no', label: impactedWords(impacted), description: `impacted:${impacted ? 'yes' : 'no'}`, picked: current.impacted === impacted });
  }
  return items;
}

/** The filter the checked items mean: no item of a facet checked means "all"; one time window at most. */
export function filterOf(selected: readonly FacetItem[], current: EventFilter): EventFilter {
  const of = (facet: Facet): string[] => selected.filter((i) => i.facet === facet && i.value !== undefined).map((i) => i.value as string);
  const windowDays = selected.find((i) => i.facet === 'window')?.days ?? current.windowDays;
  const impacted = of('impacted');
  // Both checked, like none, shows every event (as in the other sections).
  const only = impacted.length === 1 ? { impacted: impacted[0] === 'yes' } : {};
  return { windowDays, types: of('types'), statuses: of('statuses'), levels: of('levels'), regions: of('regions'), services: of('services'), ...only };
}

/**
 * "Filter Events…": one multi-select pick of every facet (time window, type, status, level, region,
 * service, whether it affects your resources), checked as the current filter is, so several can be set in one go. Resolves to the new
 * filter, or undefined when the user cancelled.
 */
export function pickFilter(current: EventFilter, events: readonly StoredEvent[]): Promise<EventFilter | undefined> {
  const qp = vscode.window.createQuickPick<FacetItem>();
  qp.title = vscode.l10n.t('Service Health: Filter Events');
  qp.placeholder = vscode.l10n.t('Check what to show (nothing checked in a section shows all), then press Enter');
  qp.canSelectMany = true;
  qp.matchOnDescription = true;
  const items = filterItems(current, events);
  qp.items = items;
  qp.selectedItems = items.filter((i) => i.picked);
  let windowItem = qp.selectedItems.find((i) => i.facet === 'window');
  return new Promise((resolve) => {
    let result: EventFilter | undefined;
    const disposables = [
      qp.onDidChangeSelection((selected) => {
        // The time window is one choice: checking another unchecks the previous one.
        const windows = selected.filter((i) => i.facet === 'window');
        if (windows.length > 1) {
          windowItem = windows.find((i) => i !== windowItem) ?? windows[0];
          qp.selectedItems = selected.filter((i) => i.facet !== 'window' || i === windowItem);
        } else {
          windowItem = windows[0] ?? windowItem;
        }
      }),
      qp.onDidAccept(() => {
        result = filterOf(qp.selectedItems, current);
        qp.hide();
      }),
      qp.onDidHide(() => {
        disposables.forEach((d) => d.dispose());
        qp.dispose();
        resolve(result);
      }),
    ];
    qp.show();
  });
}

// A function, not a constant: vscode.l10n.t answers in the display language only when called.
const groupByItems = (): { label: string; value: GroupBy; detail: string }[] => [
  { label: vscode.l10n.t('Type, then status'), value: 'type', detail: vscode.l10n.t('Service issues, planned maintenance, advisories… each split into Active and Resolved') },
  { label: vscode.l10n.t('Status, then type'), value: 'status', detail: vscode.l10n.t('Active and Resolved, each split by type') },
  { label: vscode.l10n.t('Region'), value: 'region', detail: vscode.l10n.t('An event appears under every region it impacts') },
  { label: vscode.l10n.t('Service'), value: 'service', detail: vscode.l10n.t('An event appears under every service it impacts') },
  { label: vscode.l10n.t('Subscription'), value: 'subscription', detail: vscode.l10n.t('One group per subscription') },
];

export async function pickGroupBy(current: GroupBy): Promise<GroupBy | undefined> {
  const items = groupByItems().map((i) => ({ ...i, description: i.value === current ? vscode.l10n.t('(current)') : undefined }));
  const picked = await vscode.window.showQuickPick(items, { title: vscode.l10n.t('Service Health: Group Events By') });
  return picked?.value;
}

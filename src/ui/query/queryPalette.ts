/** "Service Health: Query Events…", a QuickPick where typing a query narrows the held events live. Why: docs/architecture.md#query-querypalette */
import { subscriptionList, type SubscriptionNamer } from '../../core/subscriptions/names';
import * as vscode from 'vscode';
import { countText } from '../../core/chat/answer';
import { distinctIncidents, KnownNamesCache, runQuery } from '../../core/chat/eventQuery';
import { eventKey } from '../../core/events/eventFacts';
import { MAX_WINDOW_DAYS } from '../../core/events/eventFilter';
import { typeLabel } from '../../core/events/grouping';
import { hasResourceTerms, parseQuery, readsImpactedResources, type ServerQuery } from '../../core/query';
import type { QueryFacts } from '../../core/query/queryFacts';
import { eventTypeOf, lastUpdateOf, regionsOf, relativeTime, servicesOf, statusOf, titleOf, type EventRef, type StoredEvent } from '../../core/events/eventFacts';
import type { HealthEvent } from '../../core/model/schemas';
import type { QueryHistoryStore } from './queryHistoryStore';

/** More rows than this do not help anyone pick; the summary still counts them all. */
const MAX_EVENT_ITEMS = 200;
const DAY = 86_400_000;

export interface QueryPaletteDeps {
  events(): readonly StoredEvent[];
  /** Opens the details webview; `event` is given for events fetched by the palette (not held). */
  openDetails(ref: EventRef, event?: HealthEvent): Promise<unknown>;
  /** Lists events from the service for every selected subscription (absent: no fetching). */
  fetchEvents?(server: ServerQuery, signal: AbortSignal): Promise<StoredEvent[]>;
  /** Filters the Events view by the query text. */
  applyToTree(text: string): Promise<unknown>;
  readonly history: QueryHistoryStore;
  /** The time window (days) the held events cover. */
  windowDays(): number;
  readonly now?: () => number;
  /** What `impacted:`, `workspace:` and the resource terms read (known impacted resources, their health, the templates). */
  readonly facts?: () => QueryFacts;
  /** Subscription names for event rows listed by several subscriptions. */
  readonly subscriptionName?: SubscriptionNamer;
  /** Lists the impacted resources of the active events, with their health when `health` (a query reading them is typed); resolves when settled. */
  listImpacted?(health: boolean): Promise<void>;
}

type QueryItem = vscode.QuickPickItem &
  (
    | { readonly action: 'summary'; readonly text: string }
    | { readonly action: 'event'; readonly ref: EventRef; readonly event: HealthEvent }
    | { readonly action: 'fetch'; readonly mode: FetchedResults['mode']; readonly server: ServerQuery; readonly text: string }
    | { readonly action: 'history'; readonly text: string } | { readonly action: 'none' });

/** Labels render `$(name)` as icons: service text must not. */
function plain(text: string): string {
  return text.replace(/\$\(/gu, '$\u200b(');
}

function levelIcon(event: HealthEvent): vscode.ThemeIcon {
  const level = event.properties?.eventLevel ?? event.properties?.level;
  const active = statusOf(event) === 'Active';
  switch (level) {
    case 'Critical':
    case 'Error':
      return new vscode.ThemeIcon('error', active ? new vscode.ThemeColor('errorForeground') : undefined);
    case 'Warning':
      return new vscode.ThemeIcon('warning', active ? new vscode.ThemeColor('editorWarning.foreground') : undefined);
    default:
      return new vscode.ThemeIcon(eventTypeOf(event) === 'PlannedMaintenance' ? 'tools' : 'info');
  }
}

/** `subscriptionName` names the subscriptions of an incident several list (else they are counted). */
export function eventItem(stored: StoredEvent & { subscriptions?: number; subscriptionIds?: readonly string[] }, now: number, subscriptionName?: SubscriptionNamer): QueryItem {
  const e = stored.event;
  const updated = lastUpdateOf(e);
  const regions = regionsOf(e);
  const type = eventTypeOf(e);
  // The tree's words for types ("Service issues"), not the service's enum values.
  const description = [
    type !== undefined ? typeLabel(type) : undefined,
    statusOf(e),
    regions.length > 3 ? `${regions.slice(0, 3).join(', ')} +${regions.length - 3}` : regions.join(', '),
    updated !== undefined ? relativeTime(updated, now) : undefined,
  ].filter((p): p is string => !!p);
  const services = servicesOf(e);
  return {
    action: 'event',
    ref: { subscriptionId: stored.subscriptionId, trackingId: stored.trackingId },
    event: e,
    label: plain(titleOf(e)),
    iconPath: levelIcon(e),
    description: plain(description.join(' · ')),
    detail: plain([stored.trackingId, services.join(', '), subscriptionsWords(stored, subscriptionName)].filter(Boolean).join(' · ')),
    alwaysShow: true,
  };
}

/** "in Contoso Production and Dev" for an incident several subscriptions list; "" for one. */
function subscriptionsWords(stored: { subscriptions?: number; subscriptionIds?: readonly string[] }, name: SubscriptionNamer | undefined): string {
  const count = stored.subscriptions ?? 1;
  if (count <= 1) return '';
  return name && stored.subscriptionIds ? `in ${subscriptionList(stored.subscriptionIds, name)}` : `${count} subscriptions`;
}

/** How far back "search the last N days" reaches: the service keeps events this long at most. */
export const WIDEST_WINDOW_DAYS = MAX_WINDOW_DAYS;

/** What the palette fetched from the service for one query text, and how far back. */
export interface FetchedResults {
  /** "back": the query's own start time (it reaches past the held window); "wide": the widest window. */
  readonly mode: 'back' | 'wide';
  readonly events: ReadonlyMap<string, StoredEvent>;
}

/** The key fetched results are kept under: they answer this query text and no other. */
export function fetchKey(text: string): string {
  return text.trim().replace(/\s+/gu, ' ').toLowerCase();
}

/** Builds the items for a query text (exported for tests of the palette's contents). */
export function paletteItems(
  text: string,
  deps: Pick<QueryPaletteDeps, 'events' | 'windowDays' | 'history' | 'fetchEvents' | 'facts' | 'subscriptionName'>,
  names: KnownNamesCache,
  now: number,
  fetched?: FetchedResults,
): QueryItem[] {
  const held = deps.events();
  const heldKeys = new Set(held.map((e) => eventKey(e.subscriptionId, e.trackingId)));
  const extra = fetched ? [...fetched.events].filter(([k]) => !heldKeys.has(k)).map(([, e]) => e) : [];
  const events = [...held, ...extra];
  const run = runQuery(text, events, now, names.of(events), deps.facts?.());
  const incidents = distinctIncidents(run.selected);
  const items: QueryItem[] = [];
  if (text.trim()) {
    const notes: string[] = [];
    if (run.parsed.unrecognized.length > 0) notes.push(`did not understand: ${run.parsed.unrecognized.join(', ')}`);
    const reachesBack = run.parsed.since !== undefined && run.parsed.since < now - deps.windowDays() * DAY;
    if (reachesBack && !fetched) {
      notes.push(`only the last ${deps.windowDays()} days are loaded`);
    }
    if (fetched?.mode === 'wide') {
      notes.push(`searched the last ${WIDEST_WINDOW_DAYS} days (${fetched.events.size} event(s) fetched)`);
    }
    const summary = countText(incidents.length, run.description);
    // Older events cannot help a query about resources: only the active events' resources are listed.
    const widen = !reachesBack && !fetched && incidents.length === 0 && !hasResourceTerms(run.parsed) && deps.fetchEvents !== undefined && deps.windowDays() < WIDEST_WINDOW_DAYS;
    if (widen) {
      // Nothing held matches: filtering the view would only empty it. Offer to look further back.
      items.push({
        action: 'fetch',
        mode: 'wide',
        text,
        server: { ...(run.compiled.server.filter ? { filter: run.compiled.server.filter } : {}), queryStartTime: new Date(now - WIDEST_WINDOW_DAYS * DAY).toISOString() },
        label: vscode.l10n.t('No events in the last {0} days — search the last {1} days', deps.windowDays(), WIDEST_WINDOW_DAYS),
        iconPath: new vscode.ThemeIcon('search'),
        description: vscode.l10n.t('one request per subscription'),
        detail: plain([summary, ...notes].join(' · ')),
        alwaysShow: true,
      });
    } else {
      // Filtering the view only helps when the view holds a match (fetched events are not in it).
      const inView = run.selected.some((e) => heldKeys.has(eventKey(e.subscriptionId, e.trackingId)));
      items.push({
        ...(inView ? { action: 'summary' as const, text, description: vscode.l10n.t('Enter: filter the Events view') } : { action: 'none' as const }),
        label: plain(`${summary.charAt(0).toUpperCase()}${summary.slice(1)}`),
        iconPath: new vscode.ThemeIcon(run.parsed.unrecognized.length > 0 ? 'question' : 'filter'),
        ...(notes.length > 0 ? { detail: plain(notes.join(' · ')) } : {}),
        alwaysShow: true,
      });
    }
    if (reachesBack && deps.fetchEvents && run.compiled.server.queryStartTime) {
      // Before the first search the held events cannot answer the query, so searching the
      // service comes first and is what Enter does; after it, the summary leads again.
      const place = !fetched ? (item: QueryItem) => items.unshift(item) : (item: QueryItem) => items.push(item);
      place({
        action: 'fetch',
        mode: 'back',
        text,
        server: run.compiled.server,
        label: vscode.l10n.t('Search the service back to {0}', run.compiled.server.queryStartTime.slice(0, 10)),
        iconPath: new vscode.ThemeIcon('cloud-download'),
        description: fetched ? vscode.l10n.t('{0} event(s) fetched', fetched.events.size) : vscode.l10n.t('one request per subscription'),
        alwaysShow: true,
      });
    }
  } else {
    const history = deps.history.list();
    if (history.length > 0) {
      items.push({ action: 'none', label: vscode.l10n.t('Recent queries'), kind: vscode.QuickPickItemKind.Separator });
      for (const h of history) {
        const past = runQuery(h, events, now, names.of(events), deps.facts?.());
        items.push({ action: 'history', text: h, label: plain(h), iconPath: new vscode.ThemeIcon('history'), description: plain(past.description), alwaysShow: true });
      }
    }
  }
  if (incidents.length > 0) {
    items.push({ action: 'none', label: incidents.length > MAX_EVENT_ITEMS ? vscode.l10n.t('Events (first {0} of {1})', MAX_EVENT_ITEMS, incidents.length) : vscode.l10n.t('Events'), kind: vscode.QuickPickItemKind.Separator });
    for (const e of incidents.slice(0, MAX_EVENT_ITEMS)) items.push(eventItem(e, now, deps.subscriptionName));
  }
  return items;
}

function createPalette(initial: string): vscode.QuickPick<QueryItem> {
  const qp = vscode.window.createQuickPick<QueryItem>();
  qp.title = vscode.l10n.t('Query Service Health Events');
  qp.placeholder = vscode.l10n.t('e.g. active outages in West Europe since monday · type:PlannedMaintenance next week · -status:resolved');
  // The query decides what matches; the QuickPick's own fuzzy match must not hide rows.
  qp.matchOnDescription = false;
  qp.matchOnDetail = false;
  qp.value = initial;
  return qp;
}

/** What Enter does on the selected row: recall a past query, apply one to the tree, open an event or search the service. */
function acceptItem(
  qp: vscode.QuickPick<QueryItem>,
  deps: QueryPaletteDeps,
  render: () => void,
  fetchOlder: (item: Extract<QueryItem, { action: 'fetch' }>) => Promise<void>,
): void {
  const item = qp.selectedItems[0] ?? qp.activeItems[0];
  if (!item) return;
  const typed = qp.value.trim();
  switch (item.action) {
    case 'history':
      qp.value = item.text;
      render();
      return;
    case 'summary':
      qp.hide();
      void deps.history.add(item.text);
      void deps.applyToTree(item.text);
      return;
    case 'event':
      qp.hide();
      if (typed) void deps.history.add(typed);
      void deps.openDetails(item.ref, item.event);
      return;
    case 'fetch':
      void deps.history.add(item.text);
      void fetchOlder(item);
      return;
    default:
      return;
  }
}

/** Shows the palette; resolves when it closes. `initial` prefills the query. */
export function showQueryPalette(deps: QueryPaletteDeps, initial = ''): Promise<void> {
  const now = deps.now ?? Date.now;
  const names = new KnownNamesCache();
  const qp = createPalette(initial);
  // Fetched results answer the text they were fetched for, and only that text: typing on shows
  // the held events again (and the search offer), never another query's results.
  const fetched = new Map<string, FetchedResults>();
  const closed = new AbortController();
  let inFlight: { key: string; abort: AbortController } | undefined;
  // Impacted resources (and their health) are listed on demand: once per palette, when a query first reads them.
  let listing: 'no' | 'busy' | 'resources' | 'health' = 'no';
  const listImpacted = (): void => {
    const reads = deps.listImpacted && listing !== 'busy' && listing !== 'health' ? readsImpactedResources(parseQuery(qp.value, { now: now() })) : undefined;
    if (!reads || reads === listing) return;
    listing = 'busy';
    void deps.listImpacted?.(reads === 'health').finally(() => {
      listing = reads;
      if (!closed.signal.aborted) render();
    });
  };
  const render = (): void => {
    listImpacted();
    qp.items = paletteItems(qp.value, deps, names, now(), fetched.get(fetchKey(qp.value)));
    qp.busy = listing === 'busy' || (inFlight !== undefined && inFlight.key === fetchKey(qp.value));
    qp.title = qp.busy ? vscode.l10n.t('Query Service Health Events: searching the service…') : vscode.l10n.t('Query Service Health Events');
  };
  const onValue = (): void => {
    // A search for an older text is cancelled: its answer would be for words no longer typed.
    if (inFlight && inFlight.key !== fetchKey(qp.value)) {
      inFlight.abort.abort();
      inFlight = undefined;
    }
    render();
  };
  const fetchOlder = async (item: { server: ServerQuery; text: string; mode: FetchedResults['mode'] }): Promise<void> => {
    if (!deps.fetchEvents) return;
    const key = fetchKey(item.text);
    inFlight?.abort.abort();
    const request = { key, abort: new AbortController() };
    inFlight = request;
    const signal = AbortSignal.any([closed.signal, request.abort.signal]);
    render();
    try {
      const events = new Map<string, StoredEvent>();
      for (const e of await deps.fetchEvents(item.server, signal)) events.set(eventKey(e.subscriptionId, e.trackingId), e);
      if (!signal.aborted) fetched.set(key, { mode: item.mode, events });
    } catch (error) {
      if (!signal.aborted) {
        void vscode.window.showErrorMessage(error instanceof Error && error.message ? error.message : vscode.l10n.t('Searching the service failed; try again.'));
      }
    } finally {
      if (inFlight === request) inFlight = undefined;
    }
    if (!closed.signal.aborted) render();
  };
  return new Promise<void>((resolve) => {
    const subscriptions: vscode.Disposable[] = [
      qp.onDidChangeValue(onValue),
      qp.onDidAccept(() => acceptItem(qp, deps, render, fetchOlder)),
      qp.onDidHide(() => {
        closed.abort();
        subscriptions.forEach((d) => d.dispose());
        qp.dispose();
        resolve();
      }),
    ];
    render();
    qp.show();
  });
}

/**
 * Registers "Query Events…" (the live QuickPick) and "Filter Events by Query…" (the Events view's
 * query filter, persisted per workspace as typed).
 */
import type { SubscriptionNamer } from '../../core/subscriptions/names';
import type * as vscode from 'vscode';
import type { ViewQuery } from '../../core/chat/viewQuery';
import type { EventRef, StoredEvent } from '../../core/events/eventFacts';
import type { HealthEvent } from '../../core/model/schemas';
import type { ServerQuery } from '../../core/query';
import { Command } from '../base/commandIds';
import { registerCommand } from '../base/commands';
import { Disposable } from '../base/disposable';
import { loadQuery } from './lazyQuery';
import { QueryHistoryStore } from './queryHistoryStore';
import type { QueryFacts } from '../../core/query/queryFacts';

const TREE_QUERY_KEY = 'serviceHealth.treeQuery';

export interface QueryCommandsDeps {
  /** Every held event (before the view filter). */
  events(): readonly StoredEvent[];
  /** Opens the details webview; `event` is given for events the palette fetched (not held). */
  openDetails(ref: EventRef, event?: HealthEvent): Promise<unknown>;
  /** Lists events from the service with a compiled server query (the palette's "search the service"). */
  fetchEvents(server: ServerQuery, signal: AbortSignal): Promise<StoredEvent[]>;
  /** The query slot of the Events view. */
  setTreeQuery(query: ViewQuery | undefined): void;
  windowDays(): number;
  /** What `impacted:`, `workspace:` and the resource terms read, as the Events view reads them. */
  readonly facts?: () => QueryFacts;
  /** Names subscriptions in the palette's event rows. */
  readonly subscriptionName?: SubscriptionNamer;
  /** Lists the impacted resources of the active events, for a palette query that reads them. */
  listImpacted?(health: boolean): Promise<void>;
  readonly workspaceState: vscode.Memento;
  readonly globalState: vscode.Memento;
  readonly log: vscode.LogOutputChannel;
}

export class QueryCommands extends Disposable {
  private readonly history: QueryHistoryStore;
  private current: ViewQuery | undefined;

  constructor(private readonly deps: QueryCommandsDeps) {
    super();
    this.history = new QueryHistoryStore(deps.globalState);
    const saved = deps.workspaceState.get<unknown>(TREE_QUERY_KEY);
    if (typeof saved === 'string' && saved.trim()) {
      // The tree filters by the saved query from the start: only then does activation load the query language.
      this.current = new (loadQuery().ViewQuery)(saved.trim());
      deps.setTreeQuery(this.current);
    }
    this._register(registerCommand(Command.queryEvents, (initial) => this.showPalette(typeof initial === 'string' ? initial : ''), deps.log));
    this._register(registerCommand(Command.filterByQuery, (text) => this.filterByQuery(text), deps.log));
  }

  /** A string argument (chat buttons, tests) applies directly; otherwise asks. */
  private async filterByQuery(text: unknown): Promise<void> {
    const next = typeof text === 'string' ? text.trim() : await loadQuery().askTreeQuery(this.current?.text, this.deps.events, this.deps.facts);
    if (next !== undefined) {
      await this.applyToTree(next);
    }
  }

  /** The Events view's query text, if any. */
  get treeQuery(): string | undefined {
    return this.current?.text;
  }

  /** Filters the Events view by `text`; empty clears the query filter. */
  async applyToTree(text: string): Promise<void> {
    const trimmed = text.trim();
    this.current = trimmed ? new (loadQuery().ViewQuery)(trimmed) : undefined;
    this.deps.setTreeQuery(this.current);
    if (trimmed) await this.history.add(trimmed);
    await this.deps.workspaceState.update(TREE_QUERY_KEY, trimmed || undefined);
  }

  showPalette(initial = ''): Promise<void> {
    return loadQuery().showQueryPalette(
      {
        events: this.deps.events,
        openDetails: this.deps.openDetails,
        fetchEvents: this.deps.fetchEvents,
        applyToTree: (text) => this.applyToTree(text),
        history: this.history,
        windowDays: this.deps.windowDays,
        ...(this.deps.facts ? { facts: this.deps.facts } : {}),
        ...(this.deps.listImpacted ? { listImpacted: (health: boolean) => this.deps.listImpacted?.(health) ?? Promise.resolve() } : {}),
        ...(this.deps.subscriptionName ? { subscriptionName: this.deps.subscriptionName } : {}),
      },
      initial,
    );
  }
}

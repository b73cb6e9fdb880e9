/**
 * The shape of what activate() returns in Test mode (see testApi.ts): the hooks integration and
 * UI tests drive the extension through. Kept apart from the composition root that implements it.
 */
import type * as vscode from 'vscode';
import type { EventRef, StoredEvent } from '../../core/events/eventFacts';
import type { GroupBy } from '../../core/events/grouping';
import type { QuotaState } from '../../core/http/types';
import type { SampleService, SampleServiceOptions } from '../../core/sample';
import type { ResourcesState } from '../../core/render/impactedRows';
import type { RecordedAnswer } from '../chat/healthParticipant';
import type { ServiceHealthSettings } from '../config/settings';
import type { RenderedDetails } from './detailsRecorder';
import type { McpDefinitionShape } from '../lm/mcpProvider';
import type { PaletteState } from './paletteRecorder';
import type { TreeSnapshotNode } from '../tree/eventsView';

/** What activate() returns: lets integration tests (and other extensions) drive the extension. */
export interface ServiceHealthApi {
  readonly settings: { get(): ServiceHealthSettings; update(key: keyof ServiceHealthSettings, value: unknown): Promise<void> };
  /** Every held event (before the view filter). */
  getEvents(): StoredEvent[];
  /** Events the view shows (after the filter). */
  getVisibleEvents(): StoredEvent[];
  refresh(options?: { full?: boolean }): Promise<void>;
  /** Switches to the embedded sample service and loads it; resolves to its URL. */
  useSampleService(options?: SampleTestOptions): Promise<string>;
  /** Test hook: the running sample service (token, fault injection, stats). */
  sampleService(): SampleService | undefined;
  /** Test hook: the shell HTML and last posted view model of an open details panel. */
  lastRenderedDetails(ref: EventRef): RenderedDetails | undefined;
  /** Test hook: every line written to the log channel (empty in Production mode). */
  logLines(): readonly string[];
  /** Test hook: how long the composition root took to build (the synchronous part of activate()), ms. */
  activationMs(): number;
  useAzure(): Promise<void>;
  setGroupBy(groupBy: GroupBy): Promise<void>;
  getTreeSnapshot(depth?: number): TreeSnapshotNode[];
  viewState(): { title?: string; message?: string; description?: string; badge?: number; stale: boolean; phase: string };
  quota(): QuotaState | undefined;
  openDetails(ref: EventRef): Promise<boolean>;
  /** Selects the event's row in the Events view (opening the view); false when no row shows it. */
  revealEvent(ref: EventRef): Promise<boolean>;
  /** Test hook: TreeItem ids of the Events view's selection. */
  selectedTreeIds(): string[];
  detailsPanelCount(): number;
  /** Attaches to an existing account; `silent` never shows UI. Resolves to whether signed in. */
  signIn(options?: { silent?: boolean }): Promise<boolean>;
  isSignedIn(): boolean;
  /** The query language over the held events: what "Query Events…" lists, sorted, with the query's limit. */
  query(text: string): StoredEvent[];
  /** The Events view's query filter ("Filter Events by Query…"), if any. */
  treeQuery(): string | undefined;
  /** The open Query Events palette: its text, item labels and focused item; undefined when closed. */
  queryPalette(): PaletteState | undefined;
  /** Test hook: asks `@health` through a recording response stream (no language model). */
  chat(prompt: string, command?: string): Promise<RecordedAnswer>;
  /** Test hook: the MCP server definition VS Code is offered, resolved (its env holds the token); undefined when none. */
  mcpServer(): Promise<(McpDefinitionShape & { env: Record<string, string | number | null> }) | undefined>;
  /** Test hook: looks for workspace values of user-only settings (serviceHealth.endpoint) now; resolves to the keys found. */
  checkWorkspaceSettings(): Promise<string[]>;
  /** Test hook: every "ignored from this workspace's settings" warning notification shown so far. */
  workspaceSettingWarnings(): readonly string[];
  /** Test hook: presses Fetch details in the open panel of `ref`; false when none is open. */
  fetchDetails(ref: EventRef): Promise<boolean>;
  /** Test hook: what the serializer does after a window reload, with this saved webview state. */
  restoreDetailsPanel(state: unknown): void;
  /** Test hook: every value in globalState and workspaceState, and the extension's storage folders. */
  storage(): { state: string; folders: vscode.Uri[] };
  /** Runs the Sign Out command's work (forget the session, that account's cache and panels). */
  signOut(): Promise<void>;
  /** Test hook: loads (once; cached) the impacted resources of the event's incident. */
  impactedResources(ref: EventRef): Promise<ResourcesState | undefined>;
  /** Test hook: the connection problems shown so far as error notifications (sample service stopped, endpoint unusable). */
  connectionProblems(): readonly string[];
  /** Test hook: the Reload Window offers shown so far (a lazy bundle missing after an update). */
  reloadOffers(): readonly string[];
}

/** Test hook: given to useSampleService, restarts the sample service with these options. */
export type SampleTestOptions = Pick<SampleServiceOptions, 'events' | 'eventsOverride' | 'token' | 'seed' | 'pageSize' | 'latencyMs'>;

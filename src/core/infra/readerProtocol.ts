/** Messages between the template reader's worker (infraWorker.ts) and the main thread (infraReader.ts). */
import type { DeploymentRegions } from './evaluate';
import type { ReadDirOptions } from './readDir';
import type { InfraReport } from './types';

/** A folder's report and the paths it holds (read or skipped). */
export interface FolderRead {
  /** What the folder deploys: test and example templates and excluded files left out (walkRules). */
  readonly report: InfraReport;
  readonly paths: readonly string[];
  /** The files held that the folder does not deploy (the editor still notes one the user opened). */
  readonly undeployed?: readonly string[];
  /** The report with those files too, when there are any. */
  readonly all?: InfraReport;
}

/** The editor's settings for which templates deploy (`serviceHealth.infrastructure.include` / `exclude`). */
export interface TemplateGlobs {
  readonly include?: readonly string[];
  readonly exclude?: readonly string[];
}

export type ReaderOp =
  | { readonly op: 'set'; readonly folder: string; readonly path: string; readonly text: string }
  | { readonly op: 'skip'; readonly folder: string; readonly path: string; readonly reason: string }
  | { readonly op: 'delete'; readonly folder: string; readonly path: string; readonly under: boolean }
  | { readonly op: 'drop'; readonly folder: string }
  /** `globs`: which templates deploy, with the folder's azure.yaml (walkRules). */
  | { readonly op: 'report'; readonly folder: string; readonly globs?: TemplateGlobs }
  /** The regions `resourceGroup().location` and `deployment().location` stand for in this folder (the editor's choice); none forgets them. */
  | { readonly op: 'regions'; readonly folder: string; readonly regions?: DeploymentRegions }
  /** Walks a folder on disk (the CLI, the MCP server); `slow` files (path, why) are skipped unread: they ran over or crashed before. */
  | { readonly op: 'readDir'; readonly root: string; readonly limits: ReadDirOptions; readonly slow: ReadonlyArray<readonly [string, string]> };

export type ToWorker = ReaderOp & { readonly job: number };

/** `set`: whether the file is held now (a template) and whether it was before. */
export interface SetAnswer {
  readonly held: boolean;
  readonly had: boolean;
}

export type FromWorker =
  | { readonly kind: 'ready' }
  /** readDir: the walk starts reading this file (the watchdog's budget starts again). */
  | { readonly kind: 'reading'; readonly job: number; readonly path: string }
  /** readDir: every file is read; the cross-file resolution starts. */
  | { readonly kind: 'resolving'; readonly job: number }
  | { readonly kind: 'done'; readonly job: number; readonly value: SetAnswer | FolderRead | boolean | null }
  | { readonly kind: 'failed'; readonly job: number; readonly message: string };

/** Why a file is unchecked when the watchdog cut its reading short. */
export const TOO_SLOW = 'the file took too long to read, so it was not checked; please report it with the file';
/** Why a file is unchecked when the reader crashed on it. */
export const CRASHED = 'the reader stopped while reading this file, so it was not checked; please report it with the file';
/** Why a folder's report is empty when resolving across its files ran over its budget. */
export const RESOLVE_TOO_SLOW = 'resolving the templates across files took too long, so nothing here was checked; please report it';

/** A folder's report when nothing could be checked, with why (the watchdog cut the resolution or the listing short). */
export const unreadReport = (paths: readonly string[], reason: string): FolderRead => ({
  report: { targets: [], unresolved: [{ file: '', line: 0, column: 0, reason }], subscriptions: [] },
  paths,
});

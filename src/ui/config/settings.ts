/** Typed reading of the `serviceHealth.*` settings; every value is validated, never trusted. */
import * as vscode from 'vscode';
import { DEFAULT_RESOURCE_GRAPH_THRESHOLD } from '../../core/api/availabilityListing';
import { clampWindow, DEFAULT_WINDOW_DAYS } from '../../core/events/eventFilter';
import { isGroupBy, type GroupBy } from '../../core/events/grouping';
import { CLOUD_NAMES, type CloudName } from './clouds';
import { resolveMode, type Mode, type ModeSettingScopes } from './modeChoice';
import type { TemplateGlobs } from '../../core/infra/readerProtocol';

export type { Mode } from './modeChoice';

export const SECTION = 'serviceHealth';

export type NotificationLevel = 'all' | 'serviceIssues' | 'off';

export interface ServiceHealthSettings {
  readonly mode: Mode;
  readonly cloud: CloudName;
  readonly tenant: string | undefined;
  readonly endpoint: string | undefined;
  readonly subscriptions: readonly string[];
  readonly refreshIntervalMinutes: number;
  readonly notifications: NotificationLevel;
  readonly timeWindowDays: number;
  readonly groupBy: GroupBy;
}

export const DEFAULT_REFRESH_MINUTES = 5;

/** `modeChoice`: the Use Sample Service / Use Azure choice kept in the workspace state (see modeChoice.ts). */
export function readSettings(modeChoice?: unknown): ServiceHealthSettings {
  const c = vscode.workspace.getConfiguration(SECTION);
  const cloud = c.get<string>('cloud');
  const notifications = c.get<string>('notifications');
  const groupBy = c.get<string>('groupBy');
  const interval = c.get<number>('refreshIntervalMinutes');
  const text = (key: string): string | undefined => {
    const v = c.get<unknown>(key);
    return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
  };
  const subs = c.get<unknown>('subscriptions');
  return {
    // A setting the user wrote wins over the choice; "azure" by default (see modeChoice.ts).
    mode: resolveMode(c.inspect<unknown>('mode'), modeChoice).mode,
    cloud: (CLOUD_NAMES as readonly string[]).includes(cloud ?? '') ? (cloud as CloudName) : 'AzureCloud',
    tenant: text('tenant'),
    // Where the Azure token goes: only the user's own settings count, never a workspace's.
    endpoint: userText(c, 'endpoint'),
    subscriptions: Array.isArray(subs)
      ? [...new Set(subs.filter((s): s is string => typeof s === 'string' && s.trim() !== '').map((s) => s.trim()))]
      : [],
    refreshIntervalMinutes:
      typeof interval === 'number' && Number.isFinite(interval) && interval >= 0 ? interval : DEFAULT_REFRESH_MINUTES,
    notifications: notifications === 'off' || notifications === 'serviceIssues' ? notifications : 'all',
    timeWindowDays: clampWindow(c.get<number>('timeWindowDays') ?? DEFAULT_WINDOW_DAYS),
    groupBy: isGroupBy(groupBy) ? groupBy : 'type',
  };
}

/**
 * Settings that decide where the Azure token is sent: application-scoped in package.json, and read
 * from the user settings only even where a VS Code would still apply a workspace value.
 */
export const USER_ONLY_SETTINGS: readonly string[] = ['endpoint'];

function userText(c: vscode.WorkspaceConfiguration, key: string): string | undefined {
  const v = c.inspect<unknown>(key)?.globalValue;
  return typeof v === 'string' && v.trim() !== '' ? v.trim() : undefined;
}

/** Writes a setting where the user keeps it: the workspace value if one is set there, else the user settings. */
export async function updateSetting(key: string, value: unknown): Promise<void> {
  const c = vscode.workspace.getConfiguration(SECTION);
  const inspected = c.inspect(key);
  const target = USER_ONLY_SETTINGS.includes(key)
    ? vscode.ConfigurationTarget.Global
    : inspected?.workspaceFolderValue !== undefined
      ? vscode.ConfigurationTarget.WorkspaceFolder
      : inspected?.workspaceValue !== undefined
        ? vscode.ConfigurationTarget.Workspace
        : vscode.ConfigurationTarget.Global;
  await c.update(key, value, target);
}

/** `serviceHealth.resourceGraphThreshold`: a whole number ≥ 0 (0 = never), else the default. Read at each use. */
export function resourceGraphThreshold(): number {
  const v = vscode.workspace.getConfiguration(SECTION).get<unknown>('resourceGraphThreshold');
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : DEFAULT_RESOURCE_GRAPH_THRESHOLD;
}

/** `serviceHealth.chat.useLanguageModel`: whether `@health` may ask the chat's model for a summary (default yes). */
export const USE_LANGUAGE_MODEL_SETTING = 'serviceHealth.chat.useLanguageModel';
export function useLanguageModel(): boolean {
  return vscode.workspace.getConfiguration().get<boolean>(USE_LANGUAGE_MODEL_SETTING, true) !== false;
}

/** Where the `mode` setting is set (user, workspace, folder), for the Use Sample Service / Use Azure choice. */
export function inspectModeSetting(): ModeSettingScopes | undefined {
  return vscode.workspace.getConfiguration(SECTION).inspect<unknown>('mode');
}

/** VS Code's `microsoft-sovereign-cloud.environment`: which national cloud its sign-in provider uses. */
export function sovereignCloudEnvironment(): string | undefined {
  return vscode.workspace.getConfiguration('microsoft-sovereign-cloud').get<string>('environment');
}

/** VS Code's `workbench.welcomePage.walkthroughs.openOnInstall`: false means the user wants no walkthrough opened for them. */
export function walkthroughsOpenOnInstall(): boolean {
  return vscode.workspace.getConfiguration('workbench.welcomePage').get<boolean>('walkthroughs.openOnInstall') !== false;
}

export const TEMPLATE_INCLUDE_SETTING = `${SECTION}.infrastructure.include`;
export const TEMPLATE_EXCLUDE_SETTING = `${SECTION}.infrastructure.exclude`;

/**
 * `serviceHealth.infrastructure.include` / `exclude` for one workspace folder: the globs (relative
 * to the folder) that say which templates deploy, as `health-events check --include/--exclude`.
 * Anything but non-empty strings is ignored.
 */
export function readTemplateGlobs(folder?: vscode.Uri): TemplateGlobs {
  const c = vscode.workspace.getConfiguration(SECTION, folder);
  const globs = (key: string): string[] => {
    const v = c.get<unknown>(key);
    return Array.isArray(v) ? v.filter((g): g is string => typeof g === 'string' && g.trim() !== '').map((g) => g.trim()) : [];
  };
  const include = globs('infrastructure.include');
  const exclude = globs('infrastructure.exclude');
  return { ...(include.length > 0 ? { include } : {}), ...(exclude.length > 0 ? { exclude } : {}) };
}

/** `serviceHealth.infrastructure.diagnostics`: template notes in the Problems view (default on). */
export const DIAGNOSTICS_SETTING = `${SECTION}.infrastructure.diagnostics`;
export function templateDiagnostics(): boolean {
  return vscode.workspace.getConfiguration().get<boolean>(DIAGNOSTICS_SETTING, true) !== false;
}

/** VS Code's `search.exclude` as set (the workspace's templates are found with it, as Search does); read raw, workspaceGlobs.ts validates it. */
export function searchExclude(): unknown {
  return vscode.workspace.getConfiguration('search').get<unknown>('exclude');
}

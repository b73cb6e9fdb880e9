/**
 * The editor's answer for lines whose region is decided at deployment (`resourceGroup().location`,
 * `deployment().location`): a resource group (its region) or a region typed, kept per workspace
 * folder in workspace state, never in a file. VS Code-free, so unit-tested.
 */
import { regionDisplayName } from '../query/regionNames';
import type { DeploymentRegions } from './evaluate';
import type { InfraTarget, InfraUnresolved } from './types';

export interface RegionChoice {
  /** The region's display name ("West Europe"). */
  readonly region: string;
  /** The resource group it came from; absent when the region was typed. */
  readonly group?: { readonly name: string; readonly subscriptionId: string };
}

/** The workspace-state key holding every folder's choice (by folder URI). */
export const REGION_CHOICES_KEY = 'serviceHealth.infrastructure.regionChoices';

/** Where the choices are kept: VS Code's `workspaceState` (a Memento), or a test's map. */
export interface ChoiceStore {
  get(key: string): unknown;
  update(key: string, value: unknown): PromiseLike<void>;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** One stored choice, or undefined when it is not one (hand-edited state, an older shape, a region no longer known). */
function choiceOf(value: unknown): RegionChoice | undefined {
  if (!isRecord(value) || typeof value.region !== 'string') return undefined;
  const region = regionDisplayName(value.region);
  if (!region) return undefined;
  const group = value.group;
  if (group === undefined) return { region };
  if (!isRecord(group) || typeof group.name !== 'string' || typeof group.subscriptionId !== 'string' || group.name === '') return undefined;
  return { region, group: { name: group.name, subscriptionId: group.subscriptionId } };
}

/** The folders' choices as stored; anything that is not a valid choice is left out. */
export function choicesOf(stored: unknown): Map<string, RegionChoice> {
  const out = new Map<string, RegionChoice>();
  if (!isRecord(stored)) return out;
  for (const [folder, value] of Object.entries(stored)) {
    const choice = choiceOf(value);
    if (choice) out.set(folder, choice);
  }
  return out;
}

/** Every workspace folder's choice, read from and written to the store under one key. */
export class RegionChoices {
  constructor(private readonly store: ChoiceStore) {}

  /** The folder's choice (by its URI), if one was made. */
  get(folder: string): RegionChoice | undefined {
    return choicesOf(this.store.get(REGION_CHOICES_KEY)).get(folder);
  }

  /** Keeps `choice` for the folder; undefined clears it. The other folders' choices are kept. */
  async set(folder: string, choice: RegionChoice | undefined): Promise<void> {
    const all = choicesOf(this.store.get(REGION_CHOICES_KEY));
    if (choice) all.set(folder, choice);
    else all.delete(folder);
    await this.store.update(REGION_CHOICES_KEY, all.size > 0 ? Object.fromEntries(all) : undefined);
  }
}

/**
 * What the templates' deployment regions are under a choice: the one region stands for both the
 * target resource group's region and the region a subscription-scope deployment is sent to (azd
 * sends both to the same region).
 */
export function regionsOf(choice: RegionChoice | undefined): DeploymentRegions | undefined {
  return choice ? { resourceGroup: choice.region, deployment: choice.region } : undefined;
}

/** A region as a user types it ("westeurope", "West Europe", " west europe "): its display name, or undefined when no Azure region has that name. */
export function typedRegion(input: string): string | undefined {
  const trimmed = input.trim();
  return trimmed === '' ? undefined : regionDisplayName(trimmed);
}

/** The choice a resource group stands for: its region; undefined when ARM gave a region the reader does not know. */
export function choiceOfGroup(group: { readonly name: string; readonly location: string }, subscriptionId: string): RegionChoice | undefined {
  const region = regionDisplayName(group.location);
  return region ? { region, group: { name: group.name, subscriptionId } } : undefined;
}

/** Whether two choices are the same (the picker marks the current one). */
export function sameChoice(a: RegionChoice | undefined, b: RegionChoice | undefined): boolean {
  if (!a || !b) return a === b;
  return a.region === b.region && a.group?.name.toLowerCase() === b.group?.name.toLowerCase() && a.group?.subscriptionId.toLowerCase() === b.group?.subscriptionId.toLowerCase();
}

/** A line whose region is the deployment's: still open (`chosen` false) or taken from the folder's choice. */
export interface AtDeploymentLine {
  /** 1-based. */
  readonly line: number;
  readonly chosen: boolean;
}

/**
 * The lines of one file whose region is decided at deployment, one per line: those the reader could
 * not resolve for want of the deployment's region, and those the folder's choice resolved.
 */
export function atDeploymentLines(targets: readonly InfraTarget[], unresolved: readonly InfraUnresolved[]): AtDeploymentLine[] {
  const lines = new Map<number, boolean>();
  for (const t of targets) if (t.regionAtDeployment) lines.set(t.line, true);
  for (const u of unresolved) if (u.regionAtDeployment && !lines.has(u.line)) lines.set(u.line, false);
  return [...lines].sort((a, b) => a[0] - b[0]).map(([line, chosen]) => ({ line, chosen }));
}

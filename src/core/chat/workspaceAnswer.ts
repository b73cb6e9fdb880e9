/**
 * `@health is anything this workspace deploys affected?`: the active service issues and planned
 * maintenance that touch a service in a region the workspace's templates deploy (the same match as
 * `health-events check`), each with the file:line that deploys it. VS Code-free.
 */
import type { StoredEvent } from '../events/eventFacts';
import { matchEvents, type InfraMatch } from '../infra/match';
import type { InfraReport } from '../infra/types';
import { commandUri, escapeMarkdown } from '../text/markdown';
import { distinctIncidents } from './eventQuery';

/** Locations listed per event before "…and N more". */
export const MAX_PLACES = 5;

export interface WorkspaceFolderReport {
  readonly report: InfraReport;
  /** The link that opens `file` (relative to the folder) at `line`; undefined when it cannot be linked. */
  link(file: string, line: number): string | undefined;
}

export interface WorkspaceAnswerInput {
  readonly folders: readonly WorkspaceFolderReport[];
  /** Held events in display order. */
  readonly events: readonly StoredEvent[];
  readonly openCommand: string;
}

export function workspaceAnswer(input: WorkspaceAnswerInput): { markdown: string; events: string[] } {
  const targets = input.folders.reduce((n, f) => n + f.report.targets.length, 0);
  const unresolved = input.folders.reduce((n, f) => n + f.report.unresolved.length, 0);
  const unresolvedNote = unresolved > 0 ? ` ${unresolved} location${unresolved === 1 ? ' was' : 's were'} not resolved (a parameter without a value, or an expression) and ${unresolved === 1 ? 'is' : 'are'} not checked; the Problems view names them.` : '';
  if (targets === 0) {
    const why = unresolved > 0 ? `No Bicep, ARM or Terraform resource in this workspace has a region the reader could resolve.${unresolvedNote}` : 'This workspace has no Bicep, ARM, Terraform or azd template with an Azure resource, so there is nothing to check.';
    return { markdown: `${why}\n`, events: [] };
  }
  const incidents = distinctIncidents(input.events);
  const byEvent = new Map<string, { stored: StoredEvent; places: Array<{ match: InfraMatch; link: string | undefined }> }>();
  for (const folder of input.folders) {
    for (const match of matchEvents(incidents.map((e) => e.event), folder.report.targets)) {
      const stored = incidents.find((e) => e.trackingId === match.trackingId);
      if (!stored) continue;
      const entry = byEvent.get(match.trackingId) ?? { stored, places: [] };
      entry.places.push({ match, link: folder.link(match.file, match.line) });
      byEvent.set(match.trackingId, entry);
    }
  }
  const lines = [`**${escapeMarkdown(`Active events touching what this workspace deploys: ${byEvent.size}`)}** (${targets} deployment target${targets === 1 ? '' : 's'} checked)`];
  if (byEvent.size === 0) lines.push('', 'No active service issue or planned maintenance touches a service in a region your templates deploy.');
  for (const { stored, places } of byEvent.values()) {
    const first = places[0]?.match;
    const link = commandUri(input.openCommand, [{ subscriptionId: stored.subscriptionId, trackingId: stored.trackingId }]);
    lines.push('', `- [${escapeMarkdown(first?.title ?? stored.trackingId) || 'Untitled event'}](${link} "Open details") — ${escapeMarkdown(stored.trackingId)} · ${escapeMarkdown(first?.eventType ?? '')}`);
    for (const { match, link: at } of places.slice(0, MAX_PLACES)) {
      const where = `${match.file}:${match.line}`;
      lines.push(`  - ${at ? `[${escapeMarkdown(where)}](${at})` : escapeMarkdown(where)} deploys ${escapeMarkdown(match.service)} in ${escapeMarkdown(match.region)}`);
    }
    if (places.length > MAX_PLACES) lines.push(`  - …and ${places.length - MAX_PLACES} more place${places.length - MAX_PLACES === 1 ? '' : 's'}`);
  }
  if (unresolvedNote) lines.push('', unresolvedNote.trim());
  return { markdown: `${lines.join('\n')}\n`, events: [...byEvent.keys()] };
}

/**
 * The input box of "Service Health: Filter Resources…", prefilled with the current filter. While
 * typing it says how many resources the query keeps, which words it did not understand and which
 * terms only events have (ignored for resources, never silently). In dist/resourceFilter.js.
 */
import * as vscode from 'vscode';
import { runResourceQuery } from '../../core/chat/resourceQuery';
import type { AvailabilityStatus } from '../../core/model/availability';

/** The input box's line for `text`: how many resources it keeps, what it did not understand, what it ignores. */
export function resourceFilterPreview(text: string, statuses: readonly AvailabilityStatus[], now: number): vscode.InputBoxValidationMessage {
  if (!text.trim()) return { message: vscode.l10n.t('Empty: shows every resource.'), severity: vscode.InputBoxValidationSeverity.Info };
  const run = runResourceQuery(text, statuses, now);
  const parts = [vscode.l10n.t('{0}: {1} of {2}.', run.description, run.selected.length, statuses.length)];
  if (run.parsed.unrecognized.length > 0) parts.push(vscode.l10n.t('Did not understand: {0}.', run.parsed.unrecognized.join(', ')));
  if (run.ignored) parts.push(vscode.l10n.t('Ignored for resources (events only): {0}.', run.ignored));
  const warn = run.parsed.unrecognized.length > 0 || run.ignored !== '';
  return { message: parts.join(' '), severity: warn ? vscode.InputBoxValidationSeverity.Warning : vscode.InputBoxValidationSeverity.Info };
}

/** Resolves to the new filter ('' clears it) or undefined when cancelled. */
export async function askResourceFilter(current: string | undefined, statuses: () => readonly AvailabilityStatus[], now: () => number): Promise<string | undefined> {
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Filter Resources'),
    value: current ?? '',
    prompt: vscode.l10n.t('Only resources matching this query are shown. Leave empty to show all.'),
    placeHolder: vscode.l10n.t('e.g. health:unhealthy rg:rg-app · which of my VMs are down'),
    validateInput: (text) => resourceFilterPreview(text, statuses(), now()),
  });
  return value === undefined ? undefined : value.trim();
}

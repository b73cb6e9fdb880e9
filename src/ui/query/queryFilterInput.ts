/**
 * "Service Health: Filter Events by Query…": an input box prefilled with the tree's current query.
 * While typing, the box says how it reads the query and which words it did not understand.
 */
import * as vscode from 'vscode';
import { countText } from '../../core/chat/answer';
import { KnownNamesCache, runQuery } from '../../core/chat/eventQuery';
import { countIncidents } from '../../core/events/incidents';
import type { StoredEvent } from '../../core/events/eventFacts';
import type { QueryFacts } from '../../core/query/queryFacts';

/** Resolves to the new query ('' clears it) or undefined when cancelled. */
export async function askTreeQuery(
  current: string | undefined,
  events: () => readonly StoredEvent[],
  facts: () => QueryFacts = () => ({}),
  now: () => number = Date.now,
): Promise<string | undefined> {
  const names = new KnownNamesCache();
  const value = await vscode.window.showInputBox({
    title: vscode.l10n.t('Filter Events by Query'),
    value: current ?? '',
    prompt: vscode.l10n.t('Only events matching this query are shown. Leave empty to show all.'),
    placeHolder: vscode.l10n.t('e.g. active outages in West Europe · type:PlannedMaintenance next week'),
    validateInput: (text) => {
      if (!text.trim()) return { message: vscode.l10n.t('Empty: shows every event.'), severity: vscode.InputBoxValidationSeverity.Info };
      const held = events();
      // The same facts as the tree, so `impacted:yes` or `health:unavailable` previews what the filter will show.
      const run = runQuery(text, held, now(), names.of(held), facts());
      const summary = countText(countIncidents(run.selected), run.description);
      const unknown = run.parsed.unrecognized.length > 0 ? ` Did not understand: ${run.parsed.unrecognized.join(', ')}.` : '';
      return { message: `${summary}.${unknown}`, severity: unknown ? vscode.InputBoxValidationSeverity.Warning : vscode.InputBoxValidationSeverity.Info };
    },
  });
  return value === undefined ? undefined : value.trim();
}

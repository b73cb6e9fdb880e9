/**
 * Texts of an incident row in the Events tree. Pure (no `vscode`) so unit tests can check them.
 *
 * The description is cut from the right at normal widths, so it leads with what the title does
 * not say: when it was last updated, how many subscriptions list it, then the services and regions
 * the title does not already name.
 */
import { lastUpdateOf, relativeTime, titleOf } from '../../core/events/eventFacts';
import { incidentRegions, incidentServices, incidentSubscriptions, type IncidentRow } from '../../core/events/grouping';

/** Names beyond this many are summed up as "+N regions" / "+N services". */
const MAX_NAMES = 2;

/**
 * Names the title does not already contain, case-insensitively and as whole names: "East US" is
 * not named by a title saying "East US 2" (longer names are matched first and blanked out, and a
 * name followed by " <digit>" is a longer one), nor "SQL" by "MySQL".
 */
export function notInTitle(names: readonly string[], title: string): string[] {
  let text = title.toLowerCase();
  const named = new Set<string>();
  for (const name of [...names].sort((a, b) => b.length - a.length)) {
    const at = findWhole(text, name.toLowerCase());
    if (at >= 0) {
      named.add(name);
      text = `${text.slice(0, at)}\u0000${text.slice(at + name.length)}`;
    }
  }
  return names.filter((n) => !named.has(n));
}

/** Index of `word` in `text` as a whole name, or -1. */
function findWhole(text: string, word: string): number {
  if (!word) {
    return -1;
  }
  const isWordChar = (c: string | undefined): boolean => c !== undefined && /[\p{L}\p{N}]/u.test(c);
  for (let i = text.indexOf(word); i >= 0; i = text.indexOf(word, i + 1)) {
    const after = text.slice(i + word.length);
    if (!isWordChar(text[i - 1]) && !isWordChar(after[0]) && !/^ \d/u.test(after)) {
      return i;
    }
  }
  return -1;
}

/** "A, B" up to MAX_NAMES names; more read "A +3 regions". */
export function shortList(names: readonly string[], noun: string): string | undefined {
  if (names.length === 0) {
    return undefined;
  }
  if (names.length <= MAX_NAMES) {
    return names.join(', ');
  }
  return `${names[0] ?? ''} +${names.length - 1} ${noun}`;
}

/** "3h ago · 3 subscriptions · Storage · West Europe" (parts the row cannot fill are left out). */
export function describeIncident(row: IncidentRow, now: number): string {
  const title = titleOf(row.primary.event);
  const parts: (string | undefined)[] = [];
  const updated = lastUpdateOf(row.primary.event);
  parts.push(updated !== undefined ? relativeTime(updated, now) : undefined);
  const subscriptions = incidentSubscriptions(row).length;
  parts.push(subscriptions > 1 ? `${subscriptions} subscriptions` : undefined);
  parts.push(shortList(notInTitle(incidentServices(row), title), 'services'));
  parts.push(shortList(notInTitle(incidentRegions(row), title), 'regions'));
  return parts.filter((p): p is string => !!p).join(' · ');
}

/** Subscription display names (else ids) of an incident's copies. */
export function subscriptionNamesOf(row: IncidentRow, names: ReadonlyMap<string, string>): string[] {
  return incidentSubscriptions(row).map((id) => {
    const name = names.get(id.toLowerCase());
    return name && name !== id ? `${name} (${id})` : id;
  });
}

/**
 * Recent queries of the command palette (and the tree filter): newest first, at most
 * MAX_HISTORY, kept as typed. Two texts are the same query when they differ only in spacing
 * and case. VS Code-free; the UI persists the list in globalState.
 */
export const MAX_HISTORY = 10;

/** Comparison key: case and runs of whitespace do not make a different query. */
export function historyKey(text: string): string {
  return text.trim().replace(/\s+/gu, ' ').toLowerCase();
}

/** Reads a persisted list, tolerating anything malformed. */
export function normalizeHistory(value: unknown, max = MAX_HISTORY): string[] {
  const list = Array.isArray(value) ? value.filter((v): v is string => typeof v === 'string') : [];
  return list.reduce<string[]>((acc, text) => addToHistory(acc, text, max, 'end'), []);
}

/** The list with `text` at the front (or end), duplicates removed and cut to `max`. Empty text changes nothing. */
export function addToHistory(history: readonly string[], text: string, max = MAX_HISTORY, at: 'front' | 'end' = 'front'): string[] {
  const trimmed = text.trim().replace(/\s+/gu, ' ');
  if (!trimmed) return history.slice(0, max);
  const key = historyKey(trimmed);
  if (at === 'end' && history.some((h) => historyKey(h) === key)) return history.slice(0, max);
  const rest = history.filter((h) => historyKey(h) !== key);
  return (at === 'front' ? [trimmed, ...rest] : [...rest, trimmed]).slice(0, max);
}

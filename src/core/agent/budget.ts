/**
 * The size budget of every agent tool answer (language-model tools and MCP alike): a model's
 * context is small and shared, so an answer never grows with the estate. The tools shape their
 * answers to fit (pages, counts, lowest buckets first); `answerText` is the last guard, trimming
 * whatever would still not fit, and saying so in the answer. VS Code-free.
 */

/** The largest answer a tool gives, in UTF-8 bytes of its JSON text (docs/guide.md: "Agent mode"). */
export const TOOL_ANSWER_BUDGET_BYTES = 16 * 1024;

/** Lists inside an answer that the guard may shorten, most expendable first. */
const TRIMMABLE = ['unresolved', 'targets', 'updates', 'resources', 'events', 'buckets', 'failedSubscriptions', 'subscriptions', 'subscriptionNames', 'matches'] as const;

function bytesOf(text: string): number {
  return Buffer.byteLength(text, 'utf8');
}

function serialize(answer: Record<string, unknown>): string {
  return JSON.stringify(answer);
}

/**
 * The answer as JSON text of at most `budget` bytes. Lists are shortened from their end (most
 * expendable list first) with a `trimmed` note naming what was left out; an answer that still does
 * not fit keeps only its short top-level facts.
 */
export function answerText(answer: Record<string, unknown>, budget = TOOL_ANSWER_BUDGET_BYTES): string {
  const whole = serialize(answer);
  if (bytesOf(whole) <= budget) return whole;
  const copy: Record<string, unknown> = { ...answer };
  const dropped = new Map<string, number>();
  const note = (): string =>
    `This answer was cut to the ${Math.round(budget / 1024)} KB answer budget: ${[...dropped].map(([key, n]) => `${n} ${key}`).join(', ')} left out; narrow the question (a query, one subscription, fewer days) to see them.`;
  for (const key of TRIMMABLE) {
    const list = copy[key];
    if (!Array.isArray(list) || list.length === 0) continue;
    const fitsWith = (n: number): boolean => {
      dropped.set(key, list.length - n);
      return bytesOf(serialize({ ...copy, [key]: list.slice(0, n), trimmed: note() })) <= budget;
    };
    // The most items that fit, by bisection: a page of hundreds costs a handful of serializations.
    let low = 0;
    let high = list.length;
    while (low < high) {
      const mid = Math.ceil((low + high) / 2);
      if (fitsWith(mid)) low = mid;
      else high = mid - 1;
    }
    if (low < list.length) dropped.set(key, list.length - low);
    else dropped.delete(key);
    copy[key] = list.slice(0, low);
    const text = serialize({ ...copy, trimmed: note() });
    if (bytesOf(text) <= budget) return text;
  }
  // Still too big (a very long text field): only the short scalar facts stay.
  const facts: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(answer)) {
    if (typeof value === 'number' || typeof value === 'boolean' || (typeof value === 'string' && value.length <= 300)) facts[key] = value;
  }
  facts['trimmed'] = `This answer did not fit the ${Math.round(budget / 1024)} KB answer budget and was reduced to its short facts; narrow the question to see more.`;
  const text = serialize(facts);
  return bytesOf(text) <= budget ? text : serialize({ trimmed: facts['trimmed'] });
}

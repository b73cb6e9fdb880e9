/**
 * The log line for a 👍/👎 on an `@health` answer: enough to find the unhelpful answers again (the
 * slash command, how many events, which tracking ids) and nothing the user typed.
 */

/** The parts of a chat result the line reads; everything else (follow-up prompts) stays out. */
export interface FeedbackResult {
  readonly metadata?: unknown;
  readonly errorDetails?: { readonly message?: unknown };
}

const MAX_IDS = 10;
/** Tracking ids look like "ABCD-123": anything else is not logged. */
const TRACKING_ID = /^[\w-]{1,40}$/u;
const COMMAND = /^[a-z]{1,30}$/u;

export function feedbackLine(helpful: boolean, result: FeedbackResult): string {
  const meta = (typeof result.metadata === 'object' && result.metadata !== null ? result.metadata : {}) as Record<string, unknown>;
  const command = typeof meta.command === 'string' && COMMAND.test(meta.command) ? `/${meta.command}` : 'a question';
  const listed = Array.isArray(meta.listed) ? meta.listed.filter((id): id is string => typeof id === 'string' && TRACKING_ID.test(id)) : [];
  const total = typeof meta.total === 'number' && Number.isInteger(meta.total) && meta.total >= 0 ? meta.total : undefined;
  const parts = [`@health answer to ${command} marked ${helpful ? 'helpful' : 'unhelpful'}`];
  if (total !== undefined || listed.length > 0) {
    const shown = listed.slice(0, MAX_IDS).join(', ');
    const more = listed.length > MAX_IDS ? ` and ${listed.length - MAX_IDS} more` : '';
    parts.push(`${listed.length}${total !== undefined ? ` of ${total}` : ''} events listed${shown ? ` (${shown}${more})` : ''}`);
  }
  if (typeof result.errorDetails?.message === 'string') {
    parts.push('the answer was an error');
  }
  return `${parts.join('; ')}.`;
}

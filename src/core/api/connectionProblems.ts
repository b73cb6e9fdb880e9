/**
 * Sentences for problems with the connection itself (not one request): the embedded sample
 * service stopped, or the configured endpoint cannot be reached. VS Code-free; the extension
 * adds the matching button ("Restart Sample Service", "Open Settings").
 */
import { safeExcerpt } from './errorBody';

export type ConnectionProblemKind = 'sampleStopped' | 'sampleRestartFailed' | 'endpointUnreachable';

/** Button texts, shared by the notification and the tests that click them. */
export const RESTART_SAMPLE_ACTION = 'Restart Sample Service';
export const OPEN_SETTINGS_ACTION = 'Open Settings';

/**
 * One sentence with what to do next. `reason` is the underlying error (its message or code): only
 * its first clause is kept, so its own advice is never repeated next to ours.
 */
export function connectionProblemMessage(kind: ConnectionProblemKind, origin: string, reason: string): string {
  const why = firstClause(reason);
  const paren = why ? ` (${why})` : '';
  switch (kind) {
    case 'sampleStopped':
      return `The local sample service stopped${paren}; it was started again and the events reloaded.`;
    case 'sampleRestartFailed':
      return `The local sample service stopped and could not start again${paren}; select ${RESTART_SAMPLE_ACTION}, or reload the window if that fails too.`;
    case 'endpointUnreachable':
      return `The endpoint ${safeExcerpt(origin, 120)} in the serviceHealth.endpoint setting cannot be used${paren}; select ${OPEN_SETTINGS_ACTION} to fix or clear it.`;
  }
}

/** "Could not reach X (ENOTFOUND); check …" -> "Could not reach X (ENOTFOUND)". */
function firstClause(reason: string): string {
  const head = reason.split(/;\s/)[0] ?? '';
  return safeExcerpt(head.replace(/\.\s*$/, ''), 160);
}

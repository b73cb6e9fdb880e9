/** The error handling every command gets (VS Code-free, so unit tests run it). */
import { isBundleMissingError } from '../../core/bundles/bundleLoader';
import { isAbortError } from '../../core/http/errors';

export interface CommandFailure {
  /** The one sentence the user sees. */
  readonly message: string;
  /** The log line: the command id, then the sentence. */
  readonly logLine: string;
  /** The user saw the sentence already (a missing bundle's reload offer): log it only. */
  readonly shown?: true;
}

/** The sentence for an error without a message; commands.ts passes it translated (vscode.l10n). */
export type NoReasonText = (commandId: string) => string;

const noReasonInEnglish: NoReasonText = (id) => `The command ${id} failed without a reason; run "Service Health: Show Log" and try again.`;

/**
 * Wraps a command's work: a throw or rejection is reported once (a cancellation is not) and the
 * command then returns undefined, so VS Code never shows its own "command failed" notification.
 */
export function withErrorHandling(
  id: string,
  run: (...args: unknown[]) => unknown,
  report: (failure: CommandFailure) => void,
  noReason: NoReasonText = noReasonInEnglish,
): (...args: unknown[]) => Promise<unknown> {
  return async (...args) => {
    try {
      return await run(...args);
    } catch (error) {
      const failure = commandFailure(id, error, noReason);
      if (failure) {
        report(failure);
      }
      return undefined;
    }
  };
}

/** Undefined when the user cancelled (nothing to say); otherwise what to show and log. */
export function commandFailure(id: string, error: unknown, noReason: NoReasonText = noReasonInEnglish): CommandFailure | undefined {
  if (isCancellation(error)) {
    return undefined;
  }
  const text = (error instanceof Error ? error.message : String(error)).trim();
  const message = text || noReason(id);
  const shown = isBundleMissingError(error) && error.reloadOffered;
  return { message, logLine: `${id}: ${message}`, ...(shown ? { shown } : {}) };
}

/** vscode.CancellationError is named 'Canceled'; an aborted signal throws an 'AbortError'. */
export function isCancellation(error: unknown): boolean {
  return isAbortError(error) || (error instanceof Error && error.name === 'Canceled');
}

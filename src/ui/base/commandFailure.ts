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

/**
 * Wraps a command's work: a throw or rejection is reported once (a cancellation is not) and the
 * command then returns undefined, so VS Code never shows its own "command failed" notification.
 */
export function withErrorHandling(id: string, run: (...args: unknown[]) => unknown, report: (failure: CommandFailure) => void): (...args: unknown[]) => Promise<unknown> {
  return async (...args) => {
    try {
      return await run(...args);
    } catch (error) {
      const failure = commandFailure(id, error);
      if (failure) {
        report(failure);
      }
      return undefined;
    }
  };
}

/** Undefined when the user cancelled (nothing to say); otherwise what to show and log. */
export function commandFailure(id: string, error: unknown): CommandFailure | undefined {
  if (isCancellation(error)) {
    return undefined;
  }
  const text = (error instanceof Error ? error.message : String(error)).trim();
  const message = text || `The command ${id} failed without a reason; run "Service Health: Show Log" and try again.`;
  const shown = isBundleMissingError(error) && error.reloadOffered;
  return { message, logLine: `${id}: ${message}`, ...(shown ? { shown } : {}) };
}

/** vscode.CancellationError is named 'Canceled'; an aborted signal throws an 'AbortError'. */
export function isCancellation(error: unknown): boolean {
  return isAbortError(error) || (error instanceof Error && error.name === 'Canceled');
}

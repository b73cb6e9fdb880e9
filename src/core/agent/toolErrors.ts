/**
 * How a failed tool call reads to a model, shared by VS Code's language-model tools and the MCP
 * server. Kept apart from the MCP server so the extension bundle does not pull in the MCP SDK.
 */
import { ApiError, PagingError, ResponseValidationError } from '../api/errors';
import { HttpClientError } from '../http/errors';
import { ToolAnswerError } from './toolAnswerError';
import { ToolInputError } from './inputs';
import { errorText } from '../text/errorText';

/** Our own errors are already one sentence with what to do; anything else is said as unexpected. */
export function toolErrorMessage(error: unknown): string {
  if (
    error instanceof ToolInputError ||
    error instanceof ToolAnswerError ||
    error instanceof ApiError ||
    error instanceof PagingError ||
    error instanceof ResponseValidationError ||
    error instanceof HttpClientError ||
    error instanceof TypeError
  ) {
    return oneLine(error.message);
  }
  const message = errorText(error);
  return `Unexpected error: ${oneLine(message)}; try again, and report it if it persists.`;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** What a caught value says, for a log line or a message: an Error's message (its name when the message is empty), else the value as text. */
export function errorText(error: unknown): string {
  return error instanceof Error && error.message ? error.message : String(error);
}

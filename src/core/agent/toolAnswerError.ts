/** An answer the tool could not give, worded so the model knows what to call next (its own module: the extension's data source throws it at start, before the tools load). */
export class ToolAnswerError extends Error {
  override readonly name = 'ToolAnswerError';
}

/** One request and its whole answer through undici's handler interface (`Dispatcher.dispatch`). Why: docs/architecture.md#http-exchange */
import { ResponseTooLargeError } from './errors';
import { BodyBytes, MAX_ERROR_BODY_BYTES, type BodyText } from './responseBody';
import type { Dispatcher } from './undiciParts';

export type AnswerHeaders = Readonly<Record<string, string | string[] | undefined>>;

/** The final status and body; the headers went to `headersArrived` when they arrived. */
export interface Answer {
  readonly status: number;
  readonly body: BodyText;
}

type Controller = Dispatcher.DispatchController;

/** undici's controller takes an Error; an abort reason is usually one (a DOMException). */
function asError(reason: unknown): Error {
  return reason instanceof Error ? reason : new Error(String(reason));
}

export class Exchange implements Dispatcher.DispatchHandler {
  /** The answer, or why there is none: undici's error, the reason given to cancel(), or ResponseTooLargeError. */
  readonly answer: Promise<Answer>;
  /** The final status line and headers arrived: a failure now is an answer cut off. */
  headersSeen = false;
  private resolve!: (answer: Answer) => void;
  private reject!: (error: unknown) => void;
  private settled = false;
  private controller: Controller | undefined;
  private status = 0;
  private body: BodyBytes | undefined;
  /** Why it was cancelled, for a request undici starts after that. */
  private cancelled: Error | undefined;

  /**
   * `maxBytes` caps a success body; an error body is cut at 64 KB (it is read for its message).
   * `headersArrived` gets the final headers when they arrive; if it throws, that is the exchange's error.
   */
  constructor(
    private readonly origin: string,
    private readonly maxBytes: number,
    private readonly headersArrived: (headers: AnswerHeaders) => void,
  ) {
    this.answer = new Promise<Answer>((resolve, reject) => {
      this.resolve = resolve;
      this.reject = reject;
    });
  }

  /** Ends it now with `reason` (a caller's abort, a timeout): the answer rejects with it, and the request stops. */
  cancel(reason: unknown): void {
    if (this.settled) {
      return;
    }
    this.cancelled = asError(reason ?? new Error('The request was cancelled.'));
    this.fail(reason ?? this.cancelled);
    this.controller?.abort(this.cancelled);
  }

  /** Sends it; a dispatcher that refuses at once (closed) rejects the answer. */
  send(dispatcher: Dispatcher, options: Dispatcher.DispatchOptions): Promise<Answer> {
    if (!this.settled) {
      try {
        dispatcher.dispatch(options, this);
      } catch (error) {
        this.fail(error);
      }
    }
    return this.answer;
  }

  onRequestStart(controller: Controller): void {
    this.controller = controller;
    if (this.cancelled) {
      // Cancelled while queued for a connection: it never leaves.
      controller.abort(this.cancelled);
    }
  }

  onResponseStart(controller: Controller, statusCode: number, headers: AnswerHeaders): void {
    if (statusCode < 200 || this.settled) {
      return; // 1xx: informational, the answer follows
    }
    this.headersSeen = true;
    this.status = statusCode;
    this.body = new BodyBytes(statusCode >= 400 ? MAX_ERROR_BODY_BYTES : this.maxBytes);
    try {
      this.headersArrived(headers);
    } catch (error) {
      // Inside undici's parser: the error ends this exchange, not the connection's other users.
      this.fail(error);
      controller.abort(asError(error));
    }
  }

  onResponseData(controller: Controller, chunk: Buffer): void {
    if (this.settled || !this.body || this.body.add(chunk)) {
      return;
    }
    if (this.status >= 400) {
      // An error body past 64 KB: its start is enough for the message; the rest is not read.
      this.finish();
      controller.abort(new Error('The error body was cut at 64 KB.'));
      return;
    }
    const tooLarge = new ResponseTooLargeError(this.origin, this.body.cap);
    this.fail(tooLarge);
    controller.abort(tooLarge);
  }

  onResponseEnd(): void {
    this.finish();
  }

  onResponseError(_controller: Controller | undefined, error: Error): void {
    this.fail(error);
  }

  private finish(): void {
    if (this.settle()) {
      this.resolve({ status: this.status, body: (this.body ?? new BodyBytes(0)).finish() });
    }
  }

  private fail(error: unknown): void {
    if (this.settle()) {
      this.reject(error);
    }
  }

  /** True the first time: the one answer is given. */
  private settle(): boolean {
    if (this.settled) {
      return false;
    }
    this.settled = true;
    return true;
  }
}

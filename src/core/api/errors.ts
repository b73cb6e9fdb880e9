/**
 * Errors of the health events API layer. Every `message` is one user-facing sentence that
 * says what to do next; the raw service fields stay available for logs and tests.
 */
import type { z } from 'zod';
import type { HttpResponse } from '../http/types';
import { stripTags } from '../text/scan';
import { detailsText, parseErrorBody, safeExcerpt, SCAN_LIMIT } from './errorBody';
import { redirectTarget, userMessage, what, type ApiErrorContext, type ApiOperation } from './errorMessages';

/** A non-2xx answer of the service, carrying the seed's ErrorResponse fields. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  /** ErrorResponse.code, e.g. `InvalidFilter`, `SubscriptionNotFound`. */
  readonly code?: string;
  /** ErrorResponse.message as sent (already made single-line and shortened). */
  readonly serviceMessage?: string;
  /** ErrorResponse.details: a string per the seed; ARM may send an array of nested errors. */
  readonly details?: unknown;
  readonly operation: ApiOperation;
  /**
   * True when the error body was not an ARM/seed error envelope (an HTML page, plain text, an
   * empty body): the answer came from something that is not this API, e.g. a wrong endpoint.
   */
  readonly foreignBody: boolean;

  constructor(
    message: string,
    init: { status: number; code?: string; serviceMessage?: string; details?: unknown; operation: ApiOperation; foreignBody?: boolean },
  ) {
    super(message);
    this.status = init.status;
    this.code = init.code;
    this.serviceMessage = init.serviceMessage;
    this.details = init.details;
    this.operation = init.operation;
    this.foreignBody = init.foreignBody ?? false;
  }

  static fromResponse(response: Pick<HttpResponse, 'status' | 'body'> & { headers?: HttpResponse['headers'] }, context: ApiErrorContext): ApiError {
    const parsed = parseErrorBody(response.body);
    const code = parsed?.code ? safeExcerpt(parsed.code, 80) : undefined;
    let serviceMessage = parsed?.message ? safeExcerpt(parsed.message) : undefined;
    let details = parsed?.details;
    let reasonDetails: string | undefined;
    if (!parsed) {
      // Not JSON (a proxy page, an empty body): keep a short excerpt, never the whole page.
      const excerpt = safeExcerpt(stripTags(response.body.slice(0, SCAN_LIMIT)), 120);
      details = excerpt || undefined;
      reasonDetails = excerpt || undefined;
    } else if (serviceMessage === undefined) {
      serviceMessage = detailsText(details) ? safeExcerpt(detailsText(details) ?? '') : undefined;
    } else {
      const text = detailsText(details);
      reasonDetails = text && text !== parsed.message ? safeExcerpt(text) || undefined : undefined;
    }
    const reason = what(code, serviceMessage, reasonDetails);
    const location = response.status >= 300 && response.status < 400 ? redirectTarget(response.headers?.['location']) : undefined;
    const message = userMessage(response.status, reason, { code, serviceMessage, location, foreignBody: !parsed, details: parsed ? reasonDetails : undefined }, context);
    return new ApiError(message, { status: response.status, code, serviceMessage, details, operation: context.operation, foreignBody: !parsed });
  }
}

/** What kind of body failed validation, for the message ("an event list", "event details"...). */
export type ResponseKind =
  | 'an event list'
  | 'event details'
  | 'a subscription list'
  | 'a rate-limit status'
  | 'an impacted resource list'
  | 'billing communication details'
  | 'emerging issues'
  | 'a Resource Graph result'
  | 'an availability status list'
  | 'an availability status'
  | 'a resource group'
  | 'a resource group list';

/** A 2xx body that is not JSON or does not match the schema. */
export class ResponseValidationError extends Error {
  override readonly name = 'ResponseValidationError';
  /** Dotted path of the first offending field, e.g. `value.3.properties.priority`; '' for the root. */
  readonly path: string;
  readonly issue: string;
  /** The body was not JSON at all: likely not this API answering (a wrong endpoint, a captive portal). */
  readonly notJson: boolean;

  constructor(kind: ResponseKind, path: string, issue: string, notJson = false) {
    super(
      notJson
        ? `The service returned ${kind} that could not be read (${issue}); check the endpoint setting, or report it if the endpoint is right.`
        : `The service returned ${kind} that could not be read (${path ? `${path}: ` : ''}${issue}); try again later or report it.`,
    );
    this.path = path;
    this.issue = issue;
    this.notJson = notJson;
  }

  static fromZod(kind: ResponseKind, error: z.ZodError): ResponseValidationError {
    const first = error.issues[0];
    if (!first) {
      return new ResponseValidationError(kind, '', 'unexpected shape');
    }
    const path = first.path.map((p) => String(p)).join('.');
    let issue: string;
    if (first.code === 'invalid_type') {
      issue = `expected ${first.expected}`;
    } else if (first.code === 'too_small' || first.code === 'too_big' || first.code === 'invalid_format') {
      issue = safeExcerpt(first.message.replace(/^Invalid input:\s*/i, ''), 80);
    } else {
      issue = safeExcerpt(first.message.replace(/^Invalid input:\s*/i, ''), 80) || 'unexpected value';
    }
    return new ResponseValidationError(kind, path, issue);
  }

  static notJson(kind: ResponseKind, body: string): ResponseValidationError {
    const excerpt = safeExcerpt(body, 40);
    return new ResponseValidationError(kind, '', excerpt ? `not JSON, starts with "${excerpt}"` : 'empty body', true);
  }
}

export type PagingProblem = 'loop' | 'pageCap' | 'crossOrigin' | 'invalidLink';

/** Paging stopped because following `nextLink` would loop, never end, or leave the service. */
export class PagingError extends Error {
  override readonly name = 'PagingError';
  readonly problem: PagingProblem;
  /** Pages read before stopping. */
  readonly pagesRead: number;

  constructor(problem: PagingProblem, pagesRead: number, detail?: string) {
    super(pagingMessage(problem, pagesRead, detail));
    this.problem = problem;
    this.pagesRead = pagesRead;
  }
}

function pagingMessage(problem: PagingProblem, pages: number, detail: string | undefined): string {
  switch (problem) {
    case 'loop':
      return `The service sent a next-page link it had already sent, so listing stopped after ${pages} pages instead of looping; try again later or report it.`;
    case 'pageCap':
      return `Listing stopped after ${pages} pages, the safety limit; narrow the filter or the start time and try again.`;
    case 'crossOrigin':
      return `The service sent a next-page link to another site (${detail ?? 'unknown'}), which was not followed to protect your credentials; try again later or report it.`;
    case 'invalidLink':
      return `The service sent a next-page link that is not a valid http(s) URL; try again later or report it.`;
  }
}

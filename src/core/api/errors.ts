/**
 * Errors of the health events API layer. Every `message` is one user-facing sentence that
 * says what to do next; the raw service fields stay available for logs and tests.
 */
import type { z } from 'zod';
import { validation } from '../model/validation';
import type { HttpResponse } from '../http/types';
import { stripTags } from '../text/scan';
import type { SubscriptionNamer } from '../subscriptions/names';
import { availabilityMessage } from './availabilityErrors';

/** Which operation a response belongs to; it decides the wording of 403 and 404 messages. */
export type ApiOperation =
  | 'listEvents'
  | 'fetchEventDetails'
  | 'listSubscriptions'
  | 'rateLimit'
  | 'listImpactedResources'
  | 'listSecurityAdvisoryImpactedResources'
  | 'fetchBillingCommunicationDetails'
  | 'emergingIssues'
  | 'queryResourceGraph'
  | 'listAvailabilityStatuses'
  | 'getAvailabilityStatus'
  | 'listAvailabilityHistory';

/** Operations on one event of a subscription: a 404 may mean the event, not the subscription. */
const EVENT_OPERATIONS: readonly ApiOperation[] = [
  'fetchEventDetails',
  'listImpactedResources',
  'listSecurityAdvisoryImpactedResources',
  'fetchBillingCommunicationDetails',
];

export interface ApiErrorContext {
  readonly operation: ApiOperation;
  readonly subscriptionId?: string;
  /** Names the subscription in the message (the user picked it by name); the GUID stays in logs. */
  readonly subscriptionName?: SubscriptionNamer;
  readonly trackingId?: string;
  /** True for tenant-scope requests (`/providers/Microsoft.ResourceHealth/…`, no subscription). */
  readonly tenantScope?: boolean;
  /** True when the request carried a `$filter`; only then can a 400 blame the filter. */
  readonly filterSent?: boolean;
  /** The resource of a one-resource availability request (its name goes in a 404's message). */
  readonly resourceId?: string;
}

const MAX_EXCERPT = 160;
/**
 * Service text is cut to this many characters before anything scans it: an excerpt is at most
 * MAX_EXCERPT long, so the rest of a 1 MB error page never needs reading.
 */
const SCAN_LIMIT = 4096;

/** Characters a bearer token or a JWT is made of (base64url, base64 and `.~+/=`). */
const TOKEN_CHAR = '[A-Za-z0-9._~+/=-]';
const TOKEN_RUNS = new RegExp(`${TOKEN_CHAR}+`, 'g');
const ENDS_IN_TOKEN_CHAR = new RegExp(`${TOKEN_CHAR}$`);
const BEARER_TOKEN = new RegExp(`\\bBearer\\s+${TOKEN_CHAR}+`, 'gi');

/**
 * Hides anything that looks like a JWT (`eyJ…` with two dots) in one pass over maximal runs of
 * token characters; a run that holds one is hidden from the `eyJ` on (more is hidden, never less).
 */
function redactJwts(text: string): string {
  return text.replace(TOKEN_RUNS, (run) => {
    const at = run.search(/(?:^|[^A-Za-z0-9_])eyJ/);
    if (at < 0) {
      return run;
    }
    const start = run.startsWith('eyJ') ? 0 : at + 1;
    const dots = run.slice(start).split('.').length - 1;
    return dots >= 2 && run.length - start >= 13 ? `${run.slice(0, start)}[redacted]` : run;
  });
}

/** Drops the trailing run of token characters: the part of a token a cut may have split. */
function withoutCutToken(text: string): string {
  let end = text.length;
  while (end > 0 && ENDS_IN_TOKEN_CHAR.test(text.charAt(end - 1))) {
    end -= 1;
  }
  return text.slice(0, end);
}

/**
 * Makes service-supplied text safe for a one-line message: drops control characters (no terminal
 * escape injection), collapses whitespace, hides anything that looks like a bearer token or JWT,
 * and shortens it. Only the first SCAN_LIMIT characters are read, and token characters cut
 * there are dropped, so a token split by the cut cannot show half of itself.
 */
export function safeExcerpt(text: string, max = MAX_EXCERPT): string {
  const head = text.length > SCAN_LIMIT ? withoutCutToken(text.slice(0, SCAN_LIMIT)) : text;
  const cleaned = redactJwts(
    head
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u001f\u007f-\u009f]+/g, ' ')
      .replace(BEARER_TOKEN, 'Bearer [redacted]'),
  )
    .replace(/\s+/g, ' ')
    .trim();
  return cleaned.length > max ? `${cleaned.slice(0, max - 1)}…` : cleaned;
}

function detailsText(details: unknown): string | undefined {
  if (details === undefined || details === null) {
    return undefined;
  }
  if (typeof details === 'string') {
    return details;
  }
  try {
    return JSON.stringify(details);
  } catch {
    return undefined;
  }
}

/** Reads `{code,message,details}` (seed) or `{error:{...}}` (ARM); undefined for other bodies. */
export function parseErrorBody(body: string): { code?: string; message?: string; details?: unknown } | undefined {
  let json: unknown;
  try {
    json = JSON.parse(body);
  } catch {
    return undefined;
  }
  const parsed = validation().errorEnvelopeSchema.safeParse(json);
  if (!parsed.success) {
    return undefined;
  }
  const inner = 'error' in parsed.data && parsed.data.error && typeof parsed.data.error === 'object' ? parsed.data.error : parsed.data;
  const fields = inner as { code?: string | null; message?: string | null; details?: unknown };
  if (fields.code == null && fields.message == null && fields.details == null) {
    return undefined;
  }
  return {
    code: fields.code ?? undefined,
    message: fields.message ?? undefined,
    details: fields.details ?? undefined,
  };
}

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

/** The service's own words: `code: message — details`; undefined when it gave none. */
function what(code: string | undefined, serviceMessage: string | undefined, details: string | undefined): string | undefined {
  const head = [code, serviceMessage].filter((p): p is string => !!p).join(': ');
  const parts = [head, details].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(' — ') : undefined;
}

/**
 * Where a redirect pointed, for the message: scheme, host and path only. The query and any user
 * info are left out, as they may carry a token or a signature.
 */
function redirectTarget(location: string | undefined): string | undefined {
  if (!location) {
    return undefined;
  }
  try {
    const url = new URL(location.slice(0, SCAN_LIMIT));
    return url.protocol === 'https:' || url.protocol === 'http:' ? safeExcerpt(`${url.origin}${url.pathname}`, 120) : undefined;
  } catch {
    return undefined;
  }
}

function isSubscriptionProblem(code: string | undefined, serviceMessage: string | undefined): boolean {
  return /subscription/i.test(code ?? '') || /subscription .*(not found|could not be found|is disabled|not registered)/i.test(serviceMessage ?? '');
}

interface ReasonParts {
  readonly code?: string;
  readonly serviceMessage?: string;
  readonly location?: string;
  /** The body was no error envelope of this API (see ApiError.foreignBody). */
  readonly foreignBody?: boolean;
  /** The service's details text, when it differs from its message. */
  readonly details?: string;
}

/**
 * `head` + `why` + `; advice.`, leaving out each clause of the advice ("check the endpoint",
 * "try again later", split at "and"/"or"/"then") that the reason already says, so a message never
 * reads "(… please try again later); try again later.". "retry" and "try again" count as one.
 */
export function withAdvice(head: string, why: string, advice: string): string {
  const said = ` ${normalizeWords(why)} `;
  const retrySaid = /\b(retry|try again)\b/.test(said);
  const parts = advice.split(/\s+(and|or|then)\s+/);
  const kept: string[] = [];
  for (let i = 0; i < parts.length; i += 2) {
    const clause = parts[i] ?? '';
    const plain = normalizeWords(clause);
    const echoed = said.includes(` ${plain} `) || (retrySaid && /^(retry|try again)\b/.test(plain));
    if (!echoed && plain !== '') {
      kept.push(kept.length > 0 ? `${parts[i - 1] ?? 'and'} ${clause}` : clause);
    }
  }
  const rest = kept.join(' ');
  return rest ? `${head}${why}; ${rest}.` : `${head}${why}.`;
}

function normalizeWords(text: string): string {
  return (text.toLowerCase().match(/[a-z0-9$']+/g) ?? []).join(' ');
}

function userMessage(status: number, reason: string | undefined, parts: ReasonParts, ctx: ApiErrorContext): string {
  const { code, serviceMessage } = parts;
  const why = reason ? ` (${reason})` : '';
  const sub = ctx.tenantScope ? 'your tenant' : ctx.subscriptionId ? subscriptionWords(ctx.subscriptionId, ctx.subscriptionName) : 'the subscription';
  const availability = availabilityMessage(status, why, ctx.operation, { sub, resource: ctx.resourceId && safeExcerpt(ctx.resourceId, 200), subscriptionProblem: isSubscriptionProblem(code, serviceMessage) });
  if (availability !== undefined) {
    return availability;
  }
  switch (status) {
    case 401:
      return withAdvice('The service did not accept your sign-in', why, 'sign in again and retry');
    case 403:
      // Security advisory impacted resources need the same action as Fetch details (decision: the
      // reference documents no separate one), so a denial reads the same.
      if (ctx.operation === 'fetchEventDetails' || ctx.operation === 'listSecurityAdvisoryImpactedResources') {
        return (
          'Reading the full details of this sensitive event needs the Owner/Subscription Admin role or a custom role with ' +
          `Microsoft.ResourceHealth/events/fetchEventDetails/action on ${sub}${why}; ask an administrator for that role.`
        );
      }
      if (ctx.tenantScope) {
        return `You do not have access to tenant-level events${why}; ask an administrator for a tenant role such as Global Reader, or list the events of a subscription.`;
      }
      if (ctx.operation === 'emergingIssues') {
        return `You do not have access to emerging issues${why}; ask an administrator for at least the Reader role.`;
      }
      return `You do not have access to ${ctx.operation === 'listSubscriptions' ? 'the subscription list' : sub}${why}; ask an administrator for at least the Reader role, or pick another subscription.`;
    case 404:
      if (EVENT_OPERATIONS.includes(ctx.operation) && !isSubscriptionProblem(code, serviceMessage)) {
        // The service's own "The event X was not found in subscription Y" restates ours: keep only its code and details.
        const restated = /not found|could not be found/i.test(serviceMessage ?? '');
        const own = restated ? what(code, undefined, parts.details) : reason;
        return withAdvice(`The event ${ctx.trackingId ? safeExcerpt(ctx.trackingId, 60) + ' ' : ''}was not found in ${sub}`, own ? ` (${own})` : '', 'refresh the event list and try again');
      }
      if (parts.foreignBody) {
        // ARM answers a missing subscription with a JSON error; a page or an empty body comes from elsewhere.
        return withAdvice('The endpoint answered HTTP 404 with no Azure error', why, 'check the serviceHealth.endpoint setting, which may point at the wrong service');
      }
      if (ctx.operation === 'listEvents' || ctx.operation === 'listAvailabilityStatuses' || EVENT_OPERATIONS.includes(ctx.operation)) {
        return `${capitalise(sub)} was not found or is not visible to you${why}; pick another subscription.`;
      }
      return withAdvice('The service does not offer this operation', why, 'check the endpoint and try again');
    case 400:
      return badRequestMessage(why, parts, ctx);
    default:
      if (status >= 300 && status < 400) {
        const to = parts.location ? ` to ${parts.location}` : '';
        return `The service answered with a redirect (HTTP ${status})${to}, which was not followed so that your credentials stay with the configured service; check the endpoint and try again.`;
      }
      if (status >= 500) {
        return withAdvice(`The service failed with HTTP ${status}`, why, 'try again later');
      }
      return withAdvice(`The service answered with HTTP ${status}`, why, 'try again later or report it');
  }
}

/** `subscription "Contoso Production"` where a name is known, else `subscription <GUID>`. */
function subscriptionWords(id: string, name: SubscriptionNamer | undefined): string {
  const known = name?.(id)?.trim();
  return known ? `subscription "${safeExcerpt(known, 80)}"` : `subscription ${safeExcerpt(id, 60)}`;
}

function badRequestMessage(why: string, parts: ReasonParts, ctx: ApiErrorContext): string {
  const { code, serviceMessage } = parts;
  if (ctx.filterSent === true && (/filter/i.test(code ?? '') || /\$filter|filter expression/i.test(serviceMessage ?? ''))) {
    return withAdvice('The service rejected the filter', why, 'fix the filter and try again');
  }
  if (/querystarttime|start ?time/i.test(`${code ?? ''} ${serviceMessage ?? ''}`)) {
    return withAdvice('The service rejected the start time', why, 'use an ISO 8601 time such as 2025-01-31T00:00:00Z and try again');
  }
  return withAdvice('The service rejected the request', why, 'check the options and try again');
}

function capitalise(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
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
  | 'an availability status';

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

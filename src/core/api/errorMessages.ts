/** The one sentence an API error shows: by status and operation, naming the subscription, with advice not said twice. */
import type { SubscriptionNamer } from '../subscriptions/names';
import { availabilityMessage } from './availabilityErrors';
import { safeExcerpt, SCAN_LIMIT } from './errorBody';

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
  | 'listAvailabilityHistory'
  | 'getResourceGroup'
  | 'listResourceGroups';

/** Operations on one event of a subscription: a 404 may mean the event, not the subscription. */
export const EVENT_OPERATIONS: readonly ApiOperation[] = [
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

/** The service's own words: `code: message — details`; undefined when it gave none. */
export function what(code: string | undefined, serviceMessage: string | undefined, details: string | undefined): string | undefined {
  const head = [code, serviceMessage].filter((p): p is string => !!p).join(': ');
  const parts = [head, details].filter((p): p is string => !!p);
  return parts.length > 0 ? parts.join(' — ') : undefined;
}

/**
 * Where a redirect pointed, for the message: scheme, host and path only. The query and any user
 * info are left out, as they may carry a token or a signature.
 */
export function redirectTarget(location: string | undefined): string | undefined {
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

export interface ReasonParts {
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

export function userMessage(status: number, reason: string | undefined, parts: ReasonParts, ctx: ApiErrorContext): string {
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

/** The sample's routes for the events API beyond list and Fetch details (issue 12). Why: docs/architecture.md#sample-eventoperations */
import type { HealthEvent } from '../model/schemas';
import { evaluateFilter, parseEventsFilter, type FilterExpr } from '../api/odataFilter';
import { emergingIssuesBody } from './emergingIssues';
import type { GeneratedEvent } from './generator';
import { FilterSyntaxError, impactedResourcesFor, parseImpactedResourcesFilter, resourceMatches } from './impactedResources';
import type { ArmBucketName } from './rateLimiter';
import { pageReply, pinnedValue } from './resourcePaging';
import type { Reply, SampleKnobs } from './types';

export interface EventOperationsContext {
  readonly seed: number;
  readonly knobs: SampleKnobs;
  readonly events: readonly GeneratedEvent[];
  readonly now: () => number;
  readonly origin: () => string;
  readonly error: (status: number, code: string, message: string, details?: string) => Reply;
  /** api-version check, then the event in the subscription (or the 400/404 reply). */
  readonly findEvent: (url: URL, subscriptionId: string, trackingId: string) => { gen: GeneratedEvent } | { reply: Reply };
  readonly checkApiVersion: (url: URL) => Reply | undefined;
  /** The list view of an event (sensitive text hidden); `subscriptionId` undefined at tenant scope. */
  readonly view: (gen: GeneratedEvent, subscriptionId: string | undefined) => HealthEvent;
  readonly windowStart: (url: URL) => number | Reply;
}

export interface RouteMatch {
  readonly endpoint: string;
  readonly countsPrimary: boolean;
  readonly armBucket?: ArmBucketName;
  readonly methods: readonly string[];
  readonly run: () => Reply;
}

const SUB_EVENT = '^/subscriptions/([^/]+)/providers/microsoft\\.resourcehealth/events/([^/]+)/';
const IMPACTED_PATH = new RegExp(`${SUB_EVENT}impactedResources/?$`, 'i');
const SECURITY_PATH = new RegExp(`${SUB_EVENT}listSecurityAdvisoryImpactedResources/?$`, 'i');
const BILLING_PATH = new RegExp(`${SUB_EVENT}fetchBillingCommunicationDetails/?$`, 'i');
const TENANT_EVENTS_PATH = /^\/providers\/microsoft\.resourcehealth\/events\/?$/i;
const TENANT_IMPACTED_PATH = /^\/providers\/microsoft\.resourcehealth\/events\/([^/]+)\/impactedResources\/?$/i;
const EMERGING_PATH = /^\/providers\/microsoft\.resourcehealth\/emergingIssues\/([^/]+)\/?$/i;

function filterParam(url: URL): string {
  for (const [k, v] of url.searchParams) {
    if (k.toLowerCase() === '$filter') {
      return v.trim();
    }
  }
  return '';
}

/** Parses the `$filter` with `parse`; a syntax error becomes the service's 400 InvalidFilter. */
function parsedFilter(ctx: EventOperationsContext, url: URL, parse: (text: string) => FilterExpr): { expr?: FilterExpr } | { reply: Reply } {
  const text = filterParam(url);
  if (text === '') {
    return {};
  }
  try {
    return { expr: parse(text) };
  } catch (e) {
    if (e instanceof FilterSyntaxError) {
      return { reply: ctx.error(400, 'InvalidFilter', `The $filter is invalid: ${e.message}`, `position ${e.position}`) };
    }
    throw e;
  }
}

function resourcesPage(ctx: EventOperationsContext, url: URL, gens: readonly { gen: GeneratedEvent; subscriptionId: string }[]): Reply {
  const filter = parsedFilter(ctx, url, parseImpactedResourcesFilter);
  if ('reply' in filter) {
    return filter.reply;
  }
  const items = gens
    .flatMap(({ gen, subscriptionId }) => impactedResourcesFor(gen.event, subscriptionId, ctx.seed))
    .filter((r) => !filter.expr || resourceMatches(filter.expr, r));
  return pageReply({ items, url, origin: ctx.origin(), pageSize: ctx.knobs.pageSize, queryKey: `${url.pathname.toLowerCase()}\n${filterParam(url)}` });
}

function tenantDenied(ctx: EventOperationsContext): Reply {
  return ctx.error(
    403,
    'AuthorizationFailed',
    "The client does not have authorization to perform action 'Microsoft.ResourceHealth/events/read' over scope '/providers/Microsoft.ResourceHealth'.",
    'Tenant-level events need a tenant role such as Global Reader.',
  );
}

function securityDenied(ctx: EventOperationsContext, subscriptionId: string): Reply {
  return ctx.error(
    403,
    'AuthorizationFailed',
    `The client does not have authorization to perform action 'Microsoft.ResourceHealth/events/fetchEventDetails/action' over scope '/subscriptions/${subscriptionId}'.`,
    'Required action: Microsoft.ResourceHealth/events/fetchEventDetails/action.',
  );
}

function subscriptionOperation(ctx: EventOperationsContext, url: URL, path: string): RouteMatch | undefined {
  const impacted = IMPACTED_PATH.exec(path);
  const security = SECURITY_PATH.exec(path);
  const billing = BILLING_PATH.exec(path);
  const match = impacted ?? security ?? billing;
  if (!match) {
    return undefined;
  }
  const subscriptionId = decodeURIComponent(match[1] ?? '');
  const trackingId = decodeURIComponent(match[2] ?? '');
  const withEvent = (deny: () => Reply | undefined, run: (gen: GeneratedEvent) => Reply) => (): Reply => {
    const found = ctx.findEvent(url, subscriptionId, trackingId);
    if ('reply' in found) {
      return found.reply;
    }
    return deny() ?? run(found.gen);
  };
  if (impacted) {
    return { endpoint: 'impactedResources', countsPrimary: true, armBucket: 'reads', methods: ['GET'], run: withEvent(() => undefined, (gen) => resourcesPage(ctx, url, [{ gen, subscriptionId }])) };
  }
  if (security) {
    const deny = (): Reply | undefined =>
      ctx.knobs.denySecurityAdvisoryImpactedResources || ctx.knobs.denyFetchEventDetails ? securityDenied(ctx, subscriptionId) : undefined;
    return { endpoint: 'listSecurityAdvisoryImpactedResources', countsPrimary: true, armBucket: 'writes', methods: ['POST', 'GET'], run: withEvent(deny, (gen) => resourcesPage(ctx, url, [{ gen, subscriptionId }])) };
  }
  return {
    endpoint: 'fetchBillingCommunicationDetails',
    countsPrimary: true,
    armBucket: 'writes',
    methods: ['POST'],
    run: withEvent(() => undefined, (gen) => billingReply(ctx, gen, subscriptionId)),
  };
}

function billingReply(ctx: EventOperationsContext, gen: GeneratedEvent, subscriptionId: string): Reply {
  const e = gen.event;
  if (e.properties?.eventType !== 'Billing') {
    return ctx.error(400, 'InvalidEventType', `The event '${e.name ?? ''}' is not a billing event.`, 'Billing communication details exist only for events of type Billing.');
  }
  const view = ctx.view(gen, subscriptionId);
  return {
    status: 200,
    body: {
      ...view,
      id: `/subscriptions/${subscriptionId}/providers/Microsoft.ResourceHealth/events/${e.name ?? ''}`,
      name: e.name ?? '',
      type: '/providers/Microsoft.ResourceHealth/events',
      properties: { ...view.properties, article: { articleContent: e.properties.description ?? e.properties.summary ?? '' } },
    },
    shape: 'other',
  };
}

function tenantEvents(ctx: EventOperationsContext, url: URL): Reply {
  const bad = ctx.checkApiVersion(url);
  if (bad) {
    return bad;
  }
  if (ctx.knobs.denyTenantScope) {
    return tenantDenied(ctx);
  }
  // The resolved window is pinned in the skip token, so later pages do not shift as the clock moves.
  const start = pinnedValue(url) ?? ctx.windowStart(url);
  if (typeof start !== 'number') {
    return start;
  }
  const filter = parsedFilter(ctx, url, parseEventsFilter);
  if ('reply' in filter) {
    return filter.reply;
  }
  const updated = (g: GeneratedEvent): number => Date.parse(g.event.properties?.lastUpdateTime ?? '') || 0;
  const items = ctx.events
    .filter((g) => updated(g) >= start && (!filter.expr || evaluateFilter(filter.expr, g.event)))
    .sort((a, b) => updated(b) - updated(a) || ((a.event.name ?? '') < (b.event.name ?? '') ? -1 : 1))
    .map((g) => ctx.view(g, undefined));
  return pageReply({ items, url, origin: ctx.origin(), pageSize: ctx.knobs.pageSize, queryKey: `tenant-events\n${filterParam(url)}`, pin: start });
}

function tenantImpacted(ctx: EventOperationsContext, url: URL, trackingId: string): Reply {
  const bad = ctx.checkApiVersion(url);
  if (bad) {
    return bad;
  }
  if (ctx.knobs.denyTenantScope) {
    return tenantDenied(ctx);
  }
  const wanted = trackingId.toUpperCase();
  const gen = ctx.events.find((g) => (g.event.name ?? '').toUpperCase() === wanted);
  if (!gen) {
    return ctx.error(404, 'EventNotFound', `The event '${trackingId}' was not found.`, 'Refresh the event list; the event may have expired.');
  }
  return resourcesPage(ctx, url, gen.subscriptionIds.map((subscriptionId) => ({ gen, subscriptionId })));
}

/** The route of one of these operations, or undefined when the path is none of them. */
export function matchEventOperation(ctx: EventOperationsContext, url: URL): RouteMatch | undefined {
  const path = url.pathname;
  const sub = subscriptionOperation(ctx, url, path);
  if (sub) {
    return sub;
  }
  if (TENANT_EVENTS_PATH.test(path)) {
    return { endpoint: 'tenantEvents', countsPrimary: true, armBucket: 'reads', methods: ['GET'], run: () => tenantEvents(ctx, url) };
  }
  const tenantResources = TENANT_IMPACTED_PATH.exec(path);
  if (tenantResources) {
    const trackingId = decodeURIComponent(tenantResources[1] ?? '');
    return { endpoint: 'tenantImpactedResources', countsPrimary: true, armBucket: 'reads', methods: ['GET'], run: () => tenantImpacted(ctx, url, trackingId) };
  }
  const emerging = EMERGING_PATH.exec(path);
  if (emerging) {
    const name = decodeURIComponent(emerging[1] ?? '');
    const run = (): Reply =>
      ctx.checkApiVersion(url) ??
      (name.toLowerCase() === 'default'
        ? { status: 200, body: emergingIssuesBody(ctx.events, ctx.now()), shape: 'other' }
        : ctx.error(404, 'NotFound', `No emerging issues named '${name}'.`, "Use the name 'default'."));
    return { endpoint: 'emergingIssues', countsPrimary: true, armBucket: 'reads', methods: ['GET'], run };
  }
  return undefined;
}

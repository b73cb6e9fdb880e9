/**
 * The inputs of the agent tools, shared by the language-model tools (package.json repeats them as
 * JSON schema) and the MCP server (the SDK takes these zod shapes). Unknown fields are ignored so
 * a model sending an extra property still gets an answer.
 */
import * as z from 'zod';

/**
 * Events per page of list results; resources per page of impacted resources. Sized so a page of
 * the largest items (each field capped in answerParts.ts) fits the answer budget (budget.ts).
 */
export const EVENTS_PAGE_SIZE = 10;
export const RESOURCES_PAGE_SIZE = 25;
/** Statuses per page of resource health; transitions shown in one resource's history. */
export const HEALTH_PAGE_SIZE = 25;
export const HISTORY_SHOWN = 20;
export const DEFAULT_DAYS = 7;
/** get_health_event and impacted resources look further back: a tracking id may be weeks old. */
export const LOOKUP_DAYS = 30;
export const MAX_DAYS = 90;
/** Infrastructure checks look back 30 days: planned maintenance is announced weeks before it starts (as the CLI's check). */
export const CHECK_DAYS = 30;
/** Subscriptions named per event in a list; more are counted (get_health_event lists them on request). */
export const SUBSCRIPTIONS_PER_EVENT = 3;
/** Subscription ids per page when get_health_event lists them (includeSubscriptionIds). */
export const SUBSCRIPTION_IDS_PAGE_SIZE = 100;

const subscriptions = z
  .array(z.string().min(1).max(200))
  .max(100)
  .optional()
  .describe('Subscription ids; omit for the subscriptions the user selected (or every visible one).');
const page = z.number().int().min(1).max(10_000).optional().describe('Page number, from 1; each result says how many pages there are.');
const days = (fallback: number) =>
  z.number().int().min(1).max(MAX_DAYS).optional().describe(`Time window in days by last update, 1–${MAX_DAYS} (default ${fallback}).`);
const trackingId = z.string().min(1).max(100).describe('The tracking id of the event, e.g. "ABCD-123" (listEvents shows them).');
const subscription = z.string().min(1).max(200).optional().describe('The subscription that lists the event; omit to use every subscription that lists it.');

export const listEventsShape = {
  query: z
    .string()
    .max(500)
    .optional()
    .describe('Query text: plain words ("active outages in West Europe since monday") or terms (type:ServiceIssue status:active region:"West Europe").'),
  types: z.array(z.string().max(60)).max(10).optional().describe('Event types: ServiceIssue, PlannedMaintenance, HealthAdvisory, SecurityAdvisory, Billing, RCA.'),
  statuses: z.array(z.string().max(30)).max(5).optional().describe('Active or Resolved.'),
  regions: z.array(z.string().max(60)).max(20).optional().describe('Region names, e.g. "West Europe" or westeurope.'),
  services: z.array(z.string().max(100)).max(20).optional().describe('Service names, e.g. "Virtual Machines".'),
  subscriptions,
  days: days(DEFAULT_DAYS),
  page,
};

export const getEventShape = {
  trackingId,
  subscription,
  includeSensitiveDetails: z
    .boolean()
    .optional()
    .describe('Fetch the full text of a sensitive event (security advisories and the like); only when the user needs it.'),
  includeSubscriptionIds: z
    .boolean()
    .optional()
    .describe(`List the ids (and names) of every subscription the event affects, ${SUBSCRIPTION_IDS_PAGE_SIZE} per page; otherwise they are counted.`),
  page: page.describe('With includeSubscriptionIds: the page of subscription ids, from 1.'),
  days: days(LOOKUP_DAYS),
};

export const impactedResourcesShape = {
  trackingId,
  subscription,
  page,
  days: days(LOOKUP_DAYS),
};

export const listResourceHealthShape = {
  subscriptions,
  states: z
    .array(z.string().min(1).max(40))
    .max(10)
    .optional()
    .describe('Availability states to keep: Unavailable, Degraded, Unknown, Available, or Unhealthy for every state but Available; omit for all.'),
  page,
};

export const getResourceHealthShape = {
  resourceId: z
    .string()
    .min(1)
    .max(1_000)
    .describe('The resource id, e.g. /subscriptions/ID/resourceGroups/GROUP/providers/Microsoft.Compute/virtualMachines/NAME (listResourceHealth shows them).'),
  includeHistory: z.boolean().optional().describe(`Also list the resource's latest availability transitions (at most ${HISTORY_SHOWN}).`),
};

export const checkWorkspaceShape = {
  folder: z
    .string()
    .min(1)
    .max(1_000)
    .optional()
    .describe('Only this workspace folder (its name or path) or a folder inside one; omit to check every workspace folder.'),
};

export const checkInfrastructureShape = {
  path: z
    .string()
    .min(1)
    .max(1_000)
    .optional()
    .describe('The folder of the templates, inside one of the roots this server may read (a relative path is taken from the first root); omit to check every root.'),
};

export const listEventsInput = z.object(listEventsShape);
export const getEventInput = z.object(getEventShape);
export const impactedResourcesInput = z.object(impactedResourcesShape);

export const listResourceHealthInput = z.object(listResourceHealthShape);
export const getResourceHealthInput = z.object(getResourceHealthShape);

export const checkWorkspaceInput = z.object(checkWorkspaceShape);
export const checkInfrastructureInput = z.object(checkInfrastructureShape);

export type ListEventsInput = z.infer<typeof listEventsInput>;
export type CheckWorkspaceInput = z.infer<typeof checkWorkspaceInput>;
export type CheckInfrastructureInput = z.infer<typeof checkInfrastructureInput>;
export type ListResourceHealthInput = z.infer<typeof listResourceHealthInput>;
export type GetResourceHealthInput = z.infer<typeof getResourceHealthInput>;
export type GetEventInput = z.infer<typeof getEventInput>;
export type ImpactedResourcesInput = z.infer<typeof impactedResourcesInput>;

/** A tool input that does not fit: one sentence naming the field and what to send instead. */
export class ToolInputError extends Error {
  override readonly name = 'ToolInputError';
}

export function parseInput<T>(schema: z.ZodType<T>, input: unknown): T {
  const result = schema.safeParse(input ?? {});
  if (result.success) return result.data;
  const issue = result.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'input';
  throw new ToolInputError(`Invalid ${where}: ${issue?.message ?? 'not accepted'}; fix it and call the tool again.`);
}

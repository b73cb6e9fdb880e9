/**
 * The agent tools' behaviour, once for both hosts: VS Code's language-model tools and the MCP
 * server. Each returns a bounded JSON-ready object (one page plus the total and how to get more)
 * that leads with what was understood, so a model can check its reading of the question.
 * VS Code-free.
 */
import { distinctIncidents, KnownNamesCache, runQuery } from '../chat/eventQuery';
import { interpretationLine } from '../chat/answer';
import { lastUpdateOf, titleOf, type StoredEvent } from '../events/eventFacts';
import { formatQuery } from '../query';
import { eventSummary, eventText, failuresOf, resourceSummary, SUBSCRIPTIONS_NOTE } from './answerParts';
import { infraAnswer, mergeReports, type FolderReport } from './infraCheck';
import {
  CHECK_DAYS,
  DEFAULT_DAYS,
  EVENTS_PAGE_SIZE,
  LOOKUP_DAYS,
  RESOURCES_PAGE_SIZE,
  SUBSCRIPTION_IDS_PAGE_SIZE,
  SUBSCRIPTIONS_PER_EVENT,
  ToolInputError,
  type GetEventInput,
  type GetResourceHealthInput,
  type ImpactedResourcesInput,
  type ListEventsInput,
  type ListResourceHealthInput,
} from './inputs';
import { getResourceHealth, listResourceHealth } from './resourceHealth';
import { quotaAnswer } from './quotaAnswer';
import type { HealthDataSource } from './source';
import { ToolAnswerError } from './toolAnswerError';
import { subscriptionList, type SubscriptionNamer } from '../subscriptions/names';

const DAY = 86_400_000;

export { ToolAnswerError } from './toolAnswerError';

/** Structured fields as query-language terms, quoted so names with spaces stay one term. */
export function queryTextOf(input: ListEventsInput): string {
  const q = (v: string) => `"${v.replace(/"/g, '')}"`;
  const terms = [
    ...(input.types ?? []).map((t) => `type:${q(t)}`),
    ...(input.statuses ?? []).map((s) => `status:${q(s)}`),
    ...(input.regions ?? []).map((r) => `region:${q(r)}`),
    ...(input.services ?? []).map((s) => `service:${q(s)}`),
  ];
  return [input.query?.trim() ?? '', ...terms].filter((t) => t !== '').join(' ');
}

export class HealthTools {
  private readonly names = new KnownNamesCache();
  private readonly nameOf: SubscriptionNamer = (id) => this.source.subscriptionName?.(id);

  constructor(private readonly source: HealthDataSource) {}

  async listEvents(input: ListEventsInput, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const now = this.source.now();
    const days = input.days ?? DEFAULT_DAYS;
    const subscriptions = await this.subscriptionsFor(input.subscriptions);
    const text = queryTextOf(input);
    const parsedSince = runQuery(text, [], now, this.names.of([])).parsed.since;
    // A query reaching further back than the window ("since last month") widens the listing.
    const since = Math.min(now - days * DAY, parsedSince ?? Number.POSITIVE_INFINITY);
    const listing = await this.source.listEvents(subscriptions, new Date(Math.max(since, now - 90 * DAY)), signal);
    const inWindow = listing.events.filter((e) => (lastUpdateOf(e.event) ?? now) >= since);
    const run = runQuery(text, inWindow, now, this.names.of(inWindow));
    const incidents = distinctIncidents(run.selected);
    const pageSize = EVENTS_PAGE_SIZE;
    const pages = Math.max(1, Math.ceil(incidents.length / pageSize));
    const page = Math.min(input.page ?? 1, pages);
    const owners = ownersByIncident(run.selected);
    const shown = incidents.slice((page - 1) * pageSize, page * pageSize);
    const unrecognized = run.parsed.unrecognized;
    return {
      interpretation: interpretationLine(run.description, run.parsed.since === undefined ? days : undefined, incidents.length),
      ...(unrecognized.length > 0
        ? {
            notUnderstood: unrecognized,
            suggestedQuery: formatQuery(run.parsed) || 'status:active',
            note: 'The words in notUnderstood were left out of the query; rephrase with the suggested query or structured fields.',
          }
        : {}),
      total: incidents.length,
      page,
      pages,
      events: shown.map((e) => eventSummary(e, owners.get(e.trackingId.toUpperCase()) ?? [e.subscriptionId], this.nameOf)),
      ...(shown.some((e) => (owners.get(e.trackingId.toUpperCase())?.length ?? 1) > SUBSCRIPTIONS_PER_EVENT) ? { subscriptionsNote: SUBSCRIPTIONS_NOTE } : {}),
      ...(page < pages ? { more: `Showing ${shown.length} of ${incidents.length}; call again with page: ${page + 1} for the next ${pageSize}, or narrow the query.` } : {}),
      ...failuresOf(listing.failures, this.nameOf),
    };
  }

  /**
   * `consent` asks the user (not the model) before a sensitive event's text is fetched; the MCP
   * server passes one (elicitation), VS Code's tools ask through their confirmation instead.
   */
  async getEvent(input: GetEventInput, signal?: AbortSignal, consent?: SensitiveConsent): Promise<Record<string, unknown>> {
    const { copies, days } = await this.findEvent(input.trackingId, input.subscription, input.days, signal);
    const primary = copies[0];
    if (!primary) throw notFound(input.trackingId, days);
    let event = primary.event;
    const sensitive = event.properties?.isEventSensitive === true;
    let detailsFetched = false;
    let refused: Exclude<ConsentAnswer, 'allowed'> | undefined;
    if (sensitive && input.includeSensitiveDetails === true && consent) {
      const answer = await consent(primary.trackingId, titleOf(primary.event));
      if (answer !== 'allowed') refused = answer;
    }
    if (sensitive && input.includeSensitiveDetails === true && !refused) {
      event = await this.source.fetchEventDetails(primary.subscriptionId, primary.trackingId, signal);
      detailsFetched = true;
    }
    const owners = [...new Set(copies.map((c) => c.subscriptionId))];
    const idPages = Math.max(1, Math.ceil(owners.length / SUBSCRIPTION_IDS_PAGE_SIZE));
    const idPage = Math.min(input.page ?? 1, idPages);
    const ids = input.includeSubscriptionIds === true ? owners.slice((idPage - 1) * SUBSCRIPTION_IDS_PAGE_SIZE, idPage * SUBSCRIPTION_IDS_PAGE_SIZE) : undefined;
    return {
      ...eventSummary(primary, owners, this.nameOf, ids),
      ...(ids
        ? {
            subscriptionsPage: idPage,
            subscriptionPages: idPages,
            ...(idPage < idPages ? { moreSubscriptions: `Showing ${ids.length} of ${owners.length} subscriptions; call again with page: ${idPage + 1} for the next ${SUBSCRIPTION_IDS_PAGE_SIZE}.` } : {}),
          }
        : {}),
      ...eventText(event),
      ...(sensitive && !detailsFetched ? { sensitive: refused ? refusedText(refused) : WITHHELD_TEXT } : {}),
    };
  }

  async listImpactedResources(input: ImpactedResourcesInput, signal?: AbortSignal): Promise<Record<string, unknown>> {
    let subscriptionIds: readonly string[];
    let title: string | undefined;
    if (input.subscription) {
      subscriptionIds = [input.subscription];
    } else {
      const { copies, days } = await this.findEvent(input.trackingId, undefined, input.days, signal);
      if (copies.length === 0) throw notFound(input.trackingId, days);
      subscriptionIds = [...new Set(copies.map((c) => c.subscriptionId))];
      title = copies[0] ? titleOf(copies[0].event) : undefined;
    }
    const lists = await Promise.all(
      subscriptionIds.map(async (subscriptionId) => (await this.source.listImpactedResources(subscriptionId, input.trackingId.trim(), signal)).map((r) => resourceSummary(r, subscriptionId, this.nameOf))),
    );
    const all = lists.flat().sort((a, b) => `${a.resourceGroup ?? ''}/${a.name ?? ''}`.localeCompare(`${b.resourceGroup ?? ''}/${b.name ?? ''}`));
    const pages = Math.max(1, Math.ceil(all.length / RESOURCES_PAGE_SIZE));
    const page = Math.min(input.page ?? 1, pages);
    const shown = all.slice((page - 1) * RESOURCES_PAGE_SIZE, page * RESOURCES_PAGE_SIZE);
    return {
      interpretation: `Resources affected by ${input.trackingId.trim()}${title ? ` (${title})` : ''} in ${subscriptionList(subscriptionIds, this.nameOf, 3)}: ${all.length}`,
      trackingId: input.trackingId.trim(),
      total: all.length,
      page,
      pages,
      resources: shown,
      ...(page < pages ? { more: `Showing ${shown.length} of ${all.length}; call again with page: ${page + 1} for the next ${RESOURCES_PAGE_SIZE}.` } : {}),
    };
  }

  /** Availability of every resource of the subscriptions, not-Available first, one page with counts by state. */
  async listResourceHealth(input: ListResourceHealthInput, signal?: AbortSignal): Promise<Record<string, unknown>> {
    return listResourceHealth(this.source, await this.subscriptionsFor(input.subscriptions), input, this.nameOf, signal);
  }

  /** One resource: state, since when, recommended actions as links, linked events, optionally its history. */
  async getResourceHealth(input: GetResourceHealthInput, signal?: AbortSignal): Promise<Record<string, unknown>> {
    return getResourceHealth(this.source, input, this.nameOf, signal);
  }

  /**
   * Which active service issues and planned maintenance touch what the templates deploy (same
   * service, same region), of the default subscriptions; no events are read when there is no target.
   */
  async checkInfrastructure(parts: readonly FolderReport[], where: string, signal?: AbortSignal): Promise<Record<string, unknown>> {
    const { report, files } = mergeReports(parts);
    if (report.targets.length === 0) return infraAnswer(report, files, [], where);
    const listing = await this.source.listEvents(await this.subscriptionsFor(undefined), new Date(this.source.now() - CHECK_DAYS * DAY), signal);
    const answer = infraAnswer(report, files, listing.events.map((e) => e.event), where);
    const failed = listing.failures.length;
    return {
      ...answer,
      ...(failed > 0 ? { interpretation: `${String(answer['interpretation'])} ${failed} subscription${failed === 1 ? '' : 's'} could not be read (see failedSubscriptions), so an event there would be missed.` } : {}),
      ...failuresOf(listing.failures, this.nameOf),
    };
  }

  async getQuota(signal?: AbortSignal): Promise<Record<string, unknown>> {
    return quotaAnswer(await this.source.rateLimit(signal), this.source.now());
  }

  private async subscriptionsFor(given: readonly string[] | undefined): Promise<readonly string[]> {
    const ids = given && given.length > 0 ? given.map((s) => s.trim()).filter((s) => s !== '') : await this.source.subscriptions();
    if (ids.length === 0) {
      throw new ToolAnswerError('No subscription is selected; ask the user to select subscriptions in the Service Health view (or pass subscriptions), then call again.');
    }
    return ids;
  }

  /** Every subscription's copy of one event, looked up in the last `days` days. */
  private async findEvent(trackingId: string, subscription: string | undefined, daysGiven: number | undefined, signal?: AbortSignal): Promise<{ copies: StoredEvent[]; days: number }> {
    const wanted = trackingId.trim().toUpperCase();
    if (wanted === '') throw new ToolInputError('Invalid trackingId: it is empty; pass a tracking id such as "ABCD-123".');
    const days = daysGiven ?? LOOKUP_DAYS;
    const subscriptions = await this.subscriptionsFor(subscription ? [subscription] : undefined);
    const listing = await this.source.listEvents(subscriptions, new Date(this.source.now() - days * DAY), signal);
    return { copies: listing.events.filter((e) => e.trackingId.toUpperCase() === wanted), days };
  }
}

/** Whether the user let a sensitive event's text go to the model: asked and allowed, asked and refused, or the client cannot ask. */
export type ConsentAnswer = 'allowed' | 'declined' | 'cannot-ask';
export type SensitiveConsent = (trackingId: string, title: string) => Promise<ConsentAnswer>;

const WITHHELD_TEXT = 'The description and updates of this sensitive event are withheld; call again with includeSensitiveDetails: true if the user needs them (the user is asked to confirm).';
const READ_IT_THERE = "the user can read it in the event's details panel in VS Code (Service Health view), or with `health-events details`";

function refusedText(answer: Exclude<ConsentAnswer, 'allowed'>): string {
  return answer === 'declined'
    ? `The user declined to share the text of this sensitive event; do not ask again unless the user says so. ${READ_IT_THERE[0]?.toUpperCase() ?? ''}${READ_IT_THERE.slice(1)}.`
    : `The text of this sensitive event was left out: this MCP client cannot ask the user to confirm; ${READ_IT_THERE}.`;
}

function notFound(trackingId: string, days: number): ToolAnswerError {
  return new ToolAnswerError(
    `No event with tracking id ${trackingId.trim()} was updated in the last ${days} days in the selected subscriptions; check the id with the list tool, or pass days (up to 90).`,
  );
}

function ownersByIncident(events: readonly StoredEvent[]): Map<string, string[]> {
  // Sets while collecting: an incident shared by 1,000 subscriptions would otherwise cost a scan per event.
  const owners = new Map<string, Set<string>>();
  for (const e of events) {
    const key = e.trackingId.toUpperCase();
    const set = owners.get(key) ?? new Set<string>();
    set.add(e.subscriptionId);
    owners.set(key, set);
  }
  return new Map([...owners].map(([key, set]) => [key, [...set]]));
}


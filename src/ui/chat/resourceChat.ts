/**
 * `@health` questions about resources: "which of my resources are affected?" (grouped by event),
 * "is vm1 healthy?", "what is unhealthy in rg-app?" and "is anything this workspace deploys
 * affected?". The answers are core (src/core/chat); this module gathers what they read.
 */
import * as vscode from 'vscode';
import { affectedAnswer, eventsToAsk, type AffectedGroup } from '../../core/chat/affectedAnswer';
import type { KnownNames } from '../../core/chat/eventQuery';
import { findResources, resourceHealthAnswer, resourceListAnswer, resourceNotFound, unreadNote } from '../../core/chat/healthAnswer';
import { resourceDescription, resourceMatcher } from '../../core/chat/resourceQuery';
import type { ResourceQuestion } from '../../core/chat/resourceQuestions';
import { workspaceAnswer, type WorkspaceFolderReport } from '../../core/chat/workspaceAnswer';
import type { StoredEvent } from '../../core/events/eventFacts';
import { healthRowOf } from '../../core/health/healthRows';
import type { AvailabilityStatus } from '../../core/model/availability';
import type { ImpactedResource } from '../../core/model/eventResourceSchemas';
import { parseQuery, type ParsedQuery } from '../../core/query';
import { subscriptionList, type SubscriptionNamer } from '../../core/subscriptions/names';
import type { ImpactedCount } from '../../core/query/queryFacts';

export interface HeldHealth {
  readonly statuses: readonly AvailabilityStatus[];
  /** Subscriptions whose health could not be listed. */
  readonly failed: readonly string[];
  /** The portal for recommended actions' links; undefined in sample mode (made-up resources). */
  readonly portal: string | undefined;
}

export interface ResourceChatDeps {
  resourceHealth?(): Promise<HeldHealth | undefined>;
  workspace?(): Promise<WorkspaceFolderReport[]>;
  impactedResources?(subscriptionId: string, trackingId: string, signal: AbortSignal): Promise<ImpactedResource[]>;
  readonly impactedCount?: ImpactedCount;
  readonly subscriptionName?: SubscriptionNamer;
  readonly openCommand: string;
}

export interface ResourceReply {
  readonly markdown: string;
  readonly listed: readonly string[];
  readonly total?: number;
}

export interface ResourceContext {
  readonly events: readonly StoredEvent[];
  readonly now: number;
  readonly names: KnownNames;
  readonly subscriptions: readonly string[];
  readonly progress: (text: string) => void;
  readonly token: vscode.CancellationToken;
}

const NO_HEALTH = (): string => vscode.l10n.t('Resource health is not loaded yet; open the Resources view of Service Health, then ask again.');

/** The reply to a resource question; undefined hands the question to the event query language. */
export async function answerResourceQuestion(question: ResourceQuestion, deps: ResourceChatDeps, ctx: ResourceContext): Promise<ResourceReply | undefined> {
  switch (question.kind) {
    case 'workspace': {
      if (!deps.workspace) return undefined;
      ctx.progress(vscode.l10n.t('Reading the templates of this workspace…'));
      const answer = workspaceAnswer({ folders: await deps.workspace(), events: ctx.events, openCommand: deps.openCommand });
      return { markdown: answer.markdown, listed: answer.events };
    }
    case 'affected':
      return deps.impactedResources ? affected(deps, ctx) : undefined;
    case 'one':
      return oneResource(question.name, deps, ctx);
  }
}

async function affected(deps: ResourceChatDeps, ctx: ResourceContext): Promise<ResourceReply> {
  const list = deps.impactedResources;
  const { asked, active } = eventsToAsk(ctx.events, deps.impactedCount);
  ctx.progress(vscode.l10n.t('Asking which of your resources {0} active events affect…', asked.length));
  const controller = new AbortController();
  const cancel = ctx.token.onCancellationRequested(() => controller.abort());
  try {
    const [groups, health] = await Promise.all([
      Promise.all(
        asked.map(async (incident): Promise<AffectedGroup> => {
          const copies = ctx.events.filter((e) => e.trackingId.toUpperCase() === incident.trackingId.toUpperCase());
          let failed = false;
          // One failing copy is said in the answer (never read as "affects none"); the others still count.
          const lists = list ? await Promise.all(copies.map((c) => list(c.subscriptionId, c.trackingId, controller.signal).catch(() => ((failed = true), [])))) : [];
          return { event: incident, resources: lists.flat(), ...(failed ? { failed } : {}) };
        }),
      ),
      deps.resourceHealth?.() ?? Promise.resolve(undefined),
    ]);
    const answer = affectedAnswer({ groups, health: health?.statuses ?? [], active, asked: asked.length, openCommand: deps.openCommand, healthFailed: health?.failed ?? [], ...named(deps) });
    return { markdown: answer.markdown, listed: answer.events, total: answer.total };
  } finally {
    cancel.dispose();
  }
}

async function oneResource(name: string, deps: ResourceChatDeps, ctx: ResourceContext): Promise<ResourceReply | undefined> {
  const asQuery = parseQuery(name, { now: ctx.now, knownServices: ctx.names.services, knownRegions: ctx.names.regions });
  const health = await loadHealth(deps, ctx);
  const found = health ? findResources(name, health.statuses) : [];
  if (found.length === 0 && asQuery.unrecognized.length === 0 && asQuery.regions.length + asQuery.services.length > 0) {
    return undefined; // "is West Europe down?": a question about events.
  }
  if (!health) return { markdown: `${NO_HEALTH()}\n`, listed: [] };
  if (found.length === 0) {
    const where = subscriptionList(ctx.subscriptions, deps.subscriptionName ?? (() => undefined));
    // A subscription whose health could not be listed may hold it: never say it is not there.
    const failed = health.failed.length > 0 ? `${vscode.l10n.t('The health of {0} could not be listed, so the resource may be there.', subscriptionList(health.failed, deps.subscriptionName ?? (() => undefined)))}\n` : '';
    return { markdown: `${resourceNotFound(name, health.statuses.length, where)}${failed}`, listed: [], total: 0 };
  }
  const several = new Set(found.map((s) => healthRowOf(s).subscriptionId.toLowerCase())).size > 1;
  const subscription = (status: AvailabilityStatus): string | undefined => {
    const id = healthRowOf(status).subscriptionId;
    return several ? (deps.subscriptionName?.(id) ?? id) : undefined;
  };
  const parts = found.map((status) => {
    const named = subscription(status);
    return resourceHealthAnswer({ status, events: ctx.events, openCommand: deps.openCommand, now: ctx.now, ...(health.portal ? { portal: health.portal } : {}), ...(named ? { subscription: named } : {}) });
  });
  return { markdown: `${parts.join('\n---\n\n')}${unreadNote(health.failed, deps.subscriptionName)}`, listed: [], total: found.length };
}

/** "What is unhealthy in rg-app?", "which of my VMs are down?": the resources the question's terms keep. */
export async function answerResourceList(parsed: ParsedQuery, deps: ResourceChatDeps, ctx: ResourceContext): Promise<ResourceReply> {
  const health = await loadHealth(deps, ctx);
  if (!health) return { markdown: `${NO_HEALTH()}\n`, listed: [] };
  const answer = resourceListAnswer({ description: resourceDescription(parsed), statuses: health.statuses, matches: resourceMatcher(parsed), now: ctx.now, failed: health.failed, ...named(deps) });
  return { markdown: answer.markdown, listed: [], total: answer.total };
}

/** The subscription namer, when the host gives one (answers name subscriptions the user can recognise). */
function named(deps: ResourceChatDeps): { subscriptionName?: (id: string) => string | undefined } {
  return deps.subscriptionName ? { subscriptionName: deps.subscriptionName } : {};
}

async function loadHealth(deps: ResourceChatDeps, ctx: ResourceContext): Promise<HeldHealth | undefined> {
  if (!deps.resourceHealth) return undefined;
  ctx.progress(vscode.l10n.t('Reading the health of your resources…'));
  return deps.resourceHealth();
}

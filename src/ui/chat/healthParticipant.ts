/**
 * The `@health` chat participant. The deterministic query language answers every question
 * (no language model needed); a model, when the user has one and allows it, only adds a summary
 * of ONE event's updates when asked ("summarize ABCD-123"), and receives nothing but that
 * event's text. Answers are Markdown trusted for exactly one command: opening event details.
 */
import { subscriptionList, type SubscriptionNamer } from '../../core/subscriptions/names';
import * as vscode from 'vscode';
import { useLanguageModel } from '../config/settings';
import { eventsAnswer, eventLine, findEvent, followupsFor, quotaAnswer, summarizeTarget, type Followup } from '../../core/chat/answer';
import { escapeMarkdown } from '../../core/text/markdown';
import { distinctIncidents, KnownNamesCache, runQuery, type QueryRun } from '../../core/chat/eventQuery';
import { resourcesAnswer, resourcesTarget } from '../../core/chat/resourcesAnswer';
import { summaryPrompt, eventTimeline, timelineMarkdown } from '../../core/chat/timeline';
import { regionsOf, type StoredEvent } from '../../core/events/eventFacts';
import type { QuotaState } from '../../core/http/types';
import type { ImpactedResource } from '../../core/model/eventResourceSchemas';
import { formatQuery, hasResourceTerms } from '../../core/query';
import { resourceQuestion } from '../../core/chat/resourceQuestions';
import { answerResourceList, answerResourceQuestion, type ResourceChatDeps, type ResourceContext, type ResourceReply } from './resourceChat';
import type { QueryFacts } from '../../core/query/queryFacts';
import { Command } from '../base/commandIds';
import { errorText } from '../../core/text/errorText';

/** Setting that allows a language model summary of one event (declared in package.json). */

/** A follow-up's query is parsed as English, whatever the display language; only its label is translated. */
function followupQuery(kind: 'region' | 'summarize' | 'active', value = ''): string {
  return kind === 'region' ? `region:"${value}"` : kind === 'summarize' ? `summarize ${value}` : 'active service issues';
}

function activeFollowup(): { label: string; prompt: string } {
  return { label: vscode.l10n.t('Active service issues'), prompt: followupQuery('active') };
}

const DAY = 86_400_000;

export interface HealthChatDeps extends Omit<ResourceChatDeps, 'openCommand' | 'impactedResources' | 'impactedCount' | 'subscriptionName'> {
  /** Every held event (before the view filter). */
  events(): readonly StoredEvent[];
  /** undefined when events can be loaded; otherwise one sentence on what to do first. */
  notReadyReason(): string | undefined;
  /** True when nothing is held yet or the held events are stale. */
  needsRefresh(): boolean;
  refresh(): Promise<void>;
  quota(): QuotaState | undefined;
  /** The time window (days, by last update) the held events cover. */
  windowDays(): number;
  /** Command that opens the details webview with an EventRef argument. */
  readonly openCommand: string;
  readonly extensionUri: vscode.Uri;
  readonly log: vscode.LogOutputChannel;
  readonly now?: () => number;
  /** The resources of one subscription an event affects (every page); absent: not offered. */
  impactedResources?(subscriptionId: string, trackingId: string, signal: AbortSignal): Promise<ImpactedResource[]>;
  /** What `impacted:`, `workspace:` and the resource terms read, as the Events view reads them (its impacted counts and resources). */
  readonly facts?: () => QueryFacts;
  /** Subscription names, so answers name subscriptions instead of counting them or giving GUIDs. */
  readonly subscriptionName?: SubscriptionNamer;
  /** The selected subscriptions (named when a resource is not found). */
  subscriptionIds?(): readonly string[];
}

/** The parts of a chat request the handler reads (a real ChatRequest fits). */
export interface HealthChatRequest {
  readonly prompt: string;
  readonly command?: string | undefined;
  readonly model?: vscode.LanguageModelChat | undefined;
}

export type AnswerStream = Pick<vscode.ChatResponseStream, 'markdown' | 'progress' | 'button'>;

export interface HealthChatMetadata {
  readonly followups: readonly Followup[];
  readonly command?: string;
  /** Tracking ids listed in the answer, in order (for tests and feedback). */
  readonly listed: readonly string[];
  readonly total?: number;
}

/** An answer as recorded for the test API: the Markdown as the user would see it, in order. */
export interface RecordedAnswer {
  readonly markdown: string;
  readonly progress: readonly string[];
  readonly buttons: readonly vscode.Command[];
  readonly result: vscode.ChatResult;
}

/** Canned query text per slash command; the prompt is appended, so `/active west europe` narrows it. */
const COMMAND_QUERIES: Readonly<Record<string, string>> = {
  active: 'status:active type:ServiceIssue',
  maintenance: 'type:PlannedMaintenance',
};

/**
 * The answers of `@health`, in their own bundle (dist/chat.js) that loads with the first request;
 * the participant itself registers at start (src/ui/chat/chatParticipant.ts).
 */
export class HealthChatAnswers {
  private readonly names = new KnownNamesCache();
  private readonly now: () => number;

  constructor(private readonly deps: HealthChatDeps) {
    this.now = deps.now ?? Date.now;
  }

  async answer(request: HealthChatRequest, stream: AnswerStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
    try {
      return await this.answerInner(request, stream, token);
    } catch (error) {
      const message = errorText(error);
      this.deps.log.error(`@health: ${message}`);
      return { errorDetails: { message: vscode.l10n.t('Could not answer: {0} Try again, or open the Service Health view.', message) } };
    }
  }

  private async answerInner(request: HealthChatRequest, stream: AnswerStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
    const command = request.command?.toLowerCase();
    const prompt = request.prompt.trim();

    if (command === 'quota') {
      if ((this.deps.quota()?.buckets.size ?? 0) === 0 && this.deps.notReadyReason() === undefined) {
        stream.progress(vscode.l10n.t('Asking the service for the current quota…'));
        await this.deps.refresh();
      }
      stream.markdown(quotaAnswer(this.deps.quota(), this.now()));
      return this.result({ followups: [activeFollowup()], listed: [], ...(command ? { command } : {}) });
    }

    const blocked = this.deps.notReadyReason();
    if (blocked) {
      stream.markdown(`${escapeMarkdown(blocked)}\n`);
      stream.button({ command: 'workbench.view.extension.serviceHealth', title: vscode.l10n.t('Open Service Health') });
      return this.result({ followups: [], listed: [], ...(command ? { command } : {}) });
    }
    if (this.deps.needsRefresh()) {
      stream.progress(this.deps.events().length === 0 ? vscode.l10n.t('Loading health events…') : vscode.l10n.t('Refreshing health events…'));
      await this.deps.refresh();
      if (token.isCancellationRequested) return {};
    }
    const events = this.deps.events();
    const now = this.now();

    if (!command) {
      const affected = resourcesTarget(prompt);
      if (affected && this.deps.impactedResources) {
        return this.answerResources(affected, events, stream, token);
      }
      const question = resourceQuestion(prompt);
      const reply = question ? await answerResourceQuestion(question, this.resourceDeps(), this.resourceContext(events, now, stream, token)) : undefined;
      if (reply) return this.resourceReply(reply, stream);
      const target = summarizeTarget(prompt);
      // In priority order, so a title match picks the most important event.
      const found = target ? findEvent(target, runQuery('', events, now, this.names.of(events), this.deps.facts?.()).all) : undefined;
      if (found) {
        return this.summarize(found, request, stream, token);
      }
      if (target) {
        // No event by that id or title: answer the target as a query ("what happened with Front Door").
        return this.answerQuery(runQuery(target, events, now, this.names.of(events), this.deps.facts?.()), stream, undefined);
      }
    }

    if (command === 'region') {
      const run = runQuery(prompt, events, now, this.names.of(events), this.deps.facts?.());
      if (run.parsed.regions.length === 0) {
        stream.markdown(`${vscode.l10n.t('Which region? For example: `@health /region West Europe`.')}\n`);
        const regions = topRegions(events, 3);
        return this.result({ followups: regions.map((r) => ({ label: r, prompt: followupQuery('region', r) })), listed: [], command });
      }
      return this.answerQuery(run, stream, command);
    }

    const base = command ? COMMAND_QUERIES[command] : undefined;
    const text = base ? `${base} ${prompt}`.trim() : prompt || COMMAND_QUERIES['active'] || '';
    const run = runQuery(text, events, now, this.names.of(events), this.deps.facts?.());
    if (!command && hasResourceTerms(run.parsed) && this.deps.resourceHealth) {
      // "What is unhealthy in rg-app?": a question about resources, not events.
      const reply = await answerResourceList(run.parsed, this.resourceDeps(), this.resourceContext(events, now, stream, token));
      // "Is West Europe down?" may mean the region's events: offer them as the first follow-up.
      const eventsOnly = formatQuery({ ...run.parsed, health: [], resources: [], resourceGroups: [] });
      return this.resourceReply(reply, stream, eventsOnly ? [{ label: vscode.l10n.t('Events instead: {0}', eventsOnly), prompt: eventsOnly }] : []);
    }
    return this.answerQuery(run, stream, command);
  }

  /** The resource answers' deps: this participant's, with the impacted counts of the facts. */
  private resourceDeps(): ResourceChatDeps {
    const impactedCount = this.deps.facts?.().impactedCount;
    return { ...this.deps, ...(impactedCount ? { impactedCount } : {}) };
  }

  private resourceContext(events: readonly StoredEvent[], now: number, stream: AnswerStream, token: vscode.CancellationToken): ResourceContext {
    const subscriptions = this.deps.subscriptionIds?.() ?? [...new Set(events.map((e) => e.subscriptionId))];
    return { events, now, names: this.names.of(events), subscriptions, progress: (text) => stream.progress(text), token };
  }

  private resourceReply(reply: ResourceReply, stream: AnswerStream, followups: readonly Followup[] = []): vscode.ChatResult {
    stream.markdown(this.trusted(reply.markdown));
    return this.result({ followups: [...followups, activeFollowup()], listed: reply.listed, ...(reply.total !== undefined ? { total: reply.total } : {}) });
  }

  private answerQuery(run: QueryRun, stream: AnswerStream, command: string | undefined): vscode.ChatResult {
    const incidents = distinctIncidents(run.all);
    const windowDays = this.deps.windowDays();
    const heldFrom = run.now - windowDays * DAY;
    const note =
      run.parsed.since !== undefined && run.parsed.since < heldFrom
        ? vscode.l10n.t('Only events updated in the last {0} days are loaded; widen the time window with Service Health: Filter Events… to include older ones.', windowDays)
        : undefined;
    const answer = eventsAnswer({
      description: run.description,
      matches: incidents,
      now: run.now,
      ...(run.parsed.limit !== undefined ? { limit: run.parsed.limit } : {}),
      ...(run.parsed.since === undefined ? { windowDays } : {}),
      unrecognized: run.parsed.unrecognized,
      ...(run.parsed.unrecognized.length > 0 ? { suggestedQuery: formatQuery(run.parsed) || 'status:active' } : {}),
      openCommand: this.deps.openCommand,
      ...(note ? { note } : {}),
      ...(this.deps.subscriptionName ? { subscriptionName: this.deps.subscriptionName } : {}),
    });
    stream.markdown(this.trusted(answer.markdown));
    if (answer.total > answer.shown.length) {
      stream.button({ command: Command.filterByQuery, arguments: [run.text], title: vscode.l10n.t('Show all in the Events view') });
    }
    return this.result({
      followups: followupsFor(run.parsed),
      listed: answer.shown.map((e) => e.trackingId),
      total: answer.total,
      ...(command ? { command } : {}),
    });
  }

  /** "Which of my resources are affected by X": every subscription that lists X is asked. */
  private async answerResources(target: string, events: readonly StoredEvent[], stream: AnswerStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
    const now = this.now();
    const found = findEvent(target, runQuery('', events, now, this.names.of(events), this.deps.facts?.()).all);
    const list = this.deps.impactedResources;
    if (!found || !list) {
      stream.markdown(
        `${vscode.l10n.t('No event matching “{0}” was updated in the last {1} days. Ask `@health active service issues` to see tracking ids, or widen the time window with Service Health: Filter Events….', escapeMarkdown(target), this.deps.windowDays())}\n`,
      );
      return this.result({ followups: [activeFollowup()], listed: [] });
    }
    const wanted = found.trackingId.toUpperCase();
    const subscriptions = [...new Set(events.filter((e) => e.trackingId.toUpperCase() === wanted).map((e) => e.subscriptionId))];
    // Progress first: Markdown streamed before a progress message is folded away by the Chat view.
    stream.progress(vscode.l10n.t('Asking which of your resources {0} affects…', found.trackingId));
    const controller = new AbortController();
    const cancel = token.onCancellationRequested(() => controller.abort());
    try {
      const lists = await Promise.all(subscriptions.map((sub) => list(sub, found.trackingId, controller.signal)));
      const answer = resourcesAnswer({
        event: found,
        resources: lists.flat(),
        subscriptions: subscriptions.length,
        ...(this.deps.subscriptionName ? { subscriptionNames: subscriptionList(subscriptions, this.deps.subscriptionName) } : {}),
      });
      stream.markdown(this.trusted(`${answer.markdown}\n${eventLine(found, { now, openCommand: this.deps.openCommand })}\n`));
      return this.result({
        followups: [{ label: vscode.l10n.t('Summarize {0}', found.trackingId), prompt: followupQuery('summarize', found.trackingId) }],
        listed: [found.trackingId],
        total: answer.total,
      });
    } finally {
      cancel.dispose();
    }
  }

  private async summarize(stored: StoredEvent, request: HealthChatRequest, stream: AnswerStream, token: vscode.CancellationToken): Promise<vscode.ChatResult> {
    const now = this.now();
    const model = request.model;
    const allowed = useLanguageModel();
    const useModel = model !== undefined && allowed && !token.isCancellationRequested;
    // Progress before any Markdown: the Chat view folds Markdown streamed before a progress
    // message into a collapsed "steps" block, which would hide the event and its updates.
    if (useModel) stream.progress(vscode.l10n.t('Summarizing with {0}…', model.name));
    stream.markdown(this.trusted(`${eventLine(stored, { now, openCommand: this.deps.openCommand })}\n\nLatest updates:\n\n${timelineMarkdown(eventTimeline(stored.event))}`));
    if (useModel) {
      await this.modelSummary(model, stored, stream, token);
    }
    return this.result({ followups: [activeFollowup()], listed: [stored.trackingId], total: 1 });
  }

  /** Streams a model's summary; any failure leaves the (already complete) answer as it is. */
  private async modelSummary(model: vscode.LanguageModelChat, stored: StoredEvent, stream: AnswerStream, token: vscode.CancellationToken): Promise<void> {
    try {
      const response = await model.sendRequest(
        [vscode.LanguageModelChatMessage.User(summaryPrompt(stored))],
        { justification: vscode.l10n.t('Service Health summarizes the updates of the event you asked about. Only that event’s text is sent.') },
        token,
      );
      let started = false;
      for await (const chunk of response.text) {
        if (!started) {
          stream.markdown(`\n**Summary** (written by ${model.name}; check it against the updates above):\n\n`);
          started = true;
        }
        // Plain string: model output is untrusted Markdown, so no command link in it can run.
        stream.markdown(chunk);
      }
      if (started) stream.markdown('\n');
    } catch (error) {
      const reason = error instanceof vscode.LanguageModelError ? `${error.code || 'language model error'}: ${error.message}` : errorText(error);
      this.deps.log.info(`@health: no language model summary (${reason}).`);
      if (!token.isCancellationRequested) {
        stream.markdown('\n_No summary from a language model this time; the updates above are complete._\n');
      }
    }
  }

  private trusted(markdown: string): vscode.MarkdownString {
    const md = new vscode.MarkdownString(markdown);
    // Only the open-details command may run from a link; everything else stays inert text.
    md.isTrusted = { enabledCommands: [this.deps.openCommand] };
    return md;
  }

  private result(metadata: HealthChatMetadata): vscode.ChatResult {
    return { metadata };
  }
}

/** Regions with the most held events, for "which region?" follow-ups. */
function topRegions(events: readonly StoredEvent[], n: number): string[] {
  const counts = new Map<string, number>();
  for (const e of events) for (const r of regionsOf(e.event)) counts.set(r, (counts.get(r) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, n).map(([r]) => r);
}

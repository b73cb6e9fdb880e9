/**
 * Status-bar item with the remaining API quota, from the latest rate-limit headers (and from
 * `GET /rate_limit` when the service offers it). Hidden until the first response.
 */
import * as vscode from 'vscode';
import type { QuotaState } from '../../core/http/types';
import { CoalescedRender, type RenderTimers } from '../../core/quota/coalescedRender';
import { quotaGroups, type QuotaItem } from '../../core/quota/quotaGroups';
import { summarizeQuota } from '../../core/quota/quotaSummary';
import { quotaTooltipMarkdown } from '../../core/quota/quotaTooltip';
import { Command } from '../base/commandIds';
import { registerCommand } from '../base/commands';
import { errorText } from '../../core/text/errorText';

export interface QuotaSource {
  readonly quota: QuotaState;
  onDidChangeQuota(listener: () => void): { dispose(): void };
}

export interface QuotaStatusBarDeps {
  /**
   * Refreshes the buckets from `GET /rate_limit` (costs no primary quota); resolves to false when
   * the service does not offer it (ARM), so it is not asked again; may throw a user-facing Error.
   */
  readonly refreshFromService: () => Promise<boolean>;
  /** The display name of a subscription, when known (quota rows name subscriptions, not GUIDs). */
  readonly subscriptionName?: (subscriptionId: string) => string | undefined;
  readonly log: vscode.LogOutputChannel;
  readonly now?: () => number;
  /** Timers for the coalesced render (tests); the real ones otherwise. */
  readonly timers?: RenderTimers;
}

export const QUOTA_STATUS_ITEM_ID = 'serviceHealth.quota';

export class QuotaStatusBar implements vscode.Disposable {
  private readonly item: vscode.StatusBarItem;
  private readonly disposables: vscode.Disposable[] = [];
  private source: QuotaSource | undefined;
  private sourceSubscription: { dispose(): void } | undefined;
  private countdown: NodeJS.Timeout | undefined;
  private readonly now: () => number;
  /** Every quota change (each send, each header) asks; renders run at most every 250 ms, from a timer. */
  private readonly renders: CoalescedRender;
  /** False once the current source's service answered that it has no `GET /rate_limit`. */
  private rateLimitOffered = true;

  constructor(private readonly deps: QuotaStatusBarDeps) {
    this.now = deps.now ?? Date.now;
    this.renders = new CoalescedRender(() => this.render(), deps.timers);
    this.item = vscode.window.createStatusBarItem(QUOTA_STATUS_ITEM_ID, vscode.StatusBarAlignment.Right, 100);
    this.item.name = vscode.l10n.t('Service Health Quota');
    this.item.command = Command.showQuota;
    this.disposables.push(this.item, registerCommand(Command.showQuota, () => this.showDetails(), deps.log));
  }

  /** Follows a client's quota; called again when the client is replaced (sign-in, sample mode). */
  setSource(source: QuotaSource | undefined): void {
    this.sourceSubscription?.dispose();
    this.source = source;
    this.rateLimitOffered = true;
    this.sourceSubscription = source?.onDidChangeQuota(() => this.renders.request());
    this.renders.request();
  }

  /** What the item shows now, for tests and the chat participant. */
  get text(): string | undefined {
    return this.item.text || undefined;
  }

  private render(): void {
    this.clearCountdown();
    const state = this.source?.quota;
    const now = this.now();
    const summary = state ? summarizeQuota(state, now) : undefined;
    if (!state || !summary) {
      this.item.hide();
      return;
    }
    const icon = summary.severity === 'exhausted' ? '$(error)' : summary.severity === 'low' ? '$(warning)' : '$(pulse)';
    this.item.text = `${icon} ${summary.text}`;
    this.item.backgroundColor =
      summary.severity === 'exhausted'
        ? new vscode.ThemeColor('statusBarItem.errorBackground')
        : summary.severity === 'low'
          ? new vscode.ThemeColor('statusBarItem.warningBackground')
          : undefined;
    this.item.accessibilityInformation = {
      label: summary.bucket
        ? vscode.l10n.t('API quota: {0} on {1}', summary.text.replace('/', ' of '), summary.bucket.resource)
        : vscode.l10n.t('Requests paused: {0}', summary.text),
      role: 'button',
    };
    this.item.tooltip = this.tooltip(state, now);
    this.item.show();
    if (summary.countdownUntil !== undefined && summary.countdownUntil > now) {
      // Tick once a second only while a countdown is visible; nothing runs otherwise.
      this.countdown = setTimeout(() => this.renders.request(), 1000);
    }
  }

  private tooltip(state: QuotaState, now: number): vscode.MarkdownString {
    return new vscode.MarkdownString(quotaTooltipMarkdown(state, now, this.nameOf), true);
  }

  private readonly nameOf = (id: string): string | undefined => this.deps.subscriptionName?.(id);

  private async showDetails(): Promise<void> {
    if (this.rateLimitOffered) {
      try {
        const source = this.source;
        const offered = await vscode.window.withProgress({ location: vscode.ProgressLocation.Window, title: vscode.l10n.t('Reading API quota…') }, () =>
          this.deps.refreshFromService(),
        );
        if (source === this.source && !offered) {
          // ARM has no /rate_limit: its quota comes only from response headers, so do not ask again.
          this.rateLimitOffered = false;
        }
      } catch (error) {
        // The headers seen so far are still shown; the refresh is a bonus.
        this.deps.log.warn(`Quota refresh failed: ${errorText(error)}`);
      }
    }
    this.render();
    const state = this.source?.quota;
    const groups = state ? quotaGroups(state, this.now(), this.nameOf) : [];
    if (groups.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('No quota information yet: refresh the events to read it from the service.'));
      return;
    }
    type Row = vscode.QuickPickItem & { readonly item?: QuotaItem };
    const rows: Row[] = groups.flatMap((g) => [
      { label: g.title, kind: vscode.QuickPickItemKind.Separator } satisfies Row,
      ...g.items.map((i): Row => ({
        label: `${i.severity === 'exhausted' ? '$(error)' : i.severity === 'low' ? '$(warning)' : '$(pulse)'} ${i.label}`,
        description: i.description,
        detail: i.detail,
        item: i,
      })),
    ]);
    const picked = await vscode.window.showQuickPick(rows, {
      title: vscode.l10n.t('Service Health: API quota'),
      placeHolder: vscode.l10n.t('Remaining quota per limit; pick one to see when it comes back and copy its details'),
      matchOnDescription: true,
      matchOnDetail: true,
    });
    if (picked?.item) {
      await this.explain(picked.item);
    }
  }

  /** A picked row: says what the limit is and when it comes back, with Copy Details. */
  private async explain(item: QuotaItem): Promise<void> {
    const copy = vscode.l10n.t('Copy Details');
    const choice = await vscode.window.showInformationMessage(item.explanation, copy);
    if (choice === copy) {
      await vscode.env.clipboard.writeText(`${item.label}: ${item.description}; ${item.detail} (${item.resource})`);
    }
  }

  private clearCountdown(): void {
    if (this.countdown) {
      clearTimeout(this.countdown);
      this.countdown = undefined;
    }
  }

  dispose(): void {
    this.renders.dispose();
    this.clearCountdown();
    this.sourceSubscription?.dispose();
    for (const d of this.disposables.splice(0).reverse()) {
      d.dispose();
    }
  }
}

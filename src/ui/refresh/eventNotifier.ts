/** Notifications for new active service issues and new "Action Recommended" events, once each. */
import * as vscode from 'vscode';
import { titleOf, type EventRef, type StoredEvent } from '../../core/events/eventFacts';
import type { RefreshOutcome } from '../../core/events/eventsStore';
import type { NotificationLevel } from '../config/settings';

export interface EventNotifierDeps {
  readonly level: () => NotificationLevel;
  /** True while the events are the sample service's: made-up outages never raise a notification. */
  readonly sample: () => boolean;
  readonly open: (ref: EventRef) => Promise<unknown>;
  /** Selects the event's row in the Events view (opening the view). */
  readonly reveal: (ref: EventRef) => Promise<unknown>;
}

export class EventNotifier {
  constructor(private readonly deps: EventNotifierDeps) {}

  notify(outcome: RefreshOutcome): void {
    const level = this.deps.level();
    if (level === 'off' || this.deps.sample()) {
      return;
    }
    this.announce(outcome.newActiveServiceIssues, 'service issue affects', 'service issues affect', true);
    if (level === 'all') {
      // An issue that is also tagged is announced once, as an issue.
      const issues = new Set(outcome.newActiveServiceIssues);
      this.announce(outcome.newActionRecommended.filter((e) => !issues.has(e)), 'event recommends action for', 'events recommend action for', false);
    }
  }

  private announce(events: readonly StoredEvent[], one: string, many: string, warning: boolean): void {
    const first = events[0];
    if (!first) {
      return;
    }
    const text =
      events.length === 1
        ? `Service Health: "${titleOf(first.event)}" (new ${one.split(' ')[0] === 'service' ? 'active service issue' : 'action recommended'}).`
        : `Service Health: ${events.length} new ${many} your subscriptions.`;
    const show = events.length === 1 ? 'Show' : 'Show Events';
    const message = warning ? vscode.window.showWarningMessage(text, show) : vscode.window.showInformationMessage(text, show);
    void Promise.resolve(message).then((choice) => {
      if (choice !== show) {
        return;
      }
      if (events.length === 1) {
        const ref = { subscriptionId: first.subscriptionId, trackingId: first.trackingId };
        // Both: the row shows where the event sits among the others, the panel what it says.
        void this.deps.reveal(ref);
        void this.deps.open(ref);
      } else {
        void vscode.commands.executeCommand('serviceHealth.events.focus');
      }
    });
  }
}

/** Notifications for new active service issues and new "Action Recommended" events, once per incident. */
import * as vscode from 'vscode';
import { announcementsOf, type Announcement } from '../../core/events/announcements';
import type { EventRef } from '../../core/events/eventFacts';
import type { RefreshOutcome } from '../../core/events/eventsStore';
import type { NotificationLevel } from '../config/settings';
import type { SubscriptionNamer } from '../../core/subscriptions/names';

export interface EventNotifierDeps {
  readonly level: () => NotificationLevel;
  /** True while the events are the sample service's: made-up outages never raise a notification. */
  readonly sample: () => boolean;
  readonly open: (ref: EventRef) => Promise<unknown>;
  /** Selects the event's row in the Events view (opening the view). */
  readonly reveal: (ref: EventRef) => Promise<unknown>;
  /** Names the subscriptions a notification is about. */
  readonly subscriptionName?: SubscriptionNamer;
}

export class EventNotifier {
  constructor(private readonly deps: EventNotifierDeps) {}

  /** The store reports nothing for a subscription's first load (its baseline), so no backlog lands here. */
  notify(outcome: RefreshOutcome): void {
    if (this.deps.sample()) {
      return;
    }
    for (const announcement of announcementsOf(outcome, this.deps.level(), this.deps.subscriptionName)) {
      this.announce(announcement);
    }
  }

  private announce({ kind, incidents, text }: Announcement): void {
    const [first] = incidents;
    if (!first) {
      return;
    }
    const single = incidents.length === 1;
    const show = single ? vscode.l10n.t('Show') : vscode.l10n.t('Show Events');
    const message = kind === 'issue' ? vscode.window.showWarningMessage(text, show) : vscode.window.showInformationMessage(text, show);
    void Promise.resolve(message).then((choice) => {
      if (choice !== show) {
        return;
      }
      if (single) {
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

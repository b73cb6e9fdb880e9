/** Opening an event's details (marking its incident seen) and revealing its row in the Events view. */
import * as vscode from 'vscode';
import type { EventRef } from '../../../core/events/eventFacts';
import { eventKey } from '../../../core/events/eventFacts';
import { incidentKey } from '../../../core/events/grouping';
import type { EventDetailsPanels } from '../../details/eventDetailsPanels';
import type { EventsParts } from './events';
import { errorText } from '../../../core/text/errorText';

export class EventNavigation {
  constructor(
    private readonly deps: {
      readonly events: Pick<EventsParts, 'controller' | 'view'>;
      readonly details: Pick<EventDetailsPanels, 'show'>;
      readonly log: vscode.LogOutputChannel;
    },
  ) {}

  async openDetails(ref: EventRef): Promise<boolean> {
    const { store } = this.deps.events.controller;
    // Rows drawn from the cache preview open with their full texts.
    await this.deps.events.controller.whenRestored();
    const stored = store.getEvent(ref.subscriptionId, ref.trackingId);
    if (!stored) {
      void vscode.window.showInformationMessage(vscode.l10n.t('That event is no longer in the list; refresh the Service Health view.'));
      return false;
    }
    this.deps.details.show(ref, stored.event);
    // The tree shows an incident once for all the subscriptions that list it: opening it reads them all.
    const incident = incidentKey(ref.trackingId);
    const copies = store.getEvents().filter((e) => incidentKey(e.trackingId) === incident);
    store.markSeen([eventKey(ref.subscriptionId, ref.trackingId), ...copies.map((e) => eventKey(e.subscriptionId, e.trackingId))]);
    return true;
  }

  /** Opening from chat or Query Events: also selects the row, if the view is showing (never opens it). */
  async openDetailsAndReveal(ref: EventRef): Promise<boolean> {
    const opened = await this.openDetails(ref);
    if (opened && this.deps.events.view.view.visible) {
      void this.revealEvent(ref);
    }
    return opened;
  }

  async revealEvent(ref: EventRef): Promise<boolean> {
    try {
      return await this.deps.events.view.revealEvent(ref);
    } catch (error) {
      // The row can vanish between finding and revealing it (a refresh): nothing for the user to do.
      this.deps.log.warn(`Could not reveal event ${ref.trackingId} in the Events view: ${errorText(error)}`);
      return false;
    }
  }
}

/**
 * "This workspace's azd environment deploys to a subscription Service Health does not show: add it?"
 * One non-modal notification at a time, after a read of the templates or a refresh of the events
 * (never inside activate). "Not Now" holds for this session, "Don't Ask Again" for this workspace.
 */
import * as vscode from 'vscode';
import { errorText } from '../../core/text/errorText';
import type { AzureAuth } from '../auth/azureAuth';
import { Disposable } from '../base/disposable';
import type { ConnectionManager } from '../connection/connectionManager';
import type { SubscriptionSelection } from '../subscriptions/subscriptionSelection';
import { DECLINED_KEY, declinedOf, subscriptionsToOffer } from './azdOfferRules';

export interface AzdOfferDeps {
  /** The subscription ids the workspace's azd environments name, and when they may have changed. */
  readonly azd: { readonly subscriptions: readonly string[]; readonly onDidChange: vscode.Event<void>; catchUp(): Promise<void> };
  readonly workspaceState: vscode.Memento;
  readonly selection: SubscriptionSelection;
  readonly connections: ConnectionManager;
  readonly auth: Pick<AzureAuth, 'signedIn'>;
  /** The subscriptions' setting (Azure mode): when it lists ids, it decides what is shown. */
  readonly settingIds: () => readonly string[];
  /** After the selection changed: redraw and load, as after the "Select Subscriptions…" picker. */
  readonly selectionChanged: () => Promise<void>;
  /** Another chance to offer: after each refresh the service answered. */
  readonly onEventsRefreshed: vscode.Event<unknown>;
  readonly log: vscode.LogOutputChannel;
}

export class AzdOffer extends Disposable {
  /** Asked this session (shown, whatever the answer): not asked again until the window reloads. */
  private readonly asked = new Set<string>();
  private showing = false;

  constructor(private readonly deps: AzdOfferDeps) {
    super();
    this._register(deps.azd.onDidChange(() => void this.check()));
    // After a refresh, files the watcher missed (an azd env created in a dot folder) are read first.
    this._register(deps.onEventsRefreshed(() => void deps.azd.catchUp().then(() => this.check(), () => this.check())));
  }

  /** Offers the first azd subscription not shown, unless an offer is on screen. Resolves when it is answered. */
  async check(): Promise<void> {
    const connection = this.deps.connections.current;
    if (this.showing || !connection) {
      return;
    }
    const [id] = subscriptionsToOffer(this.deps.azd.subscriptions, {
      mode: connection.mode,
      signedIn: this.deps.auth.signedIn,
      selected: this.deps.selection.selected(connection),
      settingDecides: connection.mode === 'azure' && this.deps.settingIds().length > 0,
      ...(connection.sampleSubscriptionIds ? { sampleIds: connection.sampleSubscriptionIds } : {}),
      declined: [...declinedOf(this.deps.workspaceState.get(DECLINED_KEY)), ...this.asked],
    });
    if (!id) {
      return;
    }
    this.asked.add(id);
    this.deps.log.info(`Offering to add subscription ${id}, which an azd environment of this workspace names.`);
    this.showing = true;
    try {
      await this.ask(id);
    } finally {
      this.showing = false;
    }
  }

  private async ask(id: string): Promise<void> {
    const add = vscode.l10n.t('Add Subscription');
    const never = vscode.l10n.t("Don't Ask Again");
    const choice = await vscode.window.showInformationMessage(
      vscode.l10n.t("This workspace's azd environment deploys to subscription {0}, which Service Health does not show. Add it to the selected subscriptions?", id),
      add,
      vscode.l10n.t('Not Now'),
      never,
    );
    if (choice === never) {
      await this.deps.workspaceState.update(DECLINED_KEY, [...declinedOf(this.deps.workspaceState.get(DECLINED_KEY)), id]);
    } else if (choice === add) {
      await this.add(id);
    }
  }

  private async add(id: string): Promise<void> {
    const connection = this.deps.connections.current;
    if (!connection) {
      return;
    }
    try {
      const ids = await this.deps.selection.add(connection, id);
      if (!ids) {
        void vscode.window.showWarningMessage(vscode.l10n.t('This account cannot see subscription {0}; sign in with an account that can, or pick another with Select Subscriptions.', id));
        return;
      }
      await this.deps.selectionChanged();
    } catch (error) {
      this.deps.log.warn(`Adding the azd subscription failed: ${errorText(error)}`);
      void vscode.window.showErrorMessage(vscode.l10n.t("Couldn't add subscription {0}: {1}", id, errorText(error)));
    }
  }
}

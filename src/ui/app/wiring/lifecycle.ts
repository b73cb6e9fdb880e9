/**
 * The connection lifecycle: the first connect, and what follows a connection change, a sign-in
 * change or a settings change; also the mode and grouping changes that commands and tests make.
 * It drives the events; the other parts subscribe to what it publishes (onDidChangeConnection,
 * onDidSignOut, onDidChangeSubscriptionNames, onDidApplySettings) in their own wiring.
 */
import * as vscode from 'vscode';
import type { GroupBy } from '../../../core/events/grouping';
import { ContextKey } from '../../base/commandIds';
import { setContext } from '../../base/commands';
import { cloudConfig } from '../../config/clouds';
import { HTTP_SECTION } from '../../config/network';
import { inspectModeSetting, SECTION, updateSetting, type Mode } from '../../config/settings';
import { resolveMode, settingWinsMessage } from '../../config/modeChoice';
import { Disposable } from '../../base/disposable';
import type { Connection } from '../../connection/connectionManager';
import type { AppState } from '../appState';
import { signOutAndForget } from '../signOut';
import type { ConnectionParts } from './connection';
import type { EventsParts } from './events';
import type { Register } from './register';
import { errorText } from '../../../core/text/errorText';


export interface LifecycleDeps {
  readonly state: AppState;
  readonly log: vscode.LogOutputChannel;
  readonly connection: ConnectionParts;
  readonly events: EventsParts;
}

/** The connection the view showed and the one it shows now. */
export interface ConnectionChange {
  readonly previous: Connection | undefined;
  readonly current: Connection | undefined;
}

export class ConnectionLifecycle extends Disposable {
  /** Settles once the current connection's cached rows are drawn (or at once without any). */
  private painted: Promise<unknown> = Promise.resolve();
  private readonly connectionChanged = this._register(new vscode.EventEmitter<ConnectionChange>());
  /** Fires on a new connection, before its cached events are read (the previous one's views close or follow). */
  readonly onDidChangeConnection = this.connectionChanged.event;
  private readonly rowsDrawn = this._register(new vscode.EventEmitter<Connection | undefined>());
  /**
   * Fires once a new connection's cached event rows are drawn (at once without any), while it is
   * still the current one: work that can wait (the cached resource health) starts here, not
   * between the view opening and its first row.
   */
  readonly onDidDrawCachedRows = this.rowsDrawn.event;
  private readonly signedOut = this._register(new vscode.EventEmitter<void>());
  /** Fires during Sign Out, once the session is gone and before the account's cache is deleted. */
  readonly onDidSignOut = this.signedOut.event;
  private readonly namesChanged = this._register(new vscode.EventEmitter<void>());
  /** Fires when a listing renamed the current connection's subscriptions (the Events view is already repainted). */
  readonly onDidChangeSubscriptionNames = this.namesChanged.event;
  private readonly settingsApplied = this._register(new vscode.EventEmitter<void>());
  /** Fires once changed serviceHealth settings are applied, before the view renders them. */
  readonly onDidApplySettings = this.settingsApplied.event;

  constructor(private readonly deps: LifecycleDeps) {
    super();
  }

  /** Listens for connection, sign-in and settings changes. */
  listen(register: Register): void {
    const { connections, auth } = this.deps.connection;
    const { controller, impacted, view } = this.deps.events;
    let previous = connections.current;
    register(
      connections.onDidChange((c) => {
        this.connectionChanged.fire({ previous, current: c });
        previous = c;
        impacted.store.clear();
        // Cached events are on screen before the full cache read and the first request (see
        // PaintTracker.drawn), the subscription-name listing included.
        const painted = controller.resetForConnection().then(() => (controller.hasCachedRows ? view.painted() : undefined));
        this.painted = painted;
        void painted.then(() => {
          if (connections.current === c) this.rowsDrawn.fire(c);
        });
        void painted.then(() => controller.refresh());
        void painted.then(() => this.refreshSubscriptionNames(false));
      }),
    );
    register(
      auth.onDidChange(() => {
        void setContext(ContextKey.signedIn, auth.signedIn);
        this.deps.state.ready = connections.apply(this.deps.state.settings).then(() => {
          this.afterApply();
          // A sign-in lists the account's subscription names again (renamed, new ones), after the
          // cached rows: at start the silent sign-in often answers before they are drawn.
          void this.painted.then(() => this.refreshSubscriptionNames(true));
        });
      }),
    );
    register(auth.onDidChangeSigningIn((pending) => void setContext(ContextKey.signingIn, pending)));
    // Sign Out in another window leaves no event here (see SignOutMarker): look when the user comes back.
    register(vscode.window.onDidChangeWindowState((s) => void (s.focused ? auth.followSignOutElsewhere() : undefined)));
    register(vscode.workspace.onDidChangeConfiguration((e) => this.onConfigurationChanged(e)));
  }

  /** The first connect, after everything is registered. */
  start(): void {
    void setContext(ContextKey.signedIn, false);
    this.deps.state.ready = this.connect();
  }

  private async connect(): Promise<void> {
    const { settingsGuard, auth, connections } = this.deps.connection;
    // Only a warning (readSettings already ignores such values): after activation, not inside it.
    // Its inspect calls and file reads took 4-9 ms of the activate() call.
    setTimeout(() => void settingsGuard.check(), 0);
    if (this.deps.state.settings.mode === 'azure') {
      // The last account's cached rows show before the silent sign-in answers (AzureAuth.restore).
      const restored = auth.restore();
      await connections.apply(this.deps.state.settings);
      this.afterApply();
      await restored;
    }
    await connections.apply(this.deps.state.settings);
    this.afterApply();
  }

  async setMode(mode: Mode): Promise<void> {
    const { state } = this.deps;
    const { auth, connections } = this.deps.connection;
    // Kept in the workspace state, not .vscode/settings.json: trying the sample must not change the user's repository.
    await state.chooseMode(mode);
    state.reread();
    const overridden = settingWinsMessage(mode, resolveMode(inspectModeSetting(), mode));
    if (overridden) {
      this.deps.log.info(overridden);
      const openSetting = vscode.l10n.t('Open Setting');
      void vscode.window.showInformationMessage(overridden, openSetting).then((choice) => {
        if (choice) void vscode.commands.executeCommand('workbench.action.openSettings', `${SECTION}.mode`);
      });
    }
    if (mode === 'azure' && !auth.signedIn) {
      await auth.signInSilently();
    }
    state.ready = connections.apply(state.settings);
    await state.ready;
    this.deps.events.view.render();
  }

  async setGroupBy(groupBy: GroupBy): Promise<void> {
    await updateSetting('groupBy', groupBy);
    this.deps.state.reread();
    this.deps.events.view.render();
    // The next start draws this grouping from the cached first screen (the settings listener may ask too: one write).
    void this.deps.events.controller.saveScreen();
  }

  signOut(): Promise<void> {
    const { auth, connections } = this.deps.connection;
    const { controller, selection } = this.deps.events;
    // What shows the account's events (the details panels) closes on onDidSignOut.
    return signOutAndForget({ auth, connections, details: { closeAll: () => this.signedOut.fire() }, controller, selection });
  }

  /** Lists subscription names once per connection (or again on sign-in) and repaints what shows them. */
  private refreshSubscriptionNames(force: boolean): void {
    const { auth, connections } = this.deps.connection;
    const c = connections.current;
    if (!c || (c.mode === 'azure' && !auth.signedIn)) {
      return;
    }
    void this.deps.events.selection.refreshNames(c, force).then(
      (changed) => {
        if (changed && connections.current === c) {
          this.deps.events.view.render();
          this.namesChanged.fire();
        }
      },
      (error: unknown) => this.deps.log.warn(`Listing subscription names failed (GUIDs are shown instead): ${errorText(error)}`),
    );
  }

  /** Renders the view; while signed out, checks that a configured endpoint can be reached at all. */
  private afterApply(): void {
    const { recovery } = this.deps.connection;
    this.deps.events.view.renderAfterApply();
    void (this.deps.events.controller.phase() === 'signedOut' ? recovery.probeWhileSignedOut() : recovery.clearProbe());
  }

  private onConfigurationChanged(e: vscode.ConfigurationChangeEvent): void {
    const { state, log } = this.deps;
    const { auth, connections } = this.deps.connection;
    const { controller } = this.deps.events;
    if (!e.affectsConfiguration(SECTION)) {
      if (e.affectsConfiguration(HTTP_SECTION)) {
        // Proxy or certificate settings: the connection manager makes a new client if they changed.
        state.ready = connections
          .apply(state.settings)
          .then(() => this.deps.events.view.render())
          .catch((err: unknown) => log.error(`Applying network settings failed: ${String(err)}`));
      }
      return;
    }
    const before = state.settings;
    const s = state.reread();
    state.ready = (async () => {
      if (s.cloud !== before.cloud || s.tenant !== before.tenant) {
        await auth.setTarget({ cloud: cloudConfig(s.cloud), tenant: s.tenant });
      }
      if (s.mode === 'azure' && before.mode !== 'azure' && !auth.signedIn) {
        await auth.signInSilently();
      }
      await connections.apply(s);
      if (s.subscriptions.join() !== before.subscriptions.join()) {
        await controller.refresh();
      }
      if (s.groupBy !== before.groupBy) {
        void controller.saveScreen();
      }
      if (s.timeWindowDays !== before.timeWindowDays && controller.filter.windowDays === before.timeWindowDays) {
        await controller.setFilter({ ...controller.filter, windowDays: s.timeWindowDays });
      }
      this.settingsApplied.fire();
      this.afterApply();
    })().catch((err: unknown) => log.error(`Applying settings failed: ${String(err)}`));
  }
}

/** The lifecycle, listening; the parts declared after it subscribe to what it publishes. */
export function registerLifecycle(register: Register, deps: LifecycleDeps): ConnectionLifecycle {
  const lifecycle = register(new ConnectionLifecycle(deps));
  lifecycle.listen(register);
  return lifecycle;
}

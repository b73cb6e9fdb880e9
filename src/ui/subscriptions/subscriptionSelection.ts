/**
 * Which subscriptions are shown. Order of precedence: the `serviceHealth.subscriptions` setting
 * (Azure mode), else the selection remembered per connection (globalState: subscriptions belong to
 * an account, not to a workspace), else in sample mode every sample subscription.
 */
import * as vscode from 'vscode';
import type { Subscription } from '../../core/model/schemas';
import { mergeNames, namesFromListing } from '../../core/subscriptions/names';
import type { Connection } from '../connection/connectionManager';

interface Remembered {
  readonly ids: string[];
  /** Display names by id, from the last subscription listing. */
  readonly names: Record<string, string>;
}

const KEY_PREFIX = 'serviceHealth.selection:';
/** Names listed on sign-in, apart from the selection (which may not exist yet). */
const NAMES_PREFIX = 'serviceHealth.subscriptionNames:';

export class SubscriptionSelection {
  constructor(
    private readonly memento: vscode.Memento,
    private readonly settingIds: () => readonly string[],
  ) {}

  /** The ids to load for this connection (may be empty: "no subscription selected"). */
  selected(connection: Connection): string[] {
    const fromSetting = connection.mode === 'azure' ? this.settingIds() : [];
    if (fromSetting.length > 0) {
      return [...fromSetting];
    }
    const remembered = this.remembered(connection);
    if (remembered) {
      return [...remembered.ids];
    }
    return connection.sampleSubscriptionIds ? [...connection.sampleSubscriptionIds] : [];
  }

  /** Display names known for this connection, keyed by lower-case id. */
  names(connection: Connection): Map<string, string> {
    return mergeNames(this.remembered(connection)?.names, this.listedNames(connection));
  }

  async remember(connection: Connection, ids: readonly string[], all: readonly Subscription[]): Promise<void> {
    const names = namesFromListing(all);
    await this.memento.update(this.key(connection), { ids: [...ids], names } satisfies Remembered);
    await this.memento.update(NAMES_PREFIX + this.key(connection).slice(KEY_PREFIX.length), names);
  }

  /** Sign Out: forgets the selection and the names kept for this connection's account. */
  async forget(connection: Connection): Promise<void> {
    await this.memento.update(this.key(connection), undefined);
    await this.memento.update(NAMES_PREFIX + this.key(connection).slice(KEY_PREFIX.length), undefined);
  }

  /**
   * Lists the subscriptions once for this connection (on sign-in, or a new connection without
   * names yet, or a selected subscription without one) and keeps their names, so rows, quota and
   * messages name them instead of showing GUIDs. `force` lists again even when names are known
   * (sign-in). Resolves to whether names changed.
   */
  async refreshNames(connection: Connection, force = false, signal?: AbortSignal): Promise<boolean> {
    const key = NAMES_PREFIX + this.key(connection).slice(KEY_PREFIX.length);
    // A sample service started with another seed (same key, new GUIDs), or a subscription added
    // through the setting, has no name yet: list again rather than show its GUID.
    const known = this.names(connection);
    const unnamed = this.selected(connection).some((id) => !known.has(id.toLowerCase()));
    if (!force && this.memento.get<unknown>(key) !== undefined && !unnamed) {
      return false;
    }
    const names = namesFromListing(await connection.api.listSubscriptions(signal ? { signal } : {}));
    const before = JSON.stringify(this.memento.get<unknown>(key) ?? null);
    await this.memento.update(key, names);
    return before !== JSON.stringify(names);
  }

  private listedNames(connection: Connection): Record<string, string> | undefined {
    const value = this.memento.get<unknown>(NAMES_PREFIX + this.key(connection).slice(KEY_PREFIX.length));
    if (typeof value !== 'object' || value === null) {
      return undefined;
    }
    return Object.fromEntries(Object.entries(value as Record<string, unknown>).filter((e): e is [string, string] => typeof e[1] === 'string'));
  }

  /**
   * The "Select Subscriptions…" picker. Lists what the token can see; returns the new selection,
   * or undefined when cancelled. Throws the API's user-facing error when the listing fails.
   */
  async pick(connection: Connection): Promise<string[] | undefined> {
    const all = await this.list(connection);
    if (all.length === 0) {
      void vscode.window.showInformationMessage(vscode.l10n.t('This account has no subscriptions; sign in with another account or use the sample service.'));
      return undefined;
    }
    return this.choose(connection, all);
  }

  /**
   * Adds one subscription to the selection (azd's "add this subscription?"), through the same
   * listing and memory as the picker, so it gets its name. Returns the new selection, or undefined
   * when the account cannot see that subscription (nothing changes then).
   */
  async add(connection: Connection, id: string): Promise<string[] | undefined> {
    const all = await this.list(connection);
    const found = all.find((s) => s.subscriptionId.toLowerCase() === id.toLowerCase());
    if (!found) {
      return undefined;
    }
    const ids = [...this.selected(connection).filter((s) => s.toLowerCase() !== id.toLowerCase()), found.subscriptionId];
    await this.remember(connection, ids, all);
    return ids;
  }

  /** What the token can see, with a cancellable progress notification. */
  private list(connection: Connection): Thenable<Subscription[]> {
    return vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Listing subscriptions…'), cancellable: true },
      (_progress, token) => {
        const controller = new AbortController();
        const sub = token.onCancellationRequested(() => controller.abort());
        return connection.api.listSubscriptions({ signal: controller.signal }).finally(() => sub.dispose());
      },
    );
  }

  private async choose(connection: Connection, all: readonly Subscription[]): Promise<string[] | undefined> {
    const current = new Set(this.selected(connection).map((s) => s.toLowerCase()));
    const items = all
      .map((s) => ({
        label: s.displayName || s.subscriptionId,
        description: s.subscriptionId,
        detail: s.state && s.state !== 'Enabled' ? vscode.l10n.t('State: {0}', s.state) : undefined,
        picked: current.has(s.subscriptionId.toLowerCase()),
        id: s.subscriptionId,
      }))
      .sort((a, b) => a.label.localeCompare(b.label));
    const chosen = await vscode.window.showQuickPick(items, {
      canPickMany: true,
      title: vscode.l10n.t('Service Health: Select Subscriptions'),
      placeHolder: vscode.l10n.t('Choose the subscriptions whose health events to show'),
      matchOnDescription: true,
      ignoreFocusOut: true,
    });
    if (!chosen) {
      return undefined;
    }
    const ids = chosen.map((c) => c.id);
    await this.remember(connection, ids, all);
    if (connection.mode === 'azure' && this.settingIds().length > 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t('The setting serviceHealth.subscriptions decides which subscriptions are shown; clear it to use this selection.'),
      );
    }
    return ids;
  }

  private remembered(connection: Connection): Remembered | undefined {
    const value = this.memento.get<unknown>(this.key(connection));
    if (typeof value !== 'object' || value === null) {
      return undefined;
    }
    const v = value as { ids?: unknown; names?: unknown };
    if (!Array.isArray(v.ids)) {
      return undefined;
    }
    const names: Record<string, string> = {};
    if (typeof v.names === 'object' && v.names !== null) {
      for (const [k, n] of Object.entries(v.names as Record<string, unknown>)) {
        if (typeof n === 'string') {
          names[k] = n;
        }
      }
    }
    return { ids: v.ids.filter((x): x is string => typeof x === 'string'), names };
  }

  /** Sample servers get a new port each start; their selection is keyed by mode only. */
  private key(connection: Connection): string {
    return KEY_PREFIX + (connection.mode === 'sample' ? 'sample' : connection.identity);
  }
}

/** The status bar item that shows the request quota of the current connection. */
import type * as vscode from 'vscode';
import { QuotaStatusBar } from '../../status/quotaStatusBar';
import type { ConnectionParts } from './connection';
import type { EventsParts } from './events';
import type { ConnectionLifecycle } from './lifecycle';
import type { Register } from './register';

export function registerQuota(
  register: Register,
  deps: {
    readonly log: vscode.LogOutputChannel;
    readonly connection: ConnectionParts;
    readonly events: EventsParts;
    readonly lifecycle: Pick<ConnectionLifecycle, 'onDidChangeConnection'>;
  },
): QuotaStatusBar {
  const { connections } = deps.connection;
  const statusBar = register(
    new QuotaStatusBar({
      refreshFromService: async () => (await connections.current?.api.getRateLimitStatus()) !== undefined,
      subscriptionName: deps.events.subscriptionName,
      log: deps.log,
    }),
  );
  register(deps.lifecycle.onDidChangeConnection(({ current }) => statusBar.setSource(current?.client)));
  return statusBar;
}

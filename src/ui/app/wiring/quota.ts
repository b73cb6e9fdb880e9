/** The status bar item that shows the request quota of the current connection. */
import type * as vscode from 'vscode';
import { QuotaStatusBar } from '../../status/quotaStatusBar';
import type { ConnectionParts } from './connection';
import type { EventsParts } from './events';
import type { Register } from './register';

export function registerQuota(
  register: Register,
  deps: { readonly log: vscode.LogOutputChannel; readonly connection: ConnectionParts; readonly events: EventsParts },
): QuotaStatusBar {
  const { connections } = deps.connection;
  return register(
    new QuotaStatusBar({
      refreshFromService: async () => (await connections.current?.api.getRateLimitStatus()) !== undefined,
      subscriptionName: deps.events.subscriptionName,
      log: deps.log,
    }),
  );
}

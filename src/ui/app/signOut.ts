/**
 * Sign Out: forgets the session, then everything kept for that account: its events cache file
 * (in the extension's global storage), its subscription selection and names (globalState), the
 * events in memory and the details panels showing them.
 */
import type { AzureAuth } from '../auth/azureAuth';
import type { ConnectionManager } from '../connection/connectionManager';
import type { EventDetailsPanels } from '../details/eventDetailsPanels';
import type { EventsController } from '../events/eventsController';
import type { SubscriptionSelection } from '../subscriptions/subscriptionSelection';

export interface SignOutParts {
  readonly auth: Pick<AzureAuth, 'signOut'>;
  readonly connections: Pick<ConnectionManager, 'current'>;
  readonly details: Pick<EventDetailsPanels, 'closeAll'>;
  readonly controller: Pick<EventsController, 'forget' | 'store'>;
  readonly selection: Pick<SubscriptionSelection, 'forget'>;
}

export async function signOutAndForget(parts: SignOutParts): Promise<void> {
  // The connection names the account (its identity keys the cache file): take it before it changes.
  const account = parts.connections.current;
  await parts.auth.signOut();
  parts.details.closeAll();
  if (account?.mode === 'azure') {
    await Promise.all([parts.controller.forget(account), parts.selection.forget(account)]);
  } else {
    parts.controller.store.clear();
  }
}

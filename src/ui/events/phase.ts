/** What the Events view can show for the current connection, sign-in and selection. */
import type { AzureAuth } from '../auth/azureAuth';
import type { Connection, ConnectionManager } from '../connection/connectionManager';

/** What the view can show, in order of precedence. */
export type Phase = 'misconfigured' | 'connecting' | 'signedOut' | 'noSubscriptions' | 'ready';

export function phaseOf(
  connections: Pick<ConnectionManager, 'configurationProblem' | 'current'>,
  auth: Pick<AzureAuth, 'signedIn' | 'restoringAccount'>,
  selected: (connection: Connection) => readonly string[],
): Phase {
  const c = connections.current;
  if (connections.configurationProblem) {
    return 'misconfigured';
  }
  if (!c) {
    return 'connecting';
  }
  // The account signed in last time stands in until the silent sign-in answers: its cache shows.
  if (c.mode === 'azure' && !auth.signedIn && !auth.restoringAccount) {
    return 'signedOut';
  }
  return selected(c).length === 0 ? 'noSubscriptions' : 'ready';
}

/** Which connection changes the open details panels survive (VS Code-free, for unit tests). */
import type { Connection } from '../connection/connectionManager';

type Owner = Pick<Connection, 'mode' | 'identity'> | undefined;

/**
 * Panels show one account's events: they close when its events are gone from view, i.e. on leaving
 * sample mode (made-up events must not stay next to real ones) and on any Azure change of account,
 * cloud, endpoint or tenant, sign-out included. A restarted sample service keeps them (same events).
 */
export function detailsOutlive(previous: Owner, next: Owner): boolean {
  if (previous?.mode === 'sample') {
    return next?.mode === 'sample';
  }
  if (previous?.mode === 'azure') {
    return next?.identity === previous.identity;
  }
  return true;
}

/**
 * The extension's hook into the cross-subscription listing: past `serviceHealth.resourceGraphThreshold`
 * selected subscriptions, a refresh lists events through Azure Resource Graph (see
 * src/core/api/resourceGraphListing.ts), one listing object per connection so a denial is
 * remembered until the connection changes.
 */
import * as vscode from 'vscode';
import { DEFAULT_RESOURCE_GRAPH_THRESHOLD } from '../../core/api/availabilityListing';
import type { ListEventsOptions, SubscriptionEvents } from '../../core/api/healthEventsApi';
import { ResourceGraphApi } from '../../core/api/resourceGraphApi';
import { CrossSubscriptionListing } from '../../core/api/resourceGraphListing';
import type { Connection } from '../connection/connectionManager';

export { DEFAULT_RESOURCE_GRAPH_THRESHOLD };

/** `serviceHealth.resourceGraphThreshold`: a whole number ≥ 0 (0 = never), else the default. */
export function resourceGraphThreshold(): number {
  const v = vscode.workspace.getConfiguration('serviceHealth').get<unknown>('resourceGraphThreshold');
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : DEFAULT_RESOURCE_GRAPH_THRESHOLD;
}

const listings = new WeakMap<Connection, CrossSubscriptionListing>();
/** The last fallback reason logged per connection: a remembered denial is logged once, not every refresh. */
const reasonsLogged = new WeakMap<Connection, string>();

/** Lists the subscriptions' events the cheapest way that works; results as `listEventsForSubscriptions`. */
export async function listEventsFor(
  connection: Connection,
  subscriptionIds: readonly string[],
  options: ListEventsOptions,
  log: (line: string) => void,
): Promise<SubscriptionEvents[]> {
  let listing = listings.get(connection);
  if (!listing) {
    listing = new CrossSubscriptionListing({
      events: connection.api,
      graph: new ResourceGraphApi({ client: connection.client, origin: connection.origin }),
      threshold: resourceGraphThreshold,
      log,
    });
    listings.set(connection, listing);
  }
  const outcome = await listing.list(subscriptionIds, options);
  if (outcome.via !== 'subscriptions') {
    log(`Listed ${subscriptionIds.length} subscription(s) through Resource Graph${outcome.via === 'mixed' ? ' (some batches per subscription)' : ''}.`);
  }
  if (outcome.fallbackReason !== undefined && reasonsLogged.get(connection) !== outcome.fallbackReason) {
    reasonsLogged.set(connection, outcome.fallbackReason);
    log(outcome.fallbackReason);
  }
  if (outcome.skippedRows > 0) {
    log(`Resource Graph sent ${outcome.skippedRows} row(s) that were not valid events; they were left out.`);
  }
  return outcome.results;
}

/**
 * How the events controller lists its subscriptions: past `serviceHealth.resourceGraphThreshold`
 * selected subscriptions, through Azure Resource Graph (see src/core/api/resourceGraphListing.ts),
 * with one listing object per connection so a denial is remembered until the connection changes.
 * Owned by the controller (no module-level state), so two controllers or a test never share it.
 */
import type { ListEventsOptions, SubscriptionEvents } from '../../core/api/healthEventsApi';
import { ResourceGraphApi } from '../../core/api/resourceGraphApi';
import { CrossSubscriptionListing } from '../../core/api/resourceGraphListing';
import type { Connection } from '../connection/connectionManager';

export class EventsRoute {
  private readonly listings = new WeakMap<Connection, CrossSubscriptionListing>();
  /** The last fallback reason logged per connection: a remembered denial is logged once, not every refresh. */
  private readonly reasonsLogged = new WeakMap<Connection, string>();

  constructor(
    private readonly threshold: () => number,
    private readonly log: (line: string) => void,
  ) {}

  /** Lists the subscriptions' events the cheapest way that works; results as `listEventsForSubscriptions`. */
  async list(connection: Connection, subscriptionIds: readonly string[], options: ListEventsOptions): Promise<SubscriptionEvents[]> {
    const outcome = await this.listingOf(connection).list(subscriptionIds, options);
    if (outcome.via !== 'subscriptions') {
      this.log(`Listed ${subscriptionIds.length} subscription(s) through Resource Graph${outcome.via === 'mixed' ? ' (some batches per subscription)' : ''}.`);
    }
    if (outcome.fallbackReason !== undefined && this.reasonsLogged.get(connection) !== outcome.fallbackReason) {
      this.reasonsLogged.set(connection, outcome.fallbackReason);
      this.log(outcome.fallbackReason);
    }
    if (outcome.skippedRows > 0) {
      this.log(`Resource Graph sent ${outcome.skippedRows} row(s) that were not valid events; they were left out.`);
    }
    return outcome.results;
  }

  private listingOf(connection: Connection): CrossSubscriptionListing {
    let listing = this.listings.get(connection);
    if (!listing) {
      listing = new CrossSubscriptionListing({
        events: connection.api,
        graph: new ResourceGraphApi({ client: connection.client, origin: connection.origin }),
        threshold: this.threshold,
        log: this.log,
      });
      this.listings.set(connection, listing);
    }
    return listing;
  }
}

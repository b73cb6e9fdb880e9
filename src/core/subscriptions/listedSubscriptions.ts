/**
 * Subscription names for hosts without a stored selection (the CLI, the MCP server): one
 * GET /subscriptions, shared by every answer. Names are a courtesy: when the listing fails the
 * answers show ids, and the failure is reported once, never thrown. VS Code-free.
 */
import type { Subscription } from '../model/schemas';
import { mergeNames, namesFromListing, type SubscriptionNamer, type SubscriptionNames } from './names';
import { errorText } from '../text/errorText';

export class ListedSubscriptions {
  private listing: Promise<readonly Subscription[]> | undefined;
  private named: Promise<void> | undefined;
  private names: SubscriptionNames = new Map();

  constructor(
    private readonly list: () => Promise<readonly Subscription[]>,
    /** Called once when the names cannot be listed (the answers then show ids). */
    private readonly onNamesUnavailable: (error: unknown) => void = () => undefined,
  ) {}

  /** Every subscription the token can see; listed once, and again after a failed listing. */
  all(): Promise<readonly Subscription[]> {
    this.listing ??= this.list().catch((error: unknown) => {
      this.listing = undefined;
      throw error;
    });
    return this.listing;
  }

  /** Resolves once the names are known or known to be unavailable; never rejects, tries once. */
  namesReady(): Promise<void> {
    this.named ??= this.all().then(
      (subscriptions) => {
        this.names = mergeNames(namesFromListing(subscriptions));
      },
      (error: unknown) => this.onNamesUnavailable(error),
    );
    return this.named;
  }

  /** A listed name (undefined before {@link namesReady} resolved, or when none is known). */
  readonly name: SubscriptionNamer = (id) => this.names.get(id.toLowerCase());
}

/** What a host says, once, when the names are unavailable: ids are shown instead, and why. */
export function namesUnavailableText(error: unknown): string {
  const reason = errorText(error).replace(/\s+/g, ' ').trim().replace(/\.$/, '');
  return `subscription names could not be listed, so subscriptions are shown by id (${reason}).`;
}

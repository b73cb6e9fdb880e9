/**
 * What a refresh announces: new active service issues, and (at the "all" level) new "Action
 * Recommended" events. Counted in incidents like every other count (see incidents.ts): an issue
 * listed for three subscriptions is one issue, and an issue that is also tagged is announced once,
 * as an issue. Pure, so unit tests check the wording and the counting.
 */
import { titleOf, type StoredEvent } from './eventFacts';
import type { RefreshOutcome } from './eventsStore';
import { firstCopies, incidentKey } from './incidents';
import { subscriptionList, type SubscriptionNamer } from '../subscriptions/names';

export type AnnouncementLevel = 'off' | 'serviceIssues' | 'all';

export interface Announcement {
  readonly kind: 'issue' | 'action';
  /** One copy per incident. */
  readonly incidents: readonly StoredEvent[];
  readonly text: string;
}

/**
 * `subscriptionName` names the subscriptions the announcement is about ("in Contoso Production");
 * a subscription without a known name is given by its GUID.
 */
export function announcementsOf(
  outcome: Pick<RefreshOutcome, 'newActiveServiceIssues' | 'newActionRecommended'>,
  level: AnnouncementLevel,
  subscriptionName?: SubscriptionNamer,
): Announcement[] {
  if (level === 'off') {
    return [];
  }
  const out: Announcement[] = [];
  const issues = firstCopies(outcome.newActiveServiceIssues);
  if (issues.length > 0) {
    const where = subscriptionsOf(issues, outcome.newActiveServiceIssues, subscriptionName);
    out.push({ kind: 'issue', incidents: issues, text: textOf(issues, where, 'new active service issue', 'service issues affect') });
  }
  if (level === 'all') {
    const announced = new Set(issues.map((e) => incidentKey(e.trackingId)));
    const actions = firstCopies(outcome.newActionRecommended).filter((e) => !announced.has(incidentKey(e.trackingId)));
    if (actions.length > 0) {
      const where = subscriptionsOf(actions, outcome.newActionRecommended, subscriptionName);
      out.push({ kind: 'action', incidents: actions, text: textOf(actions, where, 'action recommended', 'events recommend action for') });
    }
  }
  return out;
}

/** The subscriptions that list the announced incidents (every copy, not just the first). */
function subscriptionsOf(incidents: readonly StoredEvent[], copies: readonly StoredEvent[], name: SubscriptionNamer | undefined): string | undefined {
  if (!name) {
    return undefined;
  }
  const announced = new Set(incidents.map((e) => incidentKey(e.trackingId)));
  return subscriptionList(
    copies.filter((e) => announced.has(incidentKey(e.trackingId))).map((e) => e.subscriptionId),
    name,
  );
}

/** `where`: the subscriptions' names; undefined (no names at all) says "your subscriptions". */
function textOf(incidents: readonly StoredEvent[], where: string | undefined, one: string, many: string): string {
  const [first] = incidents;
  return incidents.length === 1 && first
    ? `Service Health: "${titleOf(first.event)}" (${one}${where ? ` in ${where}` : ''}).`
    : `Service Health: ${incidents.length} new ${many} ${where ?? 'your subscriptions'}.`;
}

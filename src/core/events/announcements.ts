/**
 * What a refresh announces: new active service issues, and (at the "all" level) new "Action
 * Recommended" events. Counted in incidents like every other count (see incidents.ts): an issue
 * listed for three subscriptions is one issue, and an issue that is also tagged is announced once,
 * as an issue. Pure, so unit tests check the wording and the counting.
 */
import { titleOf, type StoredEvent } from './eventFacts';
import type { RefreshOutcome } from './eventsStore';
import { firstCopies, incidentKey } from './incidents';

export type AnnouncementLevel = 'off' | 'serviceIssues' | 'all';

export interface Announcement {
  readonly kind: 'issue' | 'action';
  /** One copy per incident. */
  readonly incidents: readonly StoredEvent[];
  readonly text: string;
}

export function announcementsOf(outcome: Pick<RefreshOutcome, 'newActiveServiceIssues' | 'newActionRecommended'>, level: AnnouncementLevel): Announcement[] {
  if (level === 'off') {
    return [];
  }
  const out: Announcement[] = [];
  const issues = firstCopies(outcome.newActiveServiceIssues);
  if (issues.length > 0) {
    out.push({ kind: 'issue', incidents: issues, text: textOf(issues, 'new active service issue', 'service issues affect') });
  }
  if (level === 'all') {
    const announced = new Set(issues.map((e) => incidentKey(e.trackingId)));
    const actions = firstCopies(outcome.newActionRecommended).filter((e) => !announced.has(incidentKey(e.trackingId)));
    if (actions.length > 0) {
      out.push({ kind: 'action', incidents: actions, text: textOf(actions, 'action recommended', 'events recommend action for') });
    }
  }
  return out;
}

function textOf(incidents: readonly StoredEvent[], one: string, many: string): string {
  const [first] = incidents;
  return incidents.length === 1 && first ? `Service Health: "${titleOf(first.event)}" (${one}).` : `Service Health: ${incidents.length} new ${many} your subscriptions.`;
}

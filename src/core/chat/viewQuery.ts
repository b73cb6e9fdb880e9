/**
 * A query-language filter on the Events view, on top of the view's own filter (time window,
 * types, statuses...). Relative times ("since monday", "last 24h") are read again at each use,
 * so the view keeps meaning what the user typed as time passes. VS Code-free.
 */
import type { StoredEvent } from '../events/eventFacts';
import type { ImpactedCount, WorkspaceTouch } from '../query/predicate';
import { KnownNamesCache, runQuery } from './eventQuery';

export class ViewQuery {
  private readonly names = new KnownNamesCache();

  constructor(readonly text: string) {}

  /** The events of `visible` the query keeps (with its sort and limit), in `visible`'s order. */
  select(visible: readonly StoredEvent[], held: readonly StoredEvent[], now: number, impactedCount?: ImpactedCount, inWorkspace?: WorkspaceTouch): StoredEvent[] {
    const kept = new Set(runQuery(this.text, visible, now, this.names.of(held), impactedCount, inWorkspace).selected);
    return visible.filter((e) => kept.has(e));
  }

  /** describeQuery's summary, e.g. "active service issues in West Europe". */
  describe(held: readonly StoredEvent[], now: number): string {
    return runQuery(this.text, [], now, this.names.of(held)).description;
  }

  unrecognized(held: readonly StoredEvent[], now: number): string[] {
    return runQuery(this.text, [], now, this.names.of(held)).parsed.unrecognized;
  }
}

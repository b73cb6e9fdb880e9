/**
 * A query-language filter on the Events view, on top of the view's own filter (time window,
 * types, statuses...). Relative times ("since monday", "last 24h") are read again at each use,
 * so the view keeps meaning what the user typed as time passes. VS Code-free.
 */
import type { StoredEvent } from '../events/eventFacts';
import type { QueryFacts } from '../query/queryFacts';
import { readsImpactedResources } from '../query/resourcePredicate';
import { KnownNamesCache, runQuery } from './eventQuery';

export class ViewQuery {
  private readonly names = new KnownNamesCache();

  constructor(readonly text: string) {}

  /** The events of `visible` the query keeps (with its sort and limit), in `visible`'s order. */
  select(visible: readonly StoredEvent[], held: readonly StoredEvent[], now: number, facts: QueryFacts = {}): StoredEvent[] {
    const kept = new Set(runQuery(this.text, visible, now, this.names.of(held), facts).selected);
    return visible.filter((e) => kept.has(e));
  }

  /** describeQuery's summary, e.g. "active service issues in West Europe". */
  describe(held: readonly StoredEvent[], now: number): string {
    return runQuery(this.text, [], now, this.names.of(held)).description;
  }

  /** Whether it reads the impacted resources (`impacted:`, `health:`, `resource:`, `rg:`): they are listed on demand. */
  readsImpactedResources(held: readonly StoredEvent[], now: number): 'health' | 'resources' | undefined {
    return readsImpactedResources(runQuery(this.text, [], now, this.names.of(held)).parsed);
  }

  unrecognized(held: readonly StoredEvent[], now: number): string[] {
    return runQuery(this.text, [], now, this.names.of(held)).parsed.unrecognized;
  }
}

/**
 * Paging of a group's event rows: a group with thousands of events would be built, sent to the
 * renderer and laid out all at once, which dominates the first paint. A group shows its first
 * rows (in its own order: active and newest first) and one "Show N more" row after them.
 * VS Code-free, so the slicing and the wording are unit-tested.
 */
import { formatCount } from '../../core/text/numbers';

/**
 * Rows a group shows before its "Show more" row, and how many more each click adds. Above the
 * sample service's default 300 events, so no group of the default data (or the tests') is cut.
 */
export const ROWS_PER_PAGE = 300;

/** The "Show N more" row under a cut group. */
export interface MoreRows {
  /** Rows the next click adds. */
  readonly next: number;
  /** Rows not shown now. */
  readonly hidden: number;
  /** The group's limit after the click. */
  readonly nextLimit: number;
  readonly label: string;
  /** "9,800 not shown" when a click will not show them all. */
  readonly description?: string;
  /** What a screen reader says: the label, the word "events" and what stays hidden. */
  readonly accessibleLabel: string;
}

/** The "Show more" row's sentences; nodes.ts passes them translated (vscode.l10n), tests use the English ones. */
export interface MoreWords {
  /** "Show 300 more" (the count already formatted). */
  readonly label: (next: string) => string;
  /** "9,800 not shown". */
  readonly notShown: (hidden: string) => string;
  /** "Show 300 more events (9,800 not shown)"; `notShown` is undefined when the click shows them all. */
  readonly accessible: (next: number, nextText: string, notShown: string | undefined) => string;
}

export const ENGLISH_MORE_WORDS: MoreWords = {
  label: (next) => `Show ${next} more`,
  notShown: (hidden) => `${hidden} not shown`,
  accessible: (next, nextText, notShown) => `Show ${nextText} more event${next === 1 ? '' : 's'}${notShown ? ` (${notShown})` : ''}`,
};

export interface RowPage<T> {
  readonly shown: readonly T[];
  readonly more?: MoreRows;
}

/** The first `limit` rows, and the "Show more" row when some are left out (of `total`: a cached first screen holds the first rows only). */
export function pageRows<T>(rows: readonly T[], limit: number, step = ROWS_PER_PAGE, total = rows.length, words: MoreWords = ENGLISH_MORE_WORDS): RowPage<T> {
  if (total <= limit) {
    return { shown: rows };
  }
  const hidden = total - limit;
  const next = Math.min(step, hidden);
  const label = words.label(formatCount(next));
  const rest = hidden > next ? words.notShown(formatCount(hidden)) : undefined;
  return {
    shown: rows.slice(0, limit),
    more: {
      next,
      hidden,
      nextLimit: limit + next,
      label,
      ...(rest ? { description: rest } : {}),
      accessibleLabel: words.accessible(next, formatCount(next), rest),
    },
  };
}

/** The smallest limit, in whole pages, that shows the row at `index`. */
export function limitShowing(index: number, limit: number, step = ROWS_PER_PAGE): number {
  return index < limit ? limit : limit + Math.ceil((index + 1 - limit) / step) * step;
}

/**
 * Per-group row limits. They survive refreshes of the same view (new data, a reload), and start
 * over when the grouping or the filter changes, since the groups then hold other rows.
 */
export class GroupLimits {
  private readonly limits = new Map<string, number>();
  private scope: string | undefined;

  constructor(private readonly first = ROWS_PER_PAGE) {}

  /** Forgets every raised limit when `scope` (grouping + filter) differs from the last one. */
  enter(scope: string): void {
    if (scope !== this.scope) {
      this.scope = scope;
      this.limits.clear();
    }
  }

  /** True when some group's limit was raised (in this scope). */
  get raised(): boolean {
    return this.limits.size > 0;
  }

  of(groupId: string): number {
    return this.limits.get(groupId) ?? this.first;
  }

  /** Raises a group's limit (never lowers it); true when it changed. */
  raise(groupId: string, limit: number): boolean {
    if (limit <= this.of(groupId)) {
      return false;
    }
    this.limits.set(groupId, limit);
    return true;
  }
}

/**
 * The Resources view's filter (Filter Resources…: `health:unhealthy rg:rg-app`, "which of my VMs
 * are down"), kept in workspaceState like the Events view's query. The query language loads from
 * dist/resourceFilter.js with the first filter (at start only when the workspace saved one).
 */
import type * as vscode from 'vscode';
import type { AvailabilityStatus } from '../../core/model/availability';
import { ContextKey } from '../base/commandIds';
import { setContext } from '../base/commands';
import { loadResourceFilter } from './lazyResourceFilter';

const RESOURCE_QUERY_KEY = 'serviceHealth.resourceQuery';

export type StatusMatcher = (status: AvailabilityStatus) => boolean;

/** The current filter text and its matcher; `onChange` runs after every change (the view re-renders). */
export class ResourceFilter {
  private current: string | undefined;
  private matcher: StatusMatcher | undefined;

  constructor(
    private readonly memento: vscode.Memento | undefined,
    private readonly now: () => number,
    private readonly onChange: () => void,
  ) {
    const saved = memento?.get<unknown>(RESOURCE_QUERY_KEY);
    try {
      this.apply(typeof saved === 'string' ? saved : undefined);
    } catch {
      // Its bundle gone after an update (the reload offer says so): unfiltered until the window reloads.
      this.apply(undefined);
    }
  }

  get text(): string | undefined {
    return this.current;
  }

  /** Keeps the statuses the filter selects; every status without a filter. */
  get matches(): StatusMatcher | undefined {
    return this.matcher;
  }

  /** '' or undefined clears the filter. */
  async set(text: string | undefined): Promise<void> {
    this.apply(text);
    this.onChange();
    await this.memento?.update(RESOURCE_QUERY_KEY, this.current);
  }

  private apply(text: string | undefined): void {
    const trimmed = text?.trim() || undefined;
    this.current = trimmed;
    this.matcher = trimmed ? loadResourceFilter().runResourceQuery(trimmed, [], this.now()).matches : undefined;
    void setContext(ContextKey.resourcesFiltered, trimmed !== undefined);
  }
}


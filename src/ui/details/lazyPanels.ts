/**
 * The event details panels, loaded when the first panel opens (or is restored after a reload):
 * the build puts them, with the view model and HTML rendering, in dist/details.js. Until then
 * there is no panel, so the questions below have their "none open" answers.
 */
import type * as vscode from 'vscode';
import { requireBundle } from '../../core/bundles/bundleLoader';
import type { HealthEvent } from '../../core/model/schemas';
import type { EventDetailsDeps, EventDetailsPanels } from './eventDetailsPanels';
import type { EventRef } from './detailsShared';
import type * as DetailsBundle from './detailsBundle';

export type DetailsPanels = Pick<
  EventDetailsPanels,
  'openCount' | 'show' | 'restore' | 'fetch' | 'refreshImpactedResources' | 'refreshSubscriptionNames' | 'activeRef' | 'closeAll' | 'dispose'
>;

function loadDetails(): typeof DetailsBundle {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy sibling bundle
  return requireBundle('details', () => require('./detailsBundle') as typeof DetailsBundle);
}

/** An event as Markdown (Copy as Markdown), from the same bundle. */
export const eventMarkdown: typeof DetailsBundle.eventMarkdown = (...args) => loadDetails().eventMarkdown(...args);

export class LazyDetailsPanels implements DetailsPanels {
  private loaded: EventDetailsPanels | undefined;

  constructor(private readonly deps: EventDetailsDeps) {}

  private panels(): EventDetailsPanels {
    if (!this.loaded) {
      this.loaded = new (loadDetails().EventDetailsPanels)(this.deps);
    }
    return this.loaded;
  }

  get openCount(): number {
    return this.loaded?.openCount ?? 0;
  }

  show(ref: EventRef, event: HealthEvent): void {
    this.panels().show(ref, event);
  }

  restore(panel: vscode.WebviewPanel, state: unknown): void {
    this.panels().restore(panel, state);
  }

  fetch(ref: EventRef): Promise<boolean> {
    return this.loaded ? this.loaded.fetch(ref) : Promise.resolve(false);
  }

  refreshImpactedResources(): void {
    this.loaded?.refreshImpactedResources();
  }

  refreshSubscriptionNames(): void {
    this.loaded?.refreshSubscriptionNames();
  }

  activeRef(): EventRef | undefined {
    return this.loaded?.activeRef();
  }

  closeAll(): void {
    this.loaded?.closeAll();
  }

  dispose(): void {
    this.loaded?.dispose();
  }
}

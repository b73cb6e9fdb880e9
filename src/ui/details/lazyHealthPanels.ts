/**
 * Resource health panels, loaded with the first one from the details bundle (dist/details.js),
 * like the event details panels. Until then there is no panel to ask about.
 */
import type * as vscode from 'vscode';
import { requireBundle } from '../../core/bundles/bundleLoader';
import type * as DetailsBundle from './detailsBundle';
import type { ResourceHealthPanelDeps, ResourceHealthPanels } from '../resources/resourceHealthPanels';

export type HealthPanels = Pick<ResourceHealthPanels, 'openCount' | 'show' | 'restore' | 'activeResourceId' | 'refresh' | 'closeAll' | 'dispose'>;

export class LazyHealthPanels implements HealthPanels {
  private loaded: ResourceHealthPanels | undefined;

  constructor(private readonly deps: ResourceHealthPanelDeps) {}

  private panels(): ResourceHealthPanels {
    if (!this.loaded) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy sibling bundle
      const bundle = requireBundle('details', () => require('./detailsBundle') as typeof DetailsBundle);
      this.loaded = new bundle.ResourceHealthPanels(this.deps);
    }
    return this.loaded;
  }

  get openCount(): number {
    return this.loaded?.openCount ?? 0;
  }

  show(resourceId: string): void {
    this.panels().show(resourceId);
  }

  restore(panel: vscode.WebviewPanel, state: unknown): void {
    this.panels().restore(panel, state);
  }

  activeResourceId(): string | undefined {
    return this.loaded?.activeResourceId();
  }

  refresh(): void {
    this.loaded?.refresh();
  }

  closeAll(): void {
    this.loaded?.closeAll();
  }

  dispose(): void {
    this.loaded?.dispose();
  }
}

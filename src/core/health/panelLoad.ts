/**
 * A resource health panel's loads, in order: a newer load (the panel shown again) aborts the one
 * before it, and an older answer arriving late never overwrites a newer one. VS Code-free.
 */
import type { AvailabilityApi } from '../api/availabilityApi';
import type { AvailabilityStatus } from '../model/availability';
import { errorText } from '../text/errorText';
import type { Loadable } from './healthPanel';

/** What a panel shows while and after it loads: the current status, then the history. */
export interface PanelParts {
  current: Loadable<AvailabilityStatus>;
  history?: Loadable<readonly AvailabilityStatus[]>;
}

export interface PanelLoadDeps {
  readonly resourceId: string;
  readonly parts: PanelParts;
  /** Called after each part changes (the panel renders again). */
  readonly render: () => void;
  readonly warn: (line: string) => void;
}

export class PanelLoader {
  private controller = new AbortController();

  constructor(private readonly deps: PanelLoadDeps) {}

  /** Loads the current status, then the history; each failure stays in its own part. Aborts the load before it. */
  async load(api: Pick<AvailabilityApi, 'getCurrent' | 'listHistory'>): Promise<void> {
    this.controller.abort();
    const controller = new AbortController();
    this.controller = controller;
    const { signal } = controller;
    const { parts, resourceId } = this.deps;
    parts.history = { kind: 'loading' };
    this.deps.render();
    const current = await settle(() => api.getCurrent(resourceId, { signal }));
    // Aborted: a newer load (or the panel's close) owns the parts now.
    if (signal.aborted) return;
    if (current.kind === 'error') this.deps.warn(`Resource health of ${resourceId}: ${current.message}`);
    parts.current = current;
    this.deps.render();
    const history = await settle(() => api.listHistory(resourceId, { signal }));
    if (signal.aborted) return;
    if (history.kind === 'error') this.deps.warn(`Resource health history of ${resourceId}: ${history.message}`);
    parts.history = history;
    this.deps.render();
  }

  /** The panel closed: the load in flight stops. */
  abort(): void {
    this.controller.abort();
  }
}

async function settle<T>(work: () => Promise<T>): Promise<Loadable<T>> {
  try {
    return { kind: 'loaded', value: await work() };
  } catch (error) {
    return { kind: 'error', message: errorText(error) };
  }
}

/**
 * Timer for automatic refreshes: `serviceHealth.refreshIntervalMinutes` (0 = off), stretched when
 * quota is low, paused while the events view is hidden (refreshing on return when overdue).
 */
import type { QuotaState } from '../../core/http/types';
import { nextRefreshDelay } from '../../core/events/refreshPolicy';
import type { IDisposable } from '../base/disposable';

export interface AutoRefreshDeps {
  readonly intervalMinutes: () => number;
  readonly quota: () => QuotaState | undefined;
  readonly refresh: () => Promise<void>;
  readonly now?: () => number;
}

export class AutoRefresh implements IDisposable {
  private timer: NodeJS.Timeout | undefined;
  private visible = false;
  private lastRun: number;
  private readonly now: () => number;

  constructor(private readonly deps: AutoRefreshDeps) {
    this.now = deps.now ?? Date.now;
    this.lastRun = this.now();
  }

  /** A refresh ran (by the timer or the user): the next one is a full interval away. */
  noteRefreshed(): void {
    this.lastRun = this.now();
    this.schedule();
  }

  setVisible(visible: boolean): void {
    this.visible = visible;
    this.schedule();
  }

  /** Re-plans after a settings or quota change. */
  schedule(): void {
    this.clear();
    if (!this.visible) {
      return;
    }
    const delay = nextRefreshDelay(this.deps.intervalMinutes(), this.deps.quota(), this.now());
    if (delay === undefined) {
      return;
    }
    const remaining = Math.max(0, this.lastRun + delay - this.now());
    this.timer = setTimeout(() => {
      this.timer = undefined;
      this.lastRun = this.now();
      void this.deps.refresh().finally(() => this.schedule());
    }, remaining);
  }

  private clear(): void {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  dispose(): void {
    this.clear();
  }
}

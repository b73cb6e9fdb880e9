/** Messages between the resource health webview and the host; the host validates every incoming one. */
import type { HealthBodyHtml } from './healthPanelHtml';

export const HEALTH_VIEW_TYPE = 'serviceHealth.resourceHealth';

/** What the webview keeps (VS Code writes it to disk): the resource id only; a restore loads afresh. */
export interface PersistedHealth {
  readonly version: 1;
  readonly resourceId: string;
}

export interface HealthRenderMessage {
  readonly type: 'render';
  readonly html: HealthBodyHtml;
  readonly title: string;
  readonly persist: PersistedHealth;
}

export type HealthToWebview = HealthRenderMessage;

export type HealthToHost =
  | { readonly type: 'ready' }
  | { readonly type: 'openLink'; readonly url: string }
  | { readonly type: 'openEvent'; readonly subscriptionId: string; readonly trackingId: string };

/** The message when well formed, else undefined. */
export function parseHealthMessage(data: unknown): HealthToHost | undefined {
  if (typeof data !== 'object' || data === null) {
    return undefined;
  }
  const msg = data as Record<string, unknown>;
  switch (msg.type) {
    case 'ready':
      return { type: 'ready' };
    case 'openLink':
      return typeof msg.url === 'string' ? { type: 'openLink', url: msg.url } : undefined;
    case 'openEvent':
      return typeof msg.subscriptionId === 'string' && typeof msg.trackingId === 'string' && msg.subscriptionId && msg.trackingId
        ? { type: 'openEvent', subscriptionId: msg.subscriptionId, trackingId: msg.trackingId }
        : undefined;
    default:
      return undefined;
  }
}

/** The resource id of a saved webview state; undefined when unusable (the state is untrusted). */
export function readPersistedHealth(state: unknown): string | undefined {
  const persist = (state as { persist?: unknown } | null | undefined)?.persist as { version?: unknown; resourceId?: unknown } | undefined;
  if (typeof persist !== 'object' || persist === null || persist.version !== 1 || typeof persist.resourceId !== 'string') {
    return undefined;
  }
  const id = persist.resourceId.trim();
  return /^\/subscriptions\/[^/]+\//i.test(id) && id.length <= 2048 ? id : undefined;
}

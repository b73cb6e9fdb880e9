/**
 * Messages between the details webview and the extension host, shared by both sides.
 * The host treats every incoming message as untrusted input and validates it here.
 */
import type { DetailsViewModel } from './detailsModel';
import type { HealthEvent } from '../model/schemas';

export interface EventRefData {
  readonly subscriptionId: string;
  readonly trackingId: string;
}

/** What the webview keeps with setState, so a reload (or a window reload) can restore the panel. */
export interface PersistedDetails {
  readonly version: 1;
  readonly ref: EventRefData;
  /** The raw event; the host re-validates and re-sanitizes it when restoring. */
  readonly event: HealthEvent;
}

export type FetchState =
  | { readonly state: 'idle' }
  | { readonly state: 'loading' }
  | { readonly state: 'error'; readonly message: string };

export type HostToWebview =
  | { readonly type: 'render'; readonly model: DetailsViewModel; readonly persist: PersistedDetails }
  | ({ readonly type: 'fetchState' } & FetchState);

export type WebviewToHost =
  | { readonly type: 'ready' }
  | { readonly type: 'openLink'; readonly url: string }
  | { readonly type: 'copyTrackingId' }
  | { readonly type: 'fetchDetails' };

/** The webview state object (what `vscode.setState` stores). */
export interface WebviewState {
  readonly model: DetailsViewModel;
  readonly persist: PersistedDetails;
}

/** Returns the message when it is a well-formed webview message, else undefined. */
export function parseWebviewMessage(data: unknown): WebviewToHost | undefined {
  if (typeof data !== 'object' || data === null) {
    return undefined;
  }
  const msg = data as Record<string, unknown>;
  switch (msg.type) {
    case 'ready':
    case 'copyTrackingId':
    case 'fetchDetails':
      return { type: msg.type };
    case 'openLink':
      return typeof msg.url === 'string' ? { type: 'openLink', url: msg.url } : undefined;
    default:
      return undefined;
  }
}

/** The event key of a panel: one panel per subscription and tracking id. */
export function eventKey(ref: EventRefData): string {
  return `${ref.subscriptionId}/${ref.trackingId}`;
}

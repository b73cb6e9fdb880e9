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

/**
 * What the webview keeps with setState, so a reload (or a window reload) can restore the panel.
 * VS Code writes it to disk: for a sensitive event it is the listing event, never the text
 * fetched with Fetch details (a restored panel offers Fetch details again).
 */
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
  | RenderMessage
  | ({ readonly type: 'fetchState' } & FetchState);

export interface RenderMessage {
  readonly type: 'render';
  readonly model: DetailsViewModel;
  readonly persist: PersistedDetails;
  /** False when the model holds fetched sensitive text: the webview must not save it. */
  readonly saveModel: boolean;
}

export type WebviewToHost =
  | { readonly type: 'ready' }
  | { readonly type: 'openLink'; readonly url: string }
  | { readonly type: 'copyTrackingId' }
  | { readonly type: 'fetchDetails' };

/** The webview state object (what `vscode.setState` stores, and VS Code persists). */
export interface WebviewState {
  /** Lets a reloaded webview paint at once; left out when it holds fetched sensitive text. */
  readonly model?: DetailsViewModel;
  readonly persist: PersistedDetails;
}

/** What the webview saves for a render message: never the model of fetched sensitive text. */
export function stateToSave(msg: RenderMessage): WebviewState {
  return msg.saveModel ? { model: msg.model, persist: msg.persist } : { persist: msg.persist };
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

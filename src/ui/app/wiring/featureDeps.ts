import type * as vscode from 'vscode';
import type { AppState } from '../appState';
import type { ConnectionParts } from './connection';
import type { EventsParts } from './events';

/** What the features built on the events (details, chat, agent tools) are given. */
export interface FeatureDeps {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
  readonly state: AppState;
  readonly connection: ConnectionParts;
  readonly events: EventsParts;
}

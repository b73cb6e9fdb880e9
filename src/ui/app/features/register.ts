import type * as vscode from 'vscode';
import type { IDisposable } from '../../base/disposable';
import type { AppState } from '../appState';
import type { ConnectionParts } from './connection';
import type { EventsParts } from './events';

/** Hands a disposable to the composition root, which releases it (in reverse order) on deactivate. */
export type Register = <T extends IDisposable>(d: T) => T;

/** What the features built on the events (details, chat, agent tools) are given. */
export interface FeatureDeps {
  readonly context: vscode.ExtensionContext;
  readonly log: vscode.LogOutputChannel;
  readonly state: AppState;
  readonly connection: ConnectionParts;
  readonly events: EventsParts;
}

/** The palette's recent queries, kept as typed in globalState (the same list in every workspace). */
import type * as vscode from 'vscode';
import { addToHistory, normalizeHistory } from '../../core/chat/queryHistory';

const HISTORY_KEY = 'serviceHealth.queryHistory';

export class QueryHistoryStore {
  constructor(private readonly memento: vscode.Memento) {}

  list(): string[] {
    return normalizeHistory(this.memento.get(HISTORY_KEY));
  }

  async add(text: string): Promise<void> {
    const next = addToHistory(this.list(), text);
    await this.memento.update(HISTORY_KEY, next);
  }
}

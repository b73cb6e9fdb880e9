/**
 * The one catch of every tree data provider: a throw (or rejection) while computing rows becomes
 * an error row with Retry, as the Azure Resources extension's tree base does, instead of an error
 * thrown into VS Code (which leaves the view empty or spinning with nothing to do).
 */
import * as vscode from 'vscode';
import { errorText } from '../../core/text/errorText';
import { Command } from '../base/commandIds';
import { registerCommand, type CommandLog } from '../base/commands';

/** The Retry of an error row: re-requests the rows that failed. Not in the palette (no manifest entry). */
export const RETRY_TREE_ROWS_COMMAND = Command.retryTreeRows;

/** What the Retry command receives: in-process, so it may carry the re-request itself. */
export interface TreeRetry {
  retry(): void;
}

/** The error row's text and Retry, for a subclass to dress in its own node type. */
export interface TreeErrorRow {
  readonly label: string;
  readonly description: string;
  readonly tooltip: string;
  readonly command: vscode.Command;
}

export const ROWS_ERROR_LABEL = "Couldn't show these rows; select Retry to try again.";
export const ROW_ERROR_LABEL = "Couldn't show this row; select Retry to try again.";

/** Registers {@link RETRY_TREE_ROWS_COMMAND} (once per extension; every provider's error rows use it). */
export function registerTreeRetryCommand(log: CommandLog): vscode.Disposable {
  return registerCommand(RETRY_TREE_ROWS_COMMAND, (target: unknown) => {
    if (typeof (target as Partial<TreeRetry> | undefined)?.retry === 'function') {
      (target as TreeRetry).retry();
    }
  }, log);
}

function isThenable<T>(value: unknown): value is Thenable<T> {
  return typeof (value as Partial<Thenable<T>> | undefined)?.then === 'function';
}

export abstract class SafeTreeDataProvider<T> implements vscode.TreeDataProvider<T>, vscode.Disposable {
  protected readonly changed = new vscode.EventEmitter<T | undefined>();
  readonly onDidChangeTreeData = this.changed.event;

  /** `onError` hears every caught error (the log), with where it happened. */
  constructor(private readonly onError?: (where: string, error: unknown) => void) {}

  /** The rows under `element` (the top rows when undefined); may throw. */
  protected abstract children(element: T | undefined): T[] | Thenable<T[]>;
  protected abstract treeItem(element: T): vscode.TreeItem;
  /** The error row under `parent`, as a node of this tree. */
  protected abstract errorNode(parent: T | undefined, row: TreeErrorRow): T;
  protected parentOf(_element: T): T | undefined {
    return undefined;
  }
  protected resolve(item: vscode.TreeItem, _element: T): vscode.TreeItem {
    return item;
  }

  /** Asks VS Code for `element`'s rows again (all rows when undefined). */
  protected refresh(element: T | undefined): void {
    this.changed.fire(element);
  }

  getChildren(element?: T): T[] | Thenable<T[]> {
    try {
      const rows = this.children(element);
      return isThenable<T[]>(rows) ? Promise.resolve(rows).catch((e: unknown) => this.failedRows(element, e)) : rows;
    } catch (e) {
      return this.failedRows(element, e);
    }
  }

  getTreeItem(element: T): vscode.TreeItem {
    try {
      return this.treeItem(element);
    } catch (e) {
      const row = this.errorRow(ROW_ERROR_LABEL, 'getTreeItem', e, element);
      const item = new vscode.TreeItem(row.label, vscode.TreeItemCollapsibleState.None);
      item.description = row.description;
      item.tooltip = row.tooltip;
      item.command = row.command;
      item.iconPath = new vscode.ThemeIcon('error', new vscode.ThemeColor('errorForeground'));
      item.contextValue = 'serviceHealth.treeError';
      return item;
    }
  }

  getParent(element: T): T | undefined {
    try {
      return this.parentOf(element);
    } catch (e) {
      this.onError?.('getParent', e);
      return undefined; // reveal then shows the row at the top level, at worst
    }
  }

  resolveTreeItem(item: vscode.TreeItem, element: T): vscode.TreeItem {
    try {
      return this.resolve(item, element);
    } catch (e) {
      this.onError?.('resolveTreeItem', e);
      return item; // the row stays as it is, without its hover details
    }
  }

  private failedRows(parent: T | undefined, error: unknown): T[] {
    return [this.errorNode(parent, this.errorRow(ROWS_ERROR_LABEL, 'getChildren', error, parent))];
  }

  private errorRow(label: string, where: string, error: unknown, target: T | undefined): TreeErrorRow {
    this.onError?.(where, error);
    const retry: TreeRetry = { retry: () => this.refresh(target) };
    return {
      label,
      description: vscode.l10n.t('Retry'),
      tooltip: [label, errorText(error)].join('\n'),
      command: { command: RETRY_TREE_ROWS_COMMAND, title: vscode.l10n.t('Retry'), arguments: [retry] },
    };
  }

  dispose(): void {
    this.changed.dispose();
  }
}

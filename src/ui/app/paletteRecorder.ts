/**
 * What the open Query Events palette shows, read from the QuickPick the user sees (its value,
 * items, active item and busy state). Test mode only: it wraps this extension's own
 * `vscode.window.createQuickPick`, like detailsRecorder.ts does for webview panels.
 */
import * as vscode from 'vscode';

/** The palette's title as the user reads it (while it searches, the title says so after a colon). */
const PALETTE_TITLE = 'Query Service Health Events';

export interface PaletteState {
  readonly value: string;
  readonly labels: readonly string[];
  readonly activeLabel: string | undefined;
  readonly busy: boolean;
}

export interface PaletteRecorder extends vscode.Disposable {
  /** The open Query Events palette; undefined when none is open. */
  state(): PaletteState | undefined;
}

export function recordQueryPalette(): PaletteRecorder {
  const open = new Set<vscode.QuickPick<vscode.QuickPickItem>>();
  const window = vscode.window as { createQuickPick: typeof vscode.window.createQuickPick };
  const create = window.createQuickPick;
  window.createQuickPick = <T extends vscode.QuickPickItem>(): vscode.QuickPick<T> => {
    const qp = create.call(vscode.window) as vscode.QuickPick<T>;
    open.add(qp);
    qp.onDidHide(() => open.delete(qp));
    return qp;
  };
  return {
    state: () => {
      const qp = [...open].reverse().find((p) => p.title?.startsWith(PALETTE_TITLE) === true);
      return qp ? { value: qp.value, labels: qp.items.map((i) => i.label), activeLabel: qp.activeItems[0]?.label, busy: qp.busy } : undefined;
    },
    dispose: () => {
      window.createQuickPick = create;
      open.clear();
    },
  };
}

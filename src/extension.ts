// Composition root of the extension (filled in by the UI work).
import type * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // Intentionally empty until the UI layer lands.
}

export function deactivate(): void {}

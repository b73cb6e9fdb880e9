// Test only, never packaged: an extension whose activate() does nothing, so activating it costs
// only what VS Code spends on any extension (see package.json). No activation events: only the
// bench's explicit activate() starts it.
import type * as vscode from 'vscode';

export function activate(_context: vscode.ExtensionContext): void {
  // Nothing on purpose.
}

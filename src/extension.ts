// Entry point: only composes the parts (see src/ui/app/serviceHealthApp.ts); the test API exists in Test mode only.
import type * as vscode from 'vscode';
import { ServiceHealthApp, type ServiceHealthApi } from './ui/app/serviceHealthApp';
import { testApiFor } from './ui/app/testApi';

export type { ServiceHealthApi } from './ui/app/serviceHealthApp';

export function activate(context: vscode.ExtensionContext): ServiceHealthApi | undefined {
  const app = new ServiceHealthApp(context);
  context.subscriptions.push(app);
  return testApiFor(context.extensionMode, () => app.api());
}

export function deactivate(): void {
  // Everything is released through context.subscriptions (the app disposes its parts in reverse).
}

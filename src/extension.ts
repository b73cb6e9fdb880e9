// Entry point: only composes the parts (see src/ui/app/serviceHealthApp.ts) and returns the test API.
import type * as vscode from 'vscode';
import { ServiceHealthApp, type ServiceHealthApi } from './ui/app/serviceHealthApp';

export type { ServiceHealthApi } from './ui/app/serviceHealthApp';

export function activate(context: vscode.ExtensionContext): ServiceHealthApi {
  const app = new ServiceHealthApp(context);
  context.subscriptions.push(app);
  return app.api();
}

export function deactivate(): void {
  // Everything is released through context.subscriptions (the app disposes its parts in reverse).
}

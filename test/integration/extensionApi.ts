// The extension under test and the test API its activate() returns, shared by the suites.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ServiceHealthApi } from '../../src/extension';
import type { TreeSnapshotNode } from '../../src/ui/tree/eventsView';

export const EXTENSION_ID = 'service-health.service-health';

/** Activates the extension (once; later calls return the same API). */
export async function activateExtension(): Promise<ServiceHealthApi> {
  const ext = vscode.extensions.getExtension<ServiceHealthApi>(EXTENSION_ID);
  assert.ok(ext, 'extension not found');
  const api = await ext.activate();
  assert.ok(api, 'activate() returned no test API: the tests must run in Test mode (extensionTestsPath)');
  return api;
}

/** The extension on its embedded sample service, loaded, with no query filter left by another suite. */
export async function activateWithSampleEvents(): Promise<ServiceHealthApi> {
  const health = await activateExtension();
  await health.useSampleService();
  await health.refresh();
  await vscode.commands.executeCommand('serviceHealth.filterByQuery', '');
  assert.ok(health.getEvents().length > 0, 'no events loaded');
  return health;
}

/** Event rows of a tree snapshot (nodes whose contextValue marks an event). */
export function eventRows(nodes: readonly TreeSnapshotNode[]): TreeSnapshotNode[] {
  return nodes.flatMap((n) => (n.contextValue?.startsWith('serviceHealth.event') ? [n] : eventRows(n.children ?? [])));
}

/** Polls `probe` until it returns a value (not undefined or false), or fails naming `what`. */
export async function until<T>(what: string, probe: () => T | undefined | false, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) {
      return value;
    }
    if (Date.now() > deadline) {
      throw new Error(`Timed out waiting for ${what}.`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

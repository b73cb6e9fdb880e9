// The extension under test and the test API its activate() returns, shared by the suites.
import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ServiceHealthApi } from '../../src/extension';

export const EXTENSION_ID = 'service-health.service-health';

/** Activates the extension (once; later calls return the same API). */
export async function activateExtension(): Promise<ServiceHealthApi> {
  const ext = vscode.extensions.getExtension<ServiceHealthApi>(EXTENSION_ID);
  assert.ok(ext, 'extension not found');
  const api = await ext.activate();
  assert.ok(api, 'activate() returned no test API: the tests must run in Test mode (extensionTestsPath)');
  return api;
}

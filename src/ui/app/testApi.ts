/**
 * The API that activate() returns for tests (sample token, fault injection, settings hooks) exists
 * only when VS Code runs the extension in Test mode: `--extensionTestsPath`, which both the offline
 * harness (scripts/test-vscode.mjs) and @vscode/test-electron pass. Development (F5) and Production
 * get nothing, so no other extension can drive or read this one.
 */
import * as vscode from 'vscode';
import { requireBundle } from '../../core/bundles/bundleLoader';
import type * as TestApiBundle from './testApiBundle';

/** Test mode and a build that has the test API: a production build in Test mode (the activation bench) gets none. */
export function testApiFor<T>(mode: vscode.ExtensionMode, make: () => T): T | undefined {
  return mode === vscode.ExtensionMode.Test && loadTestApi().available ? make() : undefined;
}

/** The test API builder, from its own bundle (dist/testApi.js): loaded only when testApiFor makes the API. */
export function loadTestApi(): typeof TestApiBundle {
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- a lazy sibling bundle, absent from production builds
  return requireBundle('testApi', () => require('./testApiBundle') as typeof TestApiBundle);
}

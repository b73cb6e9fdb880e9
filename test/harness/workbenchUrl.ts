// The workbench URL of a running VS Code server: the folder to open and the smoke-test payload that
// loads the extension under development (and, for a test run, the tests). No browser needed, so the
// demo (`npm run demo:ui`) prints it without loading playwright.
import { pathToFileURL } from 'node:url';

export interface WorkbenchUrlOptions {
  readonly server: { readonly origin: string; readonly port: number };
  /** Absolute path of the extension folder (the one with package.json); none when testing an installed .vsix. */
  readonly extensionDevelopmentPath?: string;
  /** Absolute path of the folder with the tests' index.js; leave out for a demo or screenshots. */
  readonly extensionTestsPath?: string;
  /** Folder to open as the workspace. */
  readonly folder: string;
}

/** The vscode-remote URI of a path on the server's machine. */
function remoteUri(server: WorkbenchUrlOptions['server'], absPath: string): string {
  return `vscode-remote://127.0.0.1:${server.port}${pathToFileURL(absPath).pathname}`;
}

export function workbenchUrl(options: WorkbenchUrlOptions): string {
  const payload: [string, string][] = [];
  if (options.extensionDevelopmentPath !== undefined) {
    payload.push(['extensionDevelopmentPath', remoteUri(options.server, options.extensionDevelopmentPath)]);
  }
  if (options.extensionTestsPath !== undefined) {
    payload.push(['extensionTestsPath', remoteUri(options.server, options.extensionTestsPath)]);
  }
  payload.push(['skipWelcome', 'true']);
  return `${options.server.origin}/?folder=${encodeURIComponent(options.folder)}&payload=${encodeURIComponent(JSON.stringify(payload))}`;
}

/**
 * VS Code's proxy and certificate settings (`http.*`), read for the extension's own HTTP client,
 * which does not go through VS Code's patched Node modules and so must apply them itself.
 */
import * as vscode from 'vscode';
import type { ProxySettings } from '../../core/http/network';

export const HTTP_SECTION = 'http';

/**
 * The user's value, never a workspace's: a repository's
 * `.vscode/settings.json` must not route traffic through a proxy of its choosing or receive the
 * user's proxy credentials. VS Code scopes these settings to the application for the same reason.
 */
function userValue<T>(c: vscode.WorkspaceConfiguration, key: string): T | undefined {
  const inspected = c.inspect<T>(key);
  return inspected?.globalValue ?? inspected?.defaultValue;
}

export function readProxySettings(): ProxySettings {
  const c = vscode.workspace.getConfiguration(HTTP_SECTION);
  const proxy = userValue<unknown>(c, 'proxy');
  const noProxy = userValue<unknown>(c, 'noProxy');
  const strict = userValue<unknown>(c, 'proxyStrictSSL');
  const auth = userValue<unknown>(c, 'proxyAuthorization');
  const system = userValue<unknown>(c, 'systemCertificates');
  const support = userValue<unknown>(c, 'proxySupport');
  return {
    proxy: typeof proxy === 'string' ? proxy : undefined,
    noProxy: Array.isArray(noProxy) ? noProxy.filter((h): h is string => typeof h === 'string') : undefined,
    proxyStrictSSL: typeof strict === 'boolean' ? strict : undefined,
    proxyAuthorization: typeof auth === 'string' ? auth : undefined,
    systemCertificates: typeof system === 'boolean' ? system : undefined,
    proxySupport: typeof support === 'string' ? support : undefined,
  };
}

/**
 * Tells the user, once per distinct set of problems, about proxy or certificate settings that
 * could not be used: a log line alone leaves someone behind a corporate proxy with only
 * "could not reach" errors and no idea that their `http.proxy` was ignored.
 */
export class NetworkProblemReporter {
  private lastShown = '';

  constructor(private readonly log: vscode.LogOutputChannel) {}

  report(problems: readonly string[]): void {
    for (const problem of problems) {
      this.log.warn(problem);
    }
    const key = problems.join('\n');
    if (key === this.lastShown) {
      return;
    }
    this.lastShown = key;
    const first = problems[0];
    if (first === undefined) {
      return;
    }
    // The settings page only helps for http.* problems; an environment variable is fixed outside VS Code.
    const inSettings = /\bhttp\.\w+/.exec(first)?.[0];
    const shown = problems.length > 1 ? vscode.l10n.t('{0} ({1} more in the Service Health log)', first, problems.length - 1) : first;
    this.log.info(`Shown to the user: ${shown}`);
    const openSettings = vscode.l10n.t('Open Settings');
    void vscode.window.showWarningMessage(shown, ...(inSettings ? [openSettings] : [])).then((choice) => {
      if (choice === openSettings && inSettings) {
        void vscode.commands.executeCommand('workbench.action.openSettings', inSettings);
      }
    });
  }
}
